import type { Migration } from '../migration.ts';

/**
 * When an inactive match was warned that it will end (src/bot/inactivity.ts), so the warning is posted once and the
 * match ends only after it stood for its notice period, across restarts. Version 221: the 220–229 block (hardening).
 */
export const inactivityWarningsMigration: Migration = {
  version: 221,
  name: 'inactivity warnings of matches',
  up(db) {
    db.exec(`
      CREATE TABLE match_inactivity (
        match_id TEXT PRIMARY KEY REFERENCES matches (match_id) ON DELETE CASCADE,
        warned_at INTEGER NOT NULL,
        last_decision_at INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
