/**
 * Force of Will's rules state (CR 8.01, seed 001): plain JSON on the kernel's `ProcedureState`. An object keeps its
 * id for the whole game; `inc` rises on every zone change except between the field and the ruler area (302.3), so a
 * target or trigger that remembered `{id, inc}` can tell whether it still points at the same object. Nothing here is
 * words: the log holds codes and ids, rendered at view time (log-text.ts).
 */
import { SEATS, type Seat } from '../../core/game.ts';
import type { Knowledge } from '../../core/hidden.ts';
import type { ProcedureState } from '../../core/procedure.ts';
import type { RngState } from '../../core/rng.ts';
import { FOW_CARDS } from './cards/pool.ts';
import type {
  Attribute,
  CardType,
  Effect,
  Face,
  FowCard,
  Keyword,
  KeywordName,
  Race,
  Target,
  Weather,
  WillSymbol,
} from './cards/schema.ts';

/** FoW 300: the zones (per player except the field and the chase, 302.1). */
export type Zone =
  | 'main'
  | 'stones'
  | 'hand'
  | 'field'
  | 'ruler'
  | 'graveyard'
  | 'standby'
  | 'removed'
  | 'chase'
  | 'runes'
  | 'extra'
  /** 313: the item area; it holds card objects only when a J/ruler wears them (1032.1). */
  | 'item';

/** FoW 1022: the counters the pool uses. */
export type CounterName = '+100/+100' | '-100/-100' | 'mana' | 'evolution' | 'limit' | 'astral';

export type FowObject = {
  id: string;
  card: string;
  owner: Seat;
  controller: Seat;
  zone: Zone;
  /** 302.3: rises on each zone change except field ↔ ruler area (the same object). */
  inc: number;
  /** 303.1: rested (sideways) or recovered. */
  rested: boolean;
  /** 1007.1: damage accumulated on a J/resonator. */
  damage: number;
  counters: Partial<Record<CounterName, number>>;
  /** 1302: the face up: a ruler's J-ruler face is `back`; a colossal ruler's 2nd J-ruler face `second` (1304.5a). */
  face: FaceUp;
  /** 803.3a: the turn from whose start its controller has controlled it (0: since the game began). */
  controlSince: number;
  /** 905.3: the turn from whose start it has been on the field (0: since the game began). */
  fieldSince: number;
  /** 1109.2: played awakened: it has the awakening's text while on the field. */
  awakened: boolean;
  /** 1002: the card an addition is attached to. */
  attachedTo: string | null;
  /** 708.5: the turn it was put into the standby area. */
  standbyTurn: number | null;
  /** 1017.1a, 1017.3: a copy (a virtual card): it exists only on the chase. */
  copy?: true;
  /**
   * 909.3.b-1: the timestamp (`stamp`) of its arrival on the field or of its face turning up there: when its own
   * continuous abilities became active (ruling F-TIMESTAMP). Absent: on the field since before any timestamp.
   */
  since?: number;
  /** 909.3.b-3: the timestamp of this addition's attachment to the card it is attached to. */
  attachedAt?: number;
  /** 1032.1: in the item area, the J/ruler wearing it (a new object when it leaves, so this goes with it). */
  wornBy?: Ref;
  /**
   * 1017.2: on the field, it is a copy of this card's face (the copied object's printed face up), from timestamp
   * `at` (909.3b) for as long as it stays this object (ruling F-BECOME-COPY).
   */
  copyOf?: { card: string; face: FaceUp; at: number };
  /**
   * 1026.1, 1128.4: its [Seal] abilities count as met, for as long as it is this object (ruling F-UNSEAL-NAMED), or
   * only until end of turn (505.5b, ruling F-UNSEAL-NAMED-UNTIL-END).
   */
  unsealed?: true | 'end-of-turn';
};

/** 1302, 1304.2: which face of a card is up. */
export type FaceUp = 'front' | 'back' | 'second';

/** A reference that stops matching once the object changes zones (302.3). */
export type Ref = { id: string; inc: number };
export type TargetRef = { player: Seat } | { object: Ref } | { item: string };

/** FoW 907.4–907.6: one will in a pool: its attribute (null: none) and its trait. */
export type Will = { attr: 'L' | 'R' | 'U' | 'G' | 'B' | null; trait: 'moon' | 'time' | null };

/** FoW 1119.2: a will coin: a typeless token in the item area, "banish this: produce one of these". */
export type WillCoin = { id: string; choices: WillSymbol[] };

/** What a resolving chase item does beyond the card's own effects (triggers of keyword skills). */
export type ItemEffect =
  | Effect
  /** 1105, 1138: destroy these objects (if they are still the same objects). */
  | { do: 'destroy-refs'; refs: Ref[] }
  /** 1135: gain this much life. */
  | { do: 'gain-life'; amount: number }
  /** 1118.2: remove a limit counter from the source. */
  | { do: 'remove-limit-counter' }
  /** 1117.2: if the source is on its past face, turn its future face up. */
  | { do: 'shift' }
  /** 1116.2: if the source has no evolution counter, put one on it. */
  | { do: 'evolve' }
  /** 1121.2: attach the source (an addition) to the target resonator. */
  | { do: 'equip'; to: 'resonator' }
  /** 1406.2a: a classified addition's target as it is played; it enters attached to it (1406.2b, in resolve.ts). */
  | { do: 'add-to'; to: 'resonator' | 'j-resonator' };

