/**
 * MTG's rules state (CR 2019-01-25): plain JSON on the kernel's `ProcedureState`. Objects keep their id across zones;
 * each zone change is a new object for the rules (CR 400.7), tracked by the kernel's event table (`ObjRef`s).
 * Nothing here is words: the log holds codes and ids, rendered at view time (log-text.ts).
 */
import { changeZone, type EventState, isCurrent, lastKnown, type ObjRef, refTo } from '../../core/events.ts';
import { SEATS, type Seat } from '../../core/game.ts';
import type { Knowledge } from '../../core/hidden.ts';
import type { ManaType } from '../../core/mana.ts';
import type { ProcedureState } from '../../core/procedure.ts';
import type { RngState } from '../../core/rng.ts';
import { MTG_CARDS } from './cards/pool.ts';
import { type Keyword, KeywordSchema, type MtgCard, type StarCount, type StaticAbility } from './cards/schema.ts';
import {
  countersEffect,
  type MtgCharacteristics,
  type MtgColor,
  type MtgEffect,
  type MtgFilter,
  type MtgLayer,
  type MtgLayerOp,
  matchesMtgFilter,
  mtgCharacteristics,
  type SeatRef,
} from './layers.ts';

export type Zone = 'library' | 'hand' | 'battlefield' | 'graveyard' | 'stack' | 'exile';

export type MtgObject = {
  id: string;
  card: string;
  owner: Seat;
  /**
   * CR 110.2: who cast it (on the stack) or put it onto the battlefield: its controller before layer 2 (613.1b). Read
   * the controller through `controllerOf`, which folds the control-changing effects in.
   */
  baseController: Seat;
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
  /**
   * CR 706.5: the card this object is while it is on the battlefield as a copy of another object; `card` then names
   * the copied values (706.2). Absent: `card` is the card itself. Leaving the battlefield ends the copy (400.7).
   */
  printed?: string;
  /** CR 613.6a: when it entered the battlefield (orders its static abilities' effects). Absent: 0. */
  timestamp?: number;
  /** CR 702.33a: a spell cast with flashback (it is exiled as it leaves the stack). Absent: not. */
  flashback?: boolean;
  /** CR 301.5, 303.4: the object this Aura or Equipment is attached to (that object as it was then, 400.7). */
  attachedTo?: ObjRef;
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
  /** CR 121.1c, 119.3b: poison counters (from infect damage; 704.5c at ten). Absent: none. */
  poison?: number;
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
  /** CR 702.32a, 601.2b: the kicker cost was declared (and so paid) for this spell. */
  kicked?: boolean;
  targets: TargetRef[];
  /** Triggers: the object the event was about ("it"), as it was then (look-back through LKI, 603.10). */
  subject?: ObjRef | null;
  /** Triggers that are not printed abilities: prowess (702.107a) or a delayed trigger (603.7). */
  special?: SpecialTrigger;
};

/**
 * Keyword triggers (CR 702.107a prowess, 702.82a exalted, 702.92a undying, 702.78a persist, 702.134a afterlife): what
 * each does is the keyword's meaning, not a printed effect list.
 */
export type KeywordTrigger = 'prowess' | 'exalted' | 'undying' | 'persist' | 'afterlife';
export type SpecialTrigger = { keyword: KeywordTrigger } | { delayed: DelayedAction };

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
  /** CR 506.5, 702.82b: the only creature declared as an attacker this combat, by its controller. */
  | { type: 'attacks-alone'; object: string; seat: Seat }
  | { type: 'step'; step: Step; active: Seat }
  | { type: 'cast'; seat: Seat; card: string };

/** CR 611.2, 613.1f, 613.3c: an "until end of turn" change on one object (the affected set is locked, 611.2c). */
export type UntilEndOfTurn = {
  object: ObjRef;
  power: number;
  toughness: number;
  keywords: Keyword[];
  /** CR 613.3e (layer 7e): switches power and toughness. */
  switchPT?: boolean;
  /** CR 613.1d, 613.3b: becomes a creature (layer 4) with this base power and toughness (7b). */
  becomes?: { power: number; toughness: number };
  timestamp: number;
};

