import type { GameResult, LogEntry, PendingDecision, Seat, Viewer } from '../../core/game.ts';
import type { Label } from '../../core/label.ts';
import { novaCard } from './cards/pool.ts';
import type { Color, Keyword } from './cards/schema.ts';
import { characteristics, type FieldScan, limitLevel, scanField } from './characteristics.ts';
import { novaPending } from './engine.ts';
import { lookedAtBy } from './invariants.ts';
import { novaLogText } from './log-text.ts';
import { resolvingNow } from './resolve.ts';
import type { NovaState, Phase, TargetRef } from './state.ts';
import { PHASE_NAMES } from './turn.ts';

/** NOVA 704: who holds priority now: the seat a priority decision waits for (top frame), or nobody. */
function priorityHolderOf(s: NovaState): Seat | null {
  const awaiting = s.procedures.frames[s.procedures.frames.length - 1]?.awaiting;
  return awaiting?.decision === 'priority' ? awaiting.seat : null;
}

/** A card as a viewer may see it. Only cards in zones the viewer may look at appear at all (NOVA 301.7, 308.4). */
export interface NovaCardView {
  id: string;
  card: string;
  name: Label;
  type: string;
  color: Color;
  owner: Seat;
  controller: Seat;
  frozen: boolean;
  damage: number;
  destroyed: boolean;
  counters: Record<string, number>;
  attachedTo: string | null;
  atk?: number;
  hp?: number;
  keywords: Keyword[];
  races: string[];
}

export interface NovaPlayerView {
  life: number;
  limitLevel: number;
  stock: Record<Color, number>;
  counts: {
    deck: number;
    hand: number;
    charDeck: number;
    graveyard: number;
    exclusion: number;
    retired: number;
    energy: number;
  };
  /** Present only for the owner (and the omniscient viewer). */
  hand?: NovaCardView[];
  charDeck?: NovaCardView[];
  /** Present only for the omniscient viewer: main-deck order is hidden from everyone, owner included (303.3). */
  deck?: NovaCardView[];
  field: NovaCardView[];
  energy: NovaCardView[];
  graveyard: NovaCardView[];
  exclusion: NovaCardView[];
  retired: NovaCardView[];
  energySetThisTurn: boolean;
}

export interface NovaView {
  game: 'nova';
  version: number;
  viewer: Viewer;
  turn: { number: number; active: Seat; phase: Phase; phaseName: Label };
  priorityHolder: Seat | null;
  players: Record<Seat, NovaPlayerView>;
  waiting: { id: string; kind: string; card: string; name: Label; controller: Seat; targets: string[] }[];
  combat: { attacker: string; target: TargetRef; blocker: string | null; blocked: boolean } | null;
  /** The decision awaited: whole for the deciding player, only who and what kind for everyone else. */
  pending: PendingDecision | { player: Seat; kind: string } | null;
  /** The latest log entries this viewer may read, in words (log-text.ts). */
  log: LogEntry[];
  result: GameResult | null;
  /** NOVA 303.3: main-deck cards this viewer is looking at (top first), present only for that player. */
  lookingAt?: NovaCardView[];
}

function canSee(viewer: Viewer, seat: Seat): boolean {
  return viewer.kind === 'omniscient' || (viewer.kind === 'player' && viewer.seat === seat);
}

/** `scan` gives the fields' scan (characteristics.ts), made once per view for every card on the field. */
function cardView(s: NovaState, id: string, scan?: () => FieldScan): NovaCardView {
  const o = s.objects[id];
  if (!o) throw new Error(`no object ${id}`);
  const def = novaCard(o.card);
  const c = characteristics(s, o, o.zone === 'field' ? scan?.() : undefined);
  return {
    id: o.id,
    card: o.card,
    name: def.name,
    type: def.type,
    color: def.color,
    owner: o.owner,
    controller: o.controller,
    frozen: o.frozen,
    damage: o.damage,
    destroyed: o.destroyed,
    counters: { ...o.counters },
    attachedTo: o.attachedTo,
    ...(def.type === 'servant' ? { atk: c.atk, hp: c.hp } : {}),
    keywords: c.keywords,
    races: c.races,
  };
}

/**
 * NOVA 013-style hidden information (digest §13): hands and character decks only for their owner, the main deck
 * for nobody, everything on the field and in public piles for everyone. Hidden cards are absent, not flagged.
 */
export function novaView(s: NovaState, viewer: Viewer): NovaView {
  const players = {} as Record<Seat, NovaPlayerView>;
  let fieldScan: FieldScan | undefined;
  const scan = () => {
    fieldScan ??= scanField(s);
    return fieldScan;
  };
  for (const seat of ['p1', 'p2'] as const) {
    const p = s.players[seat];
    const mine = canSee(viewer, seat);
    players[seat] = {
      life: p.life,
      limitLevel: limitLevel(s, seat),
      stock: { ...p.stock },
      counts: {
        deck: p.zones.deck.length,
        hand: p.zones.hand.length,
        charDeck: p.zones.charDeck.length,
        graveyard: p.zones.graveyard.length,
        exclusion: p.zones.exclusion.length,
        retired: p.zones.retired.length,
        energy: p.zones.energy.length,
      },
      ...(mine
        ? { hand: p.zones.hand.map((id) => cardView(s, id)), charDeck: p.zones.charDeck.map((id) => cardView(s, id)) }
        : {}),
      ...(viewer.kind === 'omniscient' ? { deck: p.zones.deck.map((id) => cardView(s, id)) } : {}),
      field: p.zones.field.map((id) => cardView(s, id, scan)),
      energy: p.zones.energy.map((id) => cardView(s, id)),
      graveyard: p.zones.graveyard.map((id) => cardView(s, id)),
      exclusion: p.zones.exclusion.map((id) => cardView(s, id)),
      retired: p.zones.retired.map((id) => cardView(s, id)),
      energySetThisTurn: p.energySetThisTurn,
    };
  }
  const decision = novaPending(s);
  const pending = decision
    ? canSee(viewer, decision.player)
      ? decision
      : { player: decision.player, kind: decision.kind }
    : null;
  const looking = viewer.kind === 'omniscient' ? (resolvingNow(s)?.looking ?? []) : lookedAtBy(s, viewer);
  return {
    game: 'nova',
    version: s.version,
    viewer,
    turn: { number: s.turn.number, active: s.turn.active, phase: s.turn.phase, phaseName: PHASE_NAMES[s.turn.phase] },
    priorityHolder: priorityHolderOf(s),
    players,
    waiting: s.waiting.map((w) => ({
      id: w.id,
      kind: w.kind,
      card: w.card,
      name: novaCard(w.card).name,
      controller: w.controller,
      targets: w.targets.flat().map((t) => (t.kind === 'player' ? t.seat : t.id)),
    })),
    combat: s.combat ? { ...s.combat } : null,
    pending,
    log: novaLog(s, viewer),
    result: s.result,
    ...(looking.length > 0 ? { lookingAt: looking.map((id) => cardView(s, id)) } : {}),
  };
}

/** The log entries on the state this viewer may read (numbered after `after`), in words: GameModule.log for NOVA. */
export function novaLog(s: NovaState, viewer: Viewer, after = 0): LogEntry[] {
  const lines: LogEntry[] = [];
  for (const e of s.log) {
    if (e.seq <= after) continue;
    if (e.visibleTo && !e.visibleTo.some((seat) => canSee(viewer, seat))) continue;
    lines.push({ seq: e.seq, text: novaLogText(e.event) });
  }
  return lines;
}