/** An object on the chase (312): a card, an ability, a triggered ability or a Judgment process (705.2). */
export type ChaseItem = {
  id: string;
  kind: 'card' | 'ability' | 'trigger' | 'judgment';
  controller: Seat;
  /** The card, or the source of the ability / the ruler of the Judgment. */
  source: Ref;
  card: string;
  effects: ItemEffect[];
  targets: TargetRef[];
  /** 1109: played with its awakening cost paid. */
  awakened: boolean;
  /** 1124: played as the 2nd or later card its controller played this turn. */
  torrent: boolean;
  /** 1115.2: played from the graveyard with [Remnant]. */
  remnant: boolean;
  /** 1113.2b, 1114.2: the object of the trigger event a triggered card refers to ("that J/resonator"). */
  about?: Ref;
  /** 1304.5: a Judgment process played by a 1st J-ruler's [Judgment] (it turns up the 2nd J-ruler face). */
  second?: true;
};

export type PlayerState = {
  life: number;
  /** Index 0 is the top (304). */
  main: string[];
  stones: string[];
  hand: string[];
  graveyard: string[];
  standby: string[];
  removed: string[];
  /** 315: the rune area (the rune deck); `revealed` ones are public and use up divinity (711.2). */
  runes: string[];
  revealedRunes: string[];
  /** 314: the extra deck: unordered, hidden, its owner may look at it (314.2). */
  extra: string[];
  ruler: string;
  pool: Will[];
  coins: WillCoin[];
  /** 1202.2: could not draw a card the draw phase required since the last rule processing. */
  failedDraw: boolean;
  /** 710.1, 705.1: once per turn. */
  calledThisTurn: boolean;
  judgedThisTurn: boolean;
  /** 1124: cards played this turn. */
  playedThisTurn: number;
  /** 1112.2: God's Art names used this game. */
  godsArtsUsed: string[];
  /**
   * 1027.1: the gems in the item area (typeless tokens with one attribute each), oldest first. Absent when there is
   * none, so states without one hash as before.
   */
  gems?: Attribute[];
  /**
   * 313.1, 1032.1: the card objects in the item area (cards worn by a J/ruler), unordered (313.2). Absent when there
   * has been none, so states without one hash as before.
   */
  items?: string[];
  /** 1028.1: the player's weather; absent: none (1028.1a). */
  weather?: Weather;
  /** 1010.1a: the ruler lost [Judgment] for the game (astral). */
  lostJudgment: boolean;
};

/** A player's areas and turn flags as a game begins (403 setup, and 1033 restart): empty but for what is dealt. */
export function newPlayerState(
  dealt: Pick<PlayerState, 'life' | 'main' | 'stones' | 'removed' | 'runes' | 'extra' | 'ruler'>,
): PlayerState {
  return {
    ...dealt,
    hand: [],
    graveyard: [],
    standby: [],
    revealedRunes: [],
    pool: [],
    coins: [],
    failedDraw: false,
    calledThisTurn: false,
    judgedThisTurn: false,
    playedThisTurn: 0,
    godsArtsUsed: [],
    lostJudgment: false,
  };
}

/** 1033.1: a player's ruler, main deck, magic stone deck, extra deck and rune deck as the game began. */
export type StartingDecks = {
  ruler: string;
  main: string[];
  stones: string[];
  extra: string[];
  runes: string[];
  life: number;
};

/** FoW 800: the battle in progress. */
export type Battle = {
  attacker: string | null;
  /** The attack target as declared (803.3b). */
  target: TargetRef | null;
  blocker: string | null;
  /** 805.2: the attacker dealt its damage in the first-strike step. */
  struckFirst: boolean;
  /** 803.6: the non-turn player played a spell or ability during this battle. */
  opponentActed: boolean;
  step: BattleStep;
};
export type BattleStep = 'start' | 'attack' | 'block' | 'first-strike' | 'damage' | 'end';

export const PHASES = ['draw', 'recovery', 'main', 'end'] as const;
export type Phase = (typeof PHASES)[number] | 'pregame';

/**
 * A triggered item waiting for 602.1b (906): an ability, or a revealed card ([Trigger] of the triggered form 708.2,
 * [Stealth] 1114.2) that is itself played (`playsCard`), with the object of its trigger event (`about`).
 */
export type Triggered = {
  id: string;
  controller: Seat;
  source: Ref;
  card: string;
  effects: ItemEffect[];
  playsCard?: true;
  about?: Ref;
};

/** A structured log line: codes, ids and numbers only (log-text.ts renders it per viewer). */
export type FowLogEntry = {
  type: string;
  seat?: Seat;
  /** A public card id (hidden cards are never logged by identity). */
  card?: string;
  object?: string;
  amount?: number;
  rule?: string;
  /** Why something happened, as a code (a rewound play's reason, play.ts `RewindReason`). */
  reason?: string;
  phase?: Phase;
  target?: string;
};

/** 910.1: does a "removed instead of the graveyard" effect apply to the object now (ruling F-REPLACE-ZONE)? */
export function removedInstead(s: FowState, id: string): boolean {
  const inc = s.objects[id]?.inc;
  return s.effects.some((e) => e.removeInsteadOfGraveyard && e.object.id === id && e.object.inc === inc);
}

