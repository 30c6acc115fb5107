import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { parseInput, parseJsonColumn } from './json-column.ts';
import { prepared } from './prepared.ts';

/** One user's preferences in one guild. */
export const UserPreferencesSchema = z.object({
  /** Send a DM when it is this user's turn and they are not looking at the match thread. */
  dmNotifications: z.boolean().default(false),
  /** Set when the bot turned DM notifications off because Discord refused a DM (50007: DMs closed); shown in /settings. */
  dmNotificationsOff: z
    .object({ reason: z.literal('dms-closed'), at: z.number().int() })
    .nullable()
    .default(null),
  /** The user's own stops per game (steps where they want to be asked); absent means the guild's defaults. */
  stops: z.record(z.string(), z.array(z.string().max(40)).max(50)).default({}),
  /** Pass automatically when pass is the only option (and after acting); absent means the guild's default. */
  autoPass: z.boolean().optional(),
  /** The bot's language for this user; absent means their Discord client's. */
  locale: z.enum(['en', 'ja']).optional(),
});
export type UserPreferences = z.infer<typeof UserPreferencesSchema>;
export type UserPreferencesPatch = Partial<z.input<typeof UserPreferencesSchema>>;

export class UserPreferencesStore {
  constructor(private readonly db: Database) {}

  get(guildId: string, userId: string): UserPreferences {
    const row = prepared(this.db, 'SELECT preferences FROM user_preferences WHERE guild_id = ? AND user_id = ?').get(
      guildId,
      userId,
    ) as { preferences: string } | undefined;
    if (!row) return UserPreferencesSchema.parse({});
    return parseJsonColumn(UserPreferencesSchema, row.preferences, `preferences of ${userId} in ${guildId}`);
  }

  update(guildId: string, userId: string, patch: UserPreferencesPatch, now = Date.now()): UserPreferences {
    const next = parseInput(UserPreferencesSchema, { ...this.get(guildId, userId), ...patch }, 'user preferences');
    prepared(
      this.db,
      `INSERT INTO user_preferences (guild_id, user_id, preferences, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (guild_id, user_id) DO UPDATE SET preferences = excluded.preferences, updated_at = excluded.updated_at`,
    ).run(guildId, userId, JSON.stringify(next), now);
    return next;
  }
}
