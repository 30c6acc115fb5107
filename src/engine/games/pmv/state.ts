/**
 * Phantom Magic Vision's rules state (rules v2.05, seed 004): plain JSON on the kernel's `ProcedureState`. Objects
 * keep their id across zones; each zone change is a new incarnation for the rules (§3.1.7: a zone change wipes what
 * the card was given), tracked by the kernel's event table. Nothing here is words: the log holds codes and ids,
 * rendered at view time (log-text.ts). Section numbers (§) are the rules document's.
 */
import { changeZone, type EventState, isCurrent, type ObjRef, refTo } from '../../core/events.ts';
import { SEATS, type Seat } from '../../core/game.ts';
import type { Knowledge } from '../../core/hidden.ts';
import type { Label } from '../../core/label.ts';
import type { ProcedureState } from '../../core/procedure.ts';
import type { RngState } from '../../core/rng.ts';
import { PMV_CARDS } from './cards/pool.ts';
import type { KeywordName, PmvCard, Race, TurnPhase } from './cards/schema.ts';

/**
 * §3: the zones. `play` is the play area (§3.8), `node` the node area (§3.5); `attached` is a field card attached to
 * another one (§3.4.6, §11.3.7), kept apart from the field's own list so that list holds only cards by themselves.
 */
export type Zone = 'deck' | 'hand' | 'node' | 'field' | 'attached' | 'netherworld' | 'excluded' | 'play' | 'sideboard';

export type PmvObject = {
  id: string;
  card: string;
  /** §1.7.2: the original owner; there is no separate controller (§1.4.4), a field card is its owner's. */
  owner: Seat;
  zone: Zone;
  /** §5.1.2: active (upright) or asleep (sideways); meaningful on the field and in the node area. */
  active: boolean;
  /** §1.10.13: damage accumulates on a character, kept apart by kind for the resets (§6.2.4.h, §4.3.1.a). */
  battleDamage: number;
  effectDamage: number;
  /** §7.4.5.e: when it entered its zone (timestamps order α effects and simultaneous events). */
  enteredAt: number;
  /** §11.3.7: the field card it is attached to (zone `attached`), or null. */
  host: string | null;
  /** §10.28.3: transformed (turned upside down): its transformation description is its original text (§10.28.8). */
  transformed?: true;
  /** §10.34.2.b–c: an attached card that is a Leader's popularity (人気): it lends nothing (it is no equip). */
  popularity?: true;
  /**
   * §5.7: a field card turned face down (Hollow Mask Veil): hidden information (§3.4.3.a), its face's text void
   * (§5.7.4), and by the effect that turned it a 1/1 character with no name and no race (§6.1.7, §12.5.1).
   */
  faceDown?: true;
};

export type PlayerState = {
  /** §1.9: life points. */
  lp: number;
  /** Index 0 is the top (§3.2). */
  deck: string[];
  hand: string[];
  /** §3.5: the node area, face down. */
  nodes: string[];
  /** §3.3: one pile, the last entry on top. */
  netherworld: string[];
  excluded: string[];
  /** §3.9: the sideboard, a hidden zone whose owner sees its cards (§3.9.3.a); only Spell Break reads it (§10.18). */
  sideboard: string[];
};

export type TargetRef = { player: Seat } | { object: ObjRef };

/** An entry of an interference (§1.12.5): a card being played (in the play area) or an activated effect used. */
export type Entry = {
  id: string;
  kind: 'card' | 'ability';
  /** The card in the play area, or the field card whose effect was used (as it was then). */
  source: ObjRef;
  card: string;
  controller: Seat;
  /** Abilities: index into the card's `abilities`, or -1 for the Mana Charge keyword (§10.12.2.a). */
  ability: number | null;
  /**
   * §6.1.13: an activated effect an equip or talisman lends its host: the attached card whose text it is (`card` is
   * that card's id, `source` the host that used it, §1.8.8.c). Null for the card's own text.
   */
  lender: ObjRef | null;
  targets: TargetRef[];
  /** §10.3.2.b, §10.3.4: an Ambush + Haste character played to defend against the attack. */
  defends: boolean;
  /** §1.8.7.h: the X of a card whose COST is X: the cost actually paid from nodes (null: no X). */
  x: number | null;
  /** §5.2.3.c: the mode chosen for a "Choose one" card (null: none). */
  mode: number | null;
  /** §12.1.1: the race its player declared as it resolved (absent: none asked yet). */
  declared?: DeclaredRace;
  /** §12.1.3: the name its player declared as it resolved, by its key in DECLARABLE_NAMES (absent: none asked). */
  declaredName?: string;
  /** §10.33.2.a: how many cards this card's Overdrive excluded (absent: it has no Overdrive or has not resolved). */
  overdrive?: number;
  /**
   * §5.3.1.b: this card resolves another "as if played" (Mirror Recital), and when it was played a play restriction
   * of an effect barred that card (One per Turn): the resolution fails.
   */
  asPlayedBarred?: true;
};

/** §6.2–6.4: the attack that began an interference, with its defender. */
export type Attack = {
  attacker: ObjRef;
  /** The attacked player (§6.2.6.a: the opponent in a two-player game). */
  player: Seat;
  defender: ObjRef | null;
  cancelled: boolean;
};

/** §1.12.5: one interference; a new one opened by an effect's attack sits above the one it interrupts (§1.12.7). */
export type Interference = {
  id: number;
  entries: Entry[];
  attack: Attack | null;
  /** §7.3.6: `object:ability` of each activated effect already used in this interference. */
  used: string[];
};

