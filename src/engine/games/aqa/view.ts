/**
 * Per-viewer projection (the digest's §12, ruling G25): hands are their owner's; decks nobody's (counts public);
 * power cards are face down to everyone, the owner included (counts public); the discard pile shows its count and
 * top card only (§2-1); the damage zone, the field, the lasting row and the chain are public.
 */
import type { Seat, Viewer } from '../../core/game.ts';
import { type IdentitySecrets, identitySecrets, mayLookAt } from '../../core/hidden.ts';
import { type NumberedEntry, visibleEntries } from '../../core/visible-log.ts';
import type { SkillName } from './cards/schema.ts';
import { defenderOf } from './legal.ts';
import { guardCost, skillCount, statOf } from './rules.ts';
import {
  type AqaState,
  type Character,
  cardOf,
  characterOf,
  type Declaration,
  type LogEntry,
  PARTIES,
  type PartyKey,
  type Phase,
  type ProtocolId,
} from './state.ts';

export type CharacterView = {
  id: string;
  /** The top card (what the character is) and the whole stack, bottom first (§9-1): all public. */
  card: string;
  stack: string[];
  owner: Seat;
  area: 'faction' | 'control';
  party: PartyKey;
  active: boolean;
  atk: number;
  dur: number;
  mnd: number;
  mentalAttack: number;
  /** Face-down power cards: only how many (ruling G25). */
  power: number;
  permanents: { id: string; card: string }[];
  skills: SkillName[];
  broken: boolean;
  guardCost: number;
  unaffected: boolean;
  permanentMinus: number;
  attacking: boolean;
  guarding: boolean;
};

export type ChainView = {
  id: string;
  kind: string;
  seat: Seat;
  /** The declared card or the acting character's top card. */
  card: string | null;
  /** Targets as character ids, seats or party keys. */
  targets: string[];
  detail: string | null;
};

export type SideView = {
  deckCount: number;
  handCount: number;
  hand?: { id: string; card: string }[];
  discardCount: number;
  discardTop: { id: string; card: string } | null;
  damage: { id: string; card: string }[];
  removed: { id: string; card: string }[];
  parties: { party: PartyKey; characters: CharacterView[] }[];
  control: CharacterView[];
  lasting: { id: string; card: string }[];
};

export type AqaView = {
  viewer: Viewer;
  version: number;
  turn: { number: number; active: Seat; phase: Phase | 'setup' };
  first: Seat;
  protocol: ProtocolId;
  sides: Record<Seat, SideView>;
  chain: ChainView[];
  stealthOpen: boolean;
  waitingFor: Seat | null;
  /** This decision's log entries, structured: log-text.ts puts them into words. */
  log: NumberedEntry<LogEntry>[];
};

const SKILL_LIST: SkillName[] = [
  'aggressive',
  'penetrate',
  'resist',
  'charge',
  'bind',
  'intercept',
  'search',
  'stealth',
];

function characterView(s: AqaState, c: Character): CharacterView {
  const top = c.cards[c.cards.length - 1] ?? '';
  const party = s.sides[c.owner].parties[c.party];
  const attack = s.chain.find((d) => d.kind === 'attack');
  return {
    id: c.id,
    card: s.objects[top]?.card ?? '',
    stack: c.cards.map((id) => s.objects[id]?.card ?? ''),
    owner: c.owner,
    area: c.area,
    party: c.party,
    active: c.area === 'faction' && party[party.length - 1] === c.id,
    atk: statOf(s, c, 'atk'),
    dur: statOf(s, c, 'dur'),
    mnd: statOf(s, c, 'mnd'),
    mentalAttack: cardOf(s.objects[top]?.card ?? '').mentalAttack ?? 0,
    power: c.power.length,
    permanents: c.permanents.map((id) => ({ id, card: s.objects[id]?.card ?? '' })),
    skills: SKILL_LIST.filter((k) => skillCount(s, c, k) > 0),
    broken: c.broken,
    guardCost: guardCost(s, c),
    unaffected: c.unaffected,
    permanentMinus: c.permanentMinus,
    attacking: attack?.kind === 'attack' && attack.attacker === c.id,
    // Declared (a guard on the chain) or carried out (the attack's guard).
    guarding:
      (attack?.kind === 'attack' && attack.guard === c.id) ||
      s.chain.some((d) => d.kind === 'guard' && d.guard === c.id),
  };
}

function topCardOf(s: AqaState, id: string): string | null {
  const c = s.characters[id];
  const t = c?.cards[c.cards.length - 1];
  return t ? (s.objects[t]?.card ?? null) : null;
}

