import { describe, expect, it } from 'vitest';
import { opponentOf, type Seat } from '../../src/engine/core/game.ts';
import { stateHash } from '../../src/engine/core/hash.ts';
import { type RngState, seedRng } from '../../src/engine/core/rng.ts';
import { randomResponse, searchProblems } from '../../src/engine/fuzz/random-play.ts';
import { determinizeNova } from '../../src/engine/games/nova/determinize.ts';
import { evaluateNova } from '../../src/engine/games/nova/evaluate.ts';
import { nova } from '../../src/engine/games/nova/index.ts';
import { novaInvariants } from '../../src/engine/games/nova/invariants.ts';
import {
  parseNovaScenario as parseScenario,
  runNovaScenario as runScenario,
} from '../../src/engine/games/nova/scenario/hooks.ts';
import type { NovaState } from '../../src/engine/games/nova/state.ts';
import { gamePrecons, preconDeckList } from '../../src/engine/precons.ts';

const precons = gamePrecons('nova');

function newGame(i: number): NovaState {
  const a = precons[i % precons.length] as (typeof precons)[number];
  const b = precons[(i + 2) % precons.length] as (typeof precons)[number];
  return nova.setup({ game: 'nova', decks: { p1: preconDeckList(a), p2: preconDeckList(b) } }, `search-${i}`);
}

/** One random decision (biased towards acting, as the fuzzer plays). */
function step(s: NovaState, rng: RngState, play = nova.apply): [NovaState, RngState] {
  const p = nova.pending(s);
  if (!p) throw new Error('nothing pending');
  const [r, next] = randomResponse(p, rng, 0.7);
  return [play(s, p.player, r), next];
}

/** States reached by random play in a few games, every `every` decisions. */
function reachableStates(games: number, every: number): NovaState[] {
  const out: NovaState[] = [];
  for (let i = 0; i < games; i++) {
    let s = newGame(i);
    let rng = seedRng(`reach-${i}`);
    for (let n = 0; n < 3000 && !s.result; n++) {
      [s, rng] = step(s, rng);
      if (n % every === every - 1 && !s.result) out.push(s);
    }
  }
  return out;
}

const cardsOf = (s: NovaState, ids: readonly string[]) => ids.map((id) => s.objects[id]?.card);
const sortedCards = (s: NovaState) =>
  Object.values(s.objects)
    .map((o) => o.card)
    .sort();

