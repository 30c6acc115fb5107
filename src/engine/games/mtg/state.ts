/**
 * MTG's rules state (CR 2019-01-25): plain JSON on the kernel's `ProcedureState`. Objects keep their id across zones;
 * each zone change is a new object for the rules (CR 400.7), tracked by the kernel's event table (`ObjRef`s).
 * Nothing here is words: the log holds codes and ids, rendered at view time (log-text.ts).
 */
import { changeZone, type EventState, type ObjRef, refTo } from '../../core/events.ts';
import { SEATS, type Seat } from '../../core/game.ts';
import type { Knowledge } from '../../core/hidden.ts';
import type { ManaType } from '../../core/mana.ts';
import type { ProcedureState } from '../../core/procedure.ts';
import type { RngState } from '../../core/rng.ts';
import { MTG_CARDS } from './cards/pool.ts';
import type { Keyword, MtgCard } from './cards/schema.ts';

export type Zone = 'library' | 'hand' | 'battlefield' | 'graveyard' | 'stack' | 'exile';

export type MtgObject = {
  id: string;
  card: string;
  owner: Seat;
  controller: Seat;
  zone: Zone;
  tapped: boolean;
  damage: number;
  /** CR 704.5h: dealt damage by a source with deathtouch since the last state-based check. */
  deathtouched: boolean;
  /** CR 302.6: the turn number from whose start its controller has controlled it (-1: since before the game). */
  controlledSince: number;
  /** CR 121: counters on it (a permanent's; they leave with it, 400.7). Absent: none. */
  counters?: Counters;
  /** CR 110.5: a token (no card; it ceases to exist outside the battlefield, 704.5d). */
  token?: boolean;
};

/** CR 121.1: the counters the pool uses. */
export type Counters = { '+1/+1'?: number; '-1/-1'?: number };
export type CounterKind = keyof Counters;

export type PlayerState = {
  life: number;
  /** Index 0 is the top (CR 401). */
  library: string[];
  hand: string[];
  graveyard: string[];
  exile: string[];
  /** CR 106.4: the mana pool (emptied between steps, 500.4; no mana burn in this CR). */
  pool: { type: ManaType; source: string }[];
  landsPlayed: number;
  /** CR 704.5b: attempted to draw from an empty library since the last check. */
  drewFromEmpty: boolean;
  mulligans: number;
  kept: boolean;
};

export type TargetRef = { player: Seat } | { object: ObjRef };

/** CR 603.7: what a delayed trigger does when it triggers (only the pool's kinds). */
export type DelayedAction = 'return-to-battlefield';

export type StackItem = {
  id: string;
  /** CR 405.1: a spell, an activated ability (602) or a triggered ability (603). */
  kind: 'spell' | 'ability' | 'trigger';
  /** Spells: the card on the stack; abilities: the permanent (as it was when activated; LKI if it left). */
  source: ObjRef;
  card: string;
  controller: Seat;
  /** Abilities: index into the card's `abilities`. */
  ability: number | null;
  /** CR 700.2: the chosen mode of a modal spell. */
  mode: number | null;
  /** CR 107.3: the value announced for X. */
  x: number | null;
  targets: TargetRef[];
  /** Triggers: the object the event was about ("it"), as it was then (look-back through LKI, 603.10). */
  subject?: ObjRef | null;
  /** Triggers that are not printed abilities: prowess (702.107a) or a delayed trigger (603.7). */
  special?: SpecialTrigger;
};

export type SpecialTrigger = { keyword: 'prowess' } | { delayed: DelayedAction };

/** CR 603.2-603.3: a triggered ability that has triggered and waits to be put on the stack. */
export type PendingTrigger = {
  source: ObjRef;
  card: string;
  controller: Seat;
  /** Index into the card's abilities; null for a special trigger. */
  ability: number | null;
  subject: ObjRef | null;
  special?: SpecialTrigger;
};

/** CR 603.7: a delayed triggered ability waiting for its moment ("the next end step"). */
export type DelayedTrigger = {
  /** The spell or ability that made it, as it was then (603.7d). */
  source: ObjRef;
  at: 'end';
  action: DelayedAction;
  /** The object it follows (603.7c: only while it stays the same object). */
  object: ObjRef;
  controller: Seat;
  /** The card of the spell or ability that made it (its source, 603.7d). */
  card: string;
};

/** CR 603.2: something that happened, kept until the trigger check looks at it (then dropped). */
export type MtgEvent =
  | { type: 'zone'; object: string; from: Zone | null; to: Zone; left: ObjRef; entered: ObjRef }
  | { type: 'attacks' | 'blocks'; object: string }
  | { type: 'step'; step: Step; active: Seat }
  | { type: 'cast'; seat: Seat; card: string };

/** CR 611.2, 613.1f, 613.3c: an "until end of turn" change on one object (the affected set is locked, 611.2c). */
export type UntilEndOfTurn = {
  object: ObjRef;
  power: number;
  toughness: number;
  keywords: Keyword[];
  timestamp: number;
};

