// The normal and hard levels: single-observer information-set Monte Carlo tree search (Cowling, Powley and
// Whitehouse 2012, "SO-ISMCTS"). Each iteration samples a world the AI's seat cannot tell from the real one
// (`determinize`), walks the one shared tree choosing by UCB among the answers available in that world, adds one
// node, plays a short random game on (truncated playout) and scores the end with the game's `evaluate`. Branches
// are keyed by the answer's content (candidates.ts), so the same answer in two worlds is the same branch; a branch
// counts how often it was available, so answers that exist in few worlds are not favoured.
import { IllegalAction } from '../engine/core/errors.ts';
import type { BaseState, PendingDecision, Seat } from '../engine/core/game.ts';
import { type RngState, seedRng } from '../engine/core/rng.ts';
import { isForced } from '../engine/core/search.ts';
import { randomResponse } from '../engine/fuzz/random-play.ts';
import { type Answer, type Candidate, candidates, forcedAnswer, respond } from './candidates.ts';
import { EASY_LIMITS, greedyScores, lookAheadFrom } from './greedy.ts';
import { type AiGame, pendingOf, positionKey, refusedAgain, settle, step } from './world.ts';

export interface SearchBudget {
  /** Iterations at most: with no time limit, the search is a pure function of its inputs and seed. */
  iterations: number;
  /** Wall-clock limit in milliseconds (the bot's), checked between iterations; absent: none. */
  millis?: number;
  /** Decisions played at random after the tree (forced ones included) before the position is scored. */
  playoutDepth: number;
  /**
   * How a new node's position is played on before it is scored: 'random' (default), `playoutDepth` random decisions;
   * 'lookahead', the rest of the turn the way easy looks ahead (greedy.ts `lookAheadFrom`), so that leaves are scored
   * on the scale of easy's scores the root starts from.
   */
  leaf?: 'random' | 'lookahead';
}

/**
 * UCB1's exploration constant, in standard deviations of the rewards seen so far in this search. Rewards are the
 * games' `evaluate` in [-1, 1], but the answers of one decision differ by a few hundredths there (a PMV node or a
 * -1 ATK moves the score by ~0.02): a fixed constant of 0.9 explored all but uniformly, and the answer taken was
 * close to a random one (PMV normal lost to easy, 5 of 12).
 */
const EXPLORATION = 1;
/** Until the rewards have a spread, and below it: explore at least this much. */
const MIN_EXPLORATION = 0.02;
/**
 * Root answers start with easy's look-ahead score (greedy.ts `greedyScores`) counted as this many visits: search then
 * needs that much evidence to overturn what easy would play, so it is not worse informed than easy on a small budget.
 * Easy's scores are on the scale of its look-ahead (the turn's end), the leaves on their own (a random playout's end
 * scored 0.044 lower on average in NOVA): the prior is moved by the leaves' mean offset from it (`Calibration`), so
 * an answer tried is compared with the answers not yet tried on one scale, not with easy's.
 */
const PRIOR_VISITS = 4;
/** How eager the playouts' random player is to act rather than pass (the fuzzer's bias). */
const PLAYOUT_ACTIVITY = 0.7;

interface Branch {
  answer: Answer;
  /** Times chosen, sum of rewards for the player who chose it, times it was available (prior visits included). */
  visits: number;
  total: number;
  available: number;
  /** Easy's score for a root answer and the visits it counts for (PRIOR_VISITS), or 0 visits. */
  prior: number;
  priorVisits: number;
  node: TreeNode;
}

/**
 * How far the leaves' rewards sit from easy's scores, on average over the iterations through a root answer that
 * has a prior (the reward minus that answer's prior): added to every prior, it puts easy's scores on the leaves' scale.
 */
interface Calibration {
  n: number;
  offset: number;
}

interface TreeNode {
  branches: Map<string, Branch>;
  /** Answers found to do nothing here or refused by the game (see the walk), and the answers already checked. */
  idle: Set<string>;
  checked: Set<string>;
}

export interface SearchReport {
  answer: Answer;
  iterations: number;
  /** Root answers by visits, and their mean reward for the AI's seat, for tests and the bench. */
  visits: Record<string, number>;
  means: Record<string, number>;
}