/**
 * CR 613.1b (layer 2), 611.2c: a control-changing effect of a resolved spell or ability on one object (locked), until
 * end of turn (ends in 514.2) or for as long as that object stays the same object (400.7).
 */
export type ControlChange = {
  object: ObjRef;
  controller: Seat;
  until: 'end-of-turn' | 'indefinite';
  timestamp: number;
};

/** Who a prevention shield protects: a player, or a permanent while it stays the same object (CR 400.7). */
export type ShieldHolder = { player: Seat } | { object: ObjRef };

/**
 * CR 615, 701.14: the "this turn" shields made by resolved spells and abilities (all end in the cleanup step, 514.2).
 * `prevent`: the next `amount` damage to the holder (615.7, used up), or all of it; `prevent-combat`: all combat
 * damage (615.1); `regenerate`: the next time the permanent would be destroyed (701.14a, 614.8).
 */
export type Shield =
  | { id: string; kind: 'prevent'; on: ShieldHolder; amount: number | 'all'; card: string }
  | { id: string; kind: 'prevent-combat'; card: string }
  | { id: string; kind: 'regenerate'; on: ObjRef; card: string };

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
  /** The card of the permanent something became attached to (public: it is on the battlefield). */
  to?: string;
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
  /** CR 613.1b: control-changing effects of resolved spells and abilities, oldest first. Absent: none. */
  controls?: ControlChange[];
  /** CR 615, 701.14: prevention and regeneration shields of this turn, oldest first. Absent: none. */
  shields?: Shield[];
  nextTimestamp: number;
  /** Events not yet looked at for triggers, in order (one batch: what happened since the last look). */
  happened: MtgEvent[];
  /** CR 603.3: triggered abilities waiting to be put on the stack. */
  triggers: PendingTrigger[];
  /** CR 603.7: delayed triggers not yet triggered. */
  delayed: DelayedTrigger[];
  /**
   * What the game watches this turn for cards that ask about it (CR 700.4 "died this turn"): creatures that died
   * since the turn began. Reset as each turn begins. Absent: none.
   */
  diedThisTurn?: number;
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

/** CR 702: the keyword names among an object's abilities. */
const KEYWORD_NAMES: ReadonlySet<string> = new Set(KeywordSchema.options);
const isKeyword = (a: string): a is Keyword => KEYWORD_NAMES.has(a);

/**
 * A card's printed colours and ability names, derived once per card of the (immutable) pool: the layer fold never
 * changes its inputs' arrays (it makes new ones), so every object of that card may share them.
 */
const printedParts = new Map<string, { colors: readonly MtgColor[]; abilities: readonly string[] }>();
function printedPartsOf(card: MtgCard): { colors: readonly MtgColor[]; abilities: readonly string[] } {
  let parts = printedParts.get(card.id);
  if (!parts) {
    parts = {
      colors: colorsOf(card),
      abilities: printedAbilityIds(card),
    };
    printedParts.set(card.id, parts);
  }
  return parts;
}

/** CR 105.2: a card's printed colours, derived once per card (shared: never changed in place). */
export function printedColors(card: MtgCard): readonly MtgColor[] {
  return printedPartsOf(card).colors;
}

/**
 * CR 113, 613.1f: a card's abilities as the layers see them: keywords by name, every other ability by its kind and
 * index (`static:1`, `triggered:0`, `activated:2`, `cant-block:0`), afterlife (702.134) and a star ability (`star`,
 * 604.3). A static ability's effect exists only while its source has it (604.1); the others work only while their
 * object has them, so "loses all abilities" (layer 6) stops each of them (ruling B36).
 */
function printedAbilityIds(card: MtgCard): string[] {
  return [
    ...card.keywords,
    ...(card.afterlife ? ['afterlife'] : []),
    ...(card.starPT ? ['star'] : []),
    ...card.abilities.map((a, i) => `${a.kind}:${i}`),
  ];
}

/**
 * CR 613.1f: does this object have this ability of its card now (an id of `printedAbilityIds`)? Off the battlefield
 * nothing in the pool removes abilities, so there it has them as printed.
 */
