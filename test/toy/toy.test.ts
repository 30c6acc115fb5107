/**
 * The toy game's tests: the generic random-play checks, save-and-resume at every pause, and one scenario per
 * kernel piece (face-down identity, last-known information, a nested play, a rewound play, a declaration refused
 * as a whole, a replacement order choice). A game author's tests take the same shape.
 */
import { describe, expect, it } from 'vitest';
import { asPick } from '../../src/engine/core/decision.ts';
import { collectLki, lastKnown, lkiKey } from '../../src/engine/core/events.ts';
import type { MatchSetup, PendingDecision, Seat, Viewer } from '../../src/engine/core/game.ts';
import { stateHash } from '../../src/engine/core/hash.ts';
import { seedRng } from '../../src/engine/core/rng.ts';
import { fuzzGame, randomResponse } from '../../src/engine/fuzz/random-play.ts';
import { TOY_DECKS } from './cards.ts';
import { toy, toyKernel, validateToyDeck } from './index.ts';
import { moveObject, objectOf, TOY_GAME_ID, type ToyState } from './state.ts';
import { toyHiddenIdentities } from './view.ts';

const match: MatchSetup = {
  game: TOY_GAME_ID,
  decks: { p1: { main: TOY_DECKS.aggro }, p2: { main: TOY_DECKS.guard } },
};
const P1: Viewer = { kind: 'player', seat: 'p1' };
const P2: Viewer = { kind: 'player', seat: 'p2' };
const SPECTATOR: Viewer = { kind: 'spectator' };

describe('toy game: the generic random-play checks', () => {
  it('passes invariants, replay and hidden-id checks over 300 seeded games, all of which finish', () => {
    let finished = 0;
    for (let i = 0; i < 300; i++) {
      const r = fuzzGame(toy, match, `toy-${i}`, { checkViews: true, maxDecisions: 3000, activity: 0.7 });
      expect(r.failures, `seed toy-${i}`).toEqual([]);
      if (r.finished) finished += 1;
    }
    expect(finished).toBe(300);
  });
});

/** Random games, optionally saved and restored through JSON at every pause; every state's hash, in order. */
function randomRun(seed: string, restoreEveryPause: boolean, onPause?: (s: ToyState, p: PendingDecision) => void) {
  let s = toy.setup(match, seed);
  let rng = seedRng(`pause-${seed}`);
  const hashes = [stateHash(s)];
  while (!s.result) {
    const p = toy.pending(s);
    if (!p) throw new Error('nothing pending');
    onPause?.(s, p);
    const [r, next] = randomResponse(p, rng, 0.7);
    rng = next;
    s = toy.apply(s, p.player, r);
    if (restoreEveryPause) s = JSON.parse(JSON.stringify(s)) as ToyState;
    hashes.push(stateHash(s));
  }
  return hashes;
}