export function searchAnswer<S extends BaseState>(
  g: AiGame<S>,
  known: S,
  pending: PendingDecision,
  seat: Seat,
  seed: string,
  budget: SearchBudget,
  now: () => number = () => performance.now(),
): SearchReport {
  const root: TreeNode = newNode();
  const started = now();
  // The time budget covers the whole decision, easy's head start included (a queued job's share is all it gets:
  // queue-budget.ts): easy's look-ahead stops at half of it (the answers it has not scored start without a prior),
  // and a playout still running at the end stops there and scores the position it reached.
  const past = (fraction: number) => budget.millis !== undefined && now() - started >= budget.millis * fraction;
  seedRoot(g, root, known, pending, () => past(0.5));
  // The rewards' running mean and spread (Welford), which scale exploration (see EXPLORATION).
  const spread = { n: 0, mean: 0, m2: 0 };
  const calibration: Calibration = { n: 0, offset: 0 };
  let iterations = 0;
  let rng: RngState = seedRng(`ismcts:${seed}`);
  for (; iterations < budget.iterations; iterations++) {
    // At least one iteration unless easy's head start gave the root its answers.
    if ((iterations > 0 || root.branches.size > 0) && past(1)) break;
    // Iteration 0 plays the AI's own knowledge as it is; the others sample the hidden cards again.
    let world = iterations === 0 ? known : g.hooks.determinize(known, seat, `${seed}:${iterations}`);
    const startWorld = world;
    let startKey: string | null = null;
    // Still in our own first action: only our choices since the root, and nobody has had priority again.
    let ownAction = true;
    let idle = false;
    let node = root;
    let p: PendingDecision | null = pending;
    const path: { branch: Branch; mover: Seat }[] = [];
    let expanded = false;
    while (p && !expanded) {
      const offered = candidates(p).filter((c) => !node.idle.has(c.key));
      const here: Branch[] = [];
      for (const c of offered) here.push(branchFor(node, c));
      if (here.length === 0) break; // every answer here did nothing: score the position as it stands
      for (const b of here) b.available += 1;
      const fresh = here.find((b) => b.visits === 0);
      const chosen = fresh ?? ucb(here, explorationOf(spread), node === root ? calibration.offset : 0);
      expanded = fresh !== undefined;
      const key = keyOf(node, chosen);
      let played: S | null;
      try {
        played = step(g, world, p, chosen.answer);
      } catch {
        played = null;
      }
      // The game refused this answer: it threw, or it asks the same declaration again naming the problem. Not a
      // branch here, now or later: left in, it would be fresh again in the next iteration and taken again (and a
      // refused declaration scores like the answer given after it, so the search could choose it and be asked
      // again forever).
      if (played === null || refusedAgain(p, pendingOf(g, played))) {
        node.idle.add(key);
        node.branches.delete(key);
        idle = true;
        break;
      }
      world = played;
      path.push({ branch: chosen, mover: p.player });
      const from = node;
      node = chosen.node;
      const next = settle(g, world);
      // An answer whose only sequel is taking the action back (a payment that cannot complete it) did nothing here.
      if (next.rewound) {
        from.idle.add(key);
        from.branches.delete(key);
        idle = true;
        break;
      }
      world = next.state;
      p = next.pending;
      // An answer within our own action that leads back to where the iteration started did nothing (the game
      // rewound the action): as good as the default in every playout, and a player without memory that took it
      // would take it forever. Each branch is checked once, in the first world that reaches it.
      if (ownAction && !from.checked.has(key)) {
        from.checked.add(key);
        if (p?.player === seat) {
          startKey ??= positionKey(startWorld);
          if (positionKey(world) === startKey) {
            from.idle.add(key);
            from.branches.delete(key);
            idle = true;
            break;
          }
        }
      }
      if (!p || p.player !== seat || p.role === 'priority') ownAction = false;
    }
    if (idle) continue;
    if (budget.leaf === 'lookahead' && !world.result)
      world = lookAheadFrom(g, world, path[path.length - 1]?.mover ?? seat, EASY_LIMITS, () => past(1));
    // Truncated playout: random legal answers (forced ones included in the count), then the heuristic. Its first
    // step copies the world (it may be `known` or a state the walk reached); the copy is the playout's own, so the
    // later steps change it in place (core/search.ts `simulateInPlace`), where a copy per step was a fifth to a
    // third of a random MTG, FoW or AQA decision.
    const inPlace = g.hooks.simulateInPlace;
    let owned = false;
    let lost = false;
    for (let d = 0; budget.leaf !== 'lookahead' && d < budget.playoutDepth && !world.result; d++) {
      if (past(1)) break;
      const q = g.module.pending(world);
      if (!q) break;
      let answer: Answer;
      if (isForced(q)) answer = forcedAnswer(q);
      else {
        const [response, next] = randomResponse(q, rng, PLAYOUT_ACTIVITY);
        rng = next;
        const { decisionId: _, ...rest } = response;
        answer = rest;
      }
      try {
        world = owned && inPlace ? inPlace(world, q.player, respond(q.id, answer)) : step(g, world, q, answer);
        owned = true;
      } catch (err) {
        // A random answer refused (IllegalAction) changed nothing: score the position as it stands. Any other
        // error (the engine's) on a world changed in place left it part-changed: this iteration scores nothing.
        lost = owned && inPlace !== undefined && !(err instanceof IllegalAction);
        break;
      }
    }
    if (lost) continue;
    const reward = g.evaluate(world, seat);
    spread.n += 1;
    const delta = reward - spread.mean;
    spread.mean += delta / spread.n;
    spread.m2 += delta * (reward - spread.mean);
    for (const { branch, mover } of path) {
      branch.visits += 1;
      branch.total += mover === seat ? reward : -reward;
    }
    const first = path[0]?.branch;
    if (first && first.priorVisits > 0) {
      calibration.n += 1;
      calibration.offset += (reward - first.prior - calibration.offset) / calibration.n;
    }
  }
  const meanOf = (b: Branch) => calibratedMean(b, calibration.offset);
  const ranked = [...root.branches.values()].sort((a, b) => b.visits - a.visits || meanOf(b) - meanOf(a));
  const best = ranked[0];
  if (!best) throw new Error(`no answer was playable for ${pending.kind} (${pending.id})`);
  const visits: Record<string, number> = {};
  const means: Record<string, number> = {};
  for (const [key, b] of root.branches) {
    visits[key] = b.visits;
    means[key] = meanOf(b);
  }
  return { answer: best.answer, iterations, visits, means };
}