export function hasAbility(s: MtgState, id: string, ability: string): boolean {
  if (s.objects[id]?.zone !== 'battlefield') return true;
  return battlefieldCharacteristics(s)[id]?.abilities.includes(ability) ?? true;
}

/**
 * CR 603.10a: did the object this reference names have the ability: now, or as it last existed on the battlefield
 * (the abilities it had lost then are in its last-known information).
 */
export function hadAbility(s: MtgState, ref: ObjRef, ability: string): boolean {
  if (isCurrent(s.events, ref)) return hasAbility(s, ref.id, ability);
  const lost = lastKnown(s.events, ref)?.lost;
  return !(Array.isArray(lost) && lost.includes(ability));
}

/** CR 109.3: an object's characteristics as printed (no continuous effect applied). */
function printedCharacteristics(o: MtgObject): MtgCharacteristics {
  const card = cardOf(o.card);
  const { colors, abilities } = printedPartsOf(card);
  return {
    name: card.name.en,
    owner: o.owner,
    controller: o.baseController,
    zone: o.zone,
    supertypes: card.supertypes,
    types: card.types,
    subtypes: card.subtypes,
    colors,
    abilities,
    // CR 208.2a: a "*" is 0 until its characteristic-defining ability applies (layer 7a).
    power: card.power === '*' ? 0 : (card.power ?? null),
    toughness: card.toughness === '*' ? 0 : (card.toughness ?? null),
  };
}

/** CR 604.3, 109.5: what a star ability counts; "you" is the object's controller (on the battlefield) or owner. */
function starFilter(count: StarCount, you: SeatRef): MtgFilter {
  switch (count) {
    case 'creatures-you-control':
      return { types: ['creature'], controller: you };
    case 'lands-you-control':
      return { types: ['land'], controller: you };
    case 'forests-you-control':
      return { types: ['land'], subtypes: ['Forest'], controller: you };
    case 'creatures':
      return { types: ['creature'] };
  }
}

/** CR 604.3, 613.3a: the layer-7a part of a star ability (a CDA: applied first, depends only on other CDAs). */
function starEffect(id: string, card: MtgCard, timestamp: number): MtgEffect | null {
  if (!card.starPT) return null;
  return {
    id: `cda:${id}`,
    timestamp,
    cda: true,
    affects: { locked: [id] },
    parts: [{ layer: '7a', op: { kind: 'set-pt-count', count: starFilter(card.starPT.count, { sameAs: id }) } }],
    // CR 613.1f, 613.3a: a creature that lost its abilities in layer 6 has no star ability left to apply in 7a.
    source: { object: id, ability: 'star' },
  };
}

/** CR 604.2, 611.3a: which permanents a static ability of `source` changes, read again each time. */
function staticFilter(a: StaticAbility, source: string): MtgFilter {
  const base: MtgFilter = {
    types: ['creature'],
    ...(a.subtype ? { subtypes: [a.subtype] } : {}),
    ...(a.withKeyword ? { abilities: [a.withKeyword] } : {}),
  };
  switch (a.affects) {
    case 'creatures-you-control':
      return { ...base, controller: { sameAs: source } };
    case 'other-creatures-you-control':
      return { ...base, controller: { sameAs: source }, except: [source] };
    case 'creatures-opponents-control':
      return { ...base, notController: { sameAs: source } };
    case 'attached':
      throw new Error('an attached-to static ability has a locked set, not a filter');
  }
}

/** CR 301.5a, 303.4b: the permanent this Aura or Equipment is attached to now, if it still is that object. */
export function attachedPermanent(s: MtgState, id: string): string | null {
  const to = s.objects[id]?.attachedTo;
  if (!to || !isCurrent(s.events, to) || s.objects[to.id]?.zone !== 'battlefield') return null;
  return to.id;
}

