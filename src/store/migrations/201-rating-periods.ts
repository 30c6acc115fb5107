import type { Migration } from '../migration.ts';

/**
 * The rating journal (docs/leagues.md, "Re-rating"): every change to a guild's ratings for a game, in order, with
 * the table as it was before it. A correction of a rated league round rewrites that round's period in place and
 * replays the journal from it, so the ratings equal those of a history that had the corrected result all along.
 *
 * Ratings rated before this journal existed become one `baseline` entry per guild and game (the table as it is), and
 * each league remembers how many of its rounds were rated before (`rated_before_journal`): those stay as rated.
 */
export const ratingPeriodsMigration: Migration = {
  version: 201,
  name: 'rating journal',
  up(db) {
    db.exec(`
      CREATE TABLE rating_periods (
        guild_id TEXT NOT NULL,
        game TEXT NOT NULL,
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('baseline', 'period', 'season-reset', 'season-end')),
        -- What the entry rates: 'league:<id>:round:<n>', 'ladder:<id>:week:<n>', 'season:<n>'; NULL for a baseline.
        source TEXT,
        -- period: the games (JSON), NULL while withdrawn (the round lost a result); baseline: the table (JSON).
        data TEXT,
        -- The table (JSON) before this entry: where a replay from this entry starts.
        table_before TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (guild_id, game, seq)
      ) STRICT, WITHOUT ROWID;
      CREATE UNIQUE INDEX rating_periods_by_source ON rating_periods (guild_id, game, source) WHERE source IS NOT NULL;
      ALTER TABLE leagues ADD COLUMN rated_before_journal INTEGER NOT NULL DEFAULT 0;
      UPDATE leagues SET rated_before_journal = rated_rounds;
    `);
    const pairs = db.prepare('SELECT DISTINCT guild_id, game FROM ratings').all() as {
      guild_id: string;
      game: string;
    }[];
    const rows = db.prepare(
      'SELECT user_id, rating, deviation, volatility, games FROM ratings WHERE guild_id = ? AND game = ? ORDER BY user_id',
    );
    const insert = db.prepare(
      "INSERT INTO rating_periods (guild_id, game, seq, kind, source, data, table_before, at) VALUES (?, ?, 0, 'baseline', NULL, ?, '{}', 0)",
    );
    for (const { guild_id, game } of pairs) {
      const table: Record<string, unknown> = {};
      for (const r of rows.all(guild_id, game) as { user_id: string; [k: string]: unknown }[]) {
        const { user_id, ...rating } = r;
        table[user_id] = rating;
      }
      insert.run(guild_id, game, JSON.stringify(table));
    }
  },
};
