/** Shared helpers for the Phantom Magic Vision tests: positions from real games, and answering decisions by id. */
import type { DeckList, PendingDecision, Seat } from '../../src/engine/core/game.ts';
import { pmv } from '../../src/engine/games/pmv/index.ts';
import { moveObject, objectOf, type PmvState, type Zone } from '../../src/engine/games/pmv/state.ts';

/** Vanilla-ish supported cards that fill a deck (three of each at most, §1.2.2.b). */
const FILLER = [
  'riverbank-kappa-tinker',
  'lantern-fairy-lookout',
  'hasty-courier-imp',
  'thornback-sentinel',
  'paper-doll-sentry',
  'shrine-offering',
  'ilses-midnight-study',
  'emergency-barrier',
  'withering-whisper',
  'unweave-the-casting',
  'mistveil-assassin',
  'reapers-apprentice',
  'gorou-the-gate-breaker',
  'shrine-warden-aoi',
  'cloud-step-tengu-scout',
  'sudden-gust',
  'spirit-duel-edict',
  'ilses-lantern-bolt',
  'corvins-gale-dance',
  'ilse-marrow-lantern-scholar',
];

/** A legal 50-card deck (§1.2.2.a): these cards first, then every filler twice, then a third copy while room. */
export function deckOf(cards: string[]): DeckList {
  const main = [...cards];
  const count = (c: string) => main.filter((x) => x === c).length;
  for (const limit of [2, 3]) for (const c of FILLER) while (main.length < 50 && count(c) < limit) main.push(c);
  return { main };
}

export function pendingOf(s: PmvState): PendingDecision {
  const p = pmv.pending(s);
  if (!p) throw new Error('nothing pending');
  return p;
}

export function optionIds(s: PmvState): string[] {
  const p = pendingOf(s);
  return p.shape === undefined || p.shape === 'pick' ? p.options.map((o) => o.id) : [];
}

/** Answers a pick with these option ids; checks they are offered. */
export function choose(s: PmvState, ...ids: string[]): PmvState {
  const p = pendingOf(s);
  return pmv.apply(s, p.player, { decisionId: p.id, choose: ids });
}

export const pass = (s: PmvState) => choose(s, 'pass');
export const passBoth = (s: PmvState) => pass(pass(s));

/** A game with p1 starting, at the first priority of p1's first main phase. */
export function duel(p1: string[] = [], p2: string[] = [], seed = 'duel'): PmvState {
  const s = pmv.setup(
    { game: 'pmv', decks: { p1: deckOf(p1), p2: deckOf(p2) }, options: { startingPlayer: 'p1' } },
    seed,
  );
  return passUntil(s, 'main', 'p1');
}

/** Passes priority (discarding the defaults, never grazing) until that phase of that player's turn. */
export function passUntil(s: PmvState, phase: string, active: Seat): PmvState {
  let out = s;
  for (let i = 0; i < 300; i++) {
    const p = pendingOf(out);
    if (out.turn.phase === phase && out.turn.active === active && p.kind === 'priority') return out;
    if (p.kind === 'priority') out = choose(out, 'pass');
    else if (p.kind === 'discard' && (p.shape === undefined || p.shape === 'pick'))
      out = choose(out, ...p.defaultOnTimeout);
    else if (p.kind === 'graze') out = choose(out, 'no-graze');
    else throw new Error(`passUntil: unexpected decision ${p.kind}`);
  }
  throw new Error(`passUntil: never reached ${phase}`);
}

/**
 * Test set-up: takes a copy of `card` from `seat`'s deck (or hand) and puts it into `zone` (on the field and in the
 * node area it is active unless `active` is false). Returns its id. Changes the state in place.
 */
export function put(s: PmvState, seat: Seat, card: string, zone: Zone, active = true): string {
  const p = s.players[seat];
  const from = zone === 'hand' ? p.deck : [...p.deck, ...p.hand];
  const id = from.find((x) => objectOf(s, x).card === card);
  if (!id) throw new Error(`put: no ${card} in ${seat}'s deck or hand`);
  moveObject(s, id, zone);
  if (zone === 'field' || zone === 'node') objectOf(s, id).active = active;
  return id;
}

/** Gives `seat` this many nodes from the top of the deck (active unless said). */
export function nodes(s: PmvState, seat: Seat, count: number, active = true): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = s.players[seat].deck[s.players[seat].deck.length - 1];
    if (!id) throw new Error('nodes: empty deck');
    moveObject(s, id, 'node');
    objectOf(s, id).active = active;
    out.push(id);
  }
  return out;
}

/** Plays (or uses) the option and pays automatically, answering targets in order. */
export function playCard(s: PmvState, option: string, ...targets: string[]): PmvState {
  let out = choose(s, option);
  for (const t of targets) out = choose(out, t);
  const p = pendingOf(out);
  if (p.kind === 'pay') out = choose(out, optionIds(out).includes('auto') ? 'auto' : 'free');
  return out;
}