/** §6.1.10–6.1.14: a battle-power change with a duration (§7.6.1: it follows its object while it qualifies). */
export type Modifier = {
  object: ObjRef;
  atk: number;
  def: number;
  until: 'end-of-turn' | 'end-of-battle';
  timestamp: number;
  /** §1.6.4: "treated as" numbers (their `atk`/`def` are 0): while it lasts, that value is this number only (P56). */
  as?: { atk?: number; def?: number };
};

/**
 * §7.6.1: a lingering modification of a group ("characters on your opponent's field … until end of turn"): it
 * applies to every character that meets the condition while it lasts, those that enter later too, and stops for one
 * that no longer does (§7.6.2).
 */
export type GroupModifier = Omit<Modifier, 'object'> & {
  charactersOf: Seat;
  /** §12.1.4: only characters of this declared race ('none': those with no race, P54). */
  race?: DeclaredRace;
  /** §12.1.3, §12.3.1: only characters with the declared name (a key of DECLARABLE_NAMES, P55). */
  name?: string;
};

/** §12.1.4: a race declared by an effect: an icon's race, or "none". */
export type DeclaredRace = Race | 'none';

/** §4.1.1: the phases in order; `turn-start` and `turn-end` have no priority (§4.2.3.a). */
export const PHASES = ['turn-start', 'active', 'maintenance', 'draw', 'main', 'discard', 'turn-end'] as const;
export type Phase = (typeof PHASES)[number] | 'setup';

/** §6.2.4: the battle in progress, for the steps that read it. */
export type Battle = {
  /** §6.2.4.c: the recipient fixed for the attacker's damage. */
  recipient: TargetRef | null;
  /** §6.5.2: the GRAZE of the opposing character that dealt the attacked player non-pierce battle damage. */
  graze: number | null;
};

/** A structured log line: codes, ids and numbers only (log-text.ts renders it per viewer). */
export type PmvLogEntry = {
  type: string;
  seat?: Seat;
  /** A public card id (hidden cards are never logged by identity). */
  card?: string;
  object?: string;
  target?: string;
  /** The card of `target` when it is a public object. */
  targetCard?: string;
  amount?: number;
  /** A second number (the DEF change of a modifier). */
  def?: number;
  phase?: Phase;
  rule?: string;
  /** Only the seat named here may read this line. */
  privateTo?: Seat;
  /** §12.1: what a player declared by an effect (a race code, or "none"). */
  declared?: string;
  /** §12.1.3: a name a player declared by an effect, by its key in DECLARABLE_NAMES. */
  declaredName?: string;
};

