// Which seats the AI plays (migration 210). A seat is the AI's for the whole match; nothing else about the match
// changes: its decisions are logged like anyone's.
import type { Database } from 'better-sqlite3';
import { type AiLevel, isAiLevel } from '../ai/levels.ts';
import type { Seat } from '../engine/core/game.ts';
import { prepared } from './prepared.ts';

/** The player id an AI seat has in `MatchInfo.players`: not a Discord id (those are digits), never a user. */
export function aiPlayerId(level: AiLevel): string {
  return `ai:${level}`;
}

export function isAiPlayerId(id: string): boolean {
  return id.startsWith('ai:');
}

/** How an AI seat is named on boards and in log lines (a name, like a person's display name). */
export function aiDisplayName(id: string): string {
  return `AI (${id.slice('ai:'.length)})`;
}

export class AiSeats {
  constructor(private readonly db: Database) {}

  put(matchId: string, seat: Seat, level: AiLevel): void {
    prepared(this.db, 'INSERT INTO match_ai_seats (match_id, seat, level) VALUES (?, ?, ?)').run(matchId, seat, level);
  }

  /** The level of the AI playing `seat`, or null when a person plays it. */
  levelOf(matchId: string, seat: Seat): AiLevel | null {
    const row = prepared(this.db, 'SELECT level FROM match_ai_seats WHERE match_id = ? AND seat = ?').get(
      matchId,
      seat,
    ) as { level: string } | undefined;
    if (!row) return null;
    if (!isAiLevel(row.level)) throw new Error(`match ${matchId}: unknown AI level "${row.level}"`);
    return row.level;
  }

  /** Active matches with an AI seat (at boot: the AI answers whatever it was asked before the restart). */
  activeMatchIds(): string[] {
    const rows = prepared(
      this.db,
      `SELECT DISTINCT a.match_id AS id FROM match_ai_seats a JOIN matches m ON m.match_id = a.match_id
         WHERE m.status = 'active' ORDER BY id`,
    ).all() as { id: string }[];
    return rows.map((r) => r.id);
  }
}
