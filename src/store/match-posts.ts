import type { Database, Statement } from 'better-sqlite3';
import { z } from 'zod';
import { parseInput } from './json-column.ts';

/**
 * What the bot posted for a match (migration 51): the board message of the current turn, and whether the result was
 * announced. Not part of the match's truth (the decision log is); it lets a restarted bot edit the board it posted
 * last and announce, exactly once, a result that a crash kept it from announcing.
 */

export interface BoardPost {
  channelId: string;
  messageId: string;
  turn: number;
}

export const BoardPostSchema = z.object({
  channelId: z.string().min(1).max(64),
  messageId: z.string().min(1).max(64),
  turn: z.number().int().min(0),
});

export interface BoardRow {
  board_channel_id: string | null;
  board_message_id: string | null;
  board_turn: number | null;
}

export function toBoardPost(row: BoardRow | undefined): BoardPost | null {
  if (!row || row.board_channel_id === null || row.board_message_id === null || row.board_turn === null) return null;
  return { channelId: row.board_channel_id, messageId: row.board_message_id, turn: row.board_turn };
}

export class MatchPosts {
  private readonly boardStmt: Statement<[string], BoardRow>;
  private readonly setBoardStmt: Statement<[string, string, string, number]>;
  private readonly announcedStmt: Statement<[string], { result_announced_at: number | null }>;

  constructor(private readonly db: Database) {
    this.boardStmt = db.prepare(
      'SELECT board_channel_id, board_message_id, board_turn FROM match_posts WHERE match_id = ?',
    );
    this.setBoardStmt = db.prepare(
      `INSERT INTO match_posts (match_id, board_channel_id, board_message_id, board_turn) VALUES (?, ?, ?, ?)
       ON CONFLICT (match_id) DO UPDATE SET board_channel_id = excluded.board_channel_id,
         board_message_id = excluded.board_message_id, board_turn = excluded.board_turn`,
    );
    this.announcedStmt = db.prepare('SELECT result_announced_at FROM match_posts WHERE match_id = ?');
  }

  /** The match's latest board message, or null when none was recorded. */
  board(matchId: string): BoardPost | null {
    return toBoardPost(this.boardStmt.get(matchId));
  }

  setBoard(matchId: string, board: BoardPost): void {
    const b = parseInput(BoardPostSchema, board, 'board message');
    this.setBoardStmt.run(matchId, b.channelId, b.messageId, b.turn);
  }

  /** The next board update posts a new message (the match moved to a new thread). */
  clearBoard(matchId: string): void {
    this.db
      .prepare(
        'UPDATE match_posts SET board_channel_id = NULL, board_message_id = NULL, board_turn = NULL WHERE match_id = ?',
      )
      .run(matchId);
  }

  isAnnounced(matchId: string): boolean {
    return (this.announcedStmt.get(matchId)?.result_announced_at ?? null) !== null;
  }

  /** Records that the result was posted and `onMatchEnd` ran; false if it already was. */
  markAnnounced(matchId: string, now: number): boolean {
    return (
      this.db
        .prepare(
          `INSERT INTO match_posts (match_id, result_announced_at) VALUES (?, ?)
           ON CONFLICT (match_id) DO UPDATE SET result_announced_at = excluded.result_announced_at
           WHERE result_announced_at IS NULL`,
        )
        .run(matchId, now).changes === 1
    );
  }

  /** Finished matches whose result was never announced (a crash came between the last commit and the post). */
  unannounced(): string[] {
    const rows = this.db
      .prepare(
        `SELECT m.match_id FROM matches m LEFT JOIN match_posts p ON p.match_id = m.match_id
         WHERE m.status = 'finished' AND p.result_announced_at IS NULL ORDER BY m.ended_at, m.match_id`,
      )
      .all() as { match_id: string }[];
    return rows.map((r) => r.match_id);
  }
}