export type PmvState = ProcedureState & {
  rng: RngState;
  startingPlayer: Seat;
  turn: {
    number: number;
    active: Seat;
    phase: Phase;
    /** §1.8.2.c: a node set resolved this turn. */
    nodeSet: boolean;
    /** §5.4.1.d: a character without Ambush or Doll resolved this turn (by the turn player). */
    character: boolean;
    /** §5.4.1.e, §10.9.2.b: a Doll character resolved this turn. */
    doll: boolean;
    /**
     * §4.10.1–4.10.2: an effect ended the turn or the current phase; the open interference still resolves to the
     * end (§4.10.1.a, §4.10.2.a), then the phase ends. Ending the turn wins over ending the phase (§4.10.2.d).
     */
    ending: 'turn' | 'phase' | null;
    /** §10.21.2.a: `seat:card` of One per Turn cards played this turn (a card id is one name, docs/rulings/pmv.md D3). */
    limited: string[];
    /** §10.34.2.c: Leaders whose popularity γ has resolved this turn (once per turn). */
    popular?: string[];
    /** §10.34.2.d: players the next damage to whom this turn is nullified. */
    shielded?: Seat[];
    /** §10.17.2.a: players who played a World Talisman spell this turn. */
    worldTalisman?: Seat[];
    /** §4.9.1.c: field cards whose turn-end γ resolved at this turn end. */
    turnEndDone?: string[];
    /** §4.5.1.a: Upkeep Cost cards asked about this maintenance phase. */
    upkeepDone?: string[];
    /** §4.10.3–4.10.4: an extra phase granted, to go to after the current phase (a flag: granted twice, once). */
    extraPhase?: TurnPhase;
    /** §4.10.3.b: the step the turn goes on with once the extra phase under way has ended. */
    resume?: string;
    /** §1.10.16: characters that receive no damage this turn (their incarnation: a new object is not covered). */
    noDamage?: ObjRef[];
  };
  /** §4.10.5: phases that will not occur: the next one of this kind of that player's turns (docs/rulings/pmv.md P47). */
  skips?: { seat: Seat; phase: TurnPhase }[];
  /** §9.2.2.c: characters an effect made doomed, read by the next doomed check (removal.ts), then cleared. */
  madeDoomed?: ObjRef[];
  players: Record<Seat, PlayerState>;
  objects: Record<string, PmvObject>;
  /** §3.4: the field, in the order cards entered (each card is its owner's, §1.4.4). */
  field: string[];
  /** Bottom first: the last one is the interference being played into or resolved (§1.12.7). */
  interferences: Interference[];
  nextEntry: number;
  nextInterference: number;
  modifiers: Modifier[];
  /** §7.6.1: lingering group modifications (absent when there is none). */
  groupModifiers?: GroupModifier[];
  nextTimestamp: number;
  battle: Battle | null;
  /**
   * §9.3.4.g: cards of one owner that went to the netherworld together, waiting for the owner to order them
   * (asked before the next priority; nothing reads the order in between, docs/rulings/pmv.md P8).
   */
  netherOrder: { seat: Seat; ids: string[] }[];
  events: EventState;
  /**
   * §9.3.3, §9.4.3: field cards an effect discarded or excluded (or §9.2.3.e: doomed ones, treated as discarded),
   * waiting for the removal procedure to resolve their windows and move them (removal.ts); `log` is the line the
   * move writes.
   */
  removing?: {
    id: string;
    kind: 'discard' | 'exclude';
    log: 'doomed' | 'discard' | 'excluded';
    rule: string;
    /** The field card whose effect discards or excludes it, for its γ of windows a and c (§9.3.4.a/c, §9.4.4.a/c). */
    by?: string;
  }[];
  /** §9.3.7, §9.4.5: cards whose discard or exclusion is resolving: no damage, doomed state or discard reaches them. */
  leaving?: string[];
  /** The γ of the damage windows d and e (§1.10.12.d–e), to resolve before the doomed check (§1.10.12.f). */
  pendingGamma?: {
    object: ObjRef;
    /** §5.7.2.c: a card turned face up enters anew, so its "has entered the field" γ fires too. */
    when:
      | 'deals-damage'
      | 'receives-damage'
      | 'would-deal-damage'
      | 'would-receive-damage'
      | 'entered-field'
      | 'defends'; // §6.4.5.c: a character made to defend by an effect
  }[];
  /**
   * §1.10.12.a–c: damage events whose "would deal" or "would receive" γ fired: applied (step c) once those γ, queued
   * first in `pendingGamma`, have resolved (removal.ts), each batch in the order it occurred.
   */
  pendingDamage?: { source: ObjRef; to: TargetRef; amount: number; battle: boolean; pierce: boolean }[][];
  /**
   * Rules version 3 on: an effect nullified by an unpaid Blessing or Resist discards the field card that used it
   * (§12.2.3, docs/rulings/pmv.md P43). Absent in a match of versions 1–2, replayed with the setup option
   * `discardNullifiedSource: false` (index.ts migrations), whose states stay as they were, to the stored hash.
   */
  discardNullifiedSource?: true;
  /**
   * §9.2.3.e, §9.2.6: characters that effect damage of a field card brought to their DEF, with that card: it is the
   * one that discards them when they are doomed (windows a and c). Read and cleared by the next doomed batch.
   */
  doomedBy?: Record<string, string>;
  /** Who has seen which hidden card: a player remembers the card they set as a node (docs/rulings/pmv.md P3). */
  known: Knowledge;
  log: PmvLogEntry[];
};

export function cardOf(id: string): PmvCard {
  const card = PMV_CARDS.get(id);
  if (!card) throw new Error(`no Phantom Magic Vision card ${id}`);
  return card;
}

export function objectOf(s: PmvState, id: string): PmvObject {
  const o = s.objects[id];
  if (!o) throw new Error(`no object ${id}`);
  return o;
}

/**
 * The card as the rules read it now: for a transformed character, its transformation description as original text
 * (§10.28.6.b, §10.28.8, §2.17.3: name, races, graze, battle power and text; the normal side's keywords are not on it).
 */
export function cardOfObject(s: PmvState, id: string): PmvCard {
  const o = objectOf(s, id);
  const card = cardOf(o.card);
  if (o.faceDown && o.zone === 'field') return faceDownCharacter(card);
  const t = card.transformation;
  if (!o.transformed || !t) return card;
  return {
    ...card,
    name: t.name,
    races: t.races,
    graze: t.graze,
    atk: t.atk,
    def: t.def,
    keywords: [],
    effects: [],
    abilities: t.abilities,
  };
}

/**
 * §6.1.7, §5.7.4, §12.5.1: what the rules read of a face-down field card: Hollow Mask Veil defined it as a 1/1
 * character with no name and the race "none" (no race any text can name, docs/rulings/pmv.md P34); nothing else,
 * so no graze, no text, no keywords, and NODE and COST 0 (§6.1.7: unspecified, so 0).
 */
function faceDownCharacter(card: PmvCard): PmvCard {
  return {
    id: card.id,
    name: { en: '', ja: '' },
    type: 'character',
    nodeCost: { node: 0, cost: 0 },
    races: [],
    atk: 1,
    def: 1,
    modifier: false,
    sideboard: false,
    keywords: [],
    effects: [],
    abilities: [],
    popularity: [],
    text: { en: '', ja: '' },
  };
}

/**
 * Ends `id`'s current object (it leaves its zone, or turns face down as a new object): records its last-known
 * information, with its battle values when it was a character on the field, and takes it out of a battle.
 */
function endObject(s: PmvState, id: string, wasCharacter: boolean): ObjRef {
  const o = objectOf(s, id);
  const before = currentRef(s, id);
  const left = changeZone(s.events, id, {
    card: o.card,
    owner: o.owner,
    zone: o.zone,
    atk: wasCharacter ? rawAtk(s, id) : 0,
    def: wasCharacter ? rawDef(s, id) : 0,
  });
  if (wasCharacter) dropFromBattle(s, before);
  return left;
}