/** Until-end-of-turn effects (909, 505.5b) on one object. */
export type TurnEffect = {
  object: Ref;
  atk: number;
  def: number;
  keywords: KeywordName[];
  /** 909.3b: when the effect was made (`stamp`); effects of one layer apply in this order. */
  timestamp: number;
  /** 1018, 910.2a: all damage that would be dealt to the object this turn is prevented. */
  preventDamage?: true;
  /** 909.1d: the object loses all its abilities (those it had before this effect's timestamp). */
  loseAbilities?: true;
  /** 910.1: the next time the object would be destroyed this turn, its damage is removed and it is rested instead. */
  replaceDestroy?: true;
  /** 1020.2, 909.1g: its ATK and DEF become these (in timestamp order with the other 909.1g effects). */
  becomes?: { atk: number; def: number };
  /** 910.1: if the object would be destroyed this turn, it returns to its owner's hand instead. */
  returnInsteadOfDestroy?: true;
  /** 909.1c, 909.6: the object's attribute becomes this one (the others are lost), in timestamp order. */
  attribute?: Attribute;
  /** 1020.1, 909.1c: the object becomes this race (the others are lost), in timestamp order. */
  race?: Race;
  /** 1020.1 ("gains"), 909.1c: the object has this race besides its others, if given after the latest "becomes". */
  gainRace?: Race;
  /** 910.1, 910.2a: all damage that would be dealt to the object this turn is dealt to its controller instead. */
  redirectDamage?: true;
  /** 1020.1, 909.1c: the object's types become these (the others are lost), in timestamp order. */
  types?: CardType[];
  /** 1017.2, 505.5b: it is a copy of this card's face until end of turn (ruling F-COPY-UNTIL-END); `at` = timestamp. */
  copyOf?: { card: string; face: FaceUp; at: number };
  /** 1018.1a, 910.2a: the next time damage would be dealt to the object this turn, this much of it is prevented. */
  preventNext?: number;
  /** 910.1: if the object would be put into a graveyard from the field this turn, it is removed instead. */
  removeInsteadOfGraveyard?: true;
};

export type FowState = ProcedureState & {
  rng: RngState;
  firstPlayer: Seat;
  turn: { number: number; active: Seat; phase: Phase; battle: BattleStep | null };
  /** 503.1: which players have had a turn. */
  hadTurn: Seat[];
  /**
   * 1025: the players who take an extra turn after this one, the latest instruction last (taken first, 1025.2).
   * Absent when there is none, so states without one hash as before.
   */
  extraTurns?: Seat[];
  /**
   * 1025.1: during extra turns, the player whose turn would have begun after the turn they follow (505.6). Absent
   * otherwise, so states without one hash as before.
   */
  afterExtraTurns?: Seat;
  /**
   * 1025.1: extra turns to be taken after a later turn: `seat` takes one after the next turn of `after` that begins
   * after turn `made`, oldest instruction first. Absent when there is none, so states without one hash as before.
   */
  laterExtraTurns?: { seat: Seat; after: Seat; made: number }[];
  /**
   * 1031.1: the phases players are to skip, one instruction each, oldest first (1031.1a: two skip the next two).
   * Absent when there is none, so states without one hash as before.
   */
  skips?: { seat: Seat; phase: 'recovery' | 'draw' | 'main' | 'end'; turn?: number }[];
  /**
   * 1026.1, 1128.4: the players whose cards' [Seal] counts as met until end of turn (505.5b). Absent when there is
   * none, so states without one hash as before.
   */
  unsealed?: Seat[];
  /** 1026.1, 1128.4: the players whose cards' [Seal] counts as met for the rest of the game. Absent when none. */
  unsealedForGame?: Seat[];
  players: Record<Seat, PlayerState>;
  /**
   * 1033.1: each player's decks as the game began (object ids), kept for a restart. Present only when a card of
   * either deck can restart the game, so other states hash as before.
   */
  starting?: Record<Seat, StartingDecks>;
  /** 1033.1: a restart instructed by this player's effect (its source card), done as the game ends at once. */
  restarting?: { seat: Seat; card: string };
  objects: Record<string, FowObject>;
  field: string[];
  /** Bottom first; the last item resolves first (605.1b). */
  chase: ChaseItem[];
  triggered: Triggered[];
  battle: Battle | null;
  /** 803.6: no more battles this turn. */
  battleLocked: boolean;
  effects: TurnEffect[];
  nextId: number;
  /** 909.3b: the last timestamp given (`stamp`); absent: none yet. */
  clock?: number;
  known: Knowledge;
  /**
   * Rules version 2: the reveal window when an opponent plays a chant (ruling F-REVEAL). Absent in matches of rules
   * version 1, which replay without it (`index.ts`, migration option `chantRevealWindow`).
   */
  chantRevealWindow?: boolean;
  log: FowLogEntry[];
};

export function cardOf(id: string): FowCard {
  const card = FOW_CARDS.get(id);
  if (!card) throw new Error(`no Force of Will card ${id}`);
  return card;
}

export function objectOf(s: FowState, id: string): FowObject {
  const o = s.objects[id];
  if (!o) throw new Error(`no object ${id}`);
  return o;
}

