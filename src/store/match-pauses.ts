import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { parseInput } from './json-column.ts';
import { prepared } from './prepared.ts';

/**
 * Paused matches. A match whose thread or channel was deleted keeps its log and state (it stays `active`), but takes
 * no decisions until it is resumed in a new thread; resuming records the new channel and thread on the match. Every
 * commit asks; the answer is read from the row (a primary-key look-up), not remembered, so that a pause or resume by
 * another process sharing the file counts at once.
 */

export const PAUSE_REASONS = ['thread-deleted', 'channel-deleted'] as const;
export type PauseReason = (typeof PAUSE_REASONS)[number];

export interface MatchPause {
  matchId: string;
  reason: PauseReason;
  pausedAt: number;
}

export const WhereSchema = z.object({ channelId: z.string().min(1).max(64), threadId: z.string().min(1).max(64) });

export interface PauseRow {
  match_id: string;
  reason: string;
  paused_at: number;
}

export const toPause = (row: PauseRow): MatchPause => ({
  matchId: row.match_id,
  reason: (PAUSE_REASONS as readonly string[]).includes(row.reason) ? (row.reason as PauseReason) : 'thread-deleted',
  pausedAt: row.paused_at,
});

export class MatchPauses {
  constructor(private readonly db: Database) {}

  isPaused(matchId: string): boolean {
    return prepared(this.db, 'SELECT 1 FROM match_pauses WHERE match_id = ?').get(matchId) !== undefined;
  }

  get(matchId: string): MatchPause | null {
    const row = prepared(this.db, 'SELECT * FROM match_pauses WHERE match_id = ?').get(matchId) as PauseRow | undefined;
    return row ? toPause(row) : null;
  }

  /** Pauses an active match; false when it is not active or already paused (the first reason stays). */
  pause(matchId: string, reason: PauseReason, now: number): boolean {
    return (
      prepared(
        this.db,
        `INSERT INTO match_pauses (match_id, reason, paused_at)
         SELECT match_id, ?, ? FROM matches WHERE match_id = ? AND status = 'active'
         ON CONFLICT (match_id) DO NOTHING`,
      ).run(reason, now, matchId).changes === 1
    );
  }

  /** Ends the pause and moves the match to its new channel and thread, in one transaction. */
  resume(matchId: string, where: { channelId: string; threadId: string }, now: number): boolean {
    const w = parseInput(WhereSchema, where, 'where the match resumes');
    return this.db.transaction(() => {
      if (prepared(this.db, 'DELETE FROM match_pauses WHERE match_id = ?').run(matchId).changes !== 1) return false;
      prepared(this.db, 'UPDATE matches SET channel_id = ?, thread_id = ?, updated_at = ? WHERE match_id = ?').run(
        w.channelId,
        w.threadId,
        now,
        matchId,
      );
      return true;
    })();
  }

  /** A guild's paused matches that are still active, oldest pause first. */
  inGuild(guildId: string): MatchPause[] {
    const rows = prepared(
      this.db,
      `SELECT p.* FROM match_pauses p JOIN matches m USING (match_id)
         WHERE m.guild_id = ? AND m.status = 'active' ORDER BY p.paused_at, p.match_id`,
    ).all(guildId) as PauseRow[];
    return rows.map(toPause);
  }
}