/**
 * §5.7.2: turns a field card face down. (a) The character vanishes: a new object for the rules (§6.1.9.d), so its
 * attack or defense ends (digest A16, §6.3.6.b), its damage and lingering effects go and a transformation ends
 * (§10.28.11); (b) the card is flipped, its orientation kept; (c) it is treated as entering the field anew, its
 * attachments staying attached. §5.7.3: a card already face down is "turned face down" with nothing changing.
 */
export function turnFaceDown(s: PmvState, id: string): void {
  flip(s, id, true);
}

/**
 * §5.7.2 the other way: a face-down field card turned face up vanishes (a), is flipped (b) and enters anew (c) as
 * its own card: the definition that made the face-down card a 1/1 with no name (§12.5.1) was the face-down card's,
 * which is gone (docs/rulings/pmv.md P45). False when it was face up already (§5.7.3: nothing changes).
 */
export function turnFaceUp(s: PmvState, id: string): boolean {
  return flip(s, id, false);
}

function flip(s: PmvState, id: string, faceDown: boolean): boolean {
  const o = objectOf(s, id);
  if (o.zone !== 'field' || (o.faceDown === true) === faceDown) return false;
  const left = endObject(s, id, isCharacter(s, id));
  s.modifiers = s.modifiers.filter((m) => m.object.id !== id || m.object.inc !== left.inc);
  delete o.transformed;
  if (faceDown) o.faceDown = true;
  else delete o.faceDown;
  o.battleDamage = 0;
  o.effectDamage = 0;
  o.enteredAt = s.nextTimestamp;
  s.nextTimestamp += 1;
  return true;
}

/** Is this a face-down field card whose face `seat` may not see (ruling P34: its owner sees it, §3.4.3.a)? */
export function faceHiddenFrom(s: PmvState, id: string, seat: Seat | null): boolean {
  const o = s.objects[id];
  return o?.faceDown === true && o.zone === 'field' && o.owner !== seat;
}

export function log(s: PmvState, entry: PmvLogEntry): void {
  s.log.push(entry);
}

export function currentRef(s: PmvState, id: string): ObjRef {
  return refTo(s.events, id);
}

/** Does the ref still reach an object on the field (no zone change since)? */
export function onField(s: PmvState, ref: ObjRef): boolean {
  return isCurrent(s.events, ref) && s.objects[ref.id]?.zone === 'field';
}

/** The keywords a card has now: none of its own while its original text is nullified (keywords are text, §10.1). */
export function keywordsOf(s: PmvState, id: string): PmvCard['keywords'] {
  if (s.objects[id]?.zone === 'field' && originalTextNullified(s, id)) return [];
  return cardOfObject(s, id).keywords;
}

export function hasKeyword(s: PmvState, id: string, k: KeywordName): boolean {
  return keywordsOf(s, id).some((x) => x.keyword === k);
}

const lendsText = (c: PmvCard) => c.keywords.some((k) => k.keyword === 'equip' || k.keyword === 'talisman');

/**
 * Silence Charm's α (§6.1.13: it is its host's): the host's original text is nullified, except text in 【】 (§12.4).
 * The text the charm lends is not the host's original text, so it nullifies nothing of its own (digest A26).
 */
export function originalTextNullified(s: PmvState, id: string): boolean {
  return lendingAttachments(s, id).some((a) => {
    const c = cardOfObject(s, a);
    return (
      lendsText(c) &&
      c.abilities.some(
        (ab) =>
          ab.kind === 'auto' &&
          ab.class === 'alpha' &&
          ab.effects.some((e) => e.do === 'code' && e.handler === 'nullify-original-text'),
      )
    );
  });
}

/**
 * §6.1.1: a character is a card on the field by itself: a character card (§5.4.3), or a Phantasmal Creature
 * (§10.16.3, from the "has entered" step, §6.1.8.b).
 */
export function isCharacter(s: PmvState, id: string): boolean {
  const o = s.objects[id];
  if (o?.zone !== 'field') return false;
  if (o.faceDown) return true; // §6.1.7: Hollow Mask Veil treats it as a character
  const card = cardOf(o.card);
  return card.type === 'character' || card.keywords.some((k) => k.keyword === 'phantasmal-creature');
}

/**
 * What the battle-power and text questions read of where cards sit, indexed once per state: each host's attachments
 * in the order they were attached (§11.3.7), and the field cards that may carry an α battle-power modifier (see
 * `staticSources`). Both were a walk over every object (both decks included) on every question, most of PMV's time.
 */
type TableIndex = {
  /** `s.nextTimestamp` when built: every move takes a timestamp, so a move since makes the index stale. */
  stamp: number;
  attachments: Map<string, readonly string[]>;
  staticSources: Set<string>;
};

/**
 * Keyed by the state's objects record (the kernel copies the state per decision, so a copy starts empty); states
 * change while a step runs, so every write of a zone, host or popularity goes through `moveObject` (which takes a
 * timestamp) or `setHost` (which drops the entry).
 */
const tableIndexes = new WeakMap<Record<string, PmvObject>, TableIndex>();