describe('toy game: saving at any pause', () => {
  it('a JSON round trip at every pause gives the same hashes as the uninterrupted run (40 games)', () => {
    let depths = 0;
    let faceDownSeen = 0;
    for (let i = 0; i < 40; i++) {
      const straight = randomRun(`p-${i}`, false, (s) => {
        depths = Math.max(depths, s.procedures.frames.length);
        // Hidden identity (the fuzzer checks ids only): a face-down card's entry has no card for other viewers.
        for (const viewer of [P1, P2, SPECTATOR]) {
          const view = toy.view(s, viewer);
          for (const id of toyHiddenIdentities(s, viewer)) {
            const owner = objectOf(s, id).owner;
            const entry = view.sides[owner].board.find((o) => o.id === id);
            expect(entry && !('card' in entry), `${id} in ${JSON.stringify(viewer)}`).toBe(true);
            faceDownSeen += 1;
          }
        }
      });
      expect(randomRun(`p-${i}`, true), `seed p-${i}`).toEqual(straight);
    }
    expect(depths).toBeGreaterThanOrEqual(5); // pauses deep in the stack were among them
    expect(faceDownSeen).toBeGreaterThan(100);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Scenarios: a position arranged from the setup (states are plain data), then answers by option id.

/** A fresh game at p1's first priority, with the named cards moved from a deck to a hand or board. */
function position(arrange: { seat: Seat; zone: 'hand' | 'board'; cards: string[] }[]): ToyState {
  const s = toy.setup(match, 'scenario');
  for (const { seat, zone, cards } of arrange) {
    for (const card of cards) {
      const id = s.sides[seat].deck.find((x) => objectOf(s, x).card === card);
      if (!id) throw new Error(`no ${card} left in ${seat}'s deck`);
      moveObject(s, id, zone);
    }
  }
  collectLki(s.events, [s.stack, s.procedures.frames]); // as the window does before it offers priority
  expect(toy.invariants?.(s)).toEqual([]);
  return s;
}

function idOf(s: ToyState, seat: Seat, zone: 'hand' | 'board' | 'graveyard', card: string): string {
  const id = s.sides[seat][zone].find((x) => objectOf(s, x).card === card);
  if (!id) throw new Error(`no ${card} in ${seat}'s ${zone}`);
  return id;
}

/** Answers the pending decision with these option ids (whoever is asked), checking they are offered. */
function answer(s: ToyState, ...choose: string[]): ToyState {
  const p = asPick(toy.pending(s));
  if (!p) throw new Error('nothing pending');
  for (const id of choose)
    expect(
      p.options.map((o) => o.id),
      `${p.kind} offers ${id}`,
    ).toContain(id);
  const next = toy.apply(s, p.player, { decisionId: p.id, choose });
  expect(toy.invariants?.(next)).toEqual([]);
  return next;
}

const pendingKind = (s: ToyState) => toy.pending(s)?.kind;
const boardEntry = (s: ToyState, viewer: Viewer, seat: Seat, id: string) =>
  toy.view(s, viewer).sides[seat].board.find((o) => o.id === id);

describe('toy game: scenarios', () => {
  it('a face-down card shows its id to everyone and its card to its owner only, until it is flipped', () => {
    let s = position([{ seat: 'p1', zone: 'hand', cards: ['snare'] }]);
    const snare = idOf(s, 'p1', 'hand', 'snare');
    s = answer(s, `set:${snare}`);
    expect(boardEntry(s, P1, 'p1', snare)).toMatchObject({ id: snare, card: 'snare', faceDown: true });
    for (const viewer of [P2, SPECTATOR]) {
      const entry = boardEntry(s, viewer, 'p1', snare);
      expect(entry).toMatchObject({ id: snare, faceDown: true });
      expect(entry && 'card' in entry).toBe(false);
      expect(toyHiddenIdentities(s, viewer)).toEqual([snare]);
    }
    expect(toyHiddenIdentities(s, P1)).toEqual([]);
    // Flipping reveals it: it goes on the stack face up, and deals 2 to the opponent when it resolves.
    s = answer(s, `flip:${snare}`);
    expect(toy.view(s, P2).stack[0]?.source).toMatchObject({ id: snare, card: 'snare', faceDown: false });
    s = answer(answer(s, 'pass'), 'pass');
    expect(s.sides.p2.life).toBe(8);
    expect(objectOf(s, snare).zone).toBe('graveyard');
  });

  it('"when it dies" reads the unit as it last was: a boosted Martyr drains 2, not its printed 1 (CR 603.10)', () => {
    let s = position([
      { seat: 'p1', zone: 'board', cards: ['martyr'] },
      { seat: 'p1', zone: 'hand', cards: ['rally-horn', 'ember'] },
    ]);
    const martyr = idOf(s, 'p1', 'board', 'martyr');
    s = answer(answer(answer(s, `play:${idOf(s, 'p1', 'hand', 'rally-horn')}`), 'pass'), 'pass');
    expect(objectOf(s, martyr).counters).toBe(1);
    s = answer(s, `play:${idOf(s, 'p1', 'hand', 'ember')}`);
    s = answer(s, `unit:${martyr}`);
    s = answer(answer(s, 'pass'), 'pass'); // Ember resolves: the Martyr dies; its trigger goes on the stack
    const trigger = s.stack[0];
    expect(trigger?.kind).toBe('trigger');
    if (!trigger) throw new Error('no trigger');
    expect(objectOf(s, martyr)).toMatchObject({ zone: 'graveyard', counters: 0 });
    expect(lastKnown(s.events, trigger.source)).toMatchObject({ card: 'martyr', power: 2, zone: 'board' });
    s = answer(answer(s, 'pass'), 'pass');
    expect(s.sides.p2.life).toBe(8);
    // Nothing refers to that incarnation any more: its entry is collected.
    expect(s.events.lki[lkiKey(trigger.source)]).toBeUndefined();
  });

  it('a card resolving lets its controller play another: a play frame nested inside the resolution', () => {
    let s = position([{ seat: 'p1', zone: 'hand', cards: ['echo-chant', 'footman'] }]);
    const echo = idOf(s, 'p1', 'hand', 'echo-chant');
    const footman = idOf(s, 'p1', 'hand', 'footman');
    const handBefore = s.sides.p1.hand.length;
    s = answer(answer(answer(s, `play:${echo}`), 'pass'), 'pass');
    expect(pendingKind(s)).toBe('extra-play');
    expect(toyKernel.describe(s)).toBe(
      'turn:attack > window:resolved > resolve:effects > extra-play:chosen?extra-play',
    );
    expect(s.sides.p1.hand.length).toBe(handBefore - 1 + 1); // Echo left, one card drawn
    s = answer(s, `play:${footman}`);
    // Echo finished resolving (graveyard); the Footman waits on the stack; the active player has priority.
    expect(objectOf(s, echo).zone).toBe('graveyard');
    expect(s.stack.map((i) => i.source.id)).toEqual([footman]);
    expect(toy.pending(s)).toMatchObject({ kind: 'priority', player: 'p1' });
    s = answer(answer(s, 'pass'), 'pass');
    expect(s.sides.p1.board).toContain(footman);
  });

  it('cancelling a play rewinds the game to just before it (TOY 4.2, MTG 721)', () => {
    const before = position([{ seat: 'p1', zone: 'hand', cards: ['ember'] }]);
    const ember = idOf(before, 'p1', 'hand', 'ember');
    const choosing = answer(before, `play:${ember}`);
    expect(objectOf(choosing, ember).zone).toBe('stack');
    expect(toyKernel.describe(choosing)).toBe('turn:attack > window:played > transaction:end > play:targeted?target');
    const after = answer(choosing, 'cancel');
    const rulesPart = (s: ToyState) => ({ ...s, version: 0, procedures: null });
    expect(rulesPart(after)).toEqual(rulesPart(before));
    expect(after.version).toBe(before.version + 2);
    expect(after.procedures.frames).toEqual(before.procedures.frames);
    expect(toy.pending(after)).toMatchObject({ kind: 'priority', player: 'p1' });
  });

  it('an attack declaration is judged as a whole, and refused with the problem named', () => {
    let s = position([{ seat: 'p1', zone: 'board', cards: ['footman', 'footman', 'martyr'] }]);
    const [f1, f2] = s.sides.p1.board.filter((id) => objectOf(s, id).card === 'footman') as [string, string];
    const martyr = idOf(s, 'p1', 'board', 'martyr');
    s = answer(answer(s, 'pass'), 'pass');
    expect(pendingKind(s)).toBe('attackers');
    s = answer(s, `attack:${f1}`, `attack:${f2}`, `attack:${martyr}`);
    const again = toy.pending(s);
    expect(again?.kind).toBe('attackers');
    expect(again?.prompt.en).toMatch(/^Those attackers have 5 power in total; at most 4 may attack\./);
    expect(s.sides.p2.life).toBe(10);
    s = answer(s, `attack:${f1}`, `attack:${f2}`);
    expect(s.sides.p2.life).toBe(6);
  });

  it('two wards whose order matters: the damaged player chooses it (TOY 6.2, CR 616.1)', () => {
    let s = position([
      { seat: 'p1', zone: 'board', cards: ['footman', 'martyr'] },
      { seat: 'p2', zone: 'board', cards: ['halving-totem', 'buckler'] },
    ]);
    const totem = idOf(s, 'p2', 'board', 'halving-totem');
    const buckler = idOf(s, 'p2', 'board', 'buckler');
    s = answer(answer(s, 'pass'), 'pass');
    s = answer(s, ...s.sides.p1.board.map((id) => `attack:${id}`));
    expect(toy.pending(s)).toMatchObject({ kind: 'damage-replacement-order', player: 'p2' });
    // 3 damage: halve then reduce → 1 → 0; reduce then halve → 2 → 1.
    expect(answer(s, totem).sides.p2.life).toBe(10);
    expect(answer(s, buckler).sides.p2.life).toBe(9);
  });
});

describe('toy game: deck rules and conceding', () => {
  it('names each problem with its rule', () => {
    expect(validateToyDeck({ main: TOY_DECKS.aggro })).toEqual([]);
    const bad = validateToyDeck({ main: ['ember', 'ember', 'ember', 'buckler', 'buckler', 'nope'] });
    expect(bad.map((p) => [p.card ?? '', p.rule])).toEqual([
      ['', 'TOY 1.1'],
      ['ember', 'TOY 1.1'],
      ['buckler', 'TOY 1.1'],
      ['nope', 'TOY 1.1'],
    ]);
  });

  it('a concession ends the game at once, with nothing pending', () => {
    const s = toy.concede(toy.setup(match, 'c'), 'p2');
    expect(s.result).toMatchObject({ kind: 'win', winner: 'p1', rule: 'TOY 1.3' });
    expect(toy.pending(s)).toBeNull();
  });
});