export type Attacker = {
  defender: Seat;
  blocked: boolean /** CR 509.2: damage assignment order. */;
  blockers: string[];
};

export type Combat = {
  attackers: Record<string, Attacker>;
  /** Blocker id → the attackers it blocks. */
  blockers: Record<string, string[]>;
  /** CR 510.4: creatures that dealt first-strike damage this combat. */
  dealtFirstStrike: string[];
  firstStrikeStep: boolean;
};

export const STEPS = [
  'untap',
  'upkeep',
  'draw',
  'main1',
  'beginning-of-combat',
  'declare-attackers',
  'declare-blockers',
  'first-strike-damage',
  'combat-damage',
  'end-of-combat',
  'main2',
  'end',
  'cleanup',
] as const;
export type Step = (typeof STEPS)[number] | 'pregame';

/** A structured log line: codes, ids and numbers only (log-text.ts renders it per viewer). */
export type MtgLogEntry = {
  type: string;
  seat?: Seat;
  /** A public card id (hidden cards are never logged by identity). */
  card?: string;
  object?: string;
  amount?: number;
  step?: Step;
  rule?: string;
  /** Only the seat named here may read this line (a private line, §4 of the digest). */
  privateTo?: Seat;
};

export type MtgState = ProcedureState & {
  rng: RngState;
  startingPlayer: Seat;
  turn: { number: number; active: Seat; step: Step };
  players: Record<Seat, PlayerState>;
  objects: Record<string, MtgObject>;
  battlefield: string[];
  /** Bottom first; the last item resolves first (CR 405.5). */
  stack: StackItem[];
  nextItem: number;
  effects: UntilEndOfTurn[];
  nextTimestamp: number;
  /** Events not yet looked at for triggers, in order (one batch: what happened since the last look). */
  happened: MtgEvent[];
  /** CR 603.3: triggered abilities waiting to be put on the stack. */
  triggers: PendingTrigger[];
  /** CR 603.7: delayed triggers not yet triggered. */
  delayed: DelayedTrigger[];
  nextToken: number;
  combat: Combat | null;
  events: EventState;
  known: Knowledge;
  log: MtgLogEntry[];
};

export function cardOf(id: string): MtgCard {
  const card = MTG_CARDS.get(id);
  if (!card) throw new Error(`no MTG card ${id}`);
  return card;
}

export function objectOf(s: MtgState, id: string): MtgObject {
  const o = s.objects[id];
  if (!o) throw new Error(`no object ${id}`);
  return o;
}

export function cardOfObject(s: MtgState, id: string): MtgCard {
  return cardOf(objectOf(s, id).card);
}

export const isType = (card: MtgCard, type: MtgCard['types'][number]) => card.types.includes(type);

export function currentRef(s: MtgState, id: string): ObjRef {
  return refTo(s.events, id);
}

export function log(s: MtgState, entry: MtgLogEntry): void {
  s.log.push(entry);
}

/** The until-end-of-turn effects on this object now (its current incarnation), in timestamp order (CR 613.6). */
function effectsOn(s: MtgState, id: string): UntilEndOfTurn[] {
  const ref = currentRef(s, id);
  return s.effects
    .filter((e) => e.object.id === id && e.object.inc === ref.inc)
    .sort((a, b) => a.timestamp - b.timestamp);
}

/** CR 613.1f (layer 6): printed keywords plus those granted until end of turn. */
export function keywordsOf(s: MtgState, id: string): Keyword[] {
  const out = new Set(cardOfObject(s, id).keywords);
  for (const e of effectsOn(s, id)) for (const k of e.keywords) out.add(k);
  return [...out];
}

export function hasKeyword(s: MtgState, id: string, k: Keyword): boolean {
  return keywordsOf(s, id).includes(k);
}

export function countersOn(s: MtgState, id: string, kind: CounterKind): number {
  return objectOf(s, id).counters?.[kind] ?? 0;
}

/** CR 613.3d (layer 7d): what the +1/+1 and -1/-1 counters add. */
function counterBonus(s: MtgState, id: string): number {
  return countersOn(s, id, '+1/+1') - countersOn(s, id, '-1/-1');
}

/**
 * CR 613.3a-d: printed power, the modifications of layer 7c (until end of turn), then counters in 7d. Every change
 * here adds, so the order of 7c and 7d gives the same total; no 7b or 7e effect exists in the pool.
 */
export function powerOf(s: MtgState, id: string): number {
  const printed = cardOfObject(s, id).power ?? 0;
  return printed + effectsOn(s, id).reduce((n, e) => n + e.power, 0) + counterBonus(s, id);
}

export function toughnessOf(s: MtgState, id: string): number {
  const printed = cardOfObject(s, id).toughness ?? 0;
  return printed + effectsOn(s, id).reduce((n, e) => n + e.toughness, 0) + counterBonus(s, id);
}