function tableIndex(s: PmvState): TableIndex {
  const hit = tableIndexes.get(s.objects);
  if (hit && hit.stamp === s.nextTimestamp) return hit;
  const attached = new Map<string, PmvObject[]>();
  const staticSources = new Set<string>();
  for (const key in s.objects) {
    const o = s.objects[key] as PmvObject;
    if (o.zone === 'attached' && o.host !== null) {
      const list = attached.get(o.host);
      if (list) list.push(o);
      else attached.set(o.host, [o]);
    }
    if (!STATIC_CARDS.has(o.card)) continue;
    if (o.zone === 'field') staticSources.add(o.id);
    else if (o.zone === 'attached' && o.host !== null && !o.popularity) staticSources.add(o.host);
  }
  const attachments = new Map<string, readonly string[]>();
  for (const [host, list] of attached) {
    if (list.length > 1) list.sort((a, b) => a.enteredAt - b.enteredAt);
    attachments.set(
      host,
      list.map((o) => o.id),
    );
  }
  const index = { stamp: s.nextTimestamp, attachments, staticSources };
  tableIndexes.set(s.objects, index);
  return index;
}

const NONE: readonly string[] = [];

/** §11.3.7: the cards attached to this one, in the order they were attached. */
export function attachmentsOf(s: PmvState, id: string): readonly string[] {
  return tableIndex(s).attachments.get(id) ?? NONE;
}

/**
 * §11.3.7, §11.3.11.c: `id` (already in the attached zone) is attached to `host` and takes its orientation;
 * `popularity` marks a Leader's popularity card (§10.34.2.b–c).
 */
export function setHost(s: PmvState, id: string, host: string, popularity?: true): void {
  const o = objectOf(s, id);
  o.host = host;
  if (popularity) o.popularity = true;
  o.active = objectOf(s, host).active;
  tableIndexes.delete(s.objects);
}

/** The attached cards that can lend text: all but a Leader's popularity (§10.34.2.b: it is only "popularity"). */
export function lendingAttachments(s: PmvState, id: string): string[] {
  return attachmentsOf(s, id).filter((a) => !objectOf(s, a).popularity);
}

/** §10.34.2.b–c: the popularity cards attached to a Leader. */
export function popularityOf(s: PmvState, id: string): string[] {
  return attachmentsOf(s, id).filter((a) => objectOf(s, a).popularity);
}

/**
 * §10.34.2.a, §2.13.5: the popularity texts a Leader has now, by its popularity count: 0 the penalty; 1 or more
 * normal, 2 or more bonus too, 4 or more explosion too (cumulative, digest A11). None without the Leader keyword
 * (its text nullified: §2.13.4, the tiers are reached only through it). Each with its tier's index in the card.
 */
export function popularityTiers(s: PmvState, id: string): { tier: number; abilities: PmvCard['abilities'] }[] {
  if (s.objects[id]?.zone !== 'field' || !hasKeyword(s, id, 'leader')) return [];
  const n = popularityOf(s, id).length;
  const min = { penalty: 0, normal: 1, bonus: 2, explosion: 4 } as const;
  return cardOfObject(s, id)
    .popularity.map((p, tier) => ({ tier, p }))
    .filter(({ p }) => (p.tier === 'penalty' ? n === 0 : n >= min[p.tier]))
    .map(({ tier, p }) => ({ tier, abilities: p.abilities }));
}

/** §6.1.13, §10.13.6, §10.14.4: the equips and talismans on a character lend it their text and battle modifiers. */
function lenders(s: PmvState, id: string): PmvCard[] {
  return lendingAttachments(s, id)
    .map((a) => cardOfObject(s, a))
    .filter((c) => c.keywords.some((k) => k.keyword === 'equip' || k.keyword === 'talisman'));
}

/** The character's own abilities and those it has from its equips and talismans (§6.1.13), with their source card. */
export function abilitiesOf(s: PmvState, id: string): { owner: string; ability: PmvCard['abilities'][number] }[] {
  const nullified = originalTextNullified(s, id);
  const own = cardOfObject(s, id)
    .abilities.filter((a) => !nullified || (a.kind === 'auto' && a.unnullifiable)) // §12.4
    .map((ability) => ({ owner: id, ability }));
  const tiers = popularityTiers(s, id).flatMap((t) => t.abilities.map((ability) => ({ owner: id, ability })));
  const lent = lendingAttachments(s, id).flatMap((a) => {
    const c = cardOfObject(s, a);
    if (!c.keywords.some((k) => k.keyword === 'equip' || k.keyword === 'talisman')) return [];
    return c.abilities.map((ability) => ({ owner: a, ability }));
  });
  return [...own, ...tiers, ...lent];
}

const HELL_CARDS = new Set(
  [...PMV_CARDS.values()]
    .filter((c) =>
      c.abilities.some((a) => a.effects.some((e) => e.do === 'code' && e.handler === 'netherworld-is-hell')),
    )
    .map((c) => c.id),
);

/** Is a card of `cards` on the field or attached to a field card? */
function anyOnTable(s: PmvState, cards: ReadonlySet<string>): boolean {
  for (const key in s.objects) {
    const o = s.objects[key] as PmvObject;
    if ((o.zone === 'field' || o.zone === 'attached') && cards.has(o.card)) return true;
  }
  return false;
}

/**
 * §3.3.6: a card on `seat`'s field says "your netherworld is treated as Hell" (Eternal Night Garden's α). The pile
 * stays where it is: its cards become Hell cards as they are (§3.3.6), every mention of the netherworld reads Hell
 * (§3.3.6.a, card effects included), and the pool has no text that reads Hell itself (docs/rulings/pmv.md P33).
 */
