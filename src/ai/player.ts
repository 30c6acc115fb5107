// The AI player, for any game with search hooks: (what its seat knows, the decision, a budget, a seed) → an answer.
//
// It never sees hidden information: the real state is handed to the game's `determinize` for the AI's seat before
// anything else reads it, and only that re-dealt world (which looks the same to the seat, and in which every card
// the seat cannot know was dealt again from a seed, with a fresh RNG for future shuffles) is read from then on.
// Since `determinize` deals from the seat's knowledge alone (core/search.ts `redealIdentities` sorts each pool
// first), two real states that differ only in what the seat cannot see give the same world, so the same answer.
import type { BaseState, DecisionResponse, PendingDecision, Seat } from '../engine/core/game.ts';
import { isForced } from '../engine/core/search.ts';
import { candidates, forcedAnswer, respond } from './candidates.ts';
import { greedyAnswer } from './greedy.ts';
import { type SearchBudget, searchAnswer } from './ismcts.ts';
import type { AiLevel } from './levels.ts';
import type { AiGame } from './world.ts';

/**
 * The bot's budgets (issue 21): easy is instant, normal about 1 s, hard about 3 s. The iteration caps are above
 * what the time allows on the machines we run on, so time is what stops the search. Leaves are random playouts:
 * easy's look-ahead as the leaf (ismcts.ts `leaf: 'lookahead'`) is not yet shown stronger (docs/ai.md "Search's
 * leaves").
 */
export const BOT_BUDGETS: Record<Exclude<AiLevel, 'easy'>, SearchBudget> = {
  normal: { iterations: 5_000, millis: 1_000, playoutDepth: 40 },
  hard: { iterations: 15_000, millis: 3_000, playoutDepth: 60 },
};

export interface AiRequest<S extends BaseState> {
  game: AiGame<S>;
  /** The real state: read only through `determinize(state, seat, seed)`. */
  state: S;
  seat: Seat;
  level: AiLevel;
  seed: string;
  /** The search budget of normal and hard (the bot's by default); easy has none. */
  budget?: SearchBudget;
}

export interface AiAnswer {
  response: DecisionResponse;
  /** How it was found: no choice at all, one candidate, the heuristic, or so many search iterations. */
  how: 'forced' | 'only' | 'heuristic' | 'search';
  iterations: number;
}

export function decide<S extends BaseState>(req: AiRequest<S>): AiAnswer {
  const { game, seat } = req;
  // The first and only read of the real state (see above).
  const known = game.hooks.determinize(req.state, seat, `ai:${req.seed}`);
  const pending: PendingDecision | null = known.result ? null : game.module.pending(known);
  if (!pending) throw new Error('the AI was asked to decide in a finished game');
  if (pending.player !== seat) throw new Error(`the AI (${seat}) was asked for ${pending.player}'s decision`);
  if (isForced(pending)) return { response: respond(pending.id, forcedAnswer(pending)), how: 'forced', iterations: 0 };
  const options = candidates(pending);
  if (options.length === 1 && options[0])
    return { response: respond(pending.id, options[0].answer), how: 'only', iterations: 0 };
  if (req.level === 'easy')
    return { response: respond(pending.id, greedyAnswer(game, known, pending)), how: 'heuristic', iterations: 0 };
  const budget = req.budget ?? BOT_BUDGETS[req.level];
  const report = searchAnswer(game, known, pending, seat, req.seed, budget);
  return { response: respond(pending.id, report.answer), how: 'search', iterations: report.iterations };
}
