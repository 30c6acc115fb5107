import { z } from 'zod';
import type { Label } from './label.ts';

/** The five games Arbiter hosts. */
export const GAME_IDS = ['nova', 'mtg', 'fow', 'pmv', 'aqa'] as const;
export type GameId = (typeof GAME_IDS)[number];

/** Seats, not people: the bot maps Discord users to seats, the engine never sees a Discord id. */
export const SEATS = ['p1', 'p2'] as const;
export type Seat = (typeof SEATS)[number];

export function opponentOf(seat: Seat): Seat {
  return seat === 'p1' ? 'p2' : 'p1';
}

/** Who is looking. Every message, image and log line sent out is built from one of these. */
export type Viewer = { kind: 'player'; seat: Seat } | { kind: 'spectator' } | { kind: 'omniscient' };

/** A deck as card ids per section ("main", "character", "side", ...). */
export const DeckListSchema = z.record(z.string(), z.array(z.string()));
export type DeckList = z.infer<typeof DeckListSchema>;

/** Everything needed, with the seed, to start a match. A match is (setup, seed, decisions[]). */
export const MatchSetupSchema = z.object({
  game: z.enum(GAME_IDS),
  decks: z.object({ p1: DeckListSchema, p2: DeckListSchema }),
  /** Game-specific options (format, starting life overrides for tests, ...). */
  options: z.record(z.string(), z.unknown()).optional(),
});
export type MatchSetup = z.infer<typeof MatchSetupSchema>;

/**
 * What choosing an option does, for readers that act on any game's decisions (the bot's button styles and pass
 * modes, auto-pass, the fuzzer) without knowing the game's own kinds:
 * - `pass`: passes priority;
 * - `play`: plays a card from hand (or another zone cards are played from);
 * - `act`: any other action taken with priority (activating an ability, setting energy, ...);
 * - `passive`: declines (no attack, no block, keep the hand, go second, ...);
 * - `choice`: anything else.
 */
export const OPTION_ROLES = ['pass', 'play', 'act', 'passive', 'choice'] as const;
export type OptionRole = (typeof OPTION_ROLES)[number];

/**
 * What a decision is, for the same readers:
 * - `priority`: the player holds priority (its options have roles pass, play and act);
 * - `setup`: a choice before the game begins (who goes first, mulligans): nothing in it is "doing something";
 * - `choice`: anything else.
 */
export const DECISION_ROLES = ['priority', 'setup', 'choice'] as const;
export type DecisionRole = (typeof DECISION_ROLES)[number];

/** One choosable thing. `id` is stable for the lifetime of the decision and short (it goes into custom_ids). */
export interface DecisionOption {
  id: string;
  /** Machine-readable kind, the game's own: "play", "activate", "attack", "pass", "target", "card", ... */
  kind: string;
  /** What choosing it does, in terms every game shares. */
  role: OptionRole;
  label: Label;
  /** The object this option is about, if any (a card in hand, an attacker, a target). */
  objectId?: string;
  /** Card name (English) of that object when the deciding player may see it; used by scenarios and UI. */
  cardName?: string;
}

/**
 * What is wrong with a declaration the game refused as a whole (CR 508.1c-d, 509.1c, FoW 903.2j, ...): the rule it
 * breaks and a machine-readable code; words are rendered at view time from these, never stored.
 */
export interface DecisionProblem {
  rule: string;
  code: string;
  /** The slots (or objects) the problem is about, when it is about some in particular. */
  slots?: string[];
}

/** The fields every decision has, whatever its shape. */
interface DecisionBase {
  /** Equals the state's version: a response to an older decision is stale. */
  id: string;
  player: Seat;
  /** The game's own kind ("priority", "attacker", "mulligan", ...). */
  kind: string;
  /** What the decision is, in terms every game shares. */
  role: DecisionRole;
  prompt: Label;
}

/**
 * Pick among listed options: any set of between `min` and `max` distinct option ids is a legal answer. `shape` is
 * absent in every decision made before shapes existed, and may stay absent: absent means pick.
 */
export interface PickDecision extends DecisionBase {
  shape?: 'pick';
  options: DecisionOption[];
  min: number;
  max: number;
  /** True when the order of the chosen ids matters (ordering triggers, arranging cards). */
  ordered: boolean;
  /** The rules-legal answer when the player's clock runs out (pass, keep, no block, ...). */
  defaultOnTimeout: string[];
}

/** A number from `min` to `max` (X, how many, how much life), in steps of `step` from `min` (1 when absent). */
export interface NumberDecision extends DecisionBase {
  shape: 'number';
  min: number;
  max: number;
  step?: number;
  defaultOnTimeout: number;
}

/**
 * Divide `total` among the listed targets (CR 601.2d damage, counters, ...): every target gets from `minEach` to
 * `maxEach`, targets left out of the answer get 0 (so `minEach` above 0 means every target must be given some),
 * and the amounts add up to `total`, or to at most `total` when `allowLess`.
 */
