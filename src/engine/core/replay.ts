import type { BaseState, DecisionResponse, GameModule, LogEntry, MatchSetup, Seat, Viewer } from './game.ts';
import { stateHash } from './hash.ts';

/** One entry of a match's decision log: an answer to a pending decision, or a concession (CR-style, any time). */
export type LoggedDecision = { seat: Seat; response: DecisionResponse } | { seat: Seat; concede: true };

export function applyLogged<S extends BaseState>(game: GameModule<S>, state: S, entry: LoggedDecision): S {
  return 'concede' in entry ? game.concede(state, entry.seat) : game.apply(state, entry.seat, entry.response);
}

/** A match is (setup, seed, decisions[]): replaying them reproduces the state exactly. */
export function replay<S extends BaseState>(
  game: GameModule<S>,
  setup: MatchSetup,
  seed: string,
  decisions: readonly LoggedDecision[],
): S {
  let state = game.setup(setup, seed);
  for (const d of decisions) state = applyLogged(game, state, d);
  return state;
}

export function replayHash<S extends BaseState>(
  game: GameModule<S>,
  setup: MatchSetup,
  seed: string,
  decisions: readonly LoggedDecision[],
): string {
  return stateHash(replay(game, setup, seed, decisions));
}

/**
 * Every log entry of a match that `viewer` may read, in order, rendered as it sees them: the match replayed from
 * its setup, collecting from each state the entries numbered after the last one collected. A state keeps only its
 * latest entries (all of those its own decision wrote, at least), so this is how a whole match's log is read.
 */
export function replayLog<S extends BaseState>(
  game: GameModule<S>,
  setup: MatchSetup,
  seed: string,
  decisions: readonly LoggedDecision[],
  viewer: Viewer,
): LogEntry[] {
  const lines: LogEntry[] = [];
  let after = 0;
  const collect = (state: S) => {
    for (const line of game.log(state, viewer, after)) {
      if (line.seq <= after) continue;
      lines.push(line);
      after = line.seq;
    }
  };
  let state = game.setup(setup, seed);
  collect(state);
  for (const d of decisions) {
    state = applyLogged(game, state, d);
    collect(state);
  }
  return lines;
}