describe('NOVA determinisation (SearchHooks.determinize)', () => {
  const states = reachableStates(3, 150);

  it('keeps the view of the seat it is made for, object ids, and the cards in play', () => {
    expect(states.length).toBeGreaterThan(10);
    for (const s of states) {
      for (const seat of ['p1', 'p2'] as Seat[]) {
        const d = determinizeNova(s, seat, `view-${s.version}`);
        expect(nova.view(d, { kind: 'player', seat })).toEqual(nova.view(s, { kind: 'player', seat }));
        expect(Object.keys(d.objects).sort()).toEqual(Object.keys(s.objects).sort());
        expect(d.players).toEqual(s.players);
        expect(sortedCards(d)).toEqual(sortedCards(s)); // a re-deal, not new cards
        const asked = nova.pending(d);
        if (asked?.player === seat)
          expect(asked.options.map((o) => o.id)).toEqual(nova.pending(s)?.options.map((o) => o.id));
      }
    }
  });

  it("deals the hidden cards again (the opponent's hand differs across seeds) and reseeds the RNG", () => {
    let varied = 0;
    let possible = 0;
    for (const s of states) {
      const seat: Seat = 'p1';
      const theirs = s.players.p2.zones;
      const unknown = new Set(cardsOf(s, [...theirs.hand, ...theirs.deck]));
      if (theirs.hand.length === 0 || unknown.size < 2) continue;
      possible += 1;
      const worlds = ['a', 'b', 'c', 'd'].map((seed) => determinizeNova(s, seat, seed));
      const hands = new Set(worlds.map((d) => JSON.stringify(cardsOf(d, theirs.hand))));
      if (hands.size > 1) varied += 1;
      expect(new Set(worlds.map((d) => JSON.stringify(d.rng))).size).toBe(4);
      for (const d of worlds) {
        expect(d.rng).not.toEqual(s.rng);
        // What the seat sees is never re-dealt: its hand and everything public.
        expect(cardsOf(d, s.players.p1.zones.hand)).toEqual(cardsOf(s, s.players.p1.zones.hand));
        expect(cardsOf(d, s.players.p2.zones.field)).toEqual(cardsOf(s, s.players.p2.zones.field));
        // Nothing in the sampled world tells the real hidden cards: the opponent's private log lines are gone.
        expect(d.log.every((e) => !e.visibleTo || e.visibleTo.includes(seat))).toBe(true);
      }
    }
    expect(possible).toBeGreaterThan(5);
    expect(varied).toBe(possible);
  });

  it('keeps the deck cards the seat looked at and put back (NOVA 303.6)', () => {
    const r = runScenario(
      parseScenario(`
rule: NOVA 303.6
game: nova
setup:
  phase: standby
  p1:
    field: ["Neris, Tide Oracle"]
    deck: [Astral Convergence, Cataclysm Hymn, Mossback Tortoise, Fusebug, Ember Whelp]
script:
  - { passUntil: decision }
`),
    );
    const p = nova.pending(r.state);
    if (p?.kind !== 'order-deck') throw new Error('expected the order-deck decision');
    const s = nova.apply(r.state, 'p1', { decisionId: p.id, choose: p.options.map((o) => o.id).reverse() });
    const deck = s.players.p1.zones.deck;
    const seeds = ['a', 'b', 'c', 'd', 'e', 'f'];
    for (const seed of seeds) {
      const d = determinizeNova(s, 'p1', seed);
      expect(cardsOf(d, deck.slice(0, 2))).toEqual(cardsOf(s, deck.slice(0, 2)));
    }
    // The rest of that deck, and the same top cards for the opponent, are dealt again.
    const rest = new Set(seeds.map((seed) => JSON.stringify(cardsOf(determinizeNova(s, 'p1', seed), deck.slice(2)))));
    const forOpponent = new Set(
      seeds.map((seed) => JSON.stringify(cardsOf(determinizeNova(s, 'p2', seed), deck.slice(0, 2)))),
    );
    expect(rest.size).toBeGreaterThan(1);
    expect(forOpponent.size).toBeGreaterThan(1);
  });

  it("is checked by the fuzzer's searchProblems, which fails a determinisation that changes what the seat sees", () => {
    const s = states[2] as NovaState;
    expect(searchProblems(nova, s, 'real', 'x')).toEqual([]);
    const careless: typeof nova = {
      ...nova,
      search: {
        ...(nova.search as NonNullable<typeof nova.search>),
        // Swaps the first two cards of the seat's own hand: a world the seat knows is not the real one.
        determinize(state, seat, seed) {
          const d = determinizeNova(state, seat, seed);
          const [a, b] = d.players[seat].zones.hand;
          const oa = a ? d.objects[a] : undefined;
          const ob = b ? d.objects[b] : undefined;
          if (a && b && oa && ob && oa.card !== ob.card) {
            d.objects[a] = { ...oa, card: ob.card };
            d.objects[b] = { ...ob, card: oa.card };
          }
          return d;
        },
      },
    };
    const withPair = states.find((x) => {
      const [a, b] = x.players.p1.zones.hand;
      return a && b && x.objects[a]?.card !== x.objects[b]?.card;
    });
    if (!withPair) throw new Error('no state with two different cards in hand');
    expect(searchProblems(careless, withPair, 'careless', 'x')).toContain(
      'careless: the determinised state for p1 looks different to p1',
    );
  });

  it('gives states that play on legally', () => {
    for (const s of states.slice(0, 12)) {
      let d = determinizeNova(s, 'p1', `play-${s.version}`);
      let rng = seedRng(`on-${s.version}`);
      for (let n = 0; n < 200 && !d.result; n++) {
        [d, rng] = step(d, rng);
        expect(novaInvariants(d)).toEqual([]);
      }
    }
  });
});

