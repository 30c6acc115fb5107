// The game-agnostic render model. A game's adapter fills it from a per-viewer view (never the raw state),
// so the renderer can only draw what that viewer may see. Strings arrive already localized for `locale`.
import { z } from 'zod';
import { GameIdSchema, SEATS } from '../engine/core/game.ts';
import type { FaceDownObjectView } from '../engine/core/hidden.ts';

const Text = z.string().max(400);
const Seat = z.enum(SEATS);
const Locale = z.enum(['en', 'ja']);

/** One cost symbol: a pip in a colour key of the game's style ("red", "fire", "generic", ...) with its text ("", "2", "X"). */
export const CostPipSchema = z.object({ colour: z.string().max(20), text: z.string().max(3) });
export type CostPip = z.infer<typeof CostPipSchema>;

/** A printed number with its current value; `base` (printed value) lets the renderer show buffs and debuffs. */
/** A stat's value: a whole number, or "*" on a card face whose ability defines it (MTG CR 208.2a). */
export const StatSchema = z.object({
  label: Text,
  value: z.union([z.number().int(), z.literal('*')]),
  base: z.number().int().optional(),
});
export type Stat = z.infer<typeof StatSchema>;

/**
 * Visual states shared by every game. The game's style supplies the word ("Frozen", "Rested", "Tapped", "Asleep"
 * for `turned`). `upsideDown` is NOVA's frozen character.
 */
export const CARD_STATES = [
  'turned',
  'upsideDown',
  'destroyedPending',
  'attacking',
  'blocking',
  'actionRestricted',
  'revealed',
] as const;
export const CardStateSchema = z.enum(CARD_STATES);
export type CardState = z.infer<typeof CardStateSchema>;

export const CounterSchema = z.object({ name: Text, count: z.number().int() });
export type Counter = z.infer<typeof CounterSchema>;

/** A face-up card as the viewer sees it. */
export interface FaceUpCard {
  face: 'up';
  /** Object id: matches `lastAction.objectIds` for highlighting. */
  id: string;
  /**
   * The card's id in its game's pool (face up, so public to this viewer): the bot's "Card details" reads its rules
   * text and keywords from the pool. Not drawn; absent where a card has no pool entry.
   */
  cardId?: string | undefined;
  name: string;
  /** Colour keys of the game's style; the first one tints the frame. */
  colours: string[];
  cost: CostPip[];
  typeLine: string;
  stats: Stat[];
  damage: number;
  counters: Counter[];
  states: CardState[];
  /**
   * The keywords the card has now, as its game's view says (printed ones it still has and those granted by effects;
   * none it lost): "Card details" sets them against the printed ones. Names in the model's language; `rule` where
   * the adapter knows it. Not drawn; absent where the game's view carries no current keywords.
   */
  keywords?: CardKeyword[] | undefined;
  /** Cards attached to this one (equipment, additions, break cards, ...), drawn with their host. */
  attachments: TableCard[];
}

export interface CardKeyword {
  name: string;
  rule?: string | undefined;
}

/** A face-down card: its identity is not in the model at all. */
export interface FaceDownCard {
  face: 'down';
  id: string;
  states: CardState[];
  attachments: TableCard[];
}

export type TableCard = FaceUpCard | FaceDownCard;

/**
 * The card back for an object a view shows face down (core/hidden.ts `FaceDownObjectView`): only its id and its
 * public physical state reach the model, so no renderer can draw its identity.
 */
export function faceDownCard(object: FaceDownObjectView, attachments: TableCard[] = []): FaceDownCard {
  return { face: 'down', id: object.id, states: object.turned ? ['turned'] : [], attachments };
}

export const TableCardSchema: z.ZodType<TableCard> = z.lazy(() =>
  z.discriminatedUnion('face', [
    z.object({
      face: z.literal('up'),
      id: z.string().max(40),
      cardId: z.string().max(80).optional(),
      name: Text,
      colours: z.array(z.string().max(20)).max(6),
      cost: z.array(CostPipSchema).max(12),
      typeLine: Text,
      stats: z.array(StatSchema).max(4),
      damage: z.number().int().min(0),
      counters: z.array(CounterSchema).max(8),
      states: z.array(CardStateSchema),
      keywords: z
        .array(z.object({ name: Text, rule: z.string().max(20).optional() }))
        .max(24)
        .optional(),
      attachments: z.array(TableCardSchema).max(12),
    }),
    z.object({
      face: z.literal('down'),
      id: z.string().max(40),
      states: z.array(CardStateSchema),
      attachments: z.array(TableCardSchema).max(12),
    }),
  ]),
);

/** A named area of a player's side: field, energy zone, lands, magic stones, faction area, ... */
export const AreaSchema = z.object({
  name: Text,
  /** `compact` draws small name-only tiles (energy, lands, stones); `full` draws stats and counters. */
  style: z.enum(['full', 'compact']),
  cards: z.array(TableCardSchema).max(200),
});
export type Area = z.infer<typeof AreaSchema>;

/** A number shown in the player strip: energy stock, limit level, will pool, zone counts. */
export const CounterLabelSchema = z.object({ label: Text, value: Text });
export type CounterLabel = z.infer<typeof CounterLabelSchema>;