/** CR 701.3a: attaches an Aura or Equipment; it gets a new timestamp (613.6d). */
export function attach(s: MtgState, id: string, to: string): void {
  const o = objectOf(s, id);
  const old = attachedPermanent(s, id);
  const before = CONTROL_CARDS.has(o.card) ? new Map([[to, controllerOf(s, to)]]) : new Map<string, Seat>();
  if (old !== null && CONTROL_CARDS.has(o.card)) before.set(old, controllerOf(s, old));
  o.attachedTo = currentRef(s, to);
  o.timestamp = s.nextTimestamp;
  s.nextTimestamp += 1;
  log(s, { type: 'attached', object: id, card: o.card, to: objectOf(s, to).card });
  noteAuraControl(s, before, '613.1b'); // CR 303.4e: a control Aura's controller now controls it
}

/** The parts of a static ability of `source` in their layers (CR 613.5): 2 control, 4 types, 5 colours, 6, 7b, 7c. */
function staticParts(a: StaticAbility, source: string): MtgEffect['parts'] {
  const parts: { layer: MtgLayer; op: MtgLayerOp }[] = [];
  if (a.control) parts.push({ layer: '2', op: { kind: 'control-of', source } }); // 613.1b, 303.4e
  if (a.addSubtypes) parts.push({ layer: '4', op: { kind: 'add-types', subtypes: a.addSubtypes } }); // 613.1d
  if (a.colors) parts.push({ layer: '5', op: { kind: 'set-colors', colors: a.colors } }); // 613.1e
  if (a.loseAllAbilities) parts.push({ layer: '6', op: { kind: 'remove-all-abilities' } }); // 613.1f
  if (a.keywords.length > 0) parts.push({ layer: '6', op: { kind: 'add-abilities', abilities: a.keywords } }); // 613.1f
  if (a.basePT) parts.push({ layer: '7b', op: { kind: 'set-pt', ...a.basePT } }); // 613.3b
  if (a.power !== 0 || a.toughness !== 0)
    parts.push({ layer: '7c', op: { kind: 'modify-pt', power: a.power, toughness: a.toughness } }); // 613.3c
  return parts;
}

/**
 * The continuous effects in the game now (CR 613): static abilities of permanents (timestamp: when the permanent
 * entered, 613.6a), until-end-of-turn effects of resolved spells and abilities (locked sets, 611.2c), and the
 * counters (7d).
 */
function continuousEffects(s: MtgState): MtgEffect[] {
  const out: MtgEffect[] = [];
  const net: Record<string, number> = {};
  for (const id of s.battlefield) {
    const o = objectOf(s, id);
    const star = starEffect(id, cardOf(o.card), o.timestamp ?? 0);
    if (star) out.push(star);
    cardOf(o.card).abilities.forEach((a, i) => {
      if (a.kind !== 'static') return;
      const holder = a.affects === 'attached' ? attachedPermanent(s, id) : null;
      if (a.affects === 'attached' && holder === null) return;
      out.push({
        id: `static:${id}:${i}`,
        timestamp: o.timestamp ?? 0,
        // "Enchanted/equipped creature": the one it is attached to (each attachment is a new timestamp, 613.6d).
        affects: holder !== null ? { locked: [holder] } : { filter: staticFilter(a, id) },
        parts: staticParts(a, id),
        source: { object: id, ability: `static:${i}` },
      });
    });
    const n = (o.counters?.['+1/+1'] ?? 0) - (o.counters?.['-1/-1'] ?? 0);
    if (n !== 0) net[id] = n;
  }
  for (const e of s.effects) {
    if (s.objects[e.object.id]?.zone !== 'battlefield' || currentRef(s, e.object.id).inc !== e.object.inc) continue;
    const parts: { layer: MtgLayer; op: MtgLayerOp }[] = [];
    if (e.becomes) {
      parts.push({ layer: '4', op: { kind: 'add-types', types: ['creature'] } }); // CR 613.1d
      parts.push({ layer: '7b', op: { kind: 'set-pt', ...e.becomes } }); // CR 613.3b
    }
    if (e.keywords.length > 0) parts.push({ layer: '6', op: { kind: 'add-abilities', abilities: e.keywords } });
    if (e.power !== 0 || e.toughness !== 0)
      parts.push({ layer: '7c', op: { kind: 'modify-pt', power: e.power, toughness: e.toughness } });
    if (e.switchPT) parts.push({ layer: '7e', op: { kind: 'switch-pt' } }); // CR 613.3e
    out.push({ id: `until-eot:${e.timestamp}`, timestamp: e.timestamp, affects: { locked: [e.object.id] }, parts });
  }
  for (const c of s.controls ?? []) {
    if (!isCurrent(s.events, c.object) || s.objects[c.object.id]?.zone !== 'battlefield') continue;
    out.push({
      id: `control:${c.timestamp}`,
      timestamp: c.timestamp, // CR 613.6: the later one wins (613.2)
      affects: { locked: [c.object.id] },
      parts: [{ layer: '2', op: { kind: 'control', controller: c.controller } }],
    });
  }
  if (Object.keys(net).length > 0) out.push(countersEffect(net)); // CR 613.3d
  return out;
}

