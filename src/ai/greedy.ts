// The easy level: a legal-move heuristic that looks one choice ahead. Each candidate answer is played, then the
// turn is played out cheaply (our own later choices take the decision's default, the opponent answers each of its
// choices with its best immediate reply), and the position is scored with the game's `evaluate`. So it develops
// (a card on the table scores above one in hand), attacks when the attack survives the opponent's best block, and
// blocks when not blocking costs more. Ties go to acting over the default (pass, no block).
import type { BaseState, PendingDecision, Seat } from '../engine/core/game.ts';
import { type Answer, type Candidate, candidates, fallbackAnswer } from './candidates.ts';
import { type AiGame, pendingOf, positionKey, refusedAgain, settle, step, turnOf } from './world.ts';

/** How far the look-ahead plays: simulated decisions, and the opponent's considered replies, at most. */
export interface GreedyLimits {
  decisions: number;
  replies: number;
}

export const EASY_LIMITS: GreedyLimits = { decisions: 40, replies: 2 };

export function greedyAnswer<S extends BaseState>(
  g: AiGame<S>,
  known: S,
  pending: PendingDecision,
  limits: GreedyLimits = EASY_LIMITS,
): Answer {
  // Before the game (who goes first, mulligans) the rules' default is the sound course and the board says nothing.
  if (pending.role === 'setup') return fallbackAnswer(pending);
  const scored = greedyScores(g, known, pending, limits);
  let best: { candidate: Candidate; score: number } | null = null;
  // The default is listed first. Where it declines (pass, no attack, no block), a later candidate wins a tie by a
  // hair: prefer acting, since the look-ahead may end before an attack or a card pays off. Elsewhere (a damage
  // split, a target) the default wins ties: an answer the game refuses and asks again scores like the default
  // played afterwards, and preferring it asked again forever (an MTG split that breaks CR 510.1c, found by the arena).
  const preferActing = scored[0] !== undefined && declinesByDefault(pending, scored[0].candidate.answer);
  scored.forEach(({ candidate, score }, index) => {
    if (score === null || score === undefined) return;
    const edge = index === 0 || !preferActing ? 0 : 1e-9;
    if (!best || score + edge > best.score) best = { candidate, score: score + edge };
  });
  const chosen = best as { candidate: Candidate; score: number } | null;
  return chosen?.candidate.answer ?? fallbackAnswer(pending);
}

/**
 * Each candidate answer (candidates.ts order, the default first) with easy's score for it: the position after it and
 * the rest of the turn played cheaply, for the seat deciding; null for an answer that does nothing or that the game
 * refuses. Search starts from these (ismcts.ts), so it is never worse informed than easy; it passes `enough`, and
 * once that says so the answers left are not scored (score undefined), so a tight budget is not overrun. `enough`
 * is asked within each answer's look-ahead too (at every simulated decision): one look-ahead of PMV or AQA takes
 * ~100 ms on a loaded machine, and ten of them queued made the last answer wait twice what the queue's shares allow.
 */
export function greedyScores<S extends BaseState>(
  g: AiGame<S>,
  known: S,
  pending: PendingDecision,
  limits: GreedyLimits = EASY_LIMITS,
  enough: () => boolean = () => false,
): { candidate: Candidate; score: number | null | undefined }[] {
  // An answer of ours that leads, through our own choices only, back to this very position (the game rewound it:
  // a refused declaration, a play it undid) did nothing; a player without memory that took it would loop.
  const startKey = positionKey(known);
  let stopped = false;
  return candidates(pending).map((candidate) => {
    stopped ||= enough();
    const score = stopped
      ? undefined
      : outcome(g, known, pending, candidate.answer, pending.player, limits, startKey, enough);
    // Cut short by `enough`: not scored, and neither are the answers after it.
    if (score === undefined) stopped = true;
    return { candidate, score };
  });
}

/**
 * The score for `seat` after `answer` and the rest of the turn played cheaply; null when the game refuses it (throws,
 * or asks the same declaration again naming a problem); undefined when `enough` stopped it first.
 */
function outcome<S extends BaseState>(
  g: AiGame<S>,
  start: S,
  pending: PendingDecision,
  answer: Answer,
  seat: Seat,
  limits: GreedyLimits,
  startKey: string,
  enough: () => boolean = () => false,
): number | null | undefined {
  let s: S;
  try {
    s = step(g, start, pending, answer);
  } catch {
    return null;
  }
  if (refusedAgain(pending, pendingOf(g, s))) return null;
  const end = restOfTurn(g, s, seat, turnOf(g, start), limits, startKey, enough);
  if (end === 'undone') return null;
  if (end === 'stopped') return undefined;
  return g.evaluate(end, seat);
}

/**
 * Search's leaf (ismcts.ts, `leaf: 'lookahead'`): the position `s`, where `mover` has just answered, played on the way
 * easy looks ahead (the rest of `mover`'s action by its best completion, the other side's first replies by their best
 * immediate reply, the rest by the defaults) to the end of the turn, so the leaf is scored on the same scale as easy's
 * scores the root starts from. Where `enough` stops it, the position reached.
 */
export function lookAheadFrom<S extends BaseState>(
  g: AiGame<S>,
  s: S,
  mover: Seat,
  limits: GreedyLimits = EASY_LIMITS,
  enough: () => boolean = () => false,
): S {
  const end = restOfTurn(g, s, mover, turnOf(g, s), limits, null, enough, (last) => last);
  return typeof end === 'string' ? s : end;
}