/** 1302: the face of the card that is up (the printed face for cards off the field). */
export function faceOf(s: FowState, id: string): Face {
  const o = objectOf(s, id);
  // 1017.2: a copy has the copied card's values (909.2: each of them in its own category of 909.1, below).
  const copy = copyNow(s, o);
  const card = cardOf(copy?.card ?? o.card);
  const up = copy?.face ?? o.face;
  if (up === 'second' && card.second) return card.second; // 1304.5a
  return up === 'back' && card.back ? card.back : card;
}

/**
 * 1017.2, 909.3b: the copy effect that applies to the object now, the latest of its lasting one (`copyOf`) and those
 * until end of turn (ruling F-COPY-UNTIL-END); undefined: it is no copy. No allocation: `faceOf` reads it often.
 */
export function copyNow(s: FowState, o: FowObject): FowObject['copyOf'] {
  let copy = o.copyOf;
  for (const e of s.effects)
    if (e.copyOf && e.object.id === o.id && e.object.inc === o.inc && (!copy || e.copyOf.at > copy.at)) copy = e.copyOf;
  return copy;
}

export function refOf(s: FowState, id: string): Ref {
  return { id, inc: objectOf(s, id).inc };
}

export function isCurrent(s: FowState, ref: Ref): boolean {
  return s.objects[ref.id]?.inc === ref.inc;
}

export function log(s: FowState, entry: FowLogEntry): void {
  s.log.push(entry);
}

/** 909.3b: a new timestamp, later than every one given before in this game. */
export function stamp(s: FowState): number {
  s.clock = (s.clock ?? 0) + 1;
  return s.clock;
}

/** 1002: attaches an addition to a card, stamping the attachment (909.3.b-3). */
export function attach(s: FowState, addition: string, to: string): void {
  const a = objectOf(s, addition);
  a.attachedTo = to;
  a.attachedAt = stamp(s);
}

export function newId(s: FowState, prefix: string): string {
  const id = `${prefix}${s.nextId}`;
  s.nextId += 1;
  return id;
}

// ---------------------------------------------------------------------------------------------------------------
// Characteristics (909.1: printed, abilities, numbers, counters, rounding)

/** 201.2a: a J/resonator is a resonator or a J-ruler. */
export function isJResonator(s: FowState, id: string): boolean {
  const t = typesOf(s, id);
  return t.includes('resonator') || t.includes('j-ruler');
}

/**
 * 909.1a, 909.1c, 1020.1: the types of an object now. On the field an effect that makes it a type takes the others
 * away ("becomes"); several apply in timestamp order (909.3b), the latest winning, and a copy sets its types over
 * older changes (909.2). Most states hold no type change: the face's types are returned at once.
 */
export function typesOf(s: FowState, id: string): readonly CardType[] {
  const face = faceOf(s, id);
  if (!s.effects.some((e) => e.types)) return face.types;
  const o = objectOf(s, id);
  let types: readonly CardType[] = face.types;
  if (o.zone !== 'field') return types;
  let at = copyNow(s, o)?.at ?? -1;
  for (const e of s.effects)
    if (e.types && e.object.id === id && e.object.inc === o.inc && e.timestamp > at) {
      types = e.types;
      at = e.timestamp;
    }
  return types;
}

/**
 * 909.1a, 909.1c: the attributes of an object now. On the field or in the ruler area an effect that makes it one
 * attribute replaces the others (909.6); several apply in timestamp order (909.3b), so the latest wins. No ability
 * of the pool gives or takes attributes, so this layer reads no other layer (909.3a).
 */
export function attributesOf(s: FowState, id: string): readonly Attribute[] {
  const o = objectOf(s, id);
  let attributes: readonly Attribute[] = faceOf(s, id).attributes;
  if (o.zone !== 'field' && o.zone !== 'ruler') return attributes;
  let at = copyNow(s, o)?.at ?? -1; // 909.2, ruling F-BECOME-COPY: a copy sets its attributes over older changes
  for (const e of s.effects)
    if (e.attribute && e.object.id === id && e.object.inc === o.inc && e.timestamp > at) {
      attributes = [e.attribute];
      at = e.timestamp;
    }
  return attributes;
}

/**
 * 909.1a, 909.1c, 1020.1: the races of an object now. On the field or in the ruler area an effect that makes it one
 * race takes the others away ("becomes", 1020.1); several apply in timestamp order (909.3b), so the latest wins. Like
 * attributes, this layer reads no other (no ability of the pool gives or takes races by a condition, 909.3a).
 */
export function racesOf(s: FowState, id: string): readonly Race[] {
  const o = objectOf(s, id);
  let races: readonly Race[] = faceOf(s, id).races;
  if (o.zone !== 'field' && o.zone !== 'ruler') return races;
  let at = copyNow(s, o)?.at ?? -1; // 909.2, ruling F-BECOME-COPY: a copy sets its races over older changes
  for (const e of s.effects)
    if (e.race && e.object.id === id && e.object.inc === o.inc && e.timestamp > at) {
      races = [e.race];
      at = e.timestamp;
    }
  // 1020.1, ruling F-BECOMES-RACE-GAINED: a race gained after the latest "becomes" (or copy) adds to what it set.
  for (const e of s.effects)
    if (e.gainRace && e.object.id === id && e.object.inc === o.inc && e.timestamp > at && !races.includes(e.gainRace))
      races = [...races, e.gainRace];
  return races;
}

export function hasType(s: FowState, id: string, type: CardType): boolean {
  return typesOf(s, id).includes(type);
}

