import type pg from 'pg';
import type { DeckProblem, GameId } from '../../engine/core/game.ts';
import type { DecksContract, GuildSettingsContract, PreferencesContract } from '../contract.ts';
import { checkDeck, type DeckRow, deckRowValues, deckToSave, type SavedDeck, toDeck } from '../decks.ts';
import type { GameResolver } from '../game-resolver.ts';
import { type GuildSettings, type GuildSettingsPatch, GuildSettingsSchema } from '../guild-settings.ts';
import { parseInput, parseJsonColumn } from '../json-column.ts';
import { type UserPreferences, type UserPreferencesPatch, UserPreferencesSchema } from '../user-preferences.ts';

/** Users' saved decks on PostgreSQL, validated as decks.ts validates them (the same schemas and rows). */
export class PgDeckStore implements DecksContract {
  constructor(
    private readonly pool: pg.Pool,
    private readonly resolveGame: GameResolver,
  ) {}

  check(game: string, list: unknown): DeckProblem[] {
    return checkDeck(this.resolveGame, game, list);
  }

  async save(guildId: string, userId: string, game: string, name: string, list: unknown, now = Date.now()) {
    const deck = deckToSave(this.resolveGame, { guildId, userId, game }, name, list, now);
    await this.pool.query(
      `INSERT INTO decks (guild_id, user_id, game, name, list, problems, legal, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
       ON CONFLICT (guild_id, user_id, game, name) DO UPDATE SET
         list = EXCLUDED.list, problems = EXCLUDED.problems, legal = EXCLUDED.legal, updated_at = EXCLUDED.updated_at`,
      [...deckRowValues(deck), now],
    );
    return deck;
  }

  async get(guildId: string, userId: string, game: GameId, name: string): Promise<SavedDeck | null> {
    const { rows } = await this.pool.query<DeckRow>(
      'SELECT * FROM decks WHERE guild_id = $1 AND user_id = $2 AND game = $3 AND name = $4',
      [guildId, userId, game, name],
    );
    return rows[0] ? toDeck(rows[0]) : null;
  }

  async list(guildId: string, userId: string, game?: GameId): Promise<SavedDeck[]> {
    // COLLATE "C" orders names by code point, as SQLite's default BINARY collation does.
    const { rows } = game
      ? await this.pool.query<DeckRow>(
          'SELECT * FROM decks WHERE guild_id = $1 AND user_id = $2 AND game = $3 ORDER BY name COLLATE "C"',
          [guildId, userId, game],
        )
      : await this.pool.query<DeckRow>(
          'SELECT * FROM decks WHERE guild_id = $1 AND user_id = $2 ORDER BY game COLLATE "C", name COLLATE "C"',
          [guildId, userId],
        );
    return rows.map(toDeck);
  }

  async delete(guildId: string, userId: string, game: GameId, name: string): Promise<boolean> {
    const done = await this.pool.query(
      'DELETE FROM decks WHERE guild_id = $1 AND user_id = $2 AND game = $3 AND name = $4',
      [guildId, userId, game, name],
    );
    return (done.rowCount ?? 0) > 0;
  }
}

/** Guild settings on PostgreSQL (guild-settings.ts: one zod-validated JSON column per guild). */
export class PgGuildSettingsStore implements GuildSettingsContract {
  constructor(private readonly pool: pg.Pool) {}

  async get(guildId: string): Promise<GuildSettings> {
    const { rows } = await this.pool.query<{ settings: string }>('SELECT settings FROM guilds WHERE guild_id = $1', [
      guildId,
    ]);
    if (!rows[0]) return GuildSettingsSchema.parse({});
    return parseJsonColumn(GuildSettingsSchema, rows[0].settings, `settings of guild ${guildId}`);
  }

  async update(guildId: string, patch: GuildSettingsPatch, now = Date.now()): Promise<GuildSettings> {
    const next = parseInput(GuildSettingsSchema, { ...(await this.get(guildId)), ...patch }, 'guild settings');
    await this.pool.query(
      `INSERT INTO guilds (guild_id, settings, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (guild_id) DO UPDATE SET settings = EXCLUDED.settings, updated_at = EXCLUDED.updated_at`,
      [guildId, JSON.stringify(next), now],
    );
    return next;
  }

  async markLeft(guildId: string, now = Date.now()): Promise<void> {
    await this.pool.query(
      `INSERT INTO guilds (guild_id, settings, left_at, updated_at) VALUES ($1, '{}', $2, $2)
       ON CONFLICT (guild_id) DO UPDATE SET left_at = EXCLUDED.left_at, updated_at = EXCLUDED.updated_at`,
      [guildId, now],
    );
  }

  async markJoined(guildId: string, now = Date.now()): Promise<void> {
    await this.pool.query('UPDATE guilds SET left_at = NULL, updated_at = $1 WHERE guild_id = $2', [now, guildId]);
  }

  async leftBefore(cutoff: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ guild_id: string }>(
      'SELECT guild_id FROM guilds WHERE left_at IS NOT NULL AND left_at <= $1 ORDER BY guild_id COLLATE "C"',
      [cutoff],
    );
    return rows.map((r) => r.guild_id);
  }
}

/** Users' per-guild preferences on PostgreSQL (user-preferences.ts). */
export class PgPreferencesStore implements PreferencesContract {
  constructor(private readonly pool: pg.Pool) {}

  async get(guildId: string, userId: string): Promise<UserPreferences> {
    const { rows } = await this.pool.query<{ preferences: string }>(
      'SELECT preferences FROM user_preferences WHERE guild_id = $1 AND user_id = $2',
      [guildId, userId],
    );
    if (!rows[0]) return UserPreferencesSchema.parse({});
    return parseJsonColumn(UserPreferencesSchema, rows[0].preferences, `preferences of ${userId} in ${guildId}`);
  }

  async update(guildId: string, userId: string, patch: UserPreferencesPatch, now = Date.now()) {
    const next = parseInput(
      UserPreferencesSchema,
      { ...(await this.get(guildId, userId)), ...patch },
      'user preferences',
    );
    await this.pool.query(
      `INSERT INTO user_preferences (guild_id, user_id, preferences, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (guild_id, user_id) DO UPDATE SET preferences = EXCLUDED.preferences, updated_at = EXCLUDED.updated_at`,
      [guildId, userId, JSON.stringify(next), now],
    );
    return next;
  }
}
