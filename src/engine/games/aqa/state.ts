/**
 * Aquarian Age state (rules summary, seed 002): plain JSON. Section numbers (§3-1 …) are the summary's; G-numbers are
 * the gaps of the digest, each decided in docs/rulings/aqa.md. Cards are objects `o<n>`; a character on the field is
 * its own object `c<n>` holding its card stack (character card, break cards on top, §9-1), its face-down power cards
 * (§12, G11) and its permanents (§11).
 */
import type { GameResult, Seat } from '../../core/game.ts';
import type { Knowledge } from '../../core/hidden.ts';
import type { ProcedureState } from '../../core/procedure.ts';
import type { RngState } from '../../core/rng.ts';
import { AQA_CARDS } from './cards/pool.ts';
import { type AqaCard, FACTIONS, type Faction } from './cards/schema.ts';
import { AQA_TOKENS } from './cards/tokens.ts';

export const AQA_GAME_ID = 'aqa';

export function cardOf(id: string): AqaCard {
  const card = AQA_CARDS.get(id) ?? AQA_TOKENS.get(id);
  if (!card) throw new Error(`aqa: no card "${id}"`);
  return card;
}

/** Where a card object is. `field`: part of a character (its stack, a power card or a permanent). */
export type Zone = 'deck' | 'hand' | 'discard' | 'damage' | 'removed' | 'outside' | 'pending' | 'field' | 'lasting';

/** `token`: made by an effect (§7-3, Paper Shikigami), no card of a deck; it leaves the game with its character. */
export type CardObject = { id: string; card: string; owner: Seat; zone: Zone; token?: true };

/** G9, §18-2: the faction area's party slots in §22-4 order, then the factionless party. */
export type PartyKey = Faction | 'none';
export const PARTIES: readonly PartyKey[] = [...FACTIONS, 'none'];

export type Stat = 'atk' | 'dur' | 'mnd';
/** `from`: the effect (an `effectKey`) that made it; it stops applying while that effect is negated (§13-1). */
export type Modifier = { stat: Stat; amount: number; until: 'end-of-turn' | 'end-of-battle'; from?: string };

export type Character = {
  id: string;
  owner: Seat;
  /** G10: in the faction area (a party member) or controlled (the control area). */
  area: 'faction' | 'control';
  party: PartyKey;
  /** §9-1: bottom first; the top card is what the character is (§1-1). */
  cards: string[];
  /** §12, G11: face-down power cards, bottom first; payments take from the top (ruling G39). */
  power: string[];
  permanents: string[];
  mods: Modifier[];
  /** §8-1-b: a character set through "usable as a break card" is not broken. */
  broken: boolean;
  /** §11-3, §11-4: "Permanent −1" given to it. */
  permanentMinus: number;
  /** §13-2 (Veil of Stillness): unaffected by effects until end of turn. */
  unaffected: boolean;
  /** Crossroads Charm's second mode (§15-1): judged with this much more attack for the current battle. */
  judgeBonus: number;
  /** §7-3: a character that exists by an effect of this character (Paper Shikigami): discarded with it. */
  createdBy?: string;
};

export type Side = {
  deck: string[];
  hand: string[];
  /** §2-1: not browsable; count and top card public (ruling G25). */
  discard: string[];
  /** Public (ruling G25); 10 or more cards loses (ruling G2). */
  damage: string[];
  removed: string[];
  /** §24-1, ruling D4: the deck list's `side` pool, outside the game; its owner's alone to know (ruling R24). */
  outside: string[];
  /** G9: party slots, each bottom first; the top of a party is its active character (§3-9). */
  parties: Record<PartyKey, string[]>;
  /** G10: controlled characters. */
  control: string[];
  /** G23: continuous project and fast cards (Open Gates). */
  lasting: string[];
  /** G2(b), §12-3: had to take a card from an empty deck. */
  tookFromEmpty: boolean;
};

export type AttackTarget = { player: Seat } | { character: string };

