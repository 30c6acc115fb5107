import { UnsupportedRule } from '../../core/errors.ts';
import { opponentOf, type Seat } from '../../core/game.ts';
import { novaCard } from './cards/pool.ts';
import type { Counted } from './cards/schema.ts';
import type { CardObject, NovaState, Zone } from './state.ts';
import { putObject, removeObject } from './working-copy.ts';

/** The card object, to read. To change it, use `writableObj` (working-copy.ts): states share card objects. */
export function obj(s: NovaState, id: string): CardObject {
  const o = s.objects[id];
  if (!o) throw new Error(`No object ${id}`);
  return o;
}

export function newObject(s: NovaState, card: string, owner: Seat, zone: Zone | 'waiting'): CardObject {
  s.nextId += 1;
  const o: CardObject = {
    id: `o${s.nextId}`,
    card,
    owner,
    controller: owner,
    zone,
    frozen: false,
    damage: 0,
    counters: {},
    attachedTo: null,
    destroyed: false,
    enteredAt: 0,
    sinceTurnStart: false,
  };
  putObject(s, o);
  return o;
}

function removeFromZone(s: NovaState, o: CardObject): void {
  if (o.zone === 'waiting') return; // the waiting item is removed by whoever resolves or negates it
  const list = s.players[o.controller].zones[o.zone];
  const i = list.indexOf(o.id);
  if (i >= 0) list.splice(i, 1);
}

/**
 * Moves a card to a zone and returns its new object. A zone change makes a new object (NOVA 301.9);
 * cards go to their owner's zone (301.11); counters fall off (919.3); characters that would go anywhere but
 * the field go to the retired area instead (504.1, docs/rulings A32, A42); a card with a leave-the-field replacement
 * goes where it says (802.1.3.1.2).
 */
export function moveCard(
  s: NovaState,
  id: string,
  to: Zone | 'waiting',
  opts: { controller?: Seat; position?: 'top' | 'bottom' } = {},
): CardObject {
  const o = obj(s, id);
  const def = novaCard(o.card);
  let dest = to;
  // NOVA 802.1.3.1.2, 802.1.3.2: a card that says where it goes when it leaves the field goes there instead
  // (docs/rulings/nova.md R51); it is the card's own printed ability, so it applies wherever it was going.
  if (o.zone === 'field' && dest !== 'field' && def.abilities.some((a) => a.kind === 'leaves-field-replacement'))
    dest = 'exclusion';
  if (def.type === 'character' && dest !== 'field' && dest !== 'waiting' && dest !== 'charDeck') dest = 'retired'; // NOVA 504.1
  if (def.type !== 'character' && dest === 'retired')
    throw new UnsupportedRule('301.12', 'main-deck cards never enter the retired area');
  removeFromZone(s, o);
  removeObject(s, o.id);
  const controller = dest === 'field' ? (opts.controller ?? o.controller) : o.owner;
  const moved = newObject(s, o.card, o.owner, dest);
  moved.controller = controller;
  if (dest === 'field') {
    s.timestamp += 1;
    moved.enteredAt = s.timestamp;
  }
  if (dest !== 'waiting') {
    const list = s.players[controller].zones[dest];
    if (opts.position === 'bottom') list.push(moved.id);
    else if (dest === 'deck') list.unshift(moved.id);
    else list.push(moved.id);
  }
  // Equipment attached to a card that left the field is handled by rules processing (NOVA 506.1).
  return moved;
}

/** Control change on the field is not a zone change: same object, same damage (NOVA 301.9.1). */
export function fieldObjects(s: NovaState, seat?: Seat): CardObject[] {
  const seats: Seat[] = seat ? [seat] : ['p1', 'p2'];
  const out: CardObject[] = [];
  for (const p of seats) for (const id of s.players[p].zones.field) out.push(obj(s, id));
  return out;
}

export function isServant(o: CardObject): boolean {
  return novaCard(o.card).type === 'servant';
}

export function isCharacter(o: CardObject): boolean {
  return novaCard(o.card).type === 'character';
}

/** Every card object the game knows, wherever it is: for the conservation invariant. */
export function countAllCards(s: NovaState): number {
  return Object.keys(s.objects).length;
}

/** The number of cards `what` names now, seen from `me` (amounts, 004.6; state triggers on a count, 801.4.6.1.1). */
export function cardsCounted(s: NovaState, me: Seat, what: Exclude<Counted, 'chosen-number'>): number {
  const servants = (seat: Seat) => fieldObjects(s, seat).filter((o) => novaCard(o.card).type === 'servant').length;
  switch (what) {
    case 'your-servants':
      return servants(me);
    case 'opponents-servants':
      return servants(opponentOf(me));
    case 'your-graveyard':
      return s.players[me].zones.graveyard.length;
    case 'your-hand':
      return s.players[me].zones.hand.length;
    case 'opponents-hand':
      return s.players[opponentOf(me)].zones.hand.length;
    case 'your-energy-zone':
      return s.players[me].zones.energy.length;
    case 'opponents-energy-zone':
      return s.players[opponentOf(me)].zones.energy.length;
    case 'opponents-graveyard':
      return s.players[opponentOf(me)].zones.graveyard.length;
    case 'your-main-deck':
      return s.players[me].zones.deck.length; // NOVA 301.8: any zone's number of cards is known to both
  }
}
