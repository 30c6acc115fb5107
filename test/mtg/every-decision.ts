// A steered MTG match that meets every decision kind of issue 17's list: the deck both players import and the
// steering (which answer each decision gets), shared by the sandbox test (test/mtg/sandbox-every-decision.test.ts)
// and by the engine-only walk of the same steering (`walkInEngine`: seconds, not a sandbox's minute, so a seed that
// stops meeting every kind after a change to the deck or the engine is told quickly, and another is found with it). The steering is a pure function of the pending decision, the state and what it has
// done so far; its random choices come from one seeded source, so a seed plays the same match.
import type { DecisionResponse, DeclareDecision, PendingDecision, Seat } from '../../src/engine/core/game.ts';
import { mtg } from '../../src/engine/games/mtg/index.ts';
import type { MtgState } from '../../src/engine/games/mtg/state.ts';
import { rng } from '../bot/bot-harness.ts';

/** A 60-card Constructed list (CR 100.2a: at most four of a card but basic lands) the deck importer reads. */
export const EVERY_DECISION_DECK = `[main]
12 forest
12 island
4 wildbloom-beast
2 ebb-of-insight
4 pathfinders-trek
4 ebbwatch-augury
2 mind-silt
4 riverborn-seer
4 mossback-tender
4 fernstep-elk
4 rootweave-druid
4 harvest-sprite`;

/** The decision kinds the issue asks to see at least once in one match (CR 103-510 as stages A and B reach them). */
export const EVERY_KIND = [
  'play-first',
  'mulligan',
  'priority',
  'target',
  'pay',
  'kicker',
  'x',
  'search',
  'scry',
  'surveil',
  'order-triggers',
  'attackers',
  'blockers',
  'damage-order',
  'assign-damage',
  'assign-split',
] as const;

/** An answer in the engine's terms; the sandbox test turns it into clicks and selects. */
export type Answer =
  | { choose: string[] }
  | { number: number }
  | { split: Record<string, number> }
  | { declare: Record<string, string[]> };

/** What the steering has done so far (to pay by hand once and automatically once, to customise damage once). */
export interface Steering {
  pick: (n: number) => number;
  paidByHand: boolean;
  paidAutomatically: boolean;
  customised: boolean;
}

/** The cards cast first while the kind they lead to has not been met yet. */
const LEADS_TO: Record<string, string> = {
  'wildbloom-beast': 'kicker',
  'ebb-of-insight': 'kicker',
  'pathfinders-trek': 'search',
  'ebbwatch-augury': 'surveil',
  'mind-silt': 'x',
  'riverborn-seer': 'order-triggers',
  'mossback-tender': 'order-triggers',
};

function randomPick(p: Extract<PendingDecision, { options: unknown }>, pick: (n: number) => number): string[] {
  const left = p.options.map((o) => o.id);
  const count = p.min + pick(Math.min(p.max, left.length) - p.min + 1);
  const chosen: string[] = [];
  for (let i = 0; i < count; i++) chosen.push(left.splice(pick(left.length), 1)[0] as string);
  return chosen;
}

/**
 * Attack with every creature that may; block with every creature that may, all on the first attacker offered (two
 * blockers on one attacker: damage assignment order and a division, CR 509.2, 510.1c). A refused declaration is
 * answered by letting every slot take its first option but the first (fewer blockers, the engine asks again).
 */
function declare(p: DeclareDecision): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const refused = p.problem !== null;
  p.slots.forEach((slot, i) => {
    const first = slot.options[0]?.id;
    out[slot.id] = first && !(refused && i > 0) ? [first] : [];
  });
  return out;
}

