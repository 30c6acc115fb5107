// The answers a player considers for one decision, of any shape (pick, number, distribute, declare), each checked
// against the kernel's own limits. Search branches on these, so they stay few (a choose-N over many options is
// sampled, not enumerated) and are keyed by content, not by decision id, so the same answer in two sampled worlds
// is the same branch (option ids are object ids, which determinisation keeps: core/search.ts).
import { distributeProblem, numberProblem, slotProblem, timeoutResponse } from '../engine/core/decision.ts';
import type { DecisionOption, DecisionResponse, PendingDecision, PickDecision } from '../engine/core/game.ts';
import { nextInt, seedRng } from '../engine/core/rng.ts';
import { onlyMakesResources } from '../engine/resource-kinds.ts';

/** An answer without its decision id: the same answer fits the same decision in every sampled world. */
export type Answer = Omit<DecisionResponse, 'decisionId'>;

/** The option id every game gives the undo of an action being played (its role is `passive`). */
export const CANCEL = 'cancel';

/**
 * The option id of taking back the last pick of an action under way (NOVA's payment, 804.2.4: "take back the last
 * source"); counted as an undo only with the role `passive` (Force of Will's face choice has a `back` of its own).
 */
export const TAKE_BACK = 'back';

export interface Candidate {
  key: string;
  answer: Answer;
}

/** At most this many candidates per decision: enough for the shapes' real variety, few enough to search. */
export const MAX_CANDIDATES = 16;

/** Subsets of at most this many are enumerated whole; larger picks are sampled. */
const ENUMERATE_LIMIT = 24;

export function respond(decisionId: string, answer: Answer): DecisionResponse {
  return { decisionId, ...answer };
}

/** The key of an answer: its content in a fixed order (picks keep their order when it matters). */
export function answerKey(pending: PendingDecision, answer: Answer): string {
  switch (pending.shape) {
    default: {
      const ids = pending.ordered ? answer.choose : [...answer.choose].sort();
      return `c:${ids.join(',')}`;
    }
    case 'number':
      return `n:${answer.number}`;
    case 'distribute':
      return `s:${Object.entries(answer.split ?? {})
        .filter(([, n]) => n > 0)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([id, n]) => `${id}=${n}`)
        .join(',')}`;
    case 'declare':
      return `d:${Object.entries(answer.declare ?? {})
        .filter(([, ids]) => ids.length > 0)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([slot, ids]) => `${slot}=${[...ids].sort().join('+')}`)
        .join(',')}`;
  }
}

/** The one answer of a forced decision (core/search.ts `isForced`): every option, or the only number. */
export function forcedAnswer(pending: PendingDecision): Answer {
  if (pending.shape === 'number') return { choose: [], number: pending.min };
  if (pending.shape === 'distribute' || pending.shape === 'declare')
    throw new Error(`a ${pending.shape} decision is never forced`);
  return { choose: pending.options.map((o) => o.id) };
}

/** The decision's own rules-legal default (pass, keep, no block), without its id. */
export function defaultAnswer(pending: PendingDecision): Answer {
  const { decisionId: _, ...answer } = timeoutResponse(pending);
  return answer;
}

/**
 * The decision's default when the kernel accepts it, else the first candidate: a look-ahead that plays defaults must
 * not stop at a decision whose default its game got wrong.
 */
export function fallbackAnswer(pending: PendingDecision): Answer {
  return candidates(pending)[0]?.answer ?? defaultAnswer(pending);
}

/**
 * The candidate answers to `pending`, the default first, then the shape's natural variety, then random samples
 * (seeded by the decision, so every sampled world offers the same ones). Each is within the kernel's limits; a game
 * may still refuse a declaration as a whole, which search then sees as one more decision.
 */
