import type { Migration } from '../migration.ts';

/**
 * The pairing threads the bot opened for a league round (docs/leagues.md): kept so the threads of a finished round
 * (or of a pairing replaced by a re-pair) can be archived. `archived_at` is set once archived, or once the thread is
 * found deleted; a thread the bot may not archive (no Manage Threads) stays NULL and is tried again next time.
 */
export const leagueThreadsMigration: Migration = {
  version: 202,
  name: 'league pairing threads',
  up(db) {
    db.exec(`
      CREATE TABLE league_threads (
        league_id TEXT NOT NULL REFERENCES leagues (league_id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        table_number INTEGER NOT NULL,
        thread_id TEXT NOT NULL,
        archived_at INTEGER,
        PRIMARY KEY (league_id, thread_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX league_threads_by_round ON league_threads (league_id, round);
    `);
  },
};