export function netherworldIsHell(s: PmvState, seat: Seat): boolean {
  if (!anyOnTable(s, HELL_CARDS)) return false; // read for every view: most games have no such card
  return s.field.some(
    (id) =>
      objectOf(s, id).owner === seat &&
      abilitiesOf(s, id).some(
        ({ ability: a }) =>
          a.kind === 'auto' &&
          a.class === 'alpha' &&
          a.effects.some((e) => e.do === 'code' && e.handler === 'netherworld-is-hell'),
      ),
  );
}

/** §6.3.3.c: "can't attack": Doll (§10.9.2.a) or an α "this character can't attack", its own or lent (§6.1.13). */
export function cannotAttack(s: PmvState, id: string): boolean {
  if (hasKeyword(s, id, 'doll')) return true;
  return abilitiesOf(s, id).some(
    ({ ability }) =>
      ability.kind === 'auto' &&
      ability.class === 'alpha' &&
      ability.effects.some((e) => e.do === 'cannot' && e.what === 'attack'),
  );
}

/** §6.4.3.d, §1.3.2: an α "this character can't defend" (a Leader's unpopularity penalty, §10.34.2.a). */
export function cannotDefend(s: PmvState, id: string): boolean {
  return abilitiesOf(s, id).some(
    ({ ability }) =>
      ability.kind === 'auto' &&
      ability.class === 'alpha' &&
      ability.effects.some((e) => e.do === 'cannot' && e.what === 'defend'),
  );
}

export function charactersOf(s: PmvState, seat: Seat): string[] {
  return s.field.filter((id) => objectOf(s, id).owner === seat && isCharacter(s, id));
}

export function racesOf(s: PmvState, id: string): readonly Race[] {
  return cardOfObject(s, id).races;
}

/** §12.1.4: has this character the declared race (any, when none was declared; "none": it has no race)? */
export function ofRace(s: PmvState, id: string, race: DeclaredRace | undefined): boolean {
  if (race === undefined) return true;
  const races = racesOf(s, id);
  return race === 'none' ? races.length === 0 : races.includes(race);
}

/**
 * §7.6.1: the modifiers on this object now: those on its current incarnation, and the lingering group ones whose
 * condition it meets now (a character on that player's field; §7.6.2: no longer, none), oldest first.
 */
export function modifiersOn(s: PmvState, id: string): Omit<Modifier, 'object'>[] {
  const ref = currentRef(s, id);
  const own = s.modifiers.filter((m) => m.object.id === id && m.object.inc === ref.inc);
  const groups = s.groupModifiers ?? [];
  if (groups.length === 0) return own;
  const o = objectOf(s, id);
  const member = o.zone === 'field' && isCharacter(s, id);
  const caught = groups.filter(
    (g) => member && o.owner === g.charactersOf && ofRace(s, id, g.race) && hasDeclaredName(s, id, g.name),
  );
  return [...own, ...caught].sort((a, b) => a.timestamp - b.timestamp);
}

/**
 * §6.1.10: battle power after every modification, raw (§6.1.12: below 0 is kept for calculations; `atkOf` floors
 * it for use). Only additions exist in the implemented pool (§6.1.10.c).
 */
export const rawAtk = (s: PmvState, id: string): number => battlePower(s, id, 'atk');
export const rawDef = (s: PmvState, id: string): number => battlePower(s, id, 'def');

function battlePower(s: PmvState, id: string, stat: 'atk' | 'def'): number {
  const lent = lenders(s, id).reduce((n, c) => n + (c.modifier ? (c[stat] ?? 0) : 0), 0);
  const statics = staticModifiers(s, id);
  const alpha = statics.reduce((n, m) => n + m[stat], 0);
  const modifiers = modifiersOn(s, id);
  let value = (cardOfObject(s, id)[stat] ?? 0) + lent + alpha + modifiers.reduce((n, m) => n + m[stat], 0);
  // §1.6.4: a number "treated as" N is N only, neither its own value nor any modifier considered; the latest such
  // effect (modifiers are oldest first) is the one that holds (docs/rulings/pmv.md P56).
  for (const m of modifiers) {
    const n = m.as?.[stat];
    if (n !== undefined) value = n;
  }
  // §1.6.5: "never becomes Y or less": at Y or below, it is Y + 1 directly, never the lower value (P57).
  for (const m of statics) {
    const floor = m.floor?.[stat];
    if (floor !== undefined && value <= floor) value = floor + 1;
  }
  return value;
}

/** Cards of the pool whose text (popularity texts and transformation description included) holds an α battle-power modifier. */
const STATIC_CARDS = new Set(
  [...PMV_CARDS.values()]
    .filter((c) =>
      [...c.abilities, ...c.popularity.flatMap((p) => p.abilities), ...(c.transformation?.abilities ?? [])].some((a) =>
        a.effects.some((e) => e.do === 'static-modify' || e.do === 'never-below'),
      ),
    )
    .map((c) => c.id),
);

/**
 * §7.4.5, §6.1.10: the α battle-power modifiers applying to character `id` now, from every card on the field
 * (characters and World Talismans: its own text, its popularity texts, what it is lent): "this character", "your other characters" or a race
 * (§7.6.1: whoever qualifies now). Only additions exist in the pool, so their order (§7.4.5.e) does not matter.
 */
/** An α battle-power modifier, or a floor (§1.6.5) that `battlePower` applies last. */
type StaticModifier = { atk: number; def: number; floor?: { atk?: number; def?: number } };