/** 1128.2b: only cards with the Magic Stone type count for [Seal]. */
export function magicStonesOf(s: FowState, seat: Seat): string[] {
  return s.field.filter((id) => objectOf(s, id).controller === seat && hasType(s, id, 'magic-stone'));
}

const STONE_NAMES: Record<string, Attribute> = {
  'light-magic-stone': 'light',
  'fire-magic-stone': 'fire',
  'water-magic-stone': 'water',
  'wind-magic-stone': 'wind',
  'darkness-magic-stone': 'darkness',
};

/** 201.4b, 904.2a: the magic stone types a card has (by its name, or "also treated as", a base ability). */
export function stoneTypesOf(card: FowCard): Attribute[] {
  const out = new Set<Attribute>();
  const named = STONE_NAMES[card.id];
  if (named) out.add(named);
  for (const a of card.abilities) if (a.kind === 'also-magic-stone') for (const t of a.attributes) out.add(t);
  return [...out];
}

export type Characteristics = { atk: number | null; def: number | null; keywords: KeywordName[] };

/**
 * One continuous effect on an object (909): what it adds (909.1d keywords, 909.1g +N/+N), or sets (1020.2), or takes
 * away (909.1d), with its timestamp (909.3b). `own`: made by one of the object's own abilities, so it goes when the
 * object loses its abilities (909.3a: it depends on them).
 */
type Grant = {
  atk: number;
  def: number;
  keywords: readonly KeywordName[];
  timestamp: number;
  own: boolean;
  becomes?: { atk: number; def: number };
  loseAbilities?: true;
};

/**
 * 909.1d: the timestamp of the latest "loses all abilities" effect on an object on the field or in the ruler area,
 * or null. The object's own abilities (printed, and every text its keyword skills give) are gone while one applies.
 */
export function abilitiesLostAt(s: FowState, id: string): number | null {
  const o = objectOf(s, id);
  let at: number | null = null;
  for (const e of s.effects)
    if (e.loseAbilities && e.object.id === id && e.object.inc === o.inc && (at === null || e.timestamp > at))
      at = e.timestamp;
  // 909.2, 909.1d, ruling F-BECOME-COPY: becoming a copy later gives it the copied card's abilities again.
  const copy = at === null ? undefined : copyNow(s, o);
  if (at !== null && copy && copy.at > at) return null;
  return at;
}

/** The object's own keyword skill `k` with its parameters, unless it has lost its abilities (909.1d). */
export function ownKeyword(s: FowState, id: string, k: KeywordName): Keyword | undefined {
  if (abilitiesLostAt(s, id) !== null) return undefined;
  return faceOf(s, id).keywords.find((x) => x.keyword === k);
}

/** The object's own abilities (904–907), none while it has lost its abilities (909.1d). */
export function ownAbilities(s: FowState, id: string): Face['abilities'] {
  return abilitiesLostAt(s, id) === null ? faceOf(s, id).abilities : [];
}

/** The continuous effects its own abilities make (909.1a's base abilities aside), stamped with its arrival. */
function ownGrants(s: FowState, o: FowObject, face: Face, since: number): Grant[] {
  const out: Grant[] = [];
  const own = (g: { atk: number; def: number; keywords: KeywordName[] }) =>
    out.push({ atk: g.atk, def: g.def, keywords: g.keywords, timestamp: since, own: true });
  for (const k of face.keywords) {
    switch (k.keyword) {
      case 'awakening':
        if (o.awakened && k.grant) own(k.grant); // 1109.2
        break;
      case 'seal':
        // 1128.2: while you control N or more magic stones.
        // 1128.4, ruling F-UNSEAL: unsealed, it counts as met whatever the number of magic stones.
        if (
          k.grant &&
          k.amount !== undefined &&
          (o.unsealed ||
            s.unsealed?.includes(o.controller) ||
            s.unsealedForGame?.includes(o.controller) ||
            magicStonesOf(s, o.controller).length >= k.amount)
        )
          own(k.grant);
        break;
      case 'void':
        if (k.grant && s.players[o.controller].hand.length === 0) own(k.grant); // 1134.2
        break;
      case 'crest':
        // 1131.2, ruling F-CREST: a Magic Circle of that attribute you control.
        if (
          k.grant &&
          s.field.some(
            (c) =>
              objectOf(s, c).controller === o.controller &&
              racesOf(s, c).includes('Magic Circle') && // 909.1c: races as they are now
              k.attribute !== undefined &&
              attributesOf(s, c).includes(k.attribute),
          )
        )
          own(k.grant);
        break;
      // 1133.2: [Fable] N needs N revealed Fable cards in the extra deck; a reveal lasts only while the effect
      // revealing it resolves (1005.1), never while characteristics are read, so it is never met (ruling F-EXTRA).
      default:
        break;
    }
  }
  for (const a of face.abilities) {
    if (a.kind !== 'continuous' || a.affects !== 'self') continue;
    if (a.while === 'no-limit-counters' && (o.counters.limit ?? 0) > 0) continue;
    if (a.while === 'has-evolution-counter' && (o.counters.evolution ?? 0) === 0) continue;
    if (a.while === 'you-are-rainy' && s.players[o.controller].weather !== 'rainy') continue; // 1028.2: its own
    if (a.each === 'card-your-j-ruler-wears') {
      // 1032.2: the cards in the item area that the controller's J/ruler wears, one grant each.
      const worn = wornBy(s, s.players[o.controller].ruler).length;
      if (worn > 0) own({ ...a.grant, atk: a.grant.atk * worn, def: a.grant.def * worn });
      continue;
    }
    own(a.grant);
  }
  return out;
}