/**
 * Root branches with easy's scores as prior visits (PRIOR_VISITS); answers easy finds to do nothing or refused are
 * left out, as the walk would find them; those not scored in time start empty. Setup decisions (mulligans) have no
 * look-ahead: no prior.
 */
function seedRoot<S extends BaseState>(
  g: AiGame<S>,
  root: TreeNode,
  known: S,
  pending: PendingDecision,
  enough: () => boolean,
): void {
  if (pending.role === 'setup') return;
  const scored = greedyScores(g, known, pending, EASY_LIMITS, enough);
  if (scored.every((s) => s.score === null)) return;
  for (const { candidate, score } of scored) {
    if (score === undefined) continue;
    if (score === null) {
      root.idle.add(candidate.key);
      continue;
    }
    const b = branchFor(root, candidate);
    b.visits = PRIOR_VISITS;
    b.available = PRIOR_VISITS;
    b.total = PRIOR_VISITS * score;
    b.prior = score;
    b.priorVisits = PRIOR_VISITS;
  }
}

function explorationOf(spread: { n: number; m2: number }): number {
  if (spread.n < 2) return EXPLORATION;
  return Math.max(MIN_EXPLORATION, EXPLORATION * Math.sqrt(spread.m2 / (spread.n - 1)));
}

function newNode(): TreeNode {
  return { branches: new Map(), idle: new Set(), checked: new Set() };
}

function branchFor(node: TreeNode, c: Candidate): Branch {
  let b = node.branches.get(c.key);
  if (!b) {
    b = { answer: c.answer, visits: 0, total: 0, available: 0, prior: 0, priorVisits: 0, node: newNode() };
    node.branches.set(c.key, b);
  }
  return b;
}

function keyOf(node: TreeNode, b: Branch): string {
  for (const [key, value] of node.branches) if (value === b) return key;
  return '';
}

/** A branch's mean reward, its prior (if any) moved by the leaves' offset from easy's scores (see Calibration). */
function calibratedMean(b: Branch, offset: number): number {
  return (b.total + b.priorVisits * offset) / Math.max(1, b.visits);
}

/**
 * UCB1 over the branches available in this world, with availability counts in place of the parent's visits; `offset`
 * moves the root's priors onto the leaves' scale (0 below the root, where no branch has a prior).
 */
function ucb(branches: readonly Branch[], exploration: number, offset: number): Branch {
  let best = branches[0] as Branch;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const b of branches) {
    const score = calibratedMean(b, offset) + exploration * Math.sqrt(Math.log(b.available) / b.visits);
    if (score > bestScore) {
      best = b;
      bestScore = score;
    }
  }
  return best;
}
