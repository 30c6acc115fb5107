import { z } from 'zod';
import { type BaseState, type GameModule, MatchSetupSchema } from '../engine/core/game.ts';
import { stateHash } from '../engine/core/hash.ts';
import { applyLogged, type LoggedDecision } from '../engine/core/replay.ts';
import { parseJsonColumn } from './json-column.ts';
import { type MatchRecords, type MatchRow, parseSetup, toLoggedDecision } from './match-records.ts';
import { hashText } from './state-text.ts';

/** A state rebuilt from the store and checked against the log. */
export interface RestoredState {
  state: BaseState;
  hash: string;
  seq: number;
  /** The snapshot it started from (0 = from setup). */
  fromSeq: number;
  /** What was not as expected but could be worked around, e.g. a corrupt snapshot skipped. */
  notes: string[];
}

export type RestoreOutcome = ({ ok: true } & RestoredState) | { ok: false; reason: string; notes: string[] };

/** The fields every state has; the rest belongs to the game and is covered by the hash. */
const SnapshotStateSchema = z.looseObject({
  game: z.string(),
  version: z.number().int().min(0),
  result: z.unknown(),
});

/**
 * Rebuilds a match's current state from its latest sound snapshot plus the decisions after it, and checks the
 * result against the hash the log recorded. A corrupt snapshot is skipped (with a note) in favour of an older one
 * or the setup; a log that does not reproduce its own hashes is a failure, never patched over.
 */
export function restoreMatch(game: GameModule, records: MatchRecords, row: MatchRow): RestoreOutcome {
  const notes: string[] = [];
  const last = row.decision_count;
  let base: { state: BaseState; seq: number; hash: string } | null = null;
  for (const seq of records.snapshotSeqs(row.match_id, last)) {
    const checked = checkSnapshot(records, row, seq);
    if (typeof checked === 'string') {
      notes.push(`snapshot at decision ${seq} is unusable (${checked}); falling back to an earlier one`);
      continue;
    }
    base = { ...checked, seq };
    break;
  }
  if (!base) {
    const initial = initialState(game, row);
    if (!initial.ok) return { ok: false, reason: initial.reason, notes };
    if (notes.length > 0) notes.push('replaying the whole log from the setup');
    base = { state: initial.state, seq: 0, hash: stateHash(initial.state) };
  }

  // Every tail decision's logged hash is checked, not only the last: a log that contradicts itself is not trusted.
  let { state, seq } = base;
  let hash = base.hash;
  for (const entry of records.decisionsAfter(row.match_id, base.seq)) {
    if (entry.seq !== seq + 1) return { ok: false, reason: `decision log has a gap after decision ${seq}`, notes };
    const applied = applyRow(game, state, entry.seq, toLogged(entry));
    if (!applied.ok) return { ok: false, reason: applied.reason, notes };
    state = applied.state;
    seq = entry.seq;
    hash = stateHash(state);
    if (hash !== entry.state_hash) return { ok: false, reason: divergence(game, records, row), notes };
  }
  if (seq !== last) {
    return { ok: false, reason: `the log ends at decision ${seq} but the match records ${last} decisions`, notes };
  }
  if (hash !== row.last_hash) return { ok: false, reason: divergence(game, records, row), notes };
  return { ok: true, state, hash, seq, fromSeq: base.seq, notes };
}

function divergence(game: GameModule, records: MatchRecords, row: MatchRow): string {
  return firstDivergence(game, records, row) ?? 'the latest state hash recorded for the match differs from the log';
}

/**
 * Replays the whole log from the setup, checking the hash after every decision.
 * Returns why and where it first differs from the log, or null when the log replays exactly.
 */
export function firstDivergence(game: GameModule, records: MatchRecords, row: MatchRow): string | null {
  const initial = initialState(game, row);
  if (!initial.ok) return initial.reason;
  let state = initial.state;
  let expectedSeq = 1;
  for (const entry of records.decisionsAfter(row.match_id, 0)) {
    if (entry.seq !== expectedSeq) return `decision log has a gap before decision ${entry.seq}`;
    const applied = applyRow(game, state, entry.seq, toLogged(entry));
    if (!applied.ok) return applied.reason;
    state = applied.state;
    const hash = stateHash(state);
    if (hash !== entry.state_hash) {
      return `state after decision ${entry.seq} hashes to ${hash.slice(0, 12)}, the log says ${entry.state_hash.slice(0, 12)}`;
    }
    expectedSeq++;
  }
  if (expectedSeq - 1 !== row.decision_count) {
    return `the log holds ${expectedSeq - 1} decisions but the match records ${row.decision_count}`;
  }
  return null;
}

type Step = { ok: true; state: BaseState } | { ok: false; reason: string };

function initialState(game: GameModule, row: MatchRow): Step {
  try {
    const setup = parseSetup(row, MatchSetupSchema);
    const state = game.setup(setup, row.seed ?? '');
    if (stateHash(state) !== row.initial_hash)
      return { ok: false, reason: 'the setup no longer produces the recorded initial state' };
    return { ok: true, state };
  } catch (error) {
    return { ok: false, reason: `the setup does not load: ${(error as Error).message}` };
  }
}

function toLogged(entry: Parameters<typeof toLoggedDecision>[0]): LoggedDecision | Error {
  try {
    return toLoggedDecision(entry);
  } catch (error) {
    return error as Error;
  }
}

function applyRow(game: GameModule, state: BaseState, seq: number, entry: LoggedDecision | Error): Step {
  if (entry instanceof Error) return { ok: false, reason: entry.message };
  try {
    return { ok: true, state: applyLogged(game, state, entry) };
  } catch (error) {
    return { ok: false, reason: `decision ${seq} does not replay: ${(error as Error).message}` };
  }
}

/** The snapshot's state when it is sound, or why it is not. */
function checkSnapshot(records: MatchRecords, row: MatchRow, seq: number): { state: BaseState; hash: string } | string {
  const snap = records.snapshot(row.match_id, seq);
  if (!snap) return 'missing';
  // Hashing the stored text is enough (see state-text.ts) and much cheaper than re-serialising a large state.
  const hash = hashText(snap.state);
  if (hash !== snap.state_hash) return 'its content does not match its hash';
  if (hash !== records.decisionAt(row.match_id, seq)?.state_hash) return 'its hash differs from the log';
  let state: BaseState;
  try {
    state = parseJsonColumn(SnapshotStateSchema, snap.state, 'snapshot') as BaseState;
  } catch (error) {
    return (error as Error).message;
  }
  if (state.game !== row.game) return `it is a ${state.game} state in a ${row.game} match`;
  return { state, hash };
}
