/**
 * Per-viewer projection (the digest's §13): hands are their owner's; decks are nobody's (counts are public); nodes
 * are face down to everyone, with their count and orientation public (§3.5.2–3.5.3), and a player sees the cards
 * they set as nodes themselves (docs/rulings/pmv.md P3). The field, play area, interferences, netherworld (in order),
 * excluded area and LP are public.
 */
import { isCurrent } from '../../core/events.ts';
import type { Seat, Viewer } from '../../core/game.ts';
import {
  type FaceDownObjectView,
  hiddenZoneIds,
  type IdentitySecrets,
  identitySecrets,
  knows,
  mayLookAt,
} from '../../core/hidden.ts';
import { type NumberedEntry, visibleEntries } from '../../core/visible-log.ts';
import type { KeywordName } from './cards/schema.ts';
import {
  atkOf,
  attachmentsOf,
  cardOf,
  defOf,
  faceHiddenFrom,
  isCharacter,
  keywordsOf,
  liveAttack,
  netherworldIsHell,
  objectOf,
  type Phase,
  type PmvLogEntry,
  type PmvState,
} from './state.ts';

export type ObjectView = {
  id: string;
  card: string;
  owner: Seat;
  active: boolean;
  atk?: number;
  def?: number;
  damage?: number;
  attacking?: boolean;
  defending?: boolean;
  /** §10.28.3: transformed (public: the card is turned upside down). */
  transformed?: boolean;
  /** §11.3.7: the cards attached to it, each with its own attachments (public, face up). */
  attachments?: ObjectView[];
  /** §10.34.2.b: an attached card that is a Leader's popularity (public). */
  popularity?: boolean;
  /**
   * On the field: the keywords it has now (§10.1: keywords are text, so none of its own while its original text is
   * nullified, §6.1.13, §12.4). Public, like the card. For "Card details" (issue 26).
   */
  keywords?: KeywordName[];
  /** §5.7: turned face down on the field; only its owner and the omniscient viewer see its face (ruling P34). */
  turnedFaceDown?: true;
};

/**
 * §3.4.3.a, §5.7: a face-down field card as a viewer who may not see its face has it: a card back with what the
 * rules make public (its owner, orientation, and as Hollow Mask Veil's 1/1 character its battle power, damage and
 * part in the attack), its attachments face up (§5.7.2.c: they stay attached).
 */
export type FaceDownFieldView = FaceDownObjectView & {
  owner: Seat;
  atk: number;
  def: number;
  damage: number;
  attacking?: boolean;
  defending?: boolean;
  attachments?: ObjectView[];
};

export type SideView = {
  lp: number;
  deckCount: number;
  handCount: number;
  /** Only for the hand's owner (and the omniscient viewer). */
  hand?: ObjectView[];
  /** Face down to the viewer unless they know the card. */
  nodes: (ObjectView | FaceDownObjectView)[];
  /** Bottom first; the last is the top (§3.3). */
  netherworld: ObjectView[];
  excluded: ObjectView[];
  /** §3.9.3: the sideboard's size is public; its cards only to its owner (§3.9.3.a). */
  sideboardCount: number;
  /** §3.3.6: the netherworld is treated as Hell (an α of a card on this player's field; docs/rulings/pmv.md P33). */
  hell?: true;
  sideboard?: ObjectView[];
};

export type EntryView = {
  id: string;
  kind: 'card' | 'ability';
  card: string;
  controller: Seat;
  ability: number | null;
  /** Null when the source has left the zone it was in. */
  source: string | null;
  targets: (string | null)[];
  defends: boolean;
  /** §1.8.7.h: the X paid (public: paid in the open). */
  x: number | null;
  /** §5.2.3.c: the chosen mode (public). */
  mode: number | null;
};

export type InterferenceView = {
  id: number;
  attack: { attacker: string | null; player: Seat; defender: string | null; cancelled: boolean } | null;
  /** Bottom first; the last resolves first (§1.12.8.a). */
  entries: EntryView[];
};