/**
 * 909.1: the characteristics of an object on the field or in the ruler area now. 909.1a: the printed face. 909.1d:
 * abilities given and lost in timestamp order (909.3b): a loss takes the object's own abilities, the effects they
 * make (909.3a) and every keyword given before it; one given later stays. 909.1g: +N/+N and "becomes [A/B]"
 * (1020.2) in timestamp order, so a later "becomes" overrides an earlier +N and a later +N adds to it. 909.1h: then
 * counters; 909.1i: then rounding up. Timestamps (ruling F-TIMESTAMP): an object's own abilities and the effects of
 * another card's continuous ability date from that card's arrival on the field (909.3.b-1), an addition's from its
 * attachment (909.3.b-3), an effect until end of turn from its resolution (909.3.b-2).
 */
export function characteristics(s: FowState, id: string): Characteristics {
  const o = objectOf(s, id);
  const face = faceOf(s, id);
  let atk = face.atk ?? null;
  let def = face.def ?? null;
  const onTable = o.zone === 'field' || o.zone === 'ruler';
  if (!onTable) return { atk, def, keywords: face.keywords.map((k) => k.keyword) };
  const since = o.since ?? 0;
  const lostAt = abilitiesLostAt(s, id);
  // 909.2, ruling F-BECOME-COPY: becoming a copy sets ATK and DEF in 909.1g at its timestamp (before the copied
  // card's own abilities, which date from the same moment), and abilities in 909.1d: older grants are overwritten.
  const copyAt = copyNow(s, o)?.at ?? null;
  const grants: Grant[] =
    copyAt === null
      ? []
      : [{ atk: 0, def: 0, keywords: [], timestamp: copyAt, own: false, becomes: { atk: atk ?? 0, def: def ?? 0 } }];
  if (lostAt === null) grants.push(...ownGrants(s, o, face, since));
  // 909.4: "Fire J/resonators you control" covers whatever is one now; "equipped" is the card it is attached to.
  for (const other of s.field) {
    // Most cards have no continuous ability: skip them before ownAbilities scans the effects for a loss (909.1d).
    if (!faceOf(s, other).abilities.some((a) => a.kind === 'continuous')) continue;
    const src = objectOf(s, other);
    for (const a of ownAbilities(s, other)) {
      if (a.kind !== 'continuous') continue;
      if (
        a.affects === 'fire-j-resonators-you-control' &&
        src.controller === o.controller &&
        o.zone === 'field' &&
        isJResonator(s, id) &&
        attributesOf(s, id).includes('fire') // 909.1c applies before this 909.1g effect
      )
        grants.push({ ...a.grant, timestamp: src.since ?? 0, own: false });
      if ((a.affects === 'equipped' || a.affects === 'added-to') && src.attachedTo === id)
        grants.push({ ...a.grant, timestamp: src.attachedAt ?? src.since ?? 0, own: false });
    }
  }
  for (const e of s.effects) if (e.object.id === id && e.object.inc === o.inc) grants.push({ ...e, own: false });
  // 909.3b: one layer's effects apply oldest first (a stable sort keeps the order of equal timestamps).
  grants.sort((a, b) => a.timestamp - b.timestamp);
  // 909.1d: abilities. The printed ones are there unless lost.
  const keywords = new Set<KeywordName>(lostAt === null ? face.keywords.map((k) => k.keyword) : []);
  for (const g of grants) {
    if (g.loseAbilities) continue;
    if (lostAt !== null && g.timestamp <= lostAt) continue; // lost with the rest
    if (copyAt !== null && g.timestamp < copyAt) continue; // overwritten by the copy (909.2)
    for (const k of g.keywords) keywords.add(k);
  }
  // 909.1g: numbers, for a card that has them (909.1f).
  for (const g of grants) {
    if (g.becomes) {
      if (atk !== null) atk = g.becomes.atk; // 1020.2
      if (def !== null) def = g.becomes.def;
    }
    if (atk !== null) atk += g.atk;
    if (def !== null) def += g.def;
  }
  // 909.1h, 1022.2: +100/+100 and -100/-100 counters.
  const plus = o.counters['+100/+100'] ?? 0;
  const minus = o.counters['-100/-100'] ?? 0;
  if (atk !== null) atk += 100 * (plus - minus);
  if (def !== null) def += 100 * (plus - minus);
  // 909.1i: not a multiple of 100: rounded up.
  const round = (n: number | null) => (n === null ? null : Math.ceil(n / 100) * 100);
  // 1010.1a: an astral ruler has lost [Judgment].
  if (o.zone === 'ruler' && s.players[o.owner].lostJudgment) keywords.delete('judgment');
  return { atk: round(atk), def: round(def), keywords: [...keywords] };
}

/**
 * 1032.2: the cards the J/ruler `wearer` wears: in an item area, worn by that same object. 1032.3: the J/ruler keeps
 * its object between the field and the ruler area (302.3), so they stay worn across that move.
 */
