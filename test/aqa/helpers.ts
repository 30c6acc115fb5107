// Helpers for Aquarian Age rule tests: a match with chosen cards, answers by option id, and positions reached by
// passing. Tests may arrange the plain-JSON state (a card into a hand, a deck's order) before the next answer: the
// pending decision is rebuilt from the state whenever it is read.
import type { DeckList, PendingDecision, Seat } from '../../src/engine/core/game.ts';
import { aqa } from '../../src/engine/games/aqa/index.ts';
import { type AqaState, cardOf, moveCard } from '../../src/engine/games/aqa/state.ts';

const FILLER = [
  'sentinel-statue',
  'nameless-drifter',
  'ember-courier',
  'twin-banner-adept',
  'rook-of-the-bastion',
  'anchor-sibyl',
  'ruin-hound',
  'oathbound-knight',
  'guild-quartermaster',
  'spare-harness',
  'tidecaller',
  'veil-walker',
];

/** A legal 40-card deck holding `cards`, filled with other cards (at most 4 of a name). */
export function deckWith(cards: readonly string[]): DeckList {
  const main = [...cards];
  const count = (id: string) => main.filter((c) => c === id).length;
  for (const f of FILLER) while (main.length < 40 && count(f) < 4) main.push(f);
  return { main };
}

export type GameOptions = {
  p1?: string[];
  p2?: string[];
  control1?: string[];
  control2?: string[];
  protocol?: 'chain' | 'item';
  seed?: string;
};

/** p1 goes first; `control1`/`control2` start as controlled characters with full power (test option). */
export function newGame(o: GameOptions = {}): AqaState {
  return aqa.setup(
    {
      game: 'aqa',
      decks: {
        p1: deckWith([...(o.p1 ?? []), ...(o.control1 ?? [])]),
        p2: deckWith([...(o.p2 ?? []), ...(o.control2 ?? [])]),
      },
      options: {
        first: 'p1',
        responseProtocol: o.protocol ?? 'chain',
        startingControl: { p1: o.control1 ?? [], p2: o.control2 ?? [] },
      },
    },
    o.seed ?? 'test',
  );
}

export function pending(s: AqaState): PendingDecision {
  const p = aqa.pending(s);
  if (!p) throw new Error('nothing pending');
  return p;
}

export function optionIds(s: AqaState): string[] {
  const p = pending(s);
  return p.shape === undefined || p.shape === 'pick' ? p.options.map((o) => o.id) : [];
}

/** Answers the pending pick with these option ids (the decision's player answers). */
export function choose(s: AqaState, ...ids: string[]): AqaState {
  const p = pending(s);
  return aqa.apply(s, p.player, { decisionId: p.id, choose: ids });
}

export function answerNumber(s: AqaState, n: number): AqaState {
  const p = pending(s);
  return aqa.apply(s, p.player, { decisionId: p.id, choose: [], number: n });
}

/** Pays a cost automatically when the payment asks which character pays (ruling G14). */
export function payAuto(s: AqaState): AqaState {
  return optionIds(s).includes('auto') ? choose(s, 'auto') : s;
}

/** Declines whatever is pending: pass a window, end the main phase, say no, keep the hand, give no power. */
export function decline(s: AqaState): AqaState {
  const p = pending(s);
  if (p.shape !== undefined && p.shape !== 'pick') throw new Error(`cannot decline a ${p.shape}`);
  const ids = p.options.map((o) => o.id);
  if (ids.includes('pass')) return choose(s, 'pass');
  if (ids.includes('end')) return choose(s, 'end');
  if (ids.includes('no')) return choose(s, 'no');
  if (p.min === 0) return choose(s);
  return choose(s, ...ids.slice(0, p.min));
}

/** Declines until `until` holds (at most `limit` decisions). */
export function declineUntil(s: AqaState, until: (s: AqaState) => boolean, limit = 500): AqaState {
  let out = s;
  for (let i = 0; i < limit; i++) {
    if (until(out) || out.result) return out;
    out = decline(out);
  }
  throw new Error('declineUntil: limit reached');
}

/** The main-phase decision of `seat` (turn 1 is p1's). */
export function toMain(s: AqaState, seat: Seat = 'p1'): AqaState {
  return declineUntil(s, (x) => pending(x).kind === 'main' && pending(x).player === seat);
}

/** Moves a card of `seat`'s deck with this card id into their hand; returns the object id. */
export function putInHand(s: AqaState, seat: Seat, card: string): string {
  const held = s.sides[seat].hand.find((x) => s.objects[x]?.card === card);
  if (held) return held;
  const id = s.sides[seat].deck.find((x) => s.objects[x]?.card === card);
  if (!id) throw new Error(`no ${card} in ${seat}'s deck`);
  moveCard(s, id, 'hand');
  return id;
}

/** Puts these cards (from anywhere in the deck) on top of `seat`'s deck, first = top. */
export function stackDeck(s: AqaState, seat: Seat, cards: string[]): void {
  const deck = s.sides[seat].deck;
  const picked: string[] = [];
  for (const card of cards) {
    const id = deck.find((x) => s.objects[x]?.card === card && !picked.includes(x));
    if (!id) throw new Error(`no ${card} left in ${seat}'s deck`);
    picked.push(id);
  }
  s.sides[seat].deck = [...picked, ...deck.filter((x) => !picked.includes(x))];
}

/** The controlled character of `seat` showing this card. */
export function controlled(s: AqaState, seat: Seat, card: string): string {
  for (const id of s.sides[seat].control) {
    const c = s.characters[id];
    const top = c?.cards[c.cards.length - 1];
    if (top && s.objects[top]?.card === card) return id;
  }
  throw new Error(`${seat} controls no ${card}`);
}

export function characterNamed(s: AqaState, card: string): string | undefined {
  return Object.values(s.characters).find((c) => {
    const top = c.cards[c.cards.length - 1];
    return top !== undefined && s.objects[top]?.card === card;
  })?.id;
}

export function cardsIn(s: AqaState, seat: Seat, zone: 'hand' | 'discard' | 'damage' | 'deck'): string[] {
  return s.sides[seat][zone].map((id) => s.objects[id]?.card ?? '');
}

export { cardOf };
