import { z } from 'zod';
import { type BaseState, type GameModule, type MatchSetup, MatchSetupSchema } from '../engine/core/game.ts';
import { stateHash } from '../engine/core/hash.ts';
import { applyLogged, type LoggedDecision } from '../engine/core/replay.ts';
import { parseJsonColumn } from './json-column.ts';
import { hashAnchor, type MatchHistory, type MatchRow, parseSetup, toLoggedDecision } from './match-records.ts';

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

/** What a boot's restore reports per match (match-store.ts' `RestoreReport`, filled the same on both backends). */
export interface RestoreTally {
  restored: number;
  frozen: { matchId: string; reason: string }[];
  notes: { matchId: string; note: string }[];
  replayed: number;
}

/**
 * Adds one match's restore to the boot report: its notes (also logged), then frozen or restored with the decisions
 * replayed. True when it restored; the caller then keeps it live, or else freezes it with `outcome.reason`.
 */
export function tallyRestore(
  tally: RestoreTally,
  matchId: string,
  outcome: RestoreOutcome,
  log: (message: string) => void,
): outcome is { ok: true } & RestoredState {
  for (const note of outcome.notes) {
    tally.notes.push({ matchId, note });
    log(`match ${matchId}: ${note}`);
  }
  if (!outcome.ok) {
    tally.frozen.push({ matchId, reason: outcome.reason });
    return false;
  }
  tally.restored++;
  tally.replayed += outcome.seq - outcome.fromSeq;
  return true;
}

/** The fields every state has; the rest belongs to the game and is covered by the hash. */
const SnapshotStateSchema = z.looseObject({
  game: z.string(),
  version: z.number().int().min(0),
  result: z.unknown(),
});

/**
 * The hash the store expects after decision `seq`: the logged one, the anchor's at the anchor, and none before it
 * (those were written under an older rules version, docs/store.md "Rules versions").
 */
function expectedHash(records: MatchHistory, row: MatchRow, seq: number): string | null {
  const anchor = hashAnchor(row);
  if (seq < anchor.seq) return null;
  if (seq === anchor.seq) return anchor.hash;
  return records.decisionAt(row.match_id, seq)?.state_hash ?? null;
}

/** Why a match recorded under another rules version cannot be restored as it is, or null when it can. */
export function outdated(game: GameModule, row: MatchRow): string | null {
  if (row.status === 'pending' || row.rules_version === game.rulesVersion) return null;
  return `recorded under rules version ${row.rules_version}, the game is at version ${game.rulesVersion}`;
}

/**
 * Rebuilds a match's current state from its latest sound snapshot plus the decisions after it, and checks the
 * result against the hash the log recorded. A corrupt snapshot is skipped (with a note) in favour of an older one
 * or the setup; a log that does not reproduce its own hashes is a failure, never patched over. A match recorded
 * under another rules version must be migrated first (`migrateMatch`).
 */
export function restoreMatch(game: GameModule, records: MatchHistory, row: MatchRow): RestoreOutcome {
  const notes: string[] = [];
  const old = outdated(game, row);
  if (old) return { ok: false, reason: old, notes };
  const last = row.decision_count;
  const anchor = hashAnchor(row);
  let base: { state: BaseState; seq: number; hash: string } | null = null;
  for (const seq of records.snapshotSeqs(row.match_id, last)) {
    if (seq < anchor.seq) break; // older snapshots hold states of an older rules version
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
    const expected = expectedHash(records, row, seq);
    if (expected !== null && hash !== expected) return { ok: false, reason: divergence(game, records, row), notes };
  }
  if (seq !== last) {
    return { ok: false, reason: `the log ends at decision ${seq} but the match records ${last} decisions`, notes };
  }
  if (hash !== row.last_hash) return { ok: false, reason: divergence(game, records, row), notes };
  return { ok: true, state, hash, seq, fromSeq: base.seq, notes };
}

function divergence(game: GameModule, records: MatchHistory, row: MatchRow): string {
  return firstDivergence(game, records, row) ?? 'the latest state hash recorded for the match differs from the log';
}

/**
 * Replays the whole log from the setup, checking the hash after every decision from the match's hash anchor on.
 * Returns why and where it first differs from the log, or null when the log replays exactly.
 */
