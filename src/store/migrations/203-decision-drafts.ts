import type { Migration } from '../migration.ts';

/**
 * A player's answer in progress, per (match, decision version, seat): the picks of a pick-one-at-a-time decision,
 * a distribution, a declaration (src/bot/play.ts). Kept on the server so custom_ids carry only the match, the
 * version and the action, whatever the number of picks. The bot's, not a match's truth: a lost draft is re-made.
 */
export const decisionDraftsMigration: Migration = {
  version: 203,
  name: 'decision drafts (answers in progress) per match, version and seat',
  up(db) {
    db.exec(`
      CREATE TABLE decision_drafts (
        match_id TEXT NOT NULL REFERENCES matches (match_id) ON DELETE CASCADE,
        version INTEGER NOT NULL,
        seat TEXT NOT NULL CHECK (seat IN ('p1', 'p2')),
        draft TEXT NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (match_id, version, seat)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