/**
 * What the layer fold reads, as a number that changes whenever it does: every permanent entering and every effect
 * made takes a new timestamp; leaving shortens the battlefield; counters change an object's net count (a rolling
 * hash over the battlefield, so a change on one object moves it). A control change takes a timestamp when made and
 * shortens `controls` when it ends.
 */
function foldKey(s: MtgState): number {
  let key =
    (s.nextTimestamp * 131 + s.effects.length * 7 + (s.controls?.length ?? 0) * 8191 + s.battlefield.length) | 0;
  for (const id of s.battlefield) {
    const o = s.objects[id];
    const counters = o?.counters;
    const net = counters ? (counters['+1/+1'] ?? 0) - (counters['-1/-1'] ?? 0) : 0;
    // Attaching takes a timestamp (613.6d); becoming unattached (704.5n) is seen here.
    key = (Math.imul(key, 31) + net + (o?.attachedTo ? 1 << 20 : 0)) | 0;
  }
  return key;
}

/**
 * The battlefield's characteristics by object id, folded once per state and inputs (states mutate while a step
 * runs). `pass`: the read-only pass that last confirmed the entry (see `readOnlyPass`).
 */
const folded = new WeakMap<
  MtgState,
  { key: number; world: Readonly<Record<string, MtgCharacteristics>>; pass: object | null }
>();

/** The read-only pass running over a state, if any: while it runs nothing changes the state. */
const readPasses = new WeakMap<MtgState, object>();

/**
 * Runs `read`, which must not change `s` (a decision's options, the state-based action check), as one pass: the
 * layer fold's inputs are checked once for the pass instead of on every characteristics read (`foldKey` walks the
 * battlefield). Nested passes share the outer one.
 */
export function readOnlyPass<T>(s: MtgState, read: () => T): T {
  if (readPasses.has(s)) return read();
  readPasses.set(s, {});
  try {
    return read();
  } finally {
    readPasses.delete(s);
  }
}

/** CR 613: every permanent's characteristics once all continuous effects apply, through the kernel's layer fold. */
export function battlefieldCharacteristics(s: MtgState): Readonly<Record<string, MtgCharacteristics>> {
  const pass = readPasses.get(s) ?? null;
  const hit = folded.get(s);
  if (pass !== null && hit?.pass === pass) return hit.world;
  const key = foldKey(s);
  if (hit && hit.key === key) {
    hit.pass = pass;
    return hit.world;
  }
  const base: Record<string, MtgCharacteristics> = {};
  for (const id of s.battlefield) base[id] = printedCharacteristics(objectOf(s, id));
  const world = mtgCharacteristics(base, continuousEffects(s)).characteristics;
  folded.set(s, { key, world, pass });
  return world;
}

/**
 * CR 613: an object's characteristics now. Permanents through the layers; elsewhere as printed (no other effect in
 * the pool works outside the battlefield, and counters leave with the permanent, 400.7) but for a star ability,
 * which defines power and toughness in every zone (604.3), counting for its owner (109.5).
 */
export function characteristicsOf(s: MtgState, id: string): MtgCharacteristics {
  const o = objectOf(s, id);
  if (o.zone === 'battlefield') {
    const c = battlefieldCharacteristics(s)[id];
    if (c) return c;
  }
  const printed = printedCharacteristics(o);
  const star = cardOf(o.card).starPT;
  if (!star) return printed;
  const world = battlefieldCharacteristics(s);
  const filter = starFilter(star.count, o.owner);
  const n = Object.keys(world).filter((other) => matchesMtgFilter(filter, other, world)).length;
  return { ...printed, power: n, toughness: n };
}

