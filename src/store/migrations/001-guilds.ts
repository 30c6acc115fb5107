import type { Migration } from '../migration.ts';

/** Guild settings and each user's per-guild preferences, as zod-validated JSON (see guild-settings.ts). */
export const guildsMigration: Migration = {
  version: 1,
  name: 'guilds and user preferences',
  up(db) {
    db.exec(`
      CREATE TABLE guilds (
        guild_id TEXT PRIMARY KEY,
        settings TEXT NOT NULL,
        -- Set when the bot leaves; the guild's data is purged some days later unless it comes back.
        left_at INTEGER,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE user_preferences (
        guild_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        preferences TEXT NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (guild_id, user_id)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