export function candidates(pending: PendingDecision): Candidate[] {
  let rng = seedRng(`candidates:${pending.id}:${pending.kind}`);
  const roll = (n: number): number => {
    const [v, next] = nextInt(rng, n);
    rng = next;
    return v;
  };
  const out = new Map<string, Answer>();
  const add = (answer: Answer) => {
    if (out.size < MAX_CANDIDATES && legal(pending, answer)) {
      const key = answerKey(pending, answer);
      if (!out.has(key)) out.set(key, answer);
    }
  };
  add(defaultAnswer(pending));
  switch (pending.shape) {
    default:
      for (const choose of pickAnswers(considered(pending), roll)) add({ choose });
      break;
    case 'number': {
      const step = pending.step ?? 1;
      const count = Math.floor((pending.max - pending.min) / step) + 1;
      const wanted = Math.min(count, MAX_CANDIDATES);
      for (let i = 0; i < wanted; i++) {
        const index = wanted === 1 ? 0 : Math.round((i * (count - 1)) / (wanted - 1));
        add({ choose: [], number: pending.min + index * step });
      }
      break;
    }
    case 'distribute': {
      const ids = pending.targets.map((t) => t.id);
      // Everything on one target (the others at their minimum), then an even spread, then random splits.
      for (const focus of ids) {
        const split: Record<string, number> = Object.fromEntries(ids.map((id) => [id, pending.minEach]));
        split[focus] = Math.min(pending.maxEach, pending.total - pending.minEach * (ids.length - 1));
        add({ choose: [], split });
      }
      const even: Record<string, number> = {};
      ids.forEach((id, i) => {
        even[id] = Math.floor(pending.total / ids.length) + (i < pending.total % ids.length ? 1 : 0);
      });
      add({ choose: [], split: even });
      for (let tries = 0; tries < 3 * MAX_CANDIDATES && out.size < MAX_CANDIDATES; tries++) {
        const split: Record<string, number> = Object.fromEntries(ids.map((id) => [id, pending.minEach]));
        let left = pending.total - pending.minEach * ids.length;
        if (pending.allowLess) left = roll(left + 1);
        while (left > 0) {
          const open = ids.filter((id) => (split[id] ?? 0) < pending.maxEach);
          if (open.length === 0) break;
          const id = open[roll(open.length)] as string;
          split[id] = (split[id] ?? 0) + 1;
          left -= 1;
        }
        add({ choose: [], split });
      }
      break;
    }
    case 'declare': {
      const refused = pending.problem ? answerKey(pending, { choose: [], declare: pending.draft }) : null;
      const base = (): Record<string, string[]> =>
        Object.fromEntries(pending.slots.map((s) => [s.id, s.options.slice(0, s.min).map((o) => o.id)]));
      // One slot at a time on each of its options (one attacker, one blocker), then every slot on its first option.
      for (const slot of pending.slots)
        for (const option of slot.options) {
          if (slot.max < 1) continue;
          const declare = base();
          declare[slot.id] = [option.id];
          add({ choose: [], declare });
        }
      const all = base();
      for (const slot of pending.slots) if (slot.max >= 1 && slot.options[0]) all[slot.id] = [slot.options[0].id];
      add({ choose: [], declare: all });
      for (let tries = 0; tries < 3 * MAX_CANDIDATES && out.size < MAX_CANDIDATES; tries++) {
        const declare: Record<string, string[]> = {};
        for (const slot of pending.slots) declare[slot.id] = sample(slot.options, slot.min, slot.max, roll);
        add({ choose: [], declare });
      }
      if (refused) out.delete(refused);
      break;
    }
  }
  // Undoing an action already started ("cancel"), or its last pick ("take back"), is offered only when nothing else
  // is: a player that starts an action because its look-ahead went through, then cancels it, would start it again
  // forever; and one that takes back a source it picked a decision ago picks it again (NOVA normal with look-ahead
  // leaves, seed s21, game 13: from decision 1,384 on, a black source paid and taken back in one payment until the
  // arena stopped the game at 6,000 decisions).
  const undo = undoIds(pending);
  const all = [...out].map(([key, answer]) => ({ key, answer }));
  const through = all.filter((c) => !c.answer.choose.some((id) => undo.has(id)));
  return through.length > 0 ? through : all;
}

