/**
 * Per-viewer projection (the digest's §13): hands and standby areas are their owner's (standby cards show face down
 * to the other player, 310.2), the main deck and magic stone deck nobody's (counts are public, 302.2a); the field,
 * ruler areas, chase, graveyards, removed areas, will pools, will coins and life are public.
 */
import type { Seat, Viewer } from '../../core/game.ts';
import {
  type FaceDownObjectView,
  hiddenZoneIds,
  type IdentitySecrets,
  identitySecrets,
  mayLookAt,
} from '../../core/hidden.ts';
import { type NumberedEntry, visibleEntries } from '../../core/visible-log.ts';
import type { Attribute, CardType, KeywordName, Weather } from './cards/schema.ts';
import {
  type BattleStep,
  cardOf,
  characteristics,
  copyNow,
  type FaceUp,
  type FowLogEntry,
  type FowState,
  faceOf,
  isCurrent,
  objectOf,
  type Phase,
  typesOf,
} from './state.ts';

export type ObjectView = {
  id: string;
  card: string;
  owner: Seat;
  controller: Seat;
  rested: boolean;
  damage: number;
  counters: Record<string, number>;
  face: FaceUp;
  atk?: number;
  def?: number;
  keywords?: KeywordName[];
  attachedTo?: string;
  awakened?: boolean;
  attacking?: boolean;
  blocking?: boolean;
  /** 1032.1: in the item area, the J/ruler wearing it while it is still that object. */
  wornBy?: string;
  /** 1017.2: on the field, the card (and face) it is a copy of; its name and text are that card's. */
  copyOf?: { card: string; face: FaceUp };
  /** 1020.1: on the field, its types when an effect has changed them (absent otherwise). */
  types?: CardType[];
};

export type SideView = {
  life: number;
  mainCount: number;
  stonesCount: number;
  handCount: number;
  /** Only for the hand's owner (and the omniscient viewer). */
  hand?: ObjectView[];
  /** 314.2: the extra deck's size is public; its cards are its owner's to look at. */
  extraCount: number;
  extra?: ObjectView[];
  graveyard: ObjectView[];
  removed: ObjectView[];
  /** Face down to the other player (310.2); in order, with the turn each was set (310.2, 708.5). */
  standby: (ObjectView | FaceDownObjectView)[];
  /** 315.2: face down to the other player until revealed (711.2). */
  runes: (ObjectView | FaceDownObjectView)[];
  revealedRunes: string[];
  /** The ruler while it is in the ruler area (else it is on the field as a J-ruler). */
  ruler: ObjectView | null;
  pool: string[];
  coins: { id: string; choices: string[] }[];
  /** 1027.1: the gems in the item area, by attribute (public). */
  gems: Attribute[];
  /** 313.1, 1032.1: the cards in the item area (public, 313.2), each with the J/ruler wearing it. */
  items: ObjectView[];
  /** 1028.1: the player's weather (public), or null (1028.1a). */
  weather: Weather | null;
  astral: boolean;
  calledThisTurn: boolean;
  judgedThisTurn: boolean;
};

export type ChaseView = {
  id: string;
  kind: 'card' | 'ability' | 'trigger' | 'judgment';
  controller: Seat;
  card: string;
  /** Null when the source has since become a new object (302.3). */
  source: string | null;
  targets: (string | null)[];
  awakened: boolean;
};

export type FowView = {
  viewer: Viewer;
  version: number;
  turn: { number: number; active: Seat; phase: Phase; battle: BattleStep | null };
  firstPlayer: Seat;
  players: Record<Seat, SideView>;
  field: ObjectView[];
  chase: ChaseView[];
  battle: { attacker: string | null; target: string | null; blocker: string | null } | null;
  waitingFor: Seat | null;
  log: NumberedEntry<FowLogEntry>[];
};

function objectView(s: FowState, id: string): ObjectView {
  const o = objectOf(s, id);
  const out: ObjectView = {
    id,
    card: o.card,
    owner: o.owner,
    controller: o.controller,
    rested: o.rested,
    damage: o.damage,
    counters: Object.fromEntries(Object.entries(o.counters).filter(([, n]) => (n ?? 0) > 0)) as Record<string, number>,
    face: o.face,
  };
  if (o.zone === 'field' || o.zone === 'ruler') {
    const c = characteristics(s, id);
    if (c.atk !== null) out.atk = c.atk;
    if (c.def !== null) out.def = c.def;
    out.keywords = c.keywords;
    if (o.attachedTo) out.attachedTo = o.attachedTo;
    const copy = copyNow(s, o);
    if (copy) out.copyOf = { card: copy.card, face: copy.face };
    const types = typesOf(s, id);
    if (types !== faceOf(s, id).types) out.types = [...types];
    if (o.awakened) out.awakened = true;
    if (s.battle?.attacker === id) out.attacking = true;
    if (s.battle?.blocker === id) out.blocking = true;
  }
  if (o.zone === 'item' && o.wornBy && isCurrent(s, o.wornBy)) out.wornBy = o.wornBy.id;
  return out;
}

