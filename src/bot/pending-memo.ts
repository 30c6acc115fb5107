// The decision a state waits for, built once per state (issue 26 item 8). A game's `pending` is a pure function of
// an immutable state, and the bot asked it about 22 times a decision for about 6 distinct states: the store checks
// an answer against it, the turn clock asks it before each automatic pass, and the ephemeral, its priority
// controls, the board and the turn notice each ask it again for the state they show. Building a decision lists
// every legal option, so most of those calls were the same work repeated.
import type { BaseState, GameModule, PendingDecision } from '../engine/core/game.ts';

const memoized = new WeakMap<GameModule, GameModule>();

/**
 * The game with `pending` remembered per state object (states are never changed in place: `apply` returns a new
 * one). Callers get the same decision object for the same state, so they must not change it (none does: the
 * presenter copies what it words). One wrapper per game, so the game's identity stays stable.
 */
export function withPendingMemo<G extends GameModule>(game: G): G;
export function withPendingMemo<G extends GameModule>(game: G | undefined): G | undefined;
export function withPendingMemo<G extends GameModule>(game: G | undefined): G | undefined {
  if (!game) return undefined;
  let memo = memoized.get(game);
  if (!memo) {
    const decisions = new WeakMap<BaseState, PendingDecision | null>();
    memo = {
      ...game,
      pending(state: BaseState) {
        if (decisions.has(state)) return decisions.get(state) ?? null;
        const decision = game.pending(state);
        decisions.set(state, decision);
        return decision;
      },
    };
    memoized.set(game, memo);
  }
  return memo as G;
}
