/**
 * Per-viewer projection. Everything sent out is built from it: a viewer's view holds no hidden object ids (hands,
 * decks) and no identity it may not know (a face-down card's `card` is absent for everyone but its owner).
 */
import type { Seat, Viewer } from '../../src/engine/core/game.ts';
import { type IdentitySecrets, identitySecrets } from '../../src/engine/core/hidden.ts';
import { cardOf } from './cards.ts';
import { objectOf, type ToyState } from './state.ts';

export type ObjectView = { id: string; card?: string; faceDown: boolean; damage: number; counters: number };
export type SideView = {
  life: number;
  deckCount: number;
  handCount: number;
  /** Present only for the hand's owner (and the omniscient viewer). */
  hand?: ObjectView[];
  board: ObjectView[];
  graveyard: ObjectView[];
};
export type ToyView = {
  version: number;
  turn: { number: number; active: Seat };
  sides: Record<Seat, SideView>;
  stack: { id: string; kind: string; controller: Seat; source: ObjectView; target: string | null }[];
  waitingFor: Seat | null;
  /** Whose view this is (null: a spectator's or the omniscient one), for the presenter's viewer tag. */
  seat: Seat | null;
};

/** May this viewer know the identity of cards `owner` keeps secret (their hand, their face-down cards)? */
export function knowsSecretsOf(viewer: Viewer, owner: Seat): boolean {
  return viewer.kind === 'omniscient' || (viewer.kind === 'player' && viewer.seat === owner);
}

function objectView(s: ToyState, id: string, viewer: Viewer): ObjectView {
  const o = objectOf(s, id);
  const base = { id, faceDown: o.faceDown, damage: o.damage, counters: o.counters };
  return o.faceDown && !knowsSecretsOf(viewer, o.owner) ? base : { ...base, card: o.card };
}

export function toyView(s: ToyState, viewer: Viewer, waitingFor: Seat | null): ToyView {
  const side = (seat: Seat): SideView => {
    const z = s.sides[seat];
    const out: SideView = {
      life: z.life,
      deckCount: z.deck.length,
      handCount: z.hand.length,
      board: z.board.map((id) => objectView(s, id, viewer)),
      graveyard: z.graveyard.map((id) => objectView(s, id, viewer)),
    };
    if (knowsSecretsOf(viewer, seat)) out.hand = z.hand.map((id) => objectView(s, id, viewer));
    return out;
  };
  return {
    version: s.version,
    turn: { ...s.turn },
    sides: { p1: side('p1'), p2: side('p2') },
    stack: s.stack.map((item) => ({
      id: item.id,
      kind: item.kind,
      controller: item.controller,
      source: objectView(s, item.source.id, viewer),
      target: item.target === null ? null : 'player' in item.target ? item.target.player : item.target.unit.id,
    })),
    waitingFor,
    seat: viewer.kind === 'player' ? viewer.seat : null,
  };
}

/** Ids this viewer must not see: every deck card, and the hands they may not look at. */
export function toyHiddenIds(s: ToyState, viewer: Viewer): string[] {
  const out: string[] = [];
  for (const seat of ['p1', 'p2'] as const) {
    if (viewer.kind !== 'omniscient') out.push(...s.sides[seat].deck);
    if (!knowsSecretsOf(viewer, seat)) out.push(...s.sides[seat].hand);
  }
  return out;
}

/** Face-down objects whose card this viewer must not learn: their ids are visible, their `card` must be absent. */
export function toyHiddenIdentities(s: ToyState, viewer: Viewer): string[] {
  return Object.values(s.objects)
    .filter((o) => o.faceDown && !knowsSecretsOf(viewer, o.owner))
    .map((o) => o.id);
}

/**
 * Every identity this viewer may not know (`GameModule.hiddenIdentities`): hidden objects (decks, others' hands)
 * and face-down cards, with their names; every other card is known through its object.
 */
export function toySecrets(s: ToyState, viewer: Viewer): IdentitySecrets {
  const hidden = new Set([...toyHiddenIds(s, viewer), ...toyHiddenIdentities(s, viewer)]);
  return identitySecrets(Object.values(s.objects), hidden, (card) => cardOf(card).name);
}