export interface DistributeDecision extends DecisionBase {
  shape: 'distribute';
  total: number;
  targets: DecisionOption[];
  minEach: number;
  maxEach: number;
  allowLess: boolean;
  defaultOnTimeout: Record<string, number>;
}

/** One slot of a declaration: one potential attacker, one potential blocker, ... with its own options. */
export interface DeclareSlot {
  id: string;
  label: Label;
  objectId?: string;
  cardName?: string;
  options: DecisionOption[];
  /** How many of its options the slot takes: usually 0..1 (a creature that may attack or not). */
  min: number;
  max: number;
}

/**
 * A compound declaration answered as one whole map, slot id → chosen option ids (MTG 508.1 attackers, 509.1
 * blockers): each slot is checked on its own by the kernel, the whole by the game. When the game refuses the whole,
 * its next decision is the same declaration with the answer kept as `draft` and the `problem` named; the player can
 * fix it, `reset` (clear the draft) or go `back` (re-open the previous step) when `canGoBack`.
 */
export interface DeclareDecision extends DecisionBase {
  shape: 'declare';
  slots: DeclareSlot[];
  draft: Record<string, string[]>;
  problem: DecisionProblem | null;
  canGoBack: boolean;
  defaultOnTimeout: Record<string, string[]>;
}

/** What the engine is waiting for: one of the shapes, told apart by `shape` (absent: pick). */
export type PendingDecision = PickDecision | NumberDecision | DistributeDecision | DeclareDecision;
export type DecisionShape = NonNullable<PendingDecision['shape']>;

/** At most this many entries in any list or map of a response. */
export const RESPONSE_ENTRIES_MAX = 200;
const ResponseId = z.string().min(1).max(40);
/** A map key: an id, never `__proto__` (which a plain object cannot hold as its own key when built by assignment). */
const ResponseKey = ResponseId.refine((k) => k !== '__proto__');
const ResponseAmount = z.number().int().min(0).max(1_000_000);

/**
 * The answer to a decision. `choose` answers a pick (every response before shapes existed is `{decisionId,
 * choose}` and still means exactly that); `number`, `split` (target id → amount) and `declare` (slot id → option
 * ids) answer the other shapes, with `choose: []`. `control` answers a refused declaration without a new one.
 */
export const DecisionResponseSchema = z.object({
  decisionId: ResponseId,
  choose: z.array(ResponseId).max(RESPONSE_ENTRIES_MAX),
  number: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  split: z
    .record(ResponseKey, ResponseAmount)
    .refine((m) => Object.keys(m).length <= RESPONSE_ENTRIES_MAX)
    .optional(),
  declare: z
    .record(ResponseKey, z.array(ResponseId).max(RESPONSE_ENTRIES_MAX))
    .refine((m) => Object.keys(m).length <= RESPONSE_ENTRIES_MAX)
    .optional(),
  control: z.enum(['back', 'reset']).optional(),
});
export type DecisionResponse = z.infer<typeof DecisionResponseSchema>;

export type GameResult =
  | { kind: 'win'; winner: Seat; reason: Label; rule: string }
  | { kind: 'draw'; reason: Label; rule: string };

/** The fields every game's state has; the rest is the game's own. Plain JSON, no classes, no closures. */
export interface BaseState {
  game: GameId;
  /** Number of decisions applied so far; the pending decision's id is derived from it. */
  version: number;
  result: GameResult | null;
}

/** A public or per-viewer log entry. Hidden details are removed per viewer before anything leaves the engine. */
export interface LogEntry {
  seq: number;
  text: Label;
  /** Seats that may see this entry; absent means everyone. */
  visibleTo?: Seat[];
}

/**
 * What a game gives the kernel. The kernel, the store, the renderer and the bot talk to games only through this.
 * All functions are pure: state in, state out; they never mutate their input.
 */
export interface GameModule<S extends BaseState = BaseState, V = unknown> {
  id: GameId;
  name: Label;
  /** Validates decks against the game's construction rules and builds the starting state. */
  setup(setup: MatchSetup, seed: string): S;
  /** The decision the game is waiting for, or null when the game is over. */
  pending(state: S): PendingDecision | null;
  /** Applies a response; throws IllegalAction (state untouched) if it is not legal. */
  apply(state: S, seat: Seat, response: DecisionResponse): S;
  /** A player concedes (at any time, without using the stack). */
  concede(state: S, seat: Seat): S;
  /** The state as one viewer may see it: hidden cards are absent, not flagged. */
  view(state: S, viewer: Viewer): V;
  /** Validates a deck list for this game (names each problem). */
  validateDeck(deck: DeckList): DeckProblem[];
  /** Game invariants (every real game provides them; optional only for small test games) that must hold after every decision (card conservation, ...); each broken one as text. */
  invariants?(state: S): string[];
  /** Ids of the objects this viewer must not see (hands, decks, face-down cards): used to prove views redact them. */
  hiddenObjectIds?(state: S, viewer: Viewer): string[];
}

export interface DeckProblem {
  section: string;
  card?: string;
  rule: string;
  message: Label;
}