/** How many of our priorities after an action the look-ahead compares with the start (`restOfTurn`). */
const LATER_CHECKS = 3;

/**
 * The rest of the turn after an answer of `seat`'s, played cheaply (see `outcome`): the end position, 'undone' when
 * the answer only led back (to `startKey`, or to a forced cancel), 'stopped' when `enough` said so first (or, with
 * `onStop`, the position reached then).
 */
function restOfTurn<S extends BaseState>(
  g: AiGame<S>,
  start: S,
  seat: Seat,
  turn: number,
  limits: GreedyLimits,
  startKey: string | null,
  enough: () => boolean,
  onStop?: (reached: S) => S,
): S | 'undone' | 'stopped' {
  let s = start;
  let replies = 0;
  let own = 0;
  let completing = true;
  let used = 0;
  let laterChecks = 0;
  while (used < limits.decisions) {
    if (enough()) return onStop ? onStop(s) : 'stopped';
    const next = settle(g, s, limits.decisions - used);
    s = next.state;
    used += next.steps + 1;
    const p = next.pending;
    // Our answer led only to taking the action back (a payment that cannot complete it): a dead end, and one a
    // player without memory would walk into again from the start (FoW seed s21, game 9: {L} for a {R} rune, 6,000
    // decisions). Not an answer while another goes through.
    if (completing && next.rewound && startKey !== null) return 'undone';
    if (!p || turnOf(g, s) !== turn) break;
    // Back where it began through our own choices (and forced ones): the action was rewound, or fizzled (PMV's
    // Transform of a sleeping character, §10.28.2.b, which easy used 6,000 times in seed s21, game 24).
    if (completing && startKey !== null && p.player === seat && positionKey(s) === startKey) return 'undone';
    // Or back where it began after the other side had priority: the action fizzled once everyone passed (a PMV
    // Leader's shield with no popularity card, §10.34.2.d, on the opponent's turn: the turn player passes and we are
    // asked again; easy used it 6,000 times in 17 of 178 games against random, seed s29). Our first few priorities
    // after the action only: the position is compared whole, and a later return is the turn going on, not this action.
    if (!completing && startKey !== null && p.player === seat && p.role === 'priority' && laterChecks < LATER_CHECKS) {
      laterChecks += 1;
      if (positionKey(s) === startKey) return 'undone';
    }
    // The action just taken is complete once anyone has priority again.
    if (p.role === 'priority') completing = false;
    if (p.player !== seat && replies < limits.replies) {
      replies += 1;
      s = bestReply(g, s, p);
    } else if (completing && p.player === seat && p.role === 'choice' && own < limits.replies) {
      // The rest of our own action (its target, its payment): its best completion that goes through, not the
      // default or a cancel. Otherwise an action with only bad completions would tie with passing, and a player
      // without memory could start and cancel it forever (cast, then cancel at the target).
      own += 1;
      s = bestReply(g, s, p, startKey ?? '');
    } else s = step(g, s, p, fallbackAnswer(p));
  }
  return s;
}

/**
 * The answer that scores best right away for whoever decides `p` (forced follow-ups played). For the rest of our own
 * action (`ownStart`: the position the look-ahead started from), answers that decline are skipped when another goes
 * through, and so are answers that lead straight back to that position: the action started again is no completion
 * (after a refused damage split, "customise" asks the same split again).
 */
function bestReply<S extends BaseState>(g: AiGame<S>, s: S, p: PendingDecision, ownStart?: string): S {
  let best: { state: S; score: number } | null = null;
  const all = candidates(p);
  const through = ownStart === undefined ? all : all.filter((c) => !declines(p, c.answer));
  for (const c of through.length > 0 ? through : all) {
    let next: S;
    try {
      const played = step(g, s, p, c.answer);
      // A declaration the game refuses is no reply: it only asks again.
      if (refusedAgain(p, pendingOf(g, played))) continue;
      const settled = settle(g, played, 50);
      // Nor is an answer that leads only to taking the action back.
      if (settled.rewound) continue;
      next = settled.state;
    } catch {
      continue;
    }
    if (ownStart !== undefined && next.result === null && positionKey(next) === ownStart) continue;
    const score = g.evaluate(next, p.player);
    if (!best || score > best.score) best = { state: next, score };
  }
  return best?.state ?? step(g, s, p, fallbackAnswer(p));
}

/**
 * Whether the decision's default declines, so that acting is what a tie should favour: a priority pass, a pick of a
 * passive option (no attack, no block), an empty declaration.
 */
function declinesByDefault(p: PendingDecision, answer: Answer): boolean {
  if (p.role === 'priority') return true;
  if (p.shape === 'declare') return Object.values(answer.declare ?? {}).every((ids) => ids.length === 0);
  return declines(p, answer);
}

/** Whether an answer picks an option that declines (cancel, no target: role `passive`). */
function declines(p: PendingDecision, answer: Answer): boolean {
  if (p.shape !== undefined && p.shape !== 'pick') return false;
  const passive = new Set(p.options.filter((o) => o.role === 'passive').map((o) => o.id));
  return answer.choose.some((id) => passive.has(id));
}