/**
 * CR 110.2, 613.1b (layer 2): who controls the object now. The one reader of control: a permanent's through the
 * layers; a spell's is its caster (`baseController`); a card in any other zone has none, and its owner acts for it.
 */
export function controllerOf(s: MtgState, id: string): Seat {
  const o = objectOf(s, id);
  if (o.zone === 'battlefield') {
    // Layer 2 holds `s.controls` and the control Auras' statics: without either, the fold would say the same.
    if (!s.controls?.length && !controlAuraPresent(s)) return o.baseController;
    return battlefieldCharacteristics(s)[id]?.controller ?? o.baseController;
  }
  return o.zone === 'stack' ? o.baseController : o.owner;
}

/**
 * CR 613.1b: makes a control-changing effect and applies what follows from it: a new controller restarts the 302.6
 * clock and takes the permanent out of combat (506.4).
 */
export function gainControl(s: MtgState, id: string, seat: Seat, until: ControlChange['until']): void {
  const before = controllerOf(s, id);
  s.controls = [
    ...(s.controls ?? []),
    { object: currentRef(s, id), controller: seat, until, timestamp: s.nextTimestamp },
  ];
  s.nextTimestamp += 1;
  noteControlChanged(s, id, before);
  log(s, { type: 'gain-control', seat, object: id, card: objectOf(s, id).card });
}

/** CR 514.2: "until end of turn" control changes end; permanents go back to whoever the remaining effects name. */
export function endControlUntilEndOfTurn(s: MtgState): void {
  const ending = (s.controls ?? []).filter((c) => c.until === 'end-of-turn');
  if (ending.length === 0) return;
  const before = new Map(ending.map((c) => [c.object.id, controllerOf(s, c.object.id)]));
  s.controls = (s.controls ?? []).filter((c) => c.until !== 'end-of-turn');
  for (const [id, seat] of before)
    if (noteControlChanged(s, id, seat))
      log(s, { type: 'control-returns', seat: controllerOf(s, id), object: id, card: objectOf(s, id).card });
}

/** CR 302.6, 506.4: what follows when a permanent's controller changed; false if it is the same player. */
function noteControlChanged(s: MtgState, id: string, before: Seat): boolean {
  const o = s.objects[id];
  if (!o || o.zone !== 'battlefield' || controllerOf(s, id) === before) return false;
  o.controlledSince = s.turn.number; // CR 302.6: continuous control starts now
  removeFromCombat(s, id); // CR 506.4
  return true;
}

/** The cards with a control-changing static ability (CR 613.1b): a fact of the pool, read once. */
const CONTROL_CARDS: ReadonlySet<string> = new Set(
  [...MTG_CARDS.values()].filter((c) => c.abilities.some((a) => a.kind === 'static' && a.control)).map((c) => c.id),
);

/** Whether a control Aura is on the battlefield, cached per state until the battlefield changes (CR 613.1b). */
const controlAuraSeen = new WeakMap<MtgState, { timestamp: number; size: number; present: boolean }>();
function controlAuraPresent(s: MtgState): boolean {
  // Entering takes a timestamp (613.6a) and leaving shortens the battlefield: together they mark every change.
  const hit = controlAuraSeen.get(s);
  if (hit && hit.timestamp === s.nextTimestamp && hit.size === s.battlefield.length) return hit.present;
  const present = s.battlefield.some((x) => CONTROL_CARDS.has(s.objects[x]?.card ?? ''));
  controlAuraSeen.set(s, { timestamp: s.nextTimestamp, size: s.battlefield.length, present });
  return present;
}

/** Whose control each permanent a control Aura enchants is under now (CR 613.1b), to see it change. */
function controlledByAuras(s: MtgState, auras: readonly string[]): Map<string, Seat> {
  const out = new Map<string, Seat>();
  for (const aura of auras) {
    if (!CONTROL_CARDS.has(objectOf(s, aura).card)) continue;
    const held = attachedPermanent(s, aura);
    if (held !== null) out.set(held, controllerOf(s, held));
  }
  return out;
}