describe('NOVA evaluation (SearchHooks.evaluate)', () => {
  const states = reachableStates(2, 120);

  it('stays in [-1, 1] and is antisymmetric', () => {
    for (const s of states) {
      const v = evaluateNova(s, 'p1');
      expect(Math.abs(v)).toBeLessThanOrEqual(1);
      expect(evaluateNova(s, 'p2')).toBeCloseTo(-v, 12);
    }
  });

  it('scores more life, more board and a won game higher', () => {
    const s = states[3] as NovaState;
    const v = evaluateNova(s, 'p1');
    const richer = structuredClone(s);
    richer.players.p1.life += 500;
    expect(evaluateNova(richer, 'p1')).toBeGreaterThan(v);
    const poorer = structuredClone(s);
    poorer.players.p2.life += 500;
    expect(evaluateNova(poorer, 'p1')).toBeLessThan(v);
    // A servant moved from p2's field to p1's: p1's board grows, p2's shrinks.
    const withServant = states.find((x) =>
      x.players.p2.zones.field.some((id) => x.objects[id]?.card && !x.objects[id]?.destroyed),
    );
    if (!withServant) throw new Error('no state with a servant on the field');
    const stolen = structuredClone(withServant);
    const id = stolen.players.p2.zones.field.find((x) => stolen.objects[x]?.controller === 'p2') as string;
    stolen.players.p2.zones.field = stolen.players.p2.zones.field.filter((x) => x !== id);
    stolen.players.p1.zones.field.push(id);
    stolen.objects[id] = { ...(stolen.objects[id] as NovaState['objects'][string]), controller: 'p1' };
    expect(evaluateNova(stolen, 'p1')).toBeGreaterThan(evaluateNova(withServant, 'p1'));
    const won = { ...s, result: { kind: 'win' as const, winner: 'p1' as Seat, reason: 'test', rule: 'x' } };
    expect(evaluateNova(won, 'p1')).toBe(1);
    expect(evaluateNova(won, opponentOf('p1'))).toBe(-1);
  });
});

describe('NOVA simulation mode (SearchHooks.simulate)', () => {
  /** The rules state: everything but the log (presentation the simulation does not write). */
  const rulesHash = (s: NovaState) => {
    const { log, ...rules } = s;
    return stateHash(rules);
  };

  it('reaches the same rules state as apply after every decision of seeded games, and mixes with apply', () => {
    const simulate = nova.search?.simulate;
    if (!simulate) throw new Error('NOVA has no simulate hook');
    for (let i = 0; i < 3; i++) {
      let real = newGame(i);
      let sim = real;
      let rng = seedRng(`sim-${i}`);
      let n = 0;
      while (!real.result && n < 4000) {
        const p = nova.pending(real);
        if (!p) throw new Error('nothing pending');
        const [r, next] = randomResponse(p, rng, 0.7);
        rng = next;
        real = nova.apply(real, p.player, r);
        sim = simulate(sim, p.player, r);
        expect(rulesHash(sim)).toBe(rulesHash(real));
        n += 1;
      }
      expect(real.result).not.toBeNull();
      expect(sim.result).toEqual(real.result);
      expect(sim.log.length).toBeLessThan(real.log.length); // it did skip the log
    }
    // A simulated state goes back to apply, and the other way round.
    let s = newGame(7);
    let rng = seedRng('mix');
    for (let n = 0; n < 300 && !s.result; n++) [s, rng] = step(s, rng, n % 2 === 0 ? simulate : nova.apply);
    expect(novaInvariants(s)).toEqual([]);
  });
});