export function wornBy(s: FowState, wearer: string): string[] {
  const w = s.objects[wearer];
  if (!w) return [];
  const out: string[] = [];
  for (const seat of SEATS)
    for (const id of s.players[seat].items ?? []) {
      const by = objectOf(s, id).wornBy;
      if (by && by.id === wearer && by.inc === w.inc) out.push(id);
    }
  return out;
}

export function hasKeyword(s: FowState, id: string, k: KeywordName): boolean {
  return characteristics(s, id).keywords.includes(k);
}

/** 206, 207: "has ATK and DEF" (803.3a, 804.4). */
export function hasAtkDef(s: FowState, id: string): boolean {
  const c = characteristics(s, id);
  return c.atk !== null && c.def !== null;
}

// ---------------------------------------------------------------------------------------------------------------
// Zones and moves

export function zoneList(s: FowState, o: FowObject): string[] | null {
  switch (o.zone) {
    case 'field':
      return s.field;
    case 'chase':
    case 'ruler':
      return null;
    case 'item': {
      // 313.3: a card in a player's item area is under that player's control (ruling F-WEAR: the wearer's).
      const p = s.players[o.controller];
      if (!p.items) p.items = [];
      return p.items;
    }
    default:
      return s.players[o.owner][o.zone];
  }
}

/** Zones every player may look into (302.2, 307.2, 309.2, 311.2). */
export const PUBLIC_ZONES: readonly Zone[] = ['field', 'ruler', 'graveyard', 'removed', 'chase', 'item']; // 313.2

/**
 * Moves an object (302.5: into its owner's zones). A move between the field and the ruler area keeps the object
 * (302.3); any other is a new object: its inc rises, its counters (1022.3), damage, attachment and effects go, and
 * it enters recovered (303.1b). `at` is for ordered zones: 'top' or 'bottom' of a deck; other lists append.
 */
export function moveObject(s: FowState, id: string, to: Zone, at: 'top' | 'bottom' = 'top'): void {
  const o = objectOf(s, id);
  // 910.1: a card that would go to a graveyard from the field is removed instead (ruling F-REPLACE-ZONE); a destroy
  // event meets it as a kind of its replacements first (actions-game.ts destroy), so this is the one application.
  if (to === 'graveyard' && o.zone === 'field' && removedInstead(s, id)) {
    log(s, { type: 'removed-instead', seat: o.controller, card: o.card, object: id, rule: '910.1' });
    to = 'removed';
  }
  const from = zoneList(s, o);
  if (from) {
    const i = from.indexOf(id);
    if (i >= 0) from.splice(i, 1);
  }
  const keeps = (o.zone === 'field' && to === 'ruler') || (o.zone === 'ruler' && to === 'field');
  const leftField = o.zone === 'field';
  if (!keeps) {
    o.inc += 1;
    o.counters = {};
    o.rested = false;
    o.awakened = false;
    o.controller = o.owner;
    delete o.wornBy; // 1032.1: worn only while in the item area
    delete o.copyOf; // 1017.2, ruling F-BECOME-COPY: a new object is no copy
    delete o.unsealed; // 1026.1, ruling F-UNSEAL-NAMED: the unsealing named the old object
    // 903.2.b: a card played with its other face up ([Shift]) comes onto the field with that face.
    if (!(o.zone === 'chase' && to === 'field')) o.face = 'front';
    s.effects = s.effects.filter((e) => e.object.id !== id);
  }
  o.damage = 0; // 1007.7: a J-ruler leaving the field loses its damage; other cards are new objects
  o.attachedTo = null;
  o.standbyTurn = null;
  if (leftField) {
    // 1121.3: an addition attached to a card that left stays on the field, unattached.
    for (const other of s.field) {
      const a = objectOf(s, other);
      if (a.attachedTo === id) a.attachedTo = null;
    }
    removeFromBattle(s, id);
  }
  o.zone = to;
  if (to === 'field' && !keeps) {
    o.fieldSince = s.turn.number;
    o.controlSince = s.turn.number;
  }
  if (to === 'field' && keeps) o.fieldSince = s.turn.number;
  if (to === 'field') o.since = stamp(s); // 909.3.b-1
  const into = zoneList(s, o);
  if (into) {
    if ((to === 'main' || to === 'stones') && at === 'top') into.unshift(id);
    else into.push(id);
  }
  // 1303.3a: a token that moved off the field ceases to exist right after the move.
  if (to !== 'field' && cardOf(o.card).token) {
    if (into) into.splice(into.indexOf(id), 1);
    delete s.objects[id];
  }
  // Whoever looked at a card no longer knows which object it is once it has moved.
  for (const seat of SEATS) {
    const known = s.known[seat];
    if (known?.includes(id)) {
      const left = known.filter((k) => k !== id);
      if (left.length > 0) s.known[seat] = left;
      else delete s.known[seat];
    }
  }
}

/** 803.5a, 804.4a, 1029: an object leaving the field stops attacking or blocking. */
export function removeFromBattle(s: FowState, id: string): void {
  const b = s.battle;
  if (!b) return;
  if (b.attacker === id) b.attacker = null;
  if (b.blocker === id) b.blocker = null;
  if (b.target && 'object' in b.target && b.target.object.id === id) b.target = null;
}