/** The steered answer to the pending decision. */
export function steer(p: PendingDecision, s: MtgState, seen: ReadonlySet<string>, st: Steering): Answer {
  if (p.shape === 'declare') return { declare: declare(p) };
  if (p.shape === 'number') return { number: Math.min(p.max, Math.max(p.min, 1)) }; // X = 1 when it can be
  if (p.shape === 'distribute') {
    // CR 510.1c: everything to the first in the damage assignment order is always legal.
    const first = p.targets[0]?.id;
    return { split: first ? { [first]: p.total } : {} };
  }
  const has = (id: string) => p.options.some((o) => o.id === id);
  switch (p.kind) {
    case 'play-first':
      return { choose: [has('play') ? 'play' : (p.options[0]?.id ?? '')] };
    case 'mulligan':
      return { choose: [has('keep') ? 'keep' : (p.options[0]?.id ?? '')] };
    case 'kicker':
      return { choose: [has('kick') ? 'kick' : 'no-kick'] };
    case 'assign-damage': {
      const customise = !st.customised;
      st.customised = true;
      return { choose: [customise ? 'customise' : 'default'] };
    }
    case 'pay': {
      const tap = p.options.find((o) => o.id.startsWith('tap:'));
      if (!st.paidByHand && tap) {
        st.paidByHand = true;
        return { choose: [tap.id] };
      }
      if (has('auto')) {
        st.paidAutomatically = true;
        return { choose: ['auto'] };
      }
      return { choose: [tap?.id ?? 'cancel'] };
    }
    case 'priority':
      return { choose: [priority(p, s, seen, st.pick)] };
    default:
      return { choose: randomPick(p, st.pick) };
  }
}

/**
 * At priority: nothing but in one's own main phase with an empty stack (so the bot's auto-pass, which passes for a
 * player whose spell waits or outside their stops, never differs from the steering): a land, then a card leading to
 * a kind not met yet, then any card, else pass.
 */
function priority(
  p: Extract<PendingDecision, { options: unknown }>,
  s: MtgState,
  seen: ReadonlySet<string>,
  pick: (n: number) => number,
): string {
  const main = (s.turn.step === 'main1' || s.turn.step === 'main2') && s.stack.length === 0;
  if (!main || p.player !== s.turn.active) return 'pass';
  const land = p.options.find((o) => o.id.startsWith('land:'));
  if (land) return land.id;
  const casts = p.options.filter((o) => o.id.startsWith('cast:'));
  const cardOf = (id: string) => s.objects[id.slice('cast:'.length)]?.card ?? '';
  const wanted = casts.filter((o) => {
    const kind = LEADS_TO[cardOf(o.id)];
    return kind !== undefined && !seen.has(kind);
  });
  const pool = wanted.length > 0 ? wanted : casts;
  if (pool.length === 0) return 'pass';
  return pool[pick(pool.length)]?.id ?? 'pass';
}

/** A new steering with its random source (the sandbox test and the engine walk use the same seed). */
export function newSteering(): Steering {
  return { pick: rng(17), paidByHand: false, paidAutomatically: false, customised: false };
}

/** The deck list as the importer reads it: one card id per copy. */
export function everyDecisionCards(): string[] {
  return EVERY_DECISION_DECK.split('\n')
    .slice(1)
    .flatMap((line) => {
      const [count, card] = line.split(' ');
      return Array.from({ length: Number(count) }, () => card ?? '');
    });
}

/** The steered match of this seed played on the engine alone: the kinds met and whether it ended by its rules. */
export function walkInEngine(seed: string): { kinds: Set<string>; ended: boolean; steering: Steering } {
  const main = everyDecisionCards();
  let s = mtg.setup({ game: 'mtg', decks: { p1: { main }, p2: { main } } }, seed);
  const steering = newSteering();
  const kinds = new Set<string>();
  for (let n = 0; n < 4000 && !s.result; n++) {
    const p = mtg.pending(s);
    if (!p) break;
    kinds.add(p.kind);
    const response: DecisionResponse = { decisionId: p.id, choose: [], ...steer(p, s, kinds, steering) };
    s = mtg.apply(s, p.player as Seat, response);
  }
  return { kinds, ended: !!s.result, steering };
}
