import type { Migration } from '../migration.ts';

/**
 * What the bot posted for a match (src/bot/board.ts): the current board message (channel, message, turn), so a
 * restarted bot edits it instead of posting another, and when the result was announced (result message and the
 * `onMatchEnd` hook), so a finished match whose announcement was lost to a crash is announced at the next boot.
 * Matches already finished when this runs were announced by the code that finished them. Players' matches are
 * found by user (`/match status` outside a thread).
 */
export const matchPostsMigration: Migration = {
  version: 51,
  name: 'match posts (board message, result announced), matches by player',
  up(db) {
    db.exec(`
      CREATE TABLE match_posts (
        match_id TEXT PRIMARY KEY REFERENCES matches (match_id) ON DELETE CASCADE,
        board_channel_id TEXT,
        board_message_id TEXT,
        board_turn INTEGER,
        result_announced_at INTEGER
      ) STRICT, WITHOUT ROWID;
      INSERT INTO match_posts (match_id, result_announced_at)
        SELECT match_id, COALESCE(ended_at, updated_at) FROM matches WHERE status = 'finished';
      CREATE INDEX matches_by_p1 ON matches (p1_user_id, guild_id, status);
      CREATE INDEX matches_by_p2 ON matches (p2_user_id, guild_id, status);
    `);
  },
};