/** A declaration waiting to resolve (§1-3, §21-3a): the chain is bottom first; the last resolves first (G19). */
export type Declaration = { id: string; seat: Seat } & (
  | { kind: 'phase'; phase: Phase; edge: 'start' | 'end' }
  | { kind: 'faction-check'; party: PartyKey }
  | { kind: 'set'; card: string }
  | { kind: 'break'; card: string; target: string }
  | { kind: 'permanent'; card: string; target: string }
  | { kind: 'use'; card: string; targets: string[]; x: number; mode: number; split: number[] }
  | {
      kind: 'effect';
      source: string;
      ability: number;
      targets: string[];
      /** §11-5, §11-6: the permanent that gives the effect (its ability index), or null for the top card's. */
      permanent: string | null;
      x: number;
      /** §7-4 (Hollow Vessel): the paid power cards, kept face down until they are set on the target. */
      paid: string[];
    }
  | { kind: 'attack'; attacker: string; target: AttackTarget; guard: string | null; guardDeclared: boolean }
  | { kind: 'guard'; guard: string; attack: string; free: boolean }
);
export type DeclarationKind = Declaration['kind'];

export const PHASES = ['draw', 'faction', 'main', 'power', 'discard', 'end'] as const;
export type Phase = (typeof PHASES)[number];

export function isPhase(x: string): x is Phase {
  return (PHASES as readonly string[]).includes(x);
}

/** How responses work (G19): one module, chosen by a setting (protocol.ts). */
export type ProtocolId = 'chain' | 'item';

/** Structured log entries: ids and codes, never words (log-text.ts renders them). */
export type LogEntry =
  | { type: 'phase'; seat: Seat; phase: Phase; edge: 'start' | 'end' }
  | { type: 'declared'; seat: Seat; kind: DeclarationKind; card: string | null; target: string | null }
  | { type: 'resolved'; kind: DeclarationKind; card: string | null }
  | { type: 'failed'; kind: DeclarationKind; card: string | null; rule: string }
  | { type: 'drew'; seat: Seat; count: number }
  | { type: 'revealed'; seat: Seat; card: string; to: 'field' | 'damage' }
  | { type: 'entered'; seat: Seat; card: string }
  | { type: 'controlled'; seat: Seat; card: string }
  | { type: 'power'; seat: Seat; card: string; count: number }
  | { type: 'battle'; attacker: string; guard: string }
  | { type: 'discarded'; seat: Seat; card: string; rule: string }
  /** §11-2: a permanent moved by an effect onto another character (`to`: that character's top card). */
  | { type: 'moved'; seat: Seat; card: string; to: string }
  | { type: 'to-damage'; seat: Seat; card: string; rule: string }
  /** §24-2: a character's card removed from the game by an effect. */
  | { type: 'removed-from-game'; seat: Seat; card: string }
  | { type: 'bind'; seat: Seat; card: string; count: number }
  | { type: 'hand-discard'; seat: Seat; card: string }
  | { type: 'lost'; seat: Seat; reason: string }
  | { type: 'redrew'; seat: Seat }
  | { type: 'conceded'; seat: Seat };

export type AqaState = ProcedureState & {
  rng: RngState;
  protocol: ProtocolId;
  turn: { number: number; active: Seat; phase: Phase | 'setup' };
  first: Seat;
  sides: Record<Seat, Side>;
  objects: Record<string, CardObject>;
  characters: Record<string, Character>;
  chain: Declaration[];
  nextId: number;
  /** §14-2, G23: the characters each lasting target-range card affects. */
  lastingTargets: Record<string, string[]>;
  /** §22-1, Open Gates: Stealth characters can be guarded by any character until end of turn. */
  stealthOpen: boolean;
  /** §13-1 (Null Warden): effects negated until end of turn, each with the effect that negated it (§13-1-a). */
  negated?: { effect: string; by: string }[];
  /** Cards a seat has looked at while hidden from them (a Search's look through the deck, §6-6, §13-5). */
  known?: Knowledge;
  log: LogEntry[];
  logSeq: number;
};

export function objectOf(s: AqaState, id: string): CardObject {
  const o = s.objects[id];
  if (!o) throw new Error(`aqa: no object ${id}`);
  return o;
}

export function characterOf(s: AqaState, id: string): Character {
  const c = s.characters[id];
  if (!c) throw new Error(`aqa: no character ${id}`);
  return c;
}