/** CR 121.1: puts counters on a permanent. */
export function addCounters(s: MtgState, id: string, kind: CounterKind, count: number): void {
  const o = objectOf(s, id);
  o.counters = { ...o.counters, [kind]: (o.counters?.[kind] ?? 0) + count };
}

export function isCreature(s: MtgState, id: string): boolean {
  return isType(cardOfObject(s, id), 'creature');
}

export function creaturesOf(s: MtgState, seat: Seat): string[] {
  return s.battlefield.filter((id) => objectOf(s, id).controller === seat && isCreature(s, id));
}

/**
 * CR 302.6: a creature may attack or use {T} abilities only if its controller has controlled it continuously since
 * their most recent turn began (two players alternate, so that turn is this one or the one before).
 */
export function isSummoningSick(s: MtgState, id: string): boolean {
  const o = objectOf(s, id);
  const latestTurn = s.turn.active === o.controller ? s.turn.number : s.turn.number - 1;
  return isCreature(s, id) && !hasKeyword(s, id, 'haste') && o.controlledSince >= latestTurn; // CR 702.10b
}

function zoneList(s: MtgState, o: MtgObject): string[] | null {
  switch (o.zone) {
    case 'battlefield':
      return s.battlefield;
    case 'stack':
      return null;
    case 'library':
    case 'hand':
    case 'graveyard':
    case 'exile':
      return s.players[o.owner][o.zone];
  }
}

/** Removes an object from combat (CR 506.4) when it leaves the battlefield or stops being a creature. */
export function removeFromCombat(s: MtgState, id: string): void {
  const combat = s.combat;
  if (!combat) return;
  if (combat.attackers[id]) delete combat.attackers[id];
  if (combat.blockers[id]) delete combat.blockers[id];
  for (const a of Object.values(combat.attackers)) a.blockers = a.blockers.filter((b) => b !== id);
}

/**
 * Moves an object to a zone (CR 400.7: a new object, so what it was is recorded first as last-known information).
 * Cards always go to their owner's zones (400.3). `at` is 'top' or 'bottom' for a library; other lists append.
 */
export function moveObject(s: MtgState, id: string, to: Zone, at: 'top' | 'bottom' = 'top'): ObjRef {
  const o = objectOf(s, id);
  const from = o.zone;
  const fromList = zoneList(s, o);
  if (fromList) fromList.splice(fromList.indexOf(id), 1);
  const wasOnBattlefield = o.zone === 'battlefield';
  const left = changeZone(s.events, id, {
    card: o.card,
    controller: o.controller,
    zone: o.zone,
    power: wasOnBattlefield ? powerOf(s, id) : 0,
    toughness: wasOnBattlefield ? toughnessOf(s, id) : 0,
    creature: wasOnBattlefield && isCreature(s, id),
  });
  if (wasOnBattlefield) removeFromCombat(s, id);
  o.zone = to;
  o.controller = o.owner;
  o.tapped = false;
  o.damage = 0;
  o.deathtouched = false;
  o.controlledSince = s.turn.number;
  delete o.counters; // CR 400.7, 121.2: a new object has no counters
  const into = zoneList(s, o);
  if (into) {
    if (to === 'library' && at === 'top') into.unshift(id);
    else into.push(id);
  }
  // Whoever looked at a card no longer knows which object it is once it is public or back in a hidden zone.
  for (const seat of SEATS) {
    const known = s.known[seat];
    if (known?.includes(id)) s.known[seat] = known.filter((k) => k !== id);
  }
  s.effects = s.effects.filter((e) => e.object.id !== id || e.object.inc !== left.inc);
  s.happened.push({ type: 'zone', object: id, from, to, left, entered: currentRef(s, id) }); // CR 603.6
  return left;
}

/** CR 120: draws one card at a time; drawing from an empty library is remembered for 704.5b. */
export function draw(s: MtgState, seat: Seat, count: number): void {
  let drawn = 0;
  for (let i = 0; i < count; i++) {
    const top = s.players[seat].library[0];
    if (top === undefined) {
      s.players[seat].drewFromEmpty = true; // CR 120.3
      break;
    }
    moveObject(s, top, 'hand');
    drawn += 1;
  }
  if (drawn > 0) log(s, { type: 'draw', seat, amount: drawn });
}

export function permanentsOf(s: MtgState, seat: Seat): string[] {
  return s.battlefield.filter((id) => objectOf(s, id).controller === seat);
}

/** CR 202.3: converted mana cost (X is 0 outside the stack, 202.3b). */
export function convertedManaCost(card: MtgCard, x = 0): number {
  return (card.manaCost ?? []).reduce((n, sym) => {
    if (sym === 'X') return n + x;
    if (/^[0-9]+$/.test(sym)) return n + Number(sym);
    return n + 1;
  }, 0);
}

/** CR 105.2: an object's colours are those of the mana symbols in its cost. */
export function colorsOf(card: MtgCard): string[] {
  const out = new Set<string>();
  for (const sym of card.manaCost ?? []) for (const c of sym.split('/')) if ('WUBRG'.includes(c)) out.add(c);
  return [...out];
}
