import { copyResponse, wellFormed } from '../engine/core/decision.ts';
import { InvalidData } from '../engine/core/errors.ts';
import type { BaseState, DecisionResponse, GameModule, Seat } from '../engine/core/game.ts';
import { canonicalJson } from '../engine/core/hash.ts';
import { applyLogged, type LoggedDecision } from '../engine/core/replay.ts';
import type { CommittedStep, MatchStatus } from './match-records.ts';
import { canonicalState } from './state-text.ts';

/** Snapshots kept per active match: the latest, plus older ones to fall back on if it is corrupt. */
export const KEPT_SNAPSHOTS = 3;

/** A match's state as a store holds it in memory, at a decision count and hash. */
export interface LiveMatch {
  game: GameModule;
  state: BaseState;
  hash: string;
  seq: number;
}

/**
 * One decision applied to a live match, as both stores commit it: the rows to write (the log entry with the
 * resulting state hash, the match's new count, status and result, a snapshot when due) and the match after it.
 * Applying throws IllegalAction when the game refuses the answer (nothing to write).
 */
export function applyStep(
  live: LiveMatch,
  matchId: string,
  seat: Seat,
  what: DecisionResponse | 'concede',
  now: number,
  snapshotEvery: number,
): { step: CommittedStep; after: LiveMatch } {
  const entry: LoggedDecision = what === 'concede' ? { seat, concede: true } : { seat, response: what };
  const state = applyLogged(live.game, live.state, entry);
  const canonical = canonicalState(state);
  const hash = canonical.hash;
  const seq = live.seq + 1;
  const status: MatchStatus = state.result ? 'finished' : 'active';
  return {
    step: {
      decision: {
        match_id: matchId,
        seq,
        seat,
        decision_id: what === 'concede' ? null : what.decisionId,
        decision: canonicalJson(what === 'concede' ? { concede: true } : { response: what }),
        state_hash: hash,
        at: now,
      },
      fromCount: live.seq,
      status,
      result: state.result ? JSON.stringify(state.result) : null,
      snapshot: seq % snapshotEvery === 0 ? canonical.text : null,
      keepSnapshotsFrom: seq - (KEPT_SNAPSHOTS - 1) * snapshotEvery,
    },
    after: { game: live.game, state, hash, seq },
  };
}

/** One decision of a run: the seat and its answer to the pending decision of the state it was asked in. */
export interface RunStep {
  seat: Seat;
  response: DecisionResponse;
}

/**
 * Asks for the next decision of a run in each state: null ends the run. It may await (a store read), but commits
 * nothing itself; the run is written only once it has ended.
 */
export type RunPlanner = (state: BaseState) => RunStep | null | Promise<RunStep | null>;

/**
 * What `commitRun` did. `committed`: the run's decisions (maybe none) were all written in one transaction, and the
 * match is now at `seq`/`stateHash` in `state`. `moved`: the match was advanced by another commit while the run was
 * being planned, so nothing of the run was written; `state` is the match's current state, to plan again from.
 */
export type RunResult =
  | { kind: 'committed'; count: number; seq: number; stateHash: string; state: BaseState; status: MatchStatus }
  | { kind: 'moved'; state: BaseState; status: MatchStatus };

/**
 * Plans a run on a live match without writing: each step the planner asks for must answer the pending decision of
 * the state it was asked in (else InvalidData: a planner's error, nothing written); applying stops at the end of the
 * game. Returns the steps to write in order and the match after the last.
 */
export async function planRun(
  live: LiveMatch,
  matchId: string,
  next: RunPlanner,
  now: () => number,
  snapshotEvery: number,
): Promise<{ steps: CommittedStep[]; after: LiveMatch }> {
  const steps: CommittedStep[] = [];
  let after = live;
  while (after.state.result === null) {
    const wanted = await next(after.state);
    if (!wanted) break;
    if (!wellFormed(wanted.response)) throw new InvalidData('a run step is not a well-formed decision');
    const response = copyResponse(wanted.response); // as commitDecision copies it: the planner keeps its object
    const pendingId = after.game.pending(after.state)?.id ?? null;
    if (response.decisionId !== pendingId) {
      throw new InvalidData(`a run answers "${response.decisionId}", the pending decision is "${pendingId}"`);
    }
    const applied = applyStep(after, matchId, wanted.seat, response, now(), snapshotEvery);
    steps.push(applied.step);
    after = applied.after;
  }
  return { steps, after };
}