export function onField(s: AqaState, id: string): boolean {
  return s.characters[id] !== undefined;
}

/** The top card of a character's stack: what it is (§9-1, §1-1). */
export function faceOf(s: AqaState, c: Character): AqaCard {
  const top = c.cards[c.cards.length - 1];
  if (top === undefined) throw new Error(`aqa: character ${c.id} has no cards`);
  return cardOf(objectOf(s, top).card);
}

/**
 * An effect ("Eff [n]") of a character, as one string: the character, the card printing the ability (its top card
 * or a permanent, §11-5) and the ability's index on that card. §7-6: the same effect before and after a change.
 */
export function effectKey(character: string, card: string, ability: number): string {
  return `${character}/${card}/${ability}`;
}

export function parseEffectKey(key: string): { character: string; card: string; ability: number } | null {
  const [character, card, ability] = key.split('/');
  if (character === undefined || card === undefined || ability === undefined) return null;
  return { character, card, ability: Number(ability) };
}

export function newId(s: AqaState, prefix: string): string {
  const id = `${prefix}${s.nextId}`;
  s.nextId += 1;
  return id;
}

export function pushLog(s: AqaState, entry: LogEntry): void {
  s.log.push(entry);
  s.logSeq += 1;
}

/** Lists a card object's zone keeps on its owner's side, or null for zones held elsewhere. */
function listOf(s: AqaState, o: CardObject): string[] | null {
  const side = s.sides[o.owner];
  switch (o.zone) {
    case 'deck':
    case 'hand':
    case 'discard':
    case 'damage':
    case 'removed':
    case 'outside':
    case 'lasting':
      return side[o.zone];
    case 'pending':
    case 'field':
      return null;
  }
}

/** Moves a card object between its owner's zones (a character's lists are the caller's to update). */
export function moveCard(s: AqaState, id: string, to: Zone, atTop = false): void {
  const o = objectOf(s, id);
  const from = listOf(s, o);
  if (from) {
    const at = from.indexOf(id);
    if (at >= 0) from.splice(at, 1);
  }
  o.zone = to;
  const into = listOf(s, o);
  if (into) {
    if (atTop) into.unshift(id);
    else into.push(id);
  }
}

/** All characters on a seat's field: faction area (party order, bottom first) then control area. */
export function charactersOf(s: AqaState, seat: Seat): Character[] {
  // Plain loops into one array: the spreads and flatMap this replaced were a twentieth of a random game's time.
  const side = s.sides[seat];
  const out: Character[] = [];
  for (const p of PARTIES) for (const id of side.parties[p]) out.push(characterOf(s, id));
  for (const id of side.control) out.push(characterOf(s, id));
  return out;
}

export function allCharacters(s: AqaState): Character[] {
  const out = charactersOf(s, 'p1');
  for (const c of charactersOf(s, 'p2')) out.push(c);
  return out;
}

export function controlledOf(s: AqaState, seat: Seat): Character[] {
  return s.sides[seat].control.map((id) => characterOf(s, id));
}

/** §3-9: the top of each non-empty party. */
export function activeCharacters(s: AqaState, seat: Seat): Character[] {
  return PARTIES.flatMap((p) => {
    const party = s.sides[seat].parties[p];
    const top = party[party.length - 1];
    return top === undefined ? [] : [characterOf(s, top)];
  });
}

export function isActive(s: AqaState, c: Character): boolean {
  if (c.area !== 'faction') return false;
  const party = s.sides[c.owner].parties[c.party];
  return party[party.length - 1] === c.id;
}

/** G8, §18-3, §18-2: the party a card joins: its first faction in §22-4 order, or the factionless party. */
export function partyFor(card: AqaCard): PartyKey {
  for (const f of FACTIONS) if (card.factions.includes(f)) return f;
  return 'none';
}

export function emptyParties(): Record<PartyKey, string[]> {
  return { psyche: [], kagura: [], grimoire: [], wildwood: [], meridian: [], null: [], none: [] };
}

export function win(winner: Seat, reason: string, rule: string): GameResult {
  return { kind: 'win', winner, reason, rule };
}
