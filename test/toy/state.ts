/**
 * The toy's state: plain JSON (type aliases, no classes), extending the kernel's `ProcedureState` (its frames live in
 * `procedures`) and holding the game's own zones, objects, stack, pending triggers and event/LKI table.
 */
import { changeZone, type EventState, type ObjRef, refTo } from '../../src/engine/core/events.ts';
import { type GameResult, opponentOf, type Seat } from '../../src/engine/core/game.ts';
import type { ProcedureState } from '../../src/engine/core/procedure.ts';
import type { RngState } from '../../src/engine/core/rng.ts';
import { cardOf } from './cards.ts';

/** Skirmish's game id: registered only in the tests that put its definition (definition.ts) in a registry. */
export const TOY_GAME_ID = 'toy-skirmish';

export type Zone = 'deck' | 'hand' | 'board' | 'stack' | 'graveyard';
export const ZONES: readonly Zone[] = ['deck', 'hand', 'board', 'stack', 'graveyard'];

export type ToyObject = {
  id: string;
  card: string;
  owner: Seat;
  zone: Zone;
  /** TOY 3.3: on the board face down (its card known to its owner only). */
  faceDown: boolean;
  damage: number;
  /** +1 power counters (Rally Horn). */
  counters: number;
};

export type Target = { player: Seat } | { unit: ObjRef };

/** What is on the stack: a played card, a flipped Snare, or a triggered ability whose source has left (LKI). */
export type StackItem = {
  id: string;
  kind: 'card' | 'flip' | 'trigger';
  /** The object (cards: as it is on the stack; triggers: the incarnation that died). */
  source: ObjRef;
  controller: Seat;
  target: Target | null;
};

export type PendingTrigger = { controller: Seat; source: ObjRef };

export type Side = {
  life: number;
  deck: string[];
  hand: string[];
  board: string[];
  graveyard: string[];
  drewFromEmpty: boolean;
};

export type ToyState = ProcedureState & {
  rng: RngState;
  turn: { number: number; active: Seat };
  sides: Record<Seat, Side>;
  objects: Record<string, ToyObject>;
  /** Bottom first; the last item resolves first. */
  stack: StackItem[];
  nextItem: number;
  triggers: PendingTrigger[];
  events: EventState;
};

export function objectOf(s: ToyState, id: string): ToyObject {
  const o = s.objects[id];
  if (!o) throw new Error(`no object ${id}`);
  return o;
}

export function sideOf(s: ToyState, seat: Seat): Side {
  return s.sides[seat];
}

function zoneList(s: ToyState, o: ToyObject): string[] | null {
  return o.zone === 'stack' ? null : sideOf(s, o.owner)[o.zone];
}

/**
 * Moves an object to another zone: a new object for the rules (CR 400.7), so what it was is recorded as last-known
 * information first. Returns the ref to the incarnation that left.
 */
export function moveObject(s: ToyState, id: string, to: Zone, faceDown = false): ObjRef {
  const o = objectOf(s, id);
  const from = zoneList(s, o);
  if (from) from.splice(from.indexOf(id), 1);
  const left = changeZone(s.events, id, { card: o.card, controller: o.owner, power: powerOf(o), zone: o.zone });
  o.zone = to;
  o.faceDown = faceDown;
  o.damage = 0;
  o.counters = 0;
  const into = zoneList(s, o);
  if (into) into.push(id);
  return left;
}

export function powerOf(o: ToyObject): number {
  const card = cardOf(o.card);
  return card.type === 'unit' && !o.faceDown ? card.power + o.counters : 0;
}

/** Face-up units on a seat's board. */
export function unitsOf(s: ToyState, seat: Seat): ToyObject[] {
  return sideOf(s, seat)
    .board.map((id) => objectOf(s, id))
    .filter((o) => !o.faceDown && cardOf(o.card).type === 'unit');
}

export function currentRef(s: ToyState, id: string): ObjRef {
  return refTo(s.events, id);
}

/** TOY 2.1: draws; drawing from an empty deck is remembered for the state checks (TOY 1.3). */
export function draw(s: ToyState, seat: Seat, count: number): void {
  for (let i = 0; i < count; i++) {
    const top = sideOf(s, seat).deck[0];
    if (top === undefined) {
      sideOf(s, seat).drewFromEmpty = true;
      return;
    }
    moveObject(s, top, 'hand');
  }
}

/** A win as rules state: `reason` is a code (TOY_RESULT_WORDS in index.ts puts it into words). */
export function win(winner: Seat, rule: string, reason: string): GameResult {
  return { kind: 'win', winner, reason, rule };
}

export { opponentOf };