/** CR 302.6, 506.4: after a control Aura's effect began or ended, what follows for each permanent whose controller moved. */
function noteAuraControl(s: MtgState, before: Map<string, Seat>, rule: string): void {
  for (const [id, seat] of before)
    if (noteControlChanged(s, id, seat))
      log(s, { type: 'gain-control', seat: controllerOf(s, id), object: id, card: objectOf(s, id).card, rule });
}

/** CR 613.1f (layer 6): the keyword abilities it has now. */
export function keywordsOf(s: MtgState, id: string): Keyword[] {
  return characteristicsOf(s, id).abilities.filter(isKeyword);
}

export function hasKeyword(s: MtgState, id: string, k: Keyword): boolean {
  return characteristicsOf(s, id).abilities.includes(k);
}

export function countersOn(s: MtgState, id: string, kind: CounterKind): number {
  return objectOf(s, id).counters?.[kind] ?? 0;
}

/** CR 613.3 (layer 7, sublayers 7a-7e): power now. */
export function powerOf(s: MtgState, id: string): number {
  return characteristicsOf(s, id).power ?? 0;
}

export function toughnessOf(s: MtgState, id: string): number {
  return characteristicsOf(s, id).toughness ?? 0;
}

/** CR 121.1: puts counters on a permanent. */
export function addCounters(s: MtgState, id: string, kind: CounterKind, count: number): void {
  const o = objectOf(s, id);
  o.counters = { ...o.counters, [kind]: (o.counters?.[kind] ?? 0) + count };
}

/** CR 613.1d (layer 4): a creature now. */
export function isCreature(s: MtgState, id: string): boolean {
  return characteristicsOf(s, id).types.includes('creature');
}

export function creaturesOf(s: MtgState, seat: Seat): string[] {
  return s.battlefield.filter((id) => controllerOf(s, id) === seat && isCreature(s, id));
}

/**
 * CR 302.6: a creature may attack or use {T} abilities only if its controller has controlled it continuously since
 * their most recent turn began (two players alternate, so that turn is this one or the one before).
 */
