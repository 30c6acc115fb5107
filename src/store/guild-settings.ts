import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { DEFAULT_GAME_ID, GameIdSchema } from '../engine/core/game.ts';
import { parseInput, parseJsonColumn } from './json-column.ts';
import { prepared } from './prepared.ts';

const Snowflake = z.string().regex(/^\d{5,25}$/, 'a Discord id');

/** A guild's settings. Stored as one JSON column so adding a setting needs no migration, only a default here. */
export const GuildSettingsSchema = z.object({
  locale: z.enum(['en', 'ja']).default('en'),
  defaultGame: GameIdSchema.default(DEFAULT_GAME_ID),
  /**
   * Seconds a player has per decision before their bank time starts running; when both are used up the engine's
   * rules-legal default is taken (src/bot/turn-clock.ts). 0 means no timer.
   */
  turnTimerSeconds: z.number().int().min(0).max(86_400).default(120),
  /** Seconds of bank time each player has per match, spent only beyond the per-decision time. */
  bankSeconds: z.number().int().min(0).max(86_400).default(600),
  /** Timeouts in a row after which the player concedes. */
  timeoutsToConcede: z.number().int().min(1).max(20).default(3),
  /**
   * Days without a decision after which an active match is ended (aborted, no result), so abandoned matches do not
   * pile up; a warning is posted in its thread a day before (src/bot/inactivity.ts).
   */
  inactiveDays: z.number().int().min(2).max(90).default(7),
  /** Auto-pass default for players who did not choose, and default stops per game (steps where the bot asks). */
  autoPass: z
    .object({
      enabled: z.boolean().default(true),
      stops: z.record(z.string(), z.array(z.string().max(40)).max(50)).default({}),
    })
    .default({ enabled: true, stops: {} }),
  channels: z
    .object({
      /** Where challenges open match threads. */
      matches: Snowflake.optional(),
      /** Where results and admin notices are posted. */
      log: Snowflake.optional(),
    })
    .default({}),
});
export type GuildSettings = z.infer<typeof GuildSettingsSchema>;
/** A partial update: only the given top-level keys change. */
export type GuildSettingsPatch = Partial<z.input<typeof GuildSettingsSchema>>;

export class GuildSettingsStore {
  constructor(private readonly db: Database) {}

  /** The guild's settings, or the defaults when it never changed any. */
  get(guildId: string): GuildSettings {
    const row = prepared(this.db, 'SELECT settings FROM guilds WHERE guild_id = ?').get(guildId) as
      | { settings: string }
      | undefined;
    if (!row) return GuildSettingsSchema.parse({});
    return parseJsonColumn(GuildSettingsSchema, row.settings, `settings of guild ${guildId}`);
  }

  update(guildId: string, patch: GuildSettingsPatch, now = Date.now()): GuildSettings {
    const next = parseInput(GuildSettingsSchema, { ...this.get(guildId), ...patch }, 'guild settings');
    prepared(
      this.db,
      `INSERT INTO guilds (guild_id, settings, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`,
    ).run(guildId, JSON.stringify(next), now);
    return next;
  }

  /** The bot left the guild: its data will be purged after the retention period unless it comes back. */
  markLeft(guildId: string, now = Date.now()): void {
    prepared(
      this.db,
      `INSERT INTO guilds (guild_id, settings, left_at, updated_at) VALUES (?, '{}', ?, ?)
         ON CONFLICT (guild_id) DO UPDATE SET left_at = excluded.left_at, updated_at = excluded.updated_at`,
    ).run(guildId, now, now);
  }

  markJoined(guildId: string, now = Date.now()): void {
    prepared(this.db, 'UPDATE guilds SET left_at = NULL, updated_at = ? WHERE guild_id = ?').run(now, guildId);
  }

  /** Guilds the bot left at or before `cutoff` (ms since epoch). */
  leftBefore(cutoff: number): string[] {
    const rows = prepared(
      this.db,
      'SELECT guild_id FROM guilds WHERE left_at IS NOT NULL AND left_at <= ? ORDER BY guild_id',
    ).all(cutoff) as { guild_id: string }[];
    return rows.map((r) => r.guild_id);
  }
}
