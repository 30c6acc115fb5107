import { z } from 'zod';
import type { IdentitySecrets } from './hidden.ts';
import type { Label } from './label.ts';
import type { SearchHooks } from './search.ts';

/**
 * A game's id. Which ids exist is the registry's (`src/engine/registry.ts`), so a test can register a toy game:
 * schemas check the id's form here, and the boundaries (store, bot, tools) check it against a registry.
 */
export type GameId = string;
export const GameIdSchema = z
  .string()
  .regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, 'a game id: lower-case letters and digits');
/** The game a server plays unless it chose another: the one place this default is written. */
export const DEFAULT_GAME_ID: GameId = 'nova';

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
  game: GameIdSchema,
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

/**
 * How a game ended, as rules state: `reason` is a code the game names (e.g. "conceded", "life-zero"), never words;
 * the game's `describeResult` renders it when it is shown. `card` is the card id that caused it, when one did.
 */
export type GameResult =
  | { kind: 'win'; winner: Seat; reason: string; rule: string; card?: string }
  | { kind: 'draw'; reason: string; rule: string; card?: string };

/**
 * The fields every game's state has; the rest is the game's own. Plain JSON, no classes, no closures.
 *
 * Rules state and presentation (docs/architecture.md, invariants): everything on a state is rules state, hashed
 * (core/hash.ts `stateHash`) and compared when a match is restored, except the top-level `log`. The log is the
 * game's structured record of what happened (ids, card ids, numbers, rule numbers: no words), kept on the state so
 * views can show the latest lines; it is outside the hash, so a change in what or how a game logs never freezes a
 * match. No words are ever stored: prompts, option labels, log lines and result reasons are rendered from rules
 * state when they are shown (`pending`, `log`, `describeResult`).
 */
export interface BaseState {
  game: GameId;
  /** Number of decisions applied so far; the pending decision's id is derived from it. */
  version: number;
  result: GameResult | null;
  /** The game's structured log, outside the hash (see above); absent for games that keep none. */
  log?: readonly unknown[];
}

/** One log line as a viewer reads it, rendered from the game's structured log at view time. */
export interface LogEntry {
  seq: number;
  text: Label;
}

/**
 * What a game gives the kernel. The kernel, the store, the renderer and the bot talk to games only through this.
 * All functions are pure: state in, state out; they never mutate their input.
 */
/**
 * `D` narrows the decisions a game can ask (NOVA asks only picks, `PickDecision`), so its own code and tests read
 * them without narrowing; everything generic sees `PendingDecision` and narrows by `shape`.
 */
export interface GameModule<S extends BaseState = BaseState, V = unknown, D extends PendingDecision = PendingDecision> {
  id: GameId;
  name: Label;
  /**
   * The rules version, recorded with every match (docs/store.md "Rules versions"). A game bumps it when a rules
   * change alters states or decisions (so logged hashes no longer replay); never for wording, which is not state.
   */
  rulesVersion: number;
  /**
   * Older rules versions whose matches this code can continue, and how (docs/store.md "Rules versions"). A match
   * recorded under a version not listed here (nor the current one) is frozen, loudly.
   */
  migrations?: Readonly<Record<number, RulesMigration>>;
  /** Validates decks against the game's construction rules and builds the starting state. */
  setup(setup: MatchSetup, seed: string): S;
  /** The decision the game is waiting for, or null when the game is over. */
  pending(state: S): D | null;
  /** Applies a response; throws IllegalAction (state untouched) if it is not legal. */
  apply(state: S, seat: Seat, response: DecisionResponse): S;
  /** A player concedes (at any time, without using the stack). */
  concede(state: S, seat: Seat): S;
  /** The state as one viewer may see it: hidden cards are absent, not flagged. */
  view(state: S, viewer: Viewer): V;
  /**
   * The log entries on this state that the viewer may read (only those numbered after `after`, when given),
   * rendered to words now. The state keeps the latest entries; `core/replay.ts` `replayLog` collects a whole match's.
   */
  log(state: S, viewer: Viewer, after?: number): LogEntry[];
  /** The words for a result's reason code. */
  describeResult(result: GameResult): Label;
  /** Validates a deck list for this game (names each problem). */
  validateDeck(deck: DeckList): DeckProblem[];
  /** Game invariants (every real game provides them; optional only for small test games) that must hold after every decision (card conservation, ...); each broken one as text. */
  invariants?(state: S): string[];
  /** Ids of the objects this viewer must not see (hands, decks): used to prove views redact them. */
  hiddenObjectIds(state: S, viewer: Viewer): string[];
  /**
   * The cards this viewer may not know, by object (hidden objects, and visible face-down ones: core/hidden.ts), and
   * the cards the viewer knows through some object: used to prove views carry no hidden identity.
   */
  hiddenIdentities(state: S, viewer: Viewer): IdentitySecrets;
  /** Hooks for search (determinisation, evaluation, fast simulation), when the game has them. */
  search?: SearchHooks<S>;
}

/**
 * How a match recorded under an older rules version continues. 'replay': its logged decisions still mean the same
 * play under this code and only what the hash covers changed (e.g. words leaving the state), so the whole log is
 * replayed from the setup without comparing the old hashes, and the match is re-hashed from there on.
 */
export type RulesMigration = {
  kind: 'replay';
  /**
   * Options added to the match's setup before its log is replayed, and kept in its stored setup from then on, so that
   * every later replay plays the same way: how a game keeps an older version's way of asking a decision whose logged
   * answers mean something else under the new one (NOVA 2 → 3: a payment's answer names a whole plan).
   */
  setupOptions?: Readonly<Record<string, string | number | boolean>>;
};

export interface DeckProblem {
  section: string;
  card?: string;
  rule: string;
  message: Label;
}
