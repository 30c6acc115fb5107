// Helpers for the per-game adapters that fill the render model from a per-viewer view. Game-agnostic.
import type { GameId, Seat, Viewer } from '../engine/core/game.ts';
import type { Label, Locale } from '../engine/core/label.ts';
import type {
  AttackLine,
  CardKeyword,
  CostPip,
  HandCard,
  HandModel,
  PlayerSide,
  RenderViewer,
  TableCard,
  TableModel,
} from './table-model.ts';

/**
 * Cost pips from per-colour counts: one pip per coloured unit in `order`, then one generic pip with its number
 * (NOVA `{red: 2, generic: 1}` → ● ● ①). A zero cost (`{red: 0, generic: 0}`) is a single "0" pip, so "free" is
 * visible; no cost at all (`{}` or undefined, NOVA 103.5.1 characters) is no pip.
 */
/**
 * A field card's current keywords for the model ("Card details", issue 26): each keyword once, named in the
 * model's language by the game's own keyword table, with its rule number where the table gives one.
 */
export function keywordsNow<K>(
  keywords: readonly K[] | undefined,
  info: (k: K) => Label & { rule?: string },
  locale: Locale,
): CardKeyword[] | undefined {
  if (keywords === undefined) return undefined;
  return [...new Set(keywords)].map((k) => {
    const { rule, ...name } = info(k);
    return rule === undefined ? { name: name[locale] } : { name: name[locale], rule };
  });
}

export function pipsFromCounts(
  counts: Readonly<Record<string, number>> | undefined,
  order: readonly string[],
): CostPip[] {
  if (counts === undefined || Object.keys(counts).length === 0) return [];
  const pips: CostPip[] = [];
  for (const colour of order) {
    for (let i = 0; i < (counts[colour] ?? 0); i += 1) pips.push({ colour, text: '' });
  }
  const generic = counts.generic ?? 0;
  if (generic > 0 || pips.length === 0) pips.push({ colour: 'generic', text: String(generic) });
  return pips;
}

/**
 * Puts every card whose host is in the list under that host's `attachments` (NOVA 1005 equip, FoW additions,
 * AQA break and permanent cards), keeping the order of the rest. A card whose host is not in the list (the host
 * is in another area, or hidden) stays at the top level, so nothing disappears.
 */
export function nestAttachments(cards: readonly TableCard[], hostOf: (id: string) => string | null): TableCard[] {
  const byId = new Map(cards.map((c) => [c.id, { ...c, attachments: [...c.attachments] }]));
  const top: TableCard[] = [];
  for (const card of cards) {
    const copy = byId.get(card.id)!;
    const hostId = hostOf(card.id);
    const host = hostId === null || hostId === card.id ? undefined : byId.get(hostId);
    if (host) host.attachments.push(copy);
    else top.push(copy);
  }
  return top;
}

/** What every adapter is given: the locale the strings arrive in, and the players' display names. */
export interface AdapterOptions {
  locale: Locale;
  /** Display names per seat (Discord names); the seat id when absent. */
  names?: Partial<Record<Seat, string>>;
}

/** A seat as a person reads it: the player's display name (the seat id only where none was given). */
export function seatName(options: AdapterOptions, seat: Seat): string {
  return options.names?.[seat] ?? seat;
}

/** The engine's viewer as the render model's: a spectator's board is public, a player's is drawn from their seat. */
export function renderViewer(viewer: Viewer): RenderViewer {
  return viewer.kind === 'player' ? { kind: 'seat', seat: viewer.seat } : { kind: 'public' };
}

const GONE: Label = { en: '(gone)', ja: '（いなくなった対象）' };

/**
 * A target's name on the board: a player by name, an object through the game's `lookup` (its card name, or
 * undefined when the view does not show it: '?'), and a target that has changed zones (null) as gone. `gone` is the
 * game's word for it where its rules name targets otherwise (PMV 目標).
 */
export function targetName(
  id: string | null,
  options: AdapterOptions,
  lookup: (id: string) => string | undefined,
  gone: Label = GONE,
): string {
  if (id === null) return gone[options.locale];
  if (id === 'p1' || id === 'p2') return seatName(options, id);
  return lookup(id) ?? '?';
}

/** The parts of a board a game fills from its view; the frame around them is the same for every game. */
export interface TableParts {
  turn: number;
  phase: string;
  activeSeat: Seat;
  prioritySeat: Seat | null;
  side(seat: Seat): PlayerSide;
  stack: TableModel['stack'];
  /** The attack under way: each attacker, what it attacks and its blockers (none: no attack, or no line drawn). */
  combat?: { name: Label; attacks: AttackLine[] };
  /** The latest log line this viewer may read, in words. */
  lastLog: Label | undefined;
}

/** The board model as `viewer` sees it. */
export function tableModel(game: GameId, viewer: Viewer, options: AdapterOptions, parts: TableParts): TableModel {
  const { locale } = options;
  return {
    game,
    locale,
    viewer: renderViewer(viewer),
    turn: parts.turn,
    phase: parts.phase,
    activeSeat: parts.activeSeat,
    prioritySeat: parts.prioritySeat,
    players: { p1: parts.side('p1'), p2: parts.side('p2') },
    stack: parts.stack,
    ...(parts.combat && parts.combat.attacks.length > 0
      ? {
          combat: {
            name: parts.combat.name[locale],
            attacks: parts.combat.attacks.slice(0, 12).map((a) => ({
              ...a,
              blockers: a.blockers.slice(0, 8),
              ...(a.blockerIds ? { blockerIds: a.blockerIds.slice(0, 8) } : {}),
            })),
          },
        }
      : {}),
    lastAction: parts.lastLog ? { text: parts.lastLog[locale].slice(0, 400), objectIds: [] } : null,
  };
}

/** A card of a hand or private zone with its text (type line, then rules text) and whether it can be played now. */
export function handCard(card: TableCard, text: string, playable: boolean): HandCard {
  return { card, text: text.slice(0, 1000), playable };
}

/** The owner's hand image model: the hand (at most 60 cards shown) and the zones only they may look at. */
export function handModel(
  game: GameId,
  seat: Seat,
  options: AdapterOptions,
  hand: { name: Label; cards: readonly HandCard[] },
  privateZones: { name: string; cards: HandCard[] }[] = [],
): HandModel {
  return {
    game,
    locale: options.locale,
    seat,
    playerName: seatName(options, seat),
    hand: { name: hand.name[options.locale], cards: hand.cards.slice(0, 60) },
    privateZones,
  };
}
