/**
 * Per-viewer projection (the digest's §4): hands are their owner's, libraries nobody's (counts are public); the
 * battlefield, stack, graveyards, exile (face up), mana pools and life are public.
 */
import { isCurrent } from '../../core/events.ts';
import type { Seat, Viewer } from '../../core/game.ts';
import { hiddenZoneIds, type IdentitySecrets, identitySecrets, mayLookAt } from '../../core/hidden.ts';
import { type NumberedEntry, visibleEntries } from '../../core/visible-log.ts';
import type { Keyword } from './cards/schema.ts';
import {
  attachedPermanent,
  cardOf,
  controllerOf,
  isCreature,
  isSummoningSick,
  keywordsOf,
  type MtgLogEntry,
  type MtgObject,
  type MtgState,
  objectOf,
  powerOf,
  readOnlyPass,
  type Step,
  toughnessOf,
} from './state.ts';

export type ObjectView = {
  id: string;
  card: string;
  owner: Seat;
  controller: Seat;
  tapped: boolean;
  damage: number;
  power?: number;
  toughness?: number;
  keywords?: Keyword[];
  summoningSick?: boolean;
  attacking?: boolean;
  blocking?: string[];
  /** CR 121: counters on it, by kind. */
  counters?: { kind: string; count: number }[];
  /** CR 110.5: a token. */
  token?: boolean;
  /** CR 706.5: the card this permanent is, when it is on the battlefield as a copy of `card`. */
  printed?: string;
  /** CR 301.5a, 303.4b: the permanent this Aura or Equipment is attached to. */
  attachedTo?: string;
};

export type SideView = {
  life: number;
  /** CR 121.1c: poison counters (absent: none). */
  poison?: number;
  libraryCount: number;
  handCount: number;
  /** Only for the hand's owner (and the omniscient viewer). */
  hand?: ObjectView[];
  graveyard: ObjectView[];
  exile: ObjectView[];
  pool: string[];
  landsPlayed: number;
};

export type StackView = {
  id: string;
  kind: 'spell' | 'ability' | 'trigger';
  controller: Seat;
  card: string;
  /** Null when the source has left the zone it was in (it is a new object now). */
  source: string | null;
  targets: (string | null)[];
  x: number | null;
  mode: number | null;
};

export type MtgView = {
  viewer: Viewer;
  version: number;
  turn: { number: number; active: Seat; step: Step };
  startingPlayer: Seat;
  players: Record<Seat, SideView>;
  battlefield: ObjectView[];
  stack: StackView[];
  waitingFor: Seat | null;
  /**
   * The latest log entries this viewer may read, structured (ids and codes): the presenter puts them into words
   * (log-text.ts), so a view never carries card names, only ids.
   */
  log: NumberedEntry<MtgLogEntry>[];
};

function objectView(s: MtgState, id: string): ObjectView {
  const o = objectOf(s, id);
  const out: ObjectView = {
    id,
    card: o.card,
    owner: o.owner,
    controller: controllerOf(s, id),
    tapped: o.tapped,
    damage: o.damage,
  };
  if (o.zone === 'battlefield' && isCreature(s, id)) {
    out.power = powerOf(s, id);
    out.toughness = toughnessOf(s, id);
    out.keywords = keywordsOf(s, id);
    out.summoningSick = isSummoningSick(s, id);
    if (s.combat?.attackers[id]) out.attacking = true;
    const blocking = s.combat?.blockers[id];
    if (blocking) out.blocking = [...blocking];
  }
  const counters = Object.entries(o.counters ?? {}).filter(([, n]) => (n ?? 0) > 0);
  if (counters.length > 0) out.counters = counters.map(([kind, count]) => ({ kind, count: count ?? 0 }));
  if (o.token) out.token = true;
  if (o.printed !== undefined) out.printed = o.printed;
  const holder = o.zone === 'battlefield' ? attachedPermanent(s, id) : null;
  if (holder !== null) out.attachedTo = holder; // CR 301.5a, 303.4b
  return out;
}

export function mtgView(s: MtgState, viewer: Viewer, waitingFor: Seat | null): MtgView {
  // A view only reads: one pass checks the layer fold's inputs once instead of on every characteristic it shows.
  return readOnlyPass(s, () => viewOf(s, viewer, waitingFor));
}

function viewOf(s: MtgState, viewer: Viewer, waitingFor: Seat | null): MtgView {
  const side = (seat: Seat): SideView => {
    const p = s.players[seat];
    const out: SideView = {
      life: p.life,
      ...(p.poison ? { poison: p.poison } : {}),
      libraryCount: p.library.length,
      handCount: p.hand.length,
      graveyard: p.graveyard.map((id) => objectView(s, id)),
      exile: p.exile.map((id) => objectView(s, id)),
      pool: p.pool.map((m) => m.type),
      landsPlayed: p.landsPlayed,
    };
    if (mayLookAt(viewer, seat)) out.hand = p.hand.map((id) => objectView(s, id));
    return out;
  };
  return {
    viewer,
    version: s.version,
    turn: { ...s.turn },
    startingPlayer: s.startingPlayer,
    players: { p1: side('p1'), p2: side('p2') },
    battlefield: s.battlefield.map((id) => objectView(s, id)),
    stack: s.stack.map((i) => ({
      id: i.id,
      kind: i.kind,
      controller: i.controller,
      card: i.card,
      // A source or target that has since changed zones is a new object (CR 400.7): its id is not followed.
      source: isCurrent(s.events, i.source) ? i.source.id : null,
      targets: i.targets.map((t) => ('player' in t ? t.player : isCurrent(s.events, t.object) ? t.object.id : null)),
      x: i.x,
      mode: i.mode,
    })),
    waitingFor,
    log: visibleLog(s, viewer),
  };
}

/** Ids this viewer must not see: every library card, and the hands they may not look at. */
export function mtgHiddenIds(s: MtgState, viewer: Viewer): string[] {
  return hiddenZoneIds(viewer, (seat) => ({ secret: s.players[seat].library, own: s.players[seat].hand }));
}

/** The identities this viewer may not know (hidden objects they have not looked at), and the cards they know. */
export function mtgSecrets(s: MtgState, viewer: Viewer): IdentitySecrets {
  const knownIds = new Set(viewer.kind === 'player' ? (s.known[viewer.seat] ?? []) : []);
  const hidden = new Set(mtgHiddenIds(s, viewer).filter((id) => !knownIds.has(id)));
  return identitySecrets(objectsInOrder(s), hidden, (card) => cardOf(card).name);
}

/**
 * Every object, in `Object.values`'s order. The record holds more keys than V8 keeps in fast mode, and `Object.values`
 * of such a dictionary cost about three times its keys and a lookup each (~190 against ~60 µs for 120 objects).
 */
export function objectsInOrder(s: MtgState): MtgObject[] {
  const out: MtgObject[] = [];
  for (const id of Object.keys(s.objects)) out.push(s.objects[id] as MtgObject);
  return out;
}

/** The state's log entries this viewer may read, numbered by decision (version × 1000 + index). */
export function visibleLog(s: MtgState, viewer: Viewer, after?: number): NumberedEntry<MtgLogEntry>[] {
  // A card that went to a hidden zone (returned to a hand) is named, but its object id is not followed there.
  return visibleEntries(s, viewer, after, {
    hidden: new Set(mtgHiddenIds(s, viewer)),
    objectFields: ['object'],
    privateTo: (entry) => entry.privateTo,
  });
}