/** The options of a pick that undo the action under way, or its last pick (see CANCEL and TAKE_BACK). */
function undoIds(pending: PendingDecision): Set<string> {
  const ids = new Set([CANCEL]);
  if (pending.shape === undefined || pending.shape === 'pick')
    for (const o of pending.options) if (o.id === TAKE_BACK && o.role === 'passive') ids.add(o.id);
  return ids;
}

/** Pick answers: every subset when there are few, else singles, "all", and random subsets. */
/**
 * At priority, options that only make mana or energy are not actions of their own (engine/resource-kinds.ts):
 * payments draw on the same sources. Left in, a look-ahead tapped or froze sources for nothing (NOVA easy against
 * random fell from 96% to 55% when NOVA rules v5 offered energy abilities at priority).
 */
function considered(p: PickDecision): PickDecision {
  if (p.role !== 'priority') return p;
  const options = p.options.filter((o) => !onlyMakesResources(o));
  return options.length === p.options.length || options.length < p.min ? p : { ...p, options };
}

function pickAnswers(p: PickDecision, roll: (n: number) => number): string[][] {
  const ids = p.options.map((o) => o.id);
  const max = Math.min(p.max, ids.length);
  const answers: string[][] = [];
  if (countSubsets(ids.length, p.min, max) <= ENUMERATE_LIMIT) {
    for (let k = p.min; k <= max; k++) answers.push(...subsets(ids, k));
  } else {
    if (p.min <= 1 && max >= 1) for (const id of ids) answers.push([id]);
    answers.push(ids.slice(0, max));
    for (let i = 0; i < 2 * MAX_CANDIDATES; i++) answers.push(sample(p.options, p.min, max, roll));
  }
  // Ordered picks: the listed order and its reverse stand for the orders (a tree over n! orders helps nobody).
  if (p.ordered) for (const a of [...answers]) if (a.length > 1) answers.push([...a].reverse());
  return answers;
}

function sample(options: readonly DecisionOption[], min: number, max: number, roll: (n: number) => number): string[] {
  const pool = options.map((o) => o.id);
  const top = Math.min(max, pool.length);
  const count = min + roll(top - min + 1);
  const chosen: string[] = [];
  for (let i = 0; i < count; i++) chosen.push(pool.splice(roll(pool.length), 1)[0] as string);
  return chosen;
}

function countSubsets(n: number, min: number, max: number): number {
  let total = 0;
  let c = 1; // C(n, 0)
  for (let k = 0; k <= max; k++) {
    if (k >= min) total += c;
    if (total > ENUMERATE_LIMIT) return total;
    c = (c * (n - k)) / (k + 1);
  }
  return total;
}

function subsets(ids: readonly string[], k: number): string[][] {
  if (k === 0) return [[]];
  const out: string[][] = [];
  const walk = (start: number, chosen: string[]) => {
    if (chosen.length === k) {
      out.push([...chosen]);
      return;
    }
    for (let i = start; i < ids.length; i++) walk(i + 1, [...chosen, ids[i] as string]);
  };
  walk(0, []);
  return out;
}

/** Within the kernel's limits for the shape (the same checks `validateAnswer` makes). */
function legal(p: PendingDecision, a: Answer): boolean {
  switch (p.shape) {
    default: {
      const known = new Set(p.options.map((o) => o.id));
      return (
        a.choose.length >= p.min &&
        a.choose.length <= p.max &&
        new Set(a.choose).size === a.choose.length &&
        a.choose.every((id) => known.has(id))
      );
    }
    case 'number':
      return a.number !== undefined && numberProblem(p, a.number) === null;
    case 'distribute':
      return distributeProblem(p, a.split ?? {}) === null;
    case 'declare':
      return p.slots.every((s) => slotProblem(s, a.declare?.[s.id] ?? []) === null);
  }
}