function chainItemView(s: AqaState, d: Declaration): ChainView {
  const top = (id: string) => topCardOf(s, id);
  const card = 'card' in d ? (s.objects[d.card]?.card ?? null) : null;
  switch (d.kind) {
    case 'phase':
      return { id: d.id, kind: d.kind, seat: d.seat, card: null, targets: [], detail: `${d.phase}:${d.edge}` };
    case 'faction-check':
      return { id: d.id, kind: d.kind, seat: d.seat, card: null, targets: [], detail: d.party };
    case 'set':
      return { id: d.id, kind: d.kind, seat: d.seat, card, targets: [], detail: null };
    case 'break':
    case 'permanent':
      return { id: d.id, kind: d.kind, seat: d.seat, card, targets: [d.target], detail: null };
    case 'use':
      return { id: d.id, kind: d.kind, seat: d.seat, card, targets: d.targets, detail: d.x > 0 ? `X=${d.x}` : null };
    case 'effect':
      return {
        id: d.id,
        kind: d.kind,
        seat: d.seat,
        card: top(d.source),
        targets: [d.source, ...d.targets],
        detail: d.x > 0 ? `X=${d.x}` : null,
      };
    case 'attack': {
      const target = 'player' in d.target ? d.target.player : d.target.character;
      const defender = defenderOf(s, d);
      return {
        id: d.id,
        kind: d.kind,
        seat: d.seat,
        card: top(d.attacker),
        targets: [target, ...(d.guard ? [d.guard] : [])],
        detail: defender ? `defender:${defender}` : null,
      };
    }
    case 'guard':
      return {
        id: d.id,
        kind: d.kind,
        seat: d.seat,
        card: top(d.guard),
        targets: [],
        detail: d.free ? 'free' : null,
      };
  }
}

function chainView(s: AqaState): ChainView[] {
  return s.chain.map((d) => chainItemView(s, d));
}

export function aqaView(s: AqaState, viewer: Viewer, waitingFor: Seat | null): AqaView {
  const side = (seat: Seat): SideView => {
    const z = s.sides[seat];
    const named = (id: string) => ({ id, card: s.objects[id]?.card ?? '' });
    const topId = z.discard[z.discard.length - 1];
    const out: SideView = {
      deckCount: z.deck.length,
      handCount: z.hand.length,
      discardCount: z.discard.length,
      discardTop: topId === undefined ? null : named(topId),
      damage: z.damage.map(named),
      removed: z.removed.map(named),
      parties: PARTIES.map((party) => ({
        party,
        characters: z.parties[party].map((id) => characterView(s, characterOf(s, id))),
      })),
      control: z.control.map((id) => characterView(s, characterOf(s, id))),
      lasting: z.lasting.map(named),
    };
    if (mayLookAt(viewer, seat)) out.hand = z.hand.map(named);
    return out;
  };
  return {
    viewer,
    version: s.version,
    turn: { ...s.turn },
    first: s.first,
    protocol: s.protocol,
    sides: { p1: side('p1'), p2: side('p2') },
    chain: chainView(s),
    stealthOpen: s.stealthOpen,
    waitingFor,
    log: visibleLog(s, viewer),
  };
}

/**
 * Ids this viewer must not see: decks, the hands they may not look at, every power card (face down to all,
 * ruling G25) and the discard piles below their top card (§2-1). The omniscient viewer sees everything.
 */
export function aqaHiddenIds(s: AqaState, viewer: Viewer): string[] {
  if (viewer.kind === 'omniscient') return [];
  const out: string[] = [];
  for (const seat of ['p1', 'p2'] as const) {
    const z = s.sides[seat];
    out.push(...z.deck, ...z.discard.slice(0, -1));
    if (!mayLookAt(viewer, seat)) out.push(...z.hand, ...z.outside); // ruling R24
  }
  for (const c of Object.values(s.characters)) out.push(...c.power);
  // §7-4: power cards paid for Hollow Vessel's effect stay face down until they are set again.
  for (const d of s.chain) if (d.kind === 'effect') out.push(...d.paid);
  return out;
}

/**
 * The identities this viewer may not know: decks, others' hands and power cards. The discard pile below its top is
 * out of the view (§2-1) but not secret: every card reached it face up, in front of both players (§20-1).
 */
export function aqaSecrets(s: AqaState, viewer: Viewer): IdentitySecrets {
  if (viewer.kind === 'omniscient')
    return identitySecrets(Object.values(s.objects), new Set(), (card) => cardOf(card).name);
  const hidden = new Set<string>();
  for (const seat of ['p1', 'p2'] as const) {
    const z = s.sides[seat];
    for (const id of z.deck) hidden.add(id);
    if (!mayLookAt(viewer, seat)) for (const id of [...z.hand, ...z.outside]) hidden.add(id); // ruling R24
  }
  for (const c of Object.values(s.characters)) for (const id of c.power) hidden.add(id);
  for (const d of s.chain) if (d.kind === 'effect') for (const id of d.paid) hidden.add(id);
  // What this player has looked at (a Search's look through their deck) is known to them, and only to them.
  if (viewer.kind === 'player') for (const id of s.known?.[viewer.seat] ?? []) hidden.delete(id);
  return identitySecrets(Object.values(s.objects), hidden, (card) => cardOf(card).name);
}

/** The state's log entries (all public: hidden cards are never named in them), numbered by decision. */
export function visibleLog(s: AqaState, viewer: Viewer, after?: number): NumberedEntry<LogEntry>[] {
  return visibleEntries(s, viewer, after);
}
