import type { Migration } from '../migration.ts';

/**
 * Paused matches: the thread or channel of a match was deleted (or the bot lost a permission there), so nothing can
 * be played until `/match resume` gives it a new thread. A side table rather than a status, so the match stays
 * `active` for the log and restore, and the CHECK on `matches.status` needs no table rebuild. Resuming moves a match
 * to a new thread, so matches are also found by `thread_id`.
 */
export const matchPausesMigration: Migration = {
  version: 50,
  name: 'match pauses, matches by thread',
  up(db) {
    db.exec(`
      CREATE TABLE match_pauses (
        match_id TEXT PRIMARY KEY REFERENCES matches (match_id) ON DELETE CASCADE,
        reason TEXT NOT NULL,
        paused_at INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX matches_by_thread ON matches (thread_id);
    `);
  },
};
