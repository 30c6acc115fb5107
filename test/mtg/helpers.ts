/** Shared helpers for the MTG tests: decks from the precons, and answering decisions by option id. */
import { readFileSync } from 'node:fs';
import type { DecisionResponse, DeckList, PendingDecision, Seat } from '../../src/engine/core/game.ts';
import { mtg } from '../../src/engine/games/mtg/index.ts';
import type { MtgState } from '../../src/engine/games/mtg/state.ts';

export function precon(id: string): DeckList {
  const file = JSON.parse(readFileSync(new URL(`../../data/decks/mtg/${id}.json`, import.meta.url), 'utf8')) as {
    sections: Record<string, { card: string; count: number }[]>;
  };
  const out: DeckList = {};
  for (const [section, entries] of Object.entries(file.sections))
    out[section] = entries.flatMap((e) => Array.from({ length: e.count }, () => e.card));
  return out;
}

export const DECKS = [
  'mtg-sunforge-vanguard',
  'mtg-tidal-venom',
  'mtg-wildfire-grove',
  'mtg-dawn-legion',
  'mtg-cinder-pack',
  'mtg-grave-whispers',
  'mtg-mistcloak-tide',
  'mtg-grove-wardens',
];

export function pendingOf(s: MtgState): PendingDecision {
  const p = mtg.pending(s);
  if (!p) throw new Error('nothing pending');
  return p;
}

/** Answers a pick with these option ids. */
export function choose(s: MtgState, ...ids: string[]): MtgState {
  const p = pendingOf(s);
  return mtg.apply(s, p.player as Seat, { decisionId: p.id, choose: ids });
}

export function respond(
  s: MtgState,
  response: Omit<DecisionResponse, 'decisionId' | 'choose'> & { choose?: string[] },
): MtgState {
  const p = pendingOf(s);
  return mtg.apply(s, p.player as Seat, { decisionId: p.id, choose: [], ...response });
}

import { moveObject, objectOf, type Zone } from '../../src/engine/games/mtg/state.ts';

const BASICS = ['plains', 'island', 'swamp', 'mountain', 'forest'];

/** A legal 60-card deck: these cards, then basic lands in turn. */
export function deckOf(cards: string[]): DeckList {
  const main = [...cards];
  for (let i = 0; main.length < 60; i++) main.push(BASICS[i % BASICS.length] ?? 'plains');
  return { main };
}

/** A game at p1's first main phase (p1 plays first, both keep), with these cards in each library. */
export function duel(p1: string[] = [], p2: string[] = [], seed = 'duel'): MtgState {
  let s = mtg.setup({ game: 'mtg', decks: { p1: deckOf(p1), p2: deckOf(p2) } }, seed);
  s = choose(s, pendingOf(s).player === 'p1' ? 'play' : 'draw');
  s = choose(s, 'keep');
  s = choose(s, 'keep');
  return passUntil(s, 'main1', 'p1');
}

/** Passes priority (and declares nothing) until the given step of the given player's turn. */
export function passUntil(s: MtgState, step: string, active: Seat): MtgState {
  let out = s;
  for (let i = 0; i < 200; i++) {
    const p = pendingOf(out);
    if (out.turn.step === step && out.turn.active === active && p.kind === 'priority') return out;
    if (p.shape === 'declare') out = respond(out, { declare: {} });
    else if (p.kind === 'priority') out = choose(out, 'pass');
    else if (p.kind === 'discard' && p.shape === undefined) out = choose(out, ...p.defaultOnTimeout);
    else throw new Error(`passUntil: unexpected decision ${p.kind}`);
  }
  throw new Error(`passUntil: never reached ${step}`);
}

/**
 * Test set-up: takes a copy of `card` from `seat`'s library (or hand) and puts it into `zone`; on the battlefield it
 * has been there since before this turn (no summoning sickness); the move triggers nothing. Returns its id. Changes the
 * state in place.
 */
export function put(s: MtgState, seat: Seat, card: string, zone: Zone, sick = false): string {
  const p = s.players[seat];
  const id = [...p.library, ...p.hand].find((x) => objectOf(s, x).card === card);
  if (!id) throw new Error(`put: no ${card} in ${seat}'s library or hand`);
  moveObject(s, id, zone);
  s.happened = s.happened.filter((e) => e.type !== 'zone' || e.object !== id); // set-up triggers nothing (CR 603)
  if (zone === 'battlefield') {
    objectOf(s, id).baseController = seat;
    objectOf(s, id).controlledSince = sick ? s.turn.number : -1;
  }
  return id;
}

/** The option id of the pending pick whose id starts with this prefix. */
export function optionStarting(s: MtgState, prefix: string): string {
  const p = pendingOf(s);
  if (p.shape !== undefined && p.shape !== 'pick') throw new Error(`not a pick: ${p.kind}`);
  const o = p.options.find((x) => x.id.startsWith(prefix));
  if (!o) throw new Error(`no option ${prefix} in ${p.kind}: ${p.options.map((x) => x.id).join(' ')}`);
  return o.id;
}

export function optionIds(s: MtgState): string[] {
  const p = pendingOf(s);
  return p.shape === undefined || p.shape === 'pick' ? p.options.map((o) => o.id) : [];
}