export type PmvView = {
  viewer: Viewer;
  version: number;
  turn: { number: number; active: Seat; phase: Phase };
  startingPlayer: Seat;
  players: Record<Seat, SideView>;
  field: (ObjectView | FaceDownFieldView)[];
  /** Outermost first (§1.12.7: a nested interference sits above the one it interrupts). */
  interferences: InterferenceView[];
  waitingFor: Seat | null;
  log: NumberedEntry<PmvLogEntry>[];
};

function objectView(s: PmvState, id: string): ObjectView {
  const o = objectOf(s, id);
  const out: ObjectView = { id, card: o.card, owner: o.owner, active: o.active };
  if (o.faceDown && o.zone === 'field') out.turnedFaceDown = true;
  if (isCharacter(s, id)) {
    out.atk = atkOf(s, id);
    out.def = defOf(s, id);
    out.damage = o.battleDamage + o.effectDamage;
    const attack = liveAttack(s);
    if (attack && isCurrent(s.events, attack.attacker) && attack.attacker.id === id) out.attacking = true;
    if (attack?.defender && isCurrent(s.events, attack.defender) && attack.defender.id === id) out.defending = true;
    if (o.transformed) out.transformed = true;
  }
  if (o.popularity) out.popularity = true;
  if (o.zone === 'field') out.keywords = [...new Set(keywordsOf(s, id).map((k) => k.keyword))];
  const attached = attachmentsOf(s, id);
  // §11.3.11.c: an attachment shares its host's orientation.
  if (attached.length > 0) out.attachments = attached.map((a) => ({ ...objectView(s, a), active: o.active }));
  return out;
}

/** Is this a face-down field card whose face the viewer may not see (the omniscient viewer sees every face)? */
function faceHidden(s: PmvState, viewer: Viewer, id: string): boolean {
  return viewer.kind !== 'omniscient' && faceHiddenFrom(s, id, viewer.kind === 'player' ? viewer.seat : null);
}

/** A face-down field card whose face this viewer may not see (§3.4.3.a): no card id, name or text. */
function faceDownFieldView(s: PmvState, id: string): FaceDownFieldView {
  const shown = objectView(s, id);
  const out: FaceDownFieldView = {
    id,
    faceDown: true,
    owner: shown.owner,
    turned: !shown.active,
    atk: shown.atk ?? 0,
    def: shown.def ?? 0,
    damage: shown.damage ?? 0,
  };
  if (shown.attacking) out.attacking = true;
  if (shown.defending) out.defending = true;
  if (shown.attachments) out.attachments = shown.attachments;
  return out;
}

/** Does this viewer know which card the node is? */
function seesNode(s: PmvState, viewer: Viewer, id: string): boolean {
  if (viewer.kind === 'omniscient') return true;
  return viewer.kind === 'player' && objectOf(s, id).owner === viewer.seat && knows(s.known, viewer.seat, id);
}

export function pmvView(s: PmvState, viewer: Viewer, waitingFor: Seat | null): PmvView {
  const ref = (r: { id: string; inc: number } | null) => (r && isCurrent(s.events, r) ? r.id : null);
  const side = (seat: Seat): SideView => {
    const p = s.players[seat];
    const out: SideView = {
      lp: p.lp,
      deckCount: p.deck.length,
      handCount: p.hand.length,
      nodes: p.nodes.map((id) =>
        seesNode(s, viewer, id)
          ? objectView(s, id)
          : { id, faceDown: true, owner: seat, turned: !objectOf(s, id).active },
      ),
      netherworld: p.netherworld.map((id) => objectView(s, id)),
      excluded: p.excluded.map((id) => objectView(s, id)),
      sideboardCount: p.sideboard.length,
    };
    if (netherworldIsHell(s, seat)) out.hell = true;
    if (mayLookAt(viewer, seat)) {
      out.hand = p.hand.map((id) => objectView(s, id));
      out.sideboard = p.sideboard.map((id) => objectView(s, id));
    }
    return out;
  };
  return {
    viewer,
    version: s.version,
    turn: { number: s.turn.number, active: s.turn.active, phase: s.turn.phase },
    startingPlayer: s.startingPlayer,
    players: { p1: side('p1'), p2: side('p2') },
    field: s.field.map((id) => (faceHidden(s, viewer, id) ? faceDownFieldView(s, id) : objectView(s, id))),
    interferences: s.interferences.map((i) => ({
      id: i.id,
      attack: i.attack
        ? {
            attacker: ref(i.attack.attacker),
            player: i.attack.player,
            defender: ref(i.attack.defender),
            cancelled: i.attack.cancelled,
          }
        : null,
      entries: i.entries.map((e) => ({
        id: e.id,
        kind: e.kind,
        card: e.card,
        controller: e.controller,
        ability: e.ability,
        source: ref(e.source),
        targets: e.targets.map((t) => ('player' in t ? t.player : ref(t.object))),
        defends: e.defends,
        x: e.x,
        mode: e.mode,
      })),
    })),
    waitingFor,
    log: visibleLog(s, viewer),
  };
}