export function isSummoningSick(s: MtgState, id: string): boolean {
  const o = objectOf(s, id);
  const latestTurn = s.turn.active === controllerOf(s, id) ? s.turn.number : s.turn.number - 1;
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
 * `asCopyOf`: the card whose copiable values an object entering the battlefield as a copy takes (CR 706.5).
 */
export function moveObject(s: MtgState, id: string, to: Zone, at: 'top' | 'bottom' = 'top', asCopyOf?: string): ObjRef {
  const o = objectOf(s, id);
  if (o.flashback) {
    // CR 702.33a: a spell cast with flashback is exiled instead of going anywhere else as it leaves the stack.
    delete o.flashback;
    if (o.zone === 'stack' && to !== 'exile') {
      log(s, { type: 'flashback-exiled', object: id, card: o.card, rule: '702.33a' });
      return moveObject(s, id, 'exile');
    }
  }
  const from = o.zone;
  const fromList = zoneList(s, o);
  const wasOnBattlefield = o.zone === 'battlefield';
  // CR 611.3b: a control Aura's effect ends as it leaves; what it enchanted goes back to its other controller.
  const auraHeld = wasOnBattlefield ? controlledByAuras(s, [id]) : null;
  const wasCreature = wasOnBattlefield && isCreature(s, id);
  // CR 603.10a: the printed abilities it had lost, for abilities that look back (recorded only when there are some).
  const lost = wasOnBattlefield ? lostAbilities(s, id) : [];
  // Last-known information (CR 608.2g, 603.10a) is read while the object is still in its zone, through the layers.
  const left = changeZone(s.events, id, {
    card: o.card,
    controller: controllerOf(s, id),
    zone: o.zone,
    power: wasOnBattlefield ? powerOf(s, id) : 0,
    toughness: wasOnBattlefield ? toughnessOf(s, id) : 0,
    creature: wasCreature,
    // CR 702.92a, 702.78a: undying and persist look back at its counters and abilities (702.79b, 702.89d likewise).
    plus: o.counters?.['+1/+1'] ?? 0,
    minus: o.counters?.['-1/-1'] ?? 0,
    keywords: wasOnBattlefield ? keywordsOf(s, id) : [],
    ...(lost.length > 0 ? { lost } : {}),
  });
  // The game's watcher (history this turn): a creature put into a graveyard from the battlefield died (700.4).
  if (wasCreature && to === 'graveyard') s.diedThisTurn = (s.diedThisTurn ?? 0) + 1;
  if (fromList) fromList.splice(fromList.indexOf(id), 1);
  if (wasOnBattlefield) removeFromCombat(s, id);
  o.zone = to;
  if (o.printed !== undefined) {
    o.card = o.printed; // CR 706.5, 400.7: the copy was of the permanent; the new object is the card again
    delete o.printed;
  }
  if (to === 'battlefield' && asCopyOf !== undefined && asCopyOf !== o.card) {
    o.printed = o.card; // CR 706.5: it enters as the copy (not as itself first)
    o.card = asCopyOf;
  }
  o.baseController = o.owner;
  o.tapped = false;
  o.damage = 0;
  o.deathtouched = false;
  o.controlledSince = s.turn.number;
  delete o.counters; // CR 400.7, 121.2: a new object has no counters
  delete o.attachedTo; // CR 400.7: a new object is attached to nothing
  if (to === 'battlefield') {
    o.timestamp = s.nextTimestamp; // CR 613.6a
    s.nextTimestamp += 1;
  } else delete o.timestamp;
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
  // CR 400.7: a control change followed the old object only.
  if (s.controls?.some((c) => c.object.id === id)) s.controls = s.controls.filter((c) => c.object.id !== id);
  s.happened.push({ type: 'zone', object: id, from, to, left, entered: currentRef(s, id) }); // CR 603.6
  if (auraHeld && auraHeld.size > 0) noteAuraControl(s, auraHeld, '611.3b');
  return left;
}

/** CR 613.1f: the printed abilities a permanent does not have now. */
function lostAbilities(s: MtgState, id: string): string[] {
  const now = characteristicsOf(s, id).abilities;
  return printedAbilityIds(cardOfObject(s, id)).filter((a) => !now.includes(a));
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
  return s.battlefield.filter((id) => controllerOf(s, id) === seat);
}

/** CR 202.3: converted mana cost (X is 0 outside the stack, 202.3b). */
export function convertedManaCost(card: MtgCard, x = 0): number {
  return (card.manaCost ?? []).reduce((n, sym) => {
    if (sym === 'X') return n + x;
    if (/^[0-9]+$/.test(sym)) return n + Number(sym);
    return n + 1;
  }, 0);
}

const PROTECTION: Record<MtgColor, Keyword> = {
  W: 'protection-from-white',
  U: 'protection-from-blue',
  B: 'protection-from-black',
  R: 'protection-from-red',
  G: 'protection-from-green',
};

/** CR 702.16a: does this permanent have protection from any of these colours (a source's colours)? */
export function protectedFrom(s: MtgState, id: string, colors: readonly MtgColor[]): boolean {
  const abilities = characteristicsOf(s, id).abilities;
  return colors.some((c) => abilities.includes(PROTECTION[c]));
}

/** CR 105.2: the colours of a source now: a permanent's through the layers, otherwise its card's. */
export function sourceColors(s: MtgState, card: string, id: string | null): readonly MtgColor[] {
  if (id !== null && s.objects[id]?.zone === 'battlefield') return characteristicsOf(s, id).colors;
  return printedColors(cardOf(card));
}

const isColor = (c: string): c is MtgColor => c === 'W' || c === 'U' || c === 'B' || c === 'R' || c === 'G';

/** CR 105.2: an object's colours are those of the mana symbols in its cost. */
export function colorsOf(card: MtgCard): MtgColor[] {
  if (card.colors) return [...card.colors]; // CR 110.5b: a token's colours are the ones its effect names
  const out = new Set<MtgColor>();
  for (const sym of card.manaCost ?? []) for (const c of sym.split('/')) if (isColor(c)) out.add(c);
  return [...out];
}
