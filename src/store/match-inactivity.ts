import type { Database } from 'better-sqlite3';
import { prepared } from './prepared.ts';

/** An active match and when it last changed (its last decision, or its start). */
export interface IdleMatch {
  matchId: string;
  guildId: string;
  channelId: string;
  threadId: string | null;
  players: { p1: string; p2: string };
  lastChange: number;
}

export interface IdleRow {
  match_id: string;
  guild_id: string;
  channel_id: string;
  thread_id: string | null;
  p1_user_id: string;
  p2_user_id: string;
  updated_at: number;
}

export const toIdleMatch = (r: IdleRow): IdleMatch => ({
  matchId: r.match_id,
  guildId: r.guild_id,
  channelId: r.channel_id,
  threadId: r.thread_id,
  players: { p1: r.p1_user_id, p2: r.p2_user_id },
  lastChange: r.updated_at,
});

/** Warnings that an inactive match will end (migration 221); a decision after the warning voids it. */
export class MatchInactivity {
  constructor(private readonly db: Database) {}

  /** Active matches unchanged since `before`, oldest first. */
  idleSince(before: number): IdleMatch[] {
    const rows = prepared(
      this.db,
      `SELECT match_id, guild_id, channel_id, thread_id, p1_user_id, p2_user_id, updated_at FROM matches
         WHERE status = 'active' AND updated_at < ? ORDER BY updated_at, match_id`,
    ).all(before) as IdleRow[];
    return rows.map(toIdleMatch);
  }

  /** When the match was warned, if it was since its last change; an older warning no longer counts. */
  warnedAt(matchId: string, lastChange: number): number | null {
    const row = prepared(this.db, 'SELECT warned_at, last_decision_at FROM match_inactivity WHERE match_id = ?').get(
      matchId,
    ) as { warned_at: number; last_decision_at: number } | undefined;
    return row && row.last_decision_at === lastChange ? row.warned_at : null;
  }

  warned(matchId: string, at: number, lastChange: number): void {
    prepared(
      this.db,
      `INSERT INTO match_inactivity (match_id, warned_at, last_decision_at) VALUES (?, ?, ?)
         ON CONFLICT (match_id) DO UPDATE SET warned_at = excluded.warned_at, last_decision_at = excluded.last_decision_at`,
    ).run(matchId, at, lastChange);
  }
}
