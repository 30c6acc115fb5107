// What the players of this folder share: one sampled world and the way it moves on (the game's `simulate`,
// forced decisions answered without thought). Game-agnostic: it reads only a definition's module, its search hooks
// and its steps (turn, active seat).

import { UnsupportedRule } from '../engine/core/errors.ts';
import type { BaseState, GameModule, PendingDecision, Seat } from '../engine/core/game.ts';
import { canonicalJson, rulesPart } from '../engine/core/hash.ts';
import { isForced, type SearchHooks } from '../engine/core/search.ts';
import type { GameSteps } from '../engine/definition.ts';
import type { PlayableGame } from '../engine/registry.ts';
import { type Answer, CANCEL, forcedAnswer, respond } from './candidates.ts';
import { positionValue } from './policies/index.ts';

/** A game as the AI drives it. */
export interface AiGame<S extends BaseState = BaseState> {
  module: GameModule<S>;
  hooks: SearchHooks<S>;
  steps: GameSteps<S>;
  /** The position's worth for a seat in [-1, 1]: the AI's own for the game (policies/), else the game's. */
  evaluate(state: S, seat: Seat): number;
}

/** The AI's handle on a registered game; refuses a game without search hooks, naming it. */
export function aiGame(game: PlayableGame): AiGame {
  const hooks = game.play.module.search;
  if (!hooks) throw new UnsupportedRule(game.id, `${game.name.en} has no search hooks yet, so no AI opponent`);
  return {
    module: game.play.module,
    hooks,
    steps: game.play.steps,
    evaluate: positionValue(game.id) ?? ((s, seat) => hooks.evaluate(s, seat)),
  };
}

/** One step of a sampled world: the answer of whoever decides, through the game's fast `simulate`. */
export function step<S extends BaseState>(g: AiGame<S>, s: S, p: PendingDecision, answer: Answer): S {
  return g.hooks.simulate(s, p.player, respond(p.id, answer));
}

/**
 * A forced decision whose one answer takes back the action under way: the answer that led to it was a dead end
 * (Force of Will offers any will from a source that makes any, so {L} for a {R} cost leaves only "cancel").
 */
export function forcedCancel(p: PendingDecision): boolean {
  return (p.shape === undefined || p.shape === 'pick') && p.options.length === 1 && p.options[0]?.id === CANCEL;
}

/**
 * The next decision that is a real choice (forced ones answered on the way), with the state it is asked in, and
 * whether one of the forced answers took back the action under way (`forcedCancel`).
 */
export function settle<S extends BaseState>(
  g: AiGame<S>,
  start: S,
  limit = 500,
): { state: S; pending: PendingDecision | null; steps: number; rewound: boolean } {
  let s = start;
  let rewound = false;
  // After the first step (a copy) the state is settle's own: the next forced answers change it in place
  // (core/search.ts `simulateInPlace`); only the last state leaves this function.
  const inPlace = g.hooks.simulateInPlace;
  for (let i = 0; i < limit; i++) {
    const p = s.result ? null : g.module.pending(s);
    if (!p || !isForced(p)) return { state: s, pending: p, steps: i, rewound };
    if (forcedCancel(p)) rewound = true;
    s = i > 0 && inPlace ? inPlace(s, p.player, respond(p.id, forcedAnswer(p))) : step(g, s, p, forcedAnswer(p));
  }
  return { state: s, pending: s.result ? null : g.module.pending(s), steps: limit, rewound };
}

/**
 * Whether `after`, the decision that follows an answer to `before`, is the game refusing that answer and asking again:
 * the same player's same declaration, now naming a problem (core/decision.ts: a declaration refused as a whole is
 * asked again with the draft kept). Such an answer did nothing; a player without memory that preferred it would be
 * asked forever (MTG easy against random declared a blocker that can't block, CR 509.1b, then another refused
 * block, then the first again: 6,000 decisions in one declare-blockers step).
 */
export function refusedAgain(before: PendingDecision, after: PendingDecision | null): boolean {
  return (
    after !== null &&
    after.shape === 'declare' &&
    after.problem !== null &&
    after.player === before.player &&
    after.kind === before.kind
  );
}

/** The decision a state asks, or null when the game is over. */
export function pendingOf<S extends BaseState>(g: AiGame<S>, s: S): PendingDecision | null {
  return s.result ? null : g.module.pending(s);
}

/** The turn a state is in (public: GameSteps). */
export function turnOf<S extends BaseState>(g: AiGame<S>, s: S): number {
  return g.steps.position(s).turn;
}

/**
 * A state's rules position without its counters: the state's `version` and every id allocator (a number under a
 * `next…` key: the procedure stack's next frame id, the events' next sequence and batch, a game's next object, entry
 * or timestamp), which any action moves on even when it changes nothing else. Two states with the same position are
 * the same game: an action that leads back to its own position (started, then rewound or fizzled) did nothing.
 */
export function positionKey(s: BaseState): string {
  return canonicalJson(withoutCounters({ ...(rulesPart(s) as Record<string, unknown>), version: 0 }));
}

const COUNTER = /^next[A-Z]/;

function withoutCounters(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(withoutCounters);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value))
    out[key] = typeof v === 'number' && COUNTER.test(key) ? 0 : withoutCounters(v);
  return out;
}