/** A zone's size; `top` names the card on top of a public pile (graveyard, discard pile, netherworld), face up. */
export const ZoneCountSchema = z.object({ label: Text, count: z.number().int().min(0), top: Text.optional() });
export type ZoneCount = z.infer<typeof ZoneCountSchema>;

export const PlayerSideSchema = z.object({
  seat: Seat,
  name: Text,
  /** Null where the game has no life total (Aquarian Age counts its damage zone instead). */
  life: z.number().int().nullable(),
  resources: z.array(CounterLabelSchema).max(8),
  zones: z.array(ZoneCountSchema).max(10),
  areas: z.array(AreaSchema).max(6),
});
export type PlayerSide = z.infer<typeof PlayerSideSchema>;

/** One item waiting to resolve. */
export const StackItemSchema = z.object({
  id: z.string().max(40),
  source: Text,
  controller: Seat,
  /** Ability text or a short description; empty for a plain card. */
  text: Text,
  targets: z.array(Text).max(8),
});
export type StackItem = z.infer<typeof StackItemSchema>;

/**
 * One attacker in the attack under way: what it attacks (a player or a card) and the cards blocking it. The object
 * ids, where the adapter gives them, let the bot mark copies of one card in the line as on the board (copy-marks.ts).
 */
export const AttackLineSchema = z.object({
  attacker: Text,
  target: Text,
  blockers: z.array(Text).max(8),
  attackerId: z.string().max(40).optional(),
  targetId: z.string().max(40).optional(),
  blockerIds: z.array(z.string().max(40)).max(8).optional(),
});
export type AttackLine = z.infer<typeof AttackLineSchema>;

export const CombatSchema = z.object({ name: Text, attacks: z.array(AttackLineSchema).min(1).max(12) });
export type Combat = z.infer<typeof CombatSchema>;

export const ViewerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('public') }),
  z.object({ kind: z.literal('seat'), seat: Seat }),
]);
export type RenderViewer = z.infer<typeof ViewerSchema>;

/** The public board (or a player's board view; it never holds hand contents). */
export const TableModelSchema = z.object({
  game: GameIdSchema,
  locale: Locale,
  viewer: ViewerSchema,
  turn: z.number().int().min(0),
  /** The phase and step. Absent: not drawn (the bot's board image leaves it to the message text, see docs/bot.md). */
  phase: Text.optional(),
  activeSeat: Seat,
  /** Null while nobody holds priority (between steps, or the game is over). Absent: no priority tag is drawn. */
  prioritySeat: Seat.nullable().optional(),
  players: z.object({ p1: PlayerSideSchema, p2: PlayerSideSchema }),
  /** The stack / waiting area / chase: its game's name, items top (resolves first) first. */
  stack: z.object({ name: Text, items: z.array(StackItemSchema).max(50) }),
  /** The attack under way, when there is one: the game's word for it, and who attacks what, blocked by whom. */
  combat: CombatSchema.optional(),
  lastAction: z.object({ text: Text, objectIds: z.array(z.string().max(40)).max(20) }).nullable(),
});
export type TableModel = z.infer<typeof TableModelSchema>;

/** A card in its owner's hand or private zone: face up, plus whether it can be played now. */
export const HandCardSchema = z.object({
  card: TableCardSchema,
  /** Rules text, shown on hand tiles. */
  text: z.string().max(1000),
  playable: z.boolean(),
});
export type HandCard = z.infer<typeof HandCardSchema>;

/** The private hand image, sent only in the owner's ephemeral message. */
export const HandModelSchema = z.object({
  game: GameIdSchema,
  locale: Locale,
  seat: Seat,
  playerName: Text,
  hand: z.object({ name: Text, cards: z.array(HandCardSchema).max(60) }),
  /** Character deck, standby area, rune area, ...: the zones only this player may look at. */
  privateZones: z.array(z.object({ name: Text, cards: z.array(HandCardSchema).max(60) })).max(4),
});
export type HandModel = z.infer<typeof HandModelSchema>;

/** A card look-up face. */
export const CardFaceSchema = z.object({
  game: GameIdSchema,
  locale: Locale,
  name: Text,
  colours: z.array(z.string().max(20)).max(6),
  cost: z.array(CostPipSchema).max(12),
  typeLine: Text,
  text: z.string().max(2000),
  stats: z.array(StatSchema).max(4),
});
export type CardFace = z.infer<typeof CardFaceSchema>;

/** A league table; columns are the league's choice, cells are already formatted. */
export const StandingsModelSchema = z.object({
  game: GameIdSchema.nullable(),
  locale: Locale,
  title: Text,
  subtitle: Text,
  columns: z
    .array(z.object({ label: Text, align: z.enum(['left', 'right']) }))
    .min(1)
    .max(10),
  rows: z.array(z.object({ cells: z.array(Text), highlight: z.boolean() })).max(64),
});
export type StandingsModel = z.infer<typeof StandingsModelSchema>;

/** What every renderer returns: the PNG and every string it drew (for hidden-information tests). */
export interface Rendered {
  png: Buffer;
  drawnText: string[];
}