function staticModifiers(s: PmvState, id: string): StaticModifier[] {
  const sources = staticSources(s);
  if (sources.size === 0) return [];
  const o = objectOf(s, id);
  const out: StaticModifier[] = [];
  for (const source of s.field) {
    if (!sources.has(source)) continue; // a character, or a World Talisman (Eternal Night Garden)
    for (const { ability } of abilitiesOf(s, source)) {
      if (ability.kind !== 'auto' || ability.class !== 'alpha' || ability.when) continue;
      for (const e of ability.effects) {
        // §1.6.5: "this character's ATK/DEF never becomes Y or less", read by battlePower.
        if (e.do === 'never-below' && source === id) out.push({ atk: 0, def: 0, floor: { [e.stat]: e.floor } });
        if (e.do !== 'static-modify') continue;
        const applies =
          e.who === 'self'
            ? source === id
            : e.who === 'your-other-characters'
              ? source !== id && objectOf(s, source).owner === o.owner
              : racesOf(s, id).includes(e.who.race);
        if (applies) out.push({ atk: e.atk, def: e.def });
      }
    }
  }
  return out;
}

/**
 * The field cards that may carry an α battle-power modifier: their own card (popularity texts included) holds one,
 * or a card attached to them does. Any other field card has none, so `staticModifiers` skips reading its abilities
 * (one pass over the objects instead of every field card's abilities for every battle-power question).
 */
function staticSources(s: PmvState): Set<string> {
  return tableIndex(s).staticSources;
}

/** §6.1.12: a value below 0 is used as 0. */
export const atkOf = (s: PmvState, id: string) => Math.max(0, rawAtk(s, id));
export const defOf = (s: PmvState, id: string) => Math.max(0, rawDef(s, id));

export function damageOf(s: PmvState, id: string): number {
  const o = objectOf(s, id);
  return o.battleDamage + o.effectDamage;
}

function zoneList(s: PmvState, o: PmvObject): string[] | null {
  switch (o.zone) {
    case 'field':
      return s.field;
    case 'play':
    case 'attached':
      return null;
    case 'node':
      return s.players[o.owner].nodes;
    default:
      return s.players[o.owner][o.zone];
  }
}

/** The attack (if any) whose attacker or defender this object is: it stops being so when the object leaves. */
function dropFromBattle(s: PmvState, ref: ObjRef): void {
  for (const i of s.interferences) {
    const a = i.attack;
    if (!a) continue;
    // §6.3.6.b: the attack is cancelled when its attacker leaves the field.
    if (a.attacker.id === ref.id && a.attacker.inc === ref.inc) a.cancelled = true;
    // §6.4.6-6.4.7 by analogy: a defender that left the field no longer defends (docs/rulings/pmv.md P7).
    if (a.defender && a.defender.id === ref.id && a.defender.inc === ref.inc) a.defender = null;
  }
}

/**
 * Moves a card to a zone (§3.1.7: a new incarnation, what it was is recorded first as last-known information).
 * Cards always go to their original owner's zones (§3.1.6). `at` is 'top' or 'bottom' for the deck; the
 * netherworld's top is its last entry (§3.3); other lists append.
 */
export function moveObject(s: PmvState, id: string, placed: Zone, at: 'top' | 'bottom' = 'top'): ObjRef {
  const o = objectOf(s, id);
  const to = placedInstead(s, id, placed) ?? placed;
  // §11.3.3, §9.3.4.e–f: a card leaving the field (or its host) takes its attachments with it to the netherworld.
  if ((o.zone === 'field' || o.zone === 'attached') && to !== 'field' && to !== 'attached')
    for (const a of attachmentsOf(s, id)) moveObject(s, a, 'netherworld');
  o.host = null;
  tableIndexes.delete(s.objects);
  const from = zoneList(s, o);
  if (from) from.splice(from.indexOf(id), 1);
  const left = endObject(s, id, o.zone === 'field' && isCharacter(s, id));
  o.zone = to;
  delete o.popularity; // §10.34.2.b: popularity only while attached to the Leader
  delete o.transformed; // §10.28.11: a card that stops being a character is back to its normal state
  // §3.1.5.d: face up into a public zone; §11.3.4: into a hidden one unrevealed (its zone hides it anyway).
  delete o.faceDown;
  // §1.8.5, §3.1.5: into a hidden zone face down; a card entering the field enters asleep unless told (§5.4.2).
  o.active = false;
  o.battleDamage = 0;
  o.effectDamage = 0;
  o.enteredAt = s.nextTimestamp;
  s.nextTimestamp += 1;
  const into = zoneList(s, o);
  if (into) {
    if (to === 'deck' && at === 'top') into.unshift(id);
    else into.push(id);
  }
  // A seat that remembered a hidden card no longer needs to once it is public; it cannot follow it into a deck, nor
  // into a face-down node unless it is the owner (who sees which card they set, docs/rulings/pmv.md P3).
  for (const seat of SEATS) {
    const known = s.known[seat];
    if (to === 'node' && seat === o.owner) continue;
    if (known?.includes(id)) s.known[seat] = known.filter((k) => k !== id);
  }
  s.modifiers = s.modifiers.filter((m) => m.object.id !== id || m.object.inc !== left.inc);
  return left;
}

const PLACE_INSTEAD_CARDS = new Set(
  [...PMV_CARDS.values()]
    .filter((c) => c.abilities.some((a) => a.effects.some((e) => e.do === 'place-instead')))
    .map((c) => c.id),
);

/**
 * §11.2.2.a: an "instead of placing" α of the card itself, read while it is still on the field (before §11.2.2.b):
 * the zone it goes to instead, or null. Going elsewhere ends the placing; the new incarnation keeps none of what the
 * card was given (§3.1.7). Its owner's zone still (§3.1.6).
 */