export function fowView(s: FowState, viewer: Viewer, waitingFor: Seat | null): FowView {
  const side = (seat: Seat): SideView => {
    const p = s.players[seat];
    const ruler = objectOf(s, p.ruler);
    const out: SideView = {
      life: p.life,
      mainCount: p.main.length,
      stonesCount: p.stones.length,
      handCount: p.hand.length,
      extraCount: p.extra.length,
      graveyard: p.graveyard.map((id) => objectView(s, id)),
      removed: p.removed.map((id) => objectView(s, id)),
      standby: p.standby.map((id) =>
        mayLookAt(viewer, seat) ? objectView(s, id) : { id, faceDown: true as const, owner: seat, controller: seat },
      ),
      runes: p.runes.map((id) =>
        mayLookAt(viewer, seat) || p.revealedRunes.includes(id)
          ? objectView(s, id)
          : { id, faceDown: true as const, owner: seat, controller: seat },
      ),
      revealedRunes: [...p.revealedRunes],
      ruler: ruler.zone === 'ruler' ? objectView(s, p.ruler) : null,
      pool: p.pool.map((w) => w.attr ?? w.trait ?? 'void'),
      coins: p.coins.map((c) => ({ id: c.id, choices: [...c.choices] })),
      gems: [...(p.gems ?? [])],
      items: (p.items ?? []).map((id) => objectView(s, id)),
      weather: p.weather ?? null,
      astral: (ruler.counters.astral ?? 0) > 0,
      calledThisTurn: p.calledThisTurn,
      judgedThisTurn: p.judgedThisTurn,
    };
    if (mayLookAt(viewer, seat)) {
      out.hand = p.hand.map((id) => objectView(s, id));
      out.extra = p.extra.map((id) => objectView(s, id));
    }
    return out;
  };
  const b = s.battle;
  const targetId = (t: NonNullable<typeof b>['target']) =>
    t === null
      ? null
      : 'player' in t
        ? t.player
        : 'object' in t
          ? isCurrent(s, t.object)
            ? t.object.id
            : null
          : t.item;
  return {
    viewer,
    version: s.version,
    turn: { ...s.turn },
    firstPlayer: s.firstPlayer,
    players: { p1: side('p1'), p2: side('p2') },
    field: s.field.map((id) => objectView(s, id)),
    chase: s.chase.map((i) => ({
      id: i.id,
      kind: i.kind,
      controller: i.controller,
      card: i.card,
      // 905.2a: an ability of a card in the hand ([Inheritance]) shows the card, not where it is.
      source: isCurrent(s, i.source) && objectOf(s, i.source.id).zone !== 'hand' ? i.source.id : null,
      targets: i.targets.map((t) =>
        'player' in t ? t.player : 'item' in t ? t.item : isCurrent(s, t.object) ? t.object.id : null,
      ),
      awakened: i.awakened,
    })),
    battle: b ? { attacker: b.attacker, target: targetId(b.target), blocker: b.blocker } : null,
    waitingFor,
    log: visibleLog(s, viewer),
  };
}

/** Ids this viewer must not see: every main deck and magic stone deck card, and hands they may not look at. */
export function fowHiddenIds(s: FowState, viewer: Viewer): string[] {
  return hiddenZoneIds(viewer, (seat) => {
    const p = s.players[seat];
    return { secret: [...p.main, ...p.stones], own: [...p.hand, ...p.extra] }; // 314.2
  });
}

/**
 * What a spectator knows of the players' hidden cards: the cards revealed (708.2, 1114.2), which are the only ones a
 * player knows of the other player's hidden cards (looking at one's own deck, 1034.1, teaches only that player).
 */
function revealedToAll(s: FowState): string[] {
  return (['p1', 'p2'] as const).flatMap((seat) =>
    (s.known[seat] ?? []).filter((id) => s.objects[id] !== undefined && objectOf(s, id).owner !== seat),
  );
}

/** The identities this viewer may not know: hidden objects and the other player's standby cards (310.2). */
export function fowSecrets(s: FowState, viewer: Viewer): IdentitySecrets {
  const knownIds = new Set(viewer.kind === 'player' ? (s.known[viewer.seat] ?? []) : revealedToAll(s));
  const hidden = new Set(fowHiddenIds(s, viewer).filter((id) => !knownIds.has(id)));
  for (const seat of ['p1', 'p2'] as const)
    if (!mayLookAt(viewer, seat)) {
      for (const id of s.players[seat].standby) if (!knownIds.has(id)) hidden.add(id); // 708.2: revealed
      for (const id of s.players[seat].runes) if (!s.players[seat].revealedRunes.includes(id)) hidden.add(id);
    }
  // 905.2a: a card in the hand whose ability is on the chase is revealed until the ability leaves it.
  for (const item of s.chase) if (isCurrent(s, item.source)) hidden.delete(item.source.id);
  return identitySecrets(Object.values(s.objects), hidden, (card) => cardOf(card).name);
}

/** The state's log entries this viewer may read, numbered by decision (version × 1000 + index). */
export function visibleLog(s: FowState, viewer: Viewer, after?: number): NumberedEntry<FowLogEntry>[] {
  // A card that went to a hidden zone is named, but its object id is not followed there.
  return visibleEntries(s, viewer, after, {
    hidden: new Set(fowHiddenIds(s, viewer)),
    objectFields: ['object', 'target'],
  });
}