/** Ids this viewer must not see: every deck card, and the hands and sideboards (§3.9.3) they may not look at. */
export function pmvHiddenIds(s: PmvState, viewer: Viewer): string[] {
  return hiddenZoneIds(viewer, (seat) => ({
    secret: s.players[seat].deck,
    own: [...s.players[seat].hand, ...s.players[seat].sideboard],
  }));
}

/** The identities this viewer may not know: hidden objects, and the nodes they do not know (face down). */
export function pmvSecrets(s: PmvState, viewer: Viewer): IdentitySecrets {
  const hidden = new Set(pmvHiddenIds(s, viewer));
  for (const seat of ['p1', 'p2'] as const)
    for (const id of s.players[seat].nodes) if (!seesNode(s, viewer, id)) hidden.add(id);
  for (const id of s.field) if (faceHidden(s, viewer, id)) hidden.add(id);
  const secrets = identitySecrets(Object.values(s.objects), hidden, (card) => cardOf(card).name);
  // Cards this viewer was shown while they stayed hidden (§11.6: revealed to every player, so spectators too).
  const shown =
    viewer.kind === 'player'
      ? (s.known[viewer.seat] ?? [])
      : (s.known.p1 ?? []).filter((id) => s.known.p2?.includes(id));
  for (const id of shown) secrets.knownCards.push(objectOf(s, id).card);
  return secrets;
}

/** The state's log entries this viewer may read, numbered by decision (version × 1000 + index). */
export function visibleLog(s: PmvState, viewer: Viewer, after?: number): NumberedEntry<PmvLogEntry>[] {
  // A card that went to a hidden zone is named, but its object id is not followed there.
  const entries = visibleEntries(s, viewer, after, {
    hidden: new Set(pmvHiddenIds(s, viewer)),
    objectFields: ['object', 'target'], // a card attached to one that then went to the hand names no id (§3.6)
    privateTo: (entry) => entry.privateTo,
  });
  // §3.4.3.a: a line about a card now face down on the field keeps the object but not the card it is.
  const faceDown = s.field.filter((id) => faceHidden(s, viewer, id));
  if (faceDown.length === 0) return entries;
  const secret = new Map(faceDown.map((id) => [id, objectOf(s, id).card]));
  return entries.map(({ seq, entry }) => {
    let out = entry;
    if (out.object !== undefined && out.card !== undefined && secret.get(out.object) === out.card) {
      const { card: _, ...rest } = out;
      out = rest;
    }
    if (out.target !== undefined && out.targetCard !== undefined && secret.get(out.target) === out.targetCard) {
      const { targetCard: _, ...rest } = out;
      out = rest;
    }
    // A line naming a face-down object beside the other object's card (a face-down Thornback Sentinel's battle
    // damage to a face-up one) would read as that card's: the face-down side loses its id there. Always, whatever
    // the other card is, so that the dropping itself tells nothing.
    if (out.object !== undefined && secret.has(out.object) && out.targetCard !== undefined) {
      const { object: _, ...rest } = out;
      out = rest;
    }
    if (out.target !== undefined && secret.has(out.target) && out.card !== undefined) {
      const { target: _, ...rest } = out;
      out = rest;
    }
    return { seq, entry: out };
  });
}