/** 1009: draws one card at a time; in the draw phase a card that cannot be drawn is remembered (1202.2). */
export function draw(s: FowState, seat: Seat, count: number): void {
  let drawn = 0;
  for (let i = 0; i < count; i++) {
    const top = s.players[seat].main[0];
    if (top === undefined) {
      // 1202.2, ruling F-DRAW: only a draw the draw phase requires; elsewhere nothing happens (104.2).
      if (s.turn.phase === 'draw') s.players[seat].failedDraw = true;
      break;
    }
    moveObject(s, top, 'hand');
    drawn += 1;
  }
  if (drawn > 0) log(s, { type: 'draw', seat, amount: drawn });
}

/** The effects a card is played with (903.2): a classified addition's only part is its target (1406.2a). */
export function playedEffects(card: FowCard): ItemEffect[] {
  return card.classified ? [{ do: 'add-to', to: card.classified }] : [...card.effects];
}

export function targetsOf(effects: readonly ItemEffect[]): Target[] {
  const out: Target[] = [];
  for (const e of effects) {
    if (
      e.do === 'damage' ||
      e.do === 'recover' ||
      e.do === 'grant-until-end-of-turn' ||
      e.do === 'lose-abilities-until-end-of-turn' ||
      e.do === 'becomes-until-end-of-turn' ||
      e.do === 'shield-next-destruction-this-turn' ||
      e.do === 'becomes-attribute-until-end-of-turn' ||
      e.do === 'becomes-race-until-end-of-turn' ||
      e.do === 'gains-race-until-end-of-turn' ||
      e.do === 'becomes-type-until-end-of-turn' ||
      e.do === 'return-instead-of-destruction-this-turn' ||
      e.do === 'invert' ||
      e.do === 'unseal' ||
      e.do === 'prevent-next-damage-this-turn' ||
      e.do === 'remove-instead-of-graveyard-this-turn'
    )
      out.push(e.to);
    else if (e.do === 'counters' && e.on !== 'self') out.push(e.on);
    else if (e.do === 'move-counters') {
      if (e.from) out.push(e.from); // 1022.4: the card the counters leave first, then the one they go to
      out.push(e.to);
    } else if (
      e.do === 'skip-next-phase' ||
      e.do === 'extra-turn-for-target-player' ||
      e.do === 'extra-turn-after-next-turn-of' ||
      e.do === 'target-becomes-weather'
    )
      out.push(e.to);
    else if (e.do === 'wear-top-of-deck' && e.of)
      out.push(e.of); // 1032.1: whose main deck
    else if (e.do === 'damage-per-gem') out.push(e.to);
    else if (
      e.do === 'mill' ||
      e.do === 'cancel' ||
      e.do === 'equip' ||
      e.do === 'add-to' ||
      e.do === 'copy-chant' ||
      e.do === 'copy-ability' ||
      e.do === 'copy-spell'
    )
      out.push(e.to);
    else if (e.do === 'become-copy') {
      if (e.copier === 'target') out.push(e.to); // 1017.2: the copier first, then the card it copies
      out.push(e.to);
    } else if (e.do === 'code' && CODE_TARGETS[e.handler]) out.push(CODE_TARGETS[e.handler] as Target);
  }
  return out;
}

/**
 * 1017.2, 1022.4: whether target number `index` of these effects must be another card than the target before it
 * ("becomes a copy of another target resonator", ruling F-COPY-UNTIL-END; "move … to another target",
 * F-MOVE-BETWEEN-TARGETS).
 */
export function anotherThanPrevious(effects: readonly ItemEffect[], index: number): boolean {
  let n = 0;
  for (const e of effects) {
    const count = targetsOf([e]).length;
    if (index < n + count)
      return (
        ((e.do === 'become-copy' && e.copier === 'target') || (e.do === 'move-counters' && e.from !== undefined)) &&
        index === n + 1
      );
    n += count;
  }
  return false;
}

/** Targets of the `code` handlers the engine implements. */
const CODE_TARGETS: Record<string, Target> = {
  'halve-life': 'player',
  'roll-two-dice-damage': 'resonator',
  'move-addition': 'addition',
  'prevent-all-damage-to-target-this-turn': 'j-resonator',
  'redirect-damage-to-controller-this-turn': 'j-resonator',
};

/**
 * 308.4, 1010.2: the player's ruler in the ruler area or J-ruler on the field (the same object, 302.3), or null once
 * a ruler destroyed in the ruler area has gone to the graveyard (ruling F-DESTROY-RULER): what reads "your ruler" or
 * "your J/ruler" then finds none.
 */
export function jRulerOf(s: FowState, seat: Seat): string | null {
  const id = s.players[seat].ruler;
  const zone = s.objects[id]?.zone;
  return zone === 'ruler' || zone === 'field' ? id : null;
}

/** 1302.3: an invert card: its back face (the Despair face) has the Invert trait. */
export function isInvertCard(card: FowCard): boolean {
  return card.back?.races.includes('Invert') === true;
}

/** 1304.4: a colossal ruler on the field as its 1st J-ruler. */
export function isFirstJRuler(s: FowState, id: string): boolean {
  const o = objectOf(s, id);
  return o.zone === 'field' && o.face === 'back' && cardOf(o.card).second !== undefined;
}

export function rulerOf(s: FowState, seat: Seat): FowObject {
  return objectOf(s, s.players[seat].ruler);
}

export function opponentSeat(seat: Seat): Seat {
  return seat === 'p1' ? 'p2' : 'p1';
}