function placedInstead(s: PmvState, id: string, to: Zone): Zone | null {
  const o = objectOf(s, id);
  if (o.zone !== 'field' || !PLACE_INSTEAD_CARDS.has(o.card) || o.faceDown) return null;
  for (const { owner, ability } of abilitiesOf(s, id)) {
    if (owner !== id || ability.kind !== 'auto' || ability.class !== 'alpha') continue;
    for (const e of ability.effects) {
      if (e.do !== 'place-instead' || e.into !== to) continue;
      log(s, { type: 'placed-instead', seat: o.owner, card: o.card, object: id, rule: '11.2.2.a' });
      return e.instead;
    }
  }
  return null;
}

/** §1.11.2, §1.11.7: draw X; with fewer than X cards in the deck the player loses at once (no card is drawn). */
export function draw(s: PmvState, seat: Seat, count: number): void {
  const deck = s.players[seat].deck;
  if (deck.length < count) {
    log(s, { type: 'decked', seat, rule: '1.11.7' });
    lose(s, [seat], 'decked', '1.5.3.b');
    return;
  }
  for (let i = 0; i < count; i++) {
    const top = deck[0];
    if (top !== undefined) moveObject(s, top, 'hand');
  }
  if (count > 0) log(s, { type: 'draw', seat, amount: count });
}

/** §1.5.3, §1.5.4.a: these players lose at once; everyone losing is a draw. */
export function lose(s: PmvState, seats: Seat[], reason: string, rule: string): void {
  if (s.result) return;
  const losers = SEATS.filter((x) => seats.includes(x));
  const [one, two] = losers;
  if (!one) return;
  if (two) s.result = { kind: 'draw', reason: 'both-lost', rule: '1.5.4.a' };
  else s.result = { kind: 'win', winner: one === 'p1' ? 'p2' : 'p1', reason, rule };
}

/** The interference being played into or resolved (§1.12.7: the innermost), or null. */
export function currentInterference(s: PmvState): Interference | null {
  return s.interferences[s.interferences.length - 1] ?? null;
}

/** §6.2.5.a: the attack in progress anywhere (there is never more than one live attack). */
export function liveAttack(s: PmvState): Attack | null {
  for (let i = s.interferences.length - 1; i >= 0; i--) {
    const a = s.interferences[i]?.attack;
    if (a && !a.cancelled) return a;
  }
  return null;
}

/** §2.3, §10.20.2.a: a card's names: its own, and those its Link joins (treated as its names too). */
export function namesOf(s: PmvState, id: string): PmvCard['name'][] {
  const card = cardOfObject(s, id);
  const linked = keywordsOf(s, id).find((k) => k.keyword === 'link')?.names ?? [];
  return [card.name, ...linked];
}

/** §12.3.1: does one of this card's names contain the name `a` (in either language, as for casters)? */
export function hasName(s: PmvState, id: string, a: Label): boolean {
  return namesOf(s, id).some((name) => name.en.includes(a.en) || name.ja.includes(a.ja));
}

/**
 * §2.3.4, §12.1.3 (ruling P55): the names that can arise in the game, which a player may declare: every card name
 * of the pool, and every name an effect grants (Link's names, §10.20.2.a, §6.1.5) that is no card's name. Keyed by
 * the card that bears the name (a granted one: `<card>~link<n>`), in key order, so a stored answer never names words.
 */
export const DECLARABLE_NAMES: ReadonlyMap<string, Label> = (() => {
  const names = new Map<string, Label>();
  const known = (l: Label) => [...names.values()].some((n) => n.en === l.en && n.ja === l.ja);
  for (const card of PMV_CARDS.values()) names.set(card.id, card.name);
  for (const card of PMV_CARDS.values()) {
    const link = card.keywords.find((k) => k.keyword === 'link')?.names ?? [];
    link.forEach((l, i) => {
      if (!known(l)) names.set(`${card.id}~link${i}`, l);
    });
  }
  return new Map([...names].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
})();

/** §12.1.3, §12.3.1: has this card the declared name (any, when none was declared)? */
export function hasDeclaredName(s: PmvState, id: string, key: string | undefined): boolean {
  if (key === undefined) return true;
  const name = DECLARABLE_NAMES.get(key);
  return name !== undefined && hasName(s, id, name);
}

/** §5.5.7, §12.3.1: a character on `seat`'s field whose name contains the spell's caster. */
export function casterPresent(s: PmvState, seat: Seat, card: PmvCard): boolean {
  const caster = card.caster;
  if (!caster) return false; // §2.5.2: no printed caster, none
  // §10.31.2.a, §10.31.3: a Sealed Art character is no caster while its player has fewer than 6 nodes.
  const sealed = (id: string) => hasKeyword(s, id, 'sealed-art') && s.players[seat].nodes.length < 6;
  return charactersOf(s, seat).some((id) => {
    if (sealed(id)) return false;
    return hasName(s, id, caster);
  });
}

/** §5.6.6: at least N characters of the alternative race on `seat`'s field. */
export function alternativeRaceMet(s: PmvState, seat: Seat, card: PmvCard): boolean {
  const alt = card.alternativeRace;
  if (!alt) return false;
  return charactersOf(s, seat).filter((id) => racesOf(s, id).includes(alt.race)).length >= alt.count;
}
