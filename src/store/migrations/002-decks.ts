import type { Migration } from '../migration.ts';

/** Users' own decks, per guild and game, with the result of validating them against the game's rules. */
export const decksMigration: Migration = {
  version: 2,
  name: 'decks',
  up(db) {
    db.exec(`
      CREATE TABLE decks (
        guild_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        game TEXT NOT NULL,
        name TEXT NOT NULL,
        list TEXT NOT NULL,
        -- JSON array of DeckProblem; empty means legal under the rules at validation time.
        problems TEXT NOT NULL,
        legal INTEGER NOT NULL CHECK (legal IN (0, 1)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (guild_id, user_id, game, name)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
