import type { Migration } from '../migration.ts';

/**
 * Announcements the league timer makes at most once (docs/leagues.md): the time warning of a round, the time call of
 * a table with an extension, the reminder to a player whose opponent reported. The key names the notice
 * (`warn:r3`, `time:r3:t5`, `remind:r3:t2`); recording it in the same step as deciding to send it keeps a restart
 * from sending it twice.
 */
export const leagueNoticesMigration: Migration = {
  version: 230,
  name: 'league notices sent once',
  up(db) {
    db.exec(`
      CREATE TABLE league_notices (
        league_id TEXT NOT NULL REFERENCES leagues (league_id) ON DELETE CASCADE,
        notice TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (league_id, notice)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
