import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { parseInput, parseJsonColumn } from './json-column.ts';
import { prepared } from './prepared.ts';

const Seat = z.enum(['p1', 'p2']);
const Ms = z.number().int().min(0);

/** One seat's pass mode in one match (chosen with the priority controls; see src/bot/auto-pass.ts). */
export const SeatModeSchema = z.object({
  /** "Pass until my next decision" / "Pass to end of turn" (with the turn it was chosen in), or none. */
  passUntil: z.enum(['none', 'decision', 'end-of-turn']).default('none'),
  turn: z.number().int().min(0).default(0),
  /** Hold priority: after an action, keep priority instead of passing it automatically. */
  hold: z.boolean().default(false),
  /** The seat just took an action with priority; its next priority may be passed for it (unless it holds). */
  acted: z.boolean().default(false),
});
export type SeatMode = z.infer<typeof SeatModeSchema>;

/** A match's clock: the decision being timed and each seat's bank, run of timeouts and pass mode. */
export const MatchClockSchema = z.object({
  /** The pending decision being timed, or null when nothing is (a finished match, timers off). */
  timing: z
    .object({ decisionId: z.string().min(1).max(40), seat: Seat, startedAt: Ms, deadline: Ms })
    .nullable()
    .default(null),
  /** The last decision put to its player: once asked, a decision is never answered automatically. */
  asked: z.string().max(40).nullable().default(null),
  bankMs: z.object({ p1: Ms, p2: Ms }),
  /** Timeouts in a row per seat; a decision the player makes themselves sets it back to 0. */
  timeouts: z.object({ p1: z.number().int().min(0), p2: z.number().int().min(0) }).default({ p1: 0, p2: 0 }),
  modes: z
    .object({
      p1: SeatModeSchema.default(SeatModeSchema.parse({})),
      p2: SeatModeSchema.default(SeatModeSchema.parse({})),
    })
    .default({ p1: SeatModeSchema.parse({}), p2: SeatModeSchema.parse({}) }),
});
export type MatchClock = z.infer<typeof MatchClockSchema>;

export class MatchClockStore {
  /**
   * Per match, the text `put` last wrote: the JSON of a value the schema produced. A clock is read several times
   * per decision (the turn clock, the board's clock line, the owner's controls); when the row still holds exactly
   * that text, parsing it gives back that value, which the schema would return unchanged, so it is not validated
   * again. Any other text (written elsewhere, changed on disk) is validated as always.
   */
  private readonly written = new Map<string, string>();

  constructor(private readonly db: Database) {}

  get(matchId: string): MatchClock | null {
    const row = prepared(this.db, 'SELECT clock FROM match_clocks WHERE match_id = ?').get(matchId) as
      | { clock: string }
      | undefined;
    if (!row) {
      this.written.delete(matchId);
      return null;
    }
    if (row.clock === this.written.get(matchId)) return JSON.parse(row.clock) as MatchClock;
    return parseJsonColumn(MatchClockSchema, row.clock, `clock of match ${matchId}`);
  }

  put(matchId: string, clock: MatchClock, now: number): void {
    const checked = parseInput(MatchClockSchema, clock, 'match clock');
    const text = JSON.stringify(checked);
    this.written.delete(matchId);
    prepared(
      this.db,
      `INSERT INTO match_clocks (match_id, clock, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (match_id) DO UPDATE SET clock = excluded.clock, updated_at = excluded.updated_at`,
    ).run(matchId, text, now);
    this.written.set(matchId, text);
  }

  delete(matchId: string): void {
    this.written.delete(matchId);
    prepared(this.db, 'DELETE FROM match_clocks WHERE match_id = ?').run(matchId);
  }

  /** Ids of active matches that have a clock (re-armed at boot). */
  activeMatchIds(): string[] {
    const rows = prepared(
      this.db,
      `SELECT c.match_id FROM match_clocks c JOIN matches m ON m.match_id = c.match_id
         WHERE m.status = 'active' ORDER BY c.match_id`,
    ).all() as { match_id: string }[];
    return rows.map((r) => r.match_id);
  }
}
