import type { Migration } from '../migration.ts';

/**
 * Each active match's clock and priority modes (src/bot/turn-clock.ts): the pending decision being timed, its
 * deadline, each seat's bank time and run of timeouts, and each seat's pass mode. One zod-validated JSON column, so
 * the bot can re-arm every timer after a restart. Not part of the match's truth (the decision log is).
 */
export const matchClocksMigration: Migration = {
  version: 4,
  name: 'match clocks',
  up(db) {
    db.exec(`
      CREATE TABLE match_clocks (
        match_id TEXT PRIMARY KEY REFERENCES matches (match_id) ON DELETE CASCADE,
        clock TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
