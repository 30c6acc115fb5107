import type { GameModule, MatchSetup, Seat } from '../engine/core/game.ts';
import type { LoggedDecision } from '../engine/core/replay.ts';
import { parseJsonColumn } from './json-column.ts';
import { type MatchHistory, type MatchRow, matchIdentity, StoredDecisionSchema } from './match-records.ts';
import { firstDivergence, parsedText, snapshotProblem } from './match-restore.ts';

/** A match as portable JSON: enough to replay it anywhere (setup + seed + decisions, with the logged hashes). */
export interface MatchExport {
  matchId: string;
  guildId: string;
  channelId: string;
  threadId: string | null;
  game: string;
  format: string;
  players: { p1: string; p2: string };
  status: string;
  statusReason: string | null;
  /** The game's rules version the match is recorded under. */
  rulesVersion: number;
  seed: string | null;
  setup: MatchSetup | null;
  initialHash: string | null;
  result: unknown;
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
  decisions: { seq: number; decision: LoggedDecision | { unreadable: string }; stateHash: string; at: number }[];
}

/** An export as one reader may have it (`exportSeenBy`): another seat's decisions may be left out. */
export interface ReaderExport extends Omit<MatchExport, 'decisions'> {
  decisions: { seq: number; decision: ExportedDecision; stateHash: string; at: number }[];
  /** Set when parts were left out for the reader: what was left out and why. */
  redacted?: string;
}

/** A logged decision in an export: as logged, unreadable (shown as text), or another seat's, left out. */
export type ExportedDecision = LoggedDecision | { unreadable: string } | { seat: Seat; hidden: true };

const isOver = (status: string) => status === 'finished' || status === 'aborted';

/**
 * The export as `userId` may have it. The seed, the setup and the decisions together give every hidden card, so:
 * - a seat of the match never gets the seed, the opponent's list (side deck included) or the opponent's choices,
 *   running or over, whatever their role (so a best of three's later games stay private);
 * - while the match runs, nobody else gets its replay either, unless `whileRunning` (a server manager who does not
 *   play it, examining it with /match export);
 * - once it is over, anyone else who may export it gets it whole.
 */
export function exportSeenBy(full: MatchExport, userId: string, whileRunning: boolean): ReaderExport {
  const own: Seat[] = (['p1', 'p2'] as const).filter((seat) => full.players[seat] === userId);
  const opponents: Seat[] = (['p1', 'p2'] as const).filter((seat) => !own.includes(seat));
  if (!isOver(full.status) && (own.length > 0 || !whileRunning)) {
    return {
      ...full,
      seed: null,
      setup: null,
      initialHash: null,
      decisions: [],
      redacted: 'the match is not over: its replay would show hidden cards',
    };
  }
  if (own.length === 0 || opponents.length === 0) return full;
  const hidden = new Set<Seat>(opponents);
  return {
    ...full,
    seed: null,
    setup: full.setup && {
      ...full.setup,
      decks: { p1: hidden.has('p1') ? {} : full.setup.decks.p1, p2: hidden.has('p2') ? {} : full.setup.decks.p2 },
    },
    decisions: full.decisions.map((d) => {
      const seat = 'seat' in d.decision ? d.decision.seat : null;
      return seat && hidden.has(seat) ? { ...d, decision: { seat, hidden: true as const } } : d;
    }),
    redacted: `the seed, and the list and choices of ${opponents.join(' and ')}: they would show cards that stayed hidden`,
  };
}

export function exportMatch(records: MatchHistory, row: MatchRow): MatchExport {
  return {
    ...matchIdentity(row),
    setup: row.setup === null ? null : (JSON.parse(row.setup) as MatchSetup),
    initialHash: row.initial_hash,
    // Parsed without validation: an export is how a damaged match is examined.
    result: row.result === null ? null : JSON.parse(row.result),
    // An export is also how a frozen match is examined, so an unreadable row is shown as text, not dropped.
    decisions: records.decisionsAfter(row.match_id, 0).map((d) => {
      let decision: LoggedDecision | { unreadable: string };
      try {
        const stored = parseJsonColumn(StoredDecisionSchema, d.decision, `decision ${d.seq}`);
        decision = 'concede' in stored ? { seat: d.seat, concede: true } : { seat: d.seat, response: stored.response };
      } catch {
        decision = { unreadable: d.decision };
      }
      return { seq: d.seq, decision, stateHash: d.state_hash, at: d.at };
    }),
  };
}

/** What an admin sees for a match: its record, its snapshots and whether the log replays to its own hashes. */
export interface MatchInspection {
  match: Omit<MatchExport, 'decisions'>;
  decisionCount: number;
  snapshots: { seq: number; sound: boolean }[];
  /** null when the whole log replays to the logged hashes; otherwise where and why it does not. */
  replayProblem: string | null;
}

export function inspectMatch(records: MatchHistory, row: MatchRow, game: GameModule | undefined): MatchInspection {
  const { decisions, ...match } = exportMatch(records, row);
  const snapshots = records.snapshotSeqs(row.match_id, Number.MAX_SAFE_INTEGER).map((seq) => {
    const snap = records.snapshot(row.match_id, seq);
    return {
      seq,
      sound: snap !== undefined && snapshotProblem(records, row, seq, snap.state_hash, parsedText(snap.state)) === null,
    };
  });
  let replayProblem: string | null;
  if (row.status === 'pending') replayProblem = null;
  else if (!game) replayProblem = `game "${row.game}" is not loaded`;
  else replayProblem = firstDivergence(game, records, row);
  return { match, decisionCount: decisions.length, snapshots, replayProblem };
}
