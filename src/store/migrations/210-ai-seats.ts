import type { Migration } from '../migration.ts';

/**
 * Seats played by the AI (issue 21, `/duel ai`): which seat of which match, at which level. The match's own record
 * (setup, seed, decisions) is unchanged: the AI's answers are ordinary logged decisions, so replay, restart and
 * export work as for any match; this row only says who answers for that seat. Version 210: unused by every area.
 */
export const aiSeatsMigration: Migration = {
  version: 210,
  name: 'AI seats per match (seat, level)',
  up(db) {
    db.exec(`
      CREATE TABLE match_ai_seats (
        match_id TEXT NOT NULL REFERENCES matches (match_id) ON DELETE CASCADE,
        seat TEXT NOT NULL CHECK (seat IN ('p1', 'p2')),
        level TEXT NOT NULL CHECK (level IN ('easy', 'normal', 'hard')),
        PRIMARY KEY (match_id, seat)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