export function firstDivergence(game: GameModule, records: MatchHistory, row: MatchRow): string | null {
  const old = outdated(game, row);
  if (old) return `${old}; it is migrated when it is next loaded (docs/store.md "Rules versions")`;
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
    const expected = expectedHash(records, row, entry.seq);
    if (expected !== null && hash !== expected) {
      return `state after decision ${entry.seq} hashes to ${hash.slice(0, 12)}, the log says ${expected.slice(0, 12)}`;
    }
    expectedSeq++;
  }
  if (expectedSeq - 1 !== row.decision_count) {
    return `the log holds ${expectedSeq - 1} decisions but the match records ${row.decision_count}`;
  }
  return null;
}

export type MigrationOutcome =
  | { ok: true; state: BaseState; hash: string; seq: number; note: string; setup: MatchSetup | null }
  | { ok: false; reason: string };

/**
 * Carries a match recorded under an older rules version to the game's current one, by the migration the game
 * declares for that version (docs/store.md "Rules versions"); the caller records it (MatchRecords.rehash). With
 * none declared, or a log that does not replay, the match cannot continue and the reason says why: a real rules
 * divergence is never papered over.
 */
export function migrateMatch(game: GameModule, records: MatchHistory, row: MatchRow): MigrationOutcome {
  const from = row.rules_version;
  const to = game.rulesVersion;
  if (from > to) return { ok: false, reason: `recorded under rules version ${from}, newer than this code's ${to}` };
  const how = game.migrations?.[from];
  if (!how) {
    return { ok: false, reason: `recorded under rules version ${from}; version ${to} declares no migration from it` };
  }
  // 'replay': the decisions mean the same play under this code; only the old hashes cannot be compared.
  // Options the migration keeps the old way of play with; the caller stores the setup with them (MatchRecords.rehash).
  let setup: MatchSetup | null = null;
  let state: BaseState;
  try {
    const stored = parseSetup(row, MatchSetupSchema);
    if (how.setupOptions) setup = { ...stored, options: { ...stored.options, ...how.setupOptions } };
    state = game.setup(setup ?? stored, row.seed ?? '');
  } catch (error) {
    return { ok: false, reason: `the setup does not load: ${(error as Error).message}` };
  }
  let seq = 0;
  for (const entry of records.decisionsAfter(row.match_id, 0)) {
    if (entry.seq !== seq + 1) return { ok: false, reason: `decision log has a gap after decision ${seq}` };
    const applied = applyRow(game, state, entry.seq, toLogged(entry));
    if (!applied.ok) return { ok: false, reason: `migrating from rules version ${from}: ${applied.reason}` };
    state = applied.state;
    seq = entry.seq;
  }
  if (seq !== row.decision_count) {
    return { ok: false, reason: `the log ends at decision ${seq} but the match records ${row.decision_count}` };
  }
  const note = `migrated from rules version ${from} to ${to} by replaying its ${seq} decisions`;
  return { ok: true, state, hash: stateHash(state), seq, note, setup };
}

type Step = { ok: true; state: BaseState } | { ok: false; reason: string };

function initialState(game: GameModule, row: MatchRow): Step {
  try {
    const setup = parseSetup(row, MatchSetupSchema);
    const state = game.setup(setup, row.seed ?? '');
    const anchor = hashAnchor(row);
    if (anchor.seq === 0 && stateHash(state) !== anchor.hash)
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
function checkSnapshot(records: MatchHistory, row: MatchRow, seq: number): { state: BaseState; hash: string } | string {
  const snap = records.snapshot(row.match_id, seq);
  if (!snap) return 'missing';
  const problem = snapshotProblem(records, row, seq, snap.state_hash, parsedText(snap.state));
  if (problem) return problem;
  let state: BaseState;
  try {
    state = parseJsonColumn(SnapshotStateSchema, snap.state, 'snapshot') as BaseState;
  } catch (error) {
    return (error as Error).message;
  }
  if (state.game !== row.game) return `it is a ${state.game} state in a ${row.game} match`;
  return { state, hash: snap.state_hash };
}

/** The JSON value of a stored text, or undefined when it does not parse (then it is not what was hashed). */
export function parsedText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Why a parsed snapshot is not the state after decision `seq`, or null when it is: it must hash (its rules part,
 * as stateHash does) to its stored hash, and that must be the hash the store expects there.
 */
export function snapshotProblem(
  records: MatchHistory,
  row: MatchRow,
  seq: number,
  storedHash: string,
  state: unknown,
): string | null {
  if (state === undefined || stateHash(state) !== storedHash) return 'its content does not match its hash';
  if (storedHash !== expectedHash(records, row, seq)) return 'its hash differs from the log';
  return null;
}
