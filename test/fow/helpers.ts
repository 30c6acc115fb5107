// Building Force of Will positions for rule tests: a real setup, then cards put where a test needs them, then real
// decisions through the module (nothing is answered behind the engine's back).
import { expect } from 'vitest';
import type { DeckList, DeclareDecision, PendingDecision, PickDecision, Seat } from '../../src/engine/core/game.ts';
import { fow } from '../../src/engine/games/fow/index.ts';
import { type FowState, moveObject, objectOf, type Zone } from '../../src/engine/games/fow/state.ts';

const filler = (card: string, n: number) => Array.from({ length: n }, () => card);

/** A legal deck: the ruler, 40 main deck cards (10 × 4 of `main`, padded), 10 magic stones. */
export function deck(ruler: string, main: string[], stones = ['fire-magic-stone']): DeckList {
  const names = [...main];
  const pad = [
    'flare-lance',
    'skyveil-kite',
    'cinderhorn-charger',
    'star-sworn-squire',
    'ashen-bombardier',
    'bastion-golem',
    'verdant-larva',
    'echo-wisp',
    'wither-curse',
    'halving-hex',
  ];
  for (const p of pad) if (names.length < 10 && !names.includes(p)) names.push(p);
  return {
    ruler: [ruler],
    main: names.flatMap((c) => filler(c, 4)),
    stones: stones.flatMap((c) => filler(c, Math.ceil(10 / stones.length))),
  };
}

export const AURELLE = 'aurelle-ember-warden';
export const NERISSA = 'nerissa-tide-oracle';

/** Setup with both players keeping their hands: the first player's first priority of turn 1 (draw phase). */
export function start(seed: string, p1: DeckList = deck(AURELLE, []), p2: DeckList = deck(NERISSA, [])): FowState {
  let s = fow.setup({ game: 'fow', decks: { p1, p2 } }, seed);
  s = choose(s, 'keep');
  s = choose(s, 'keep');
  return s;
}

/** A start where p1 goes first (seeds are tried in order). */
export function startP1(p1?: DeckList, p2?: DeckList): FowState {
  for (let i = 0; i < 50; i++) {
    const s = start(`p1-first-${i}`, p1, p2);
    if (s.firstPlayer === 'p1') return s;
  }
  throw new Error('no seed gives p1 the first turn');
}

export function pending(s: FowState): PendingDecision {
  const p = fow.pending(s);
  if (!p) throw new Error('nothing pending');
  return p;
}

export function pick(s: FowState): PickDecision {
  const p = pending(s);
  if (p.shape !== undefined && p.shape !== 'pick') throw new Error(`not a pick: ${p.kind}`);
  return p;
}

export function optionIds(s: FowState): string[] {
  return pick(s).options.map((o) => o.id);
}

/** Answers the pending pick with these option ids (the pending player). */
export function choose(s: FowState, ...ids: string[]): FowState {
  const p = pending(s);
  return fow.apply(s, p.player as Seat, { decisionId: p.id, choose: ids });
}

/** Answers the reveal window that a chant played by the opponent opens (ruling F-REVEAL) with "reveal nothing". */
export function noReveal(s: FowState): FowState {
  const p = pending(s);
  if (p.kind !== 'reveal') throw new Error(`no reveal window: ${p.kind}`);
  return choose(s, 'no-reveal');
}

/** The pending declaration (the banish of 1110.2). */
export function declaration(s: FowState): DeclareDecision {
  const p = pending(s);
  if (p.shape !== 'declare') throw new Error(`not a declaration: ${p.kind}`);
  return p;
}

/** Answers the pending declaration: slot id → option ids, or `back`. */
export function declare(s: FowState, answer: Record<string, string[]> | 'back'): FowState {
  const p = declaration(s);
  return answer === 'back'
    ? fow.apply(s, p.player as Seat, { decisionId: p.id, choose: [], control: 'back' })
    : fow.apply(s, p.player as Seat, { decisionId: p.id, choose: [], declare: answer });
}

/** Passes until `until` holds (at most `limit` decisions); every decision on the way must offer a pass. */
export function passUntil(s: FowState, until: (s: FowState) => boolean, limit = 200): FowState {
  let out = s;
  for (let i = 0; i < limit; i++) {
    if (until(out)) return out;
    const p = pick(out);
    const passive = p.options.find((o) => o.role === 'pass' || o.role === 'passive');
    if (!passive) throw new Error(`no pass in ${p.kind}: ${p.options.map((o) => o.id).join(', ')}`);
    out = choose(out, passive.id);
  }
  throw new Error('condition never held');
}

/** Puts a new object of `card` into a zone of `seat` (for the field: under `seat`'s control since before the turn). */
export function put(s: FowState, seat: Seat, card: string, zone: Zone): string {
  const id = `t${Object.keys(s.objects).length + 1}`;
  s.objects[id] = {
    id,
    card,
    owner: seat,
    controller: seat,
    zone: 'removed',
    inc: 0,
    rested: false,
    damage: 0,
    counters: {},
    face: 'front',
    controlSince: 0,
    fieldSince: 0,
    awakened: false,
    attachedTo: null,
    standbyTurn: null,
  };
  s.players[seat].removed.push(id);
  moveObject(s, id, zone);
  const o = objectOf(s, id);
  if (zone === 'field') {
    o.controlSince = 0;
    o.fieldSince = 0;
  }
  return id;
}

/** Gives `seat` will in the pool (1003). */
export function giveWill(s: FowState, seat: Seat, symbols: string): void {
  for (const c of symbols) s.players[seat].pool.push({ attr: c as 'R', trait: null });
}

export function expectRule(fn: () => unknown, rule: string): void {
  expect(fn).toThrow(new RegExp(`Unsupported rule ${rule.replace('.', '\\.')}`));
}
