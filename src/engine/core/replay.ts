import type { BaseState, DecisionResponse, GameModule, MatchSetup, Seat } from './game.ts';
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
