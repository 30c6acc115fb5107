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
 * What the engine is waiting for. Any set of between `min` and `max` distinct option ids is a legal answer
 * (engines split compound choices into several decisions so that this always holds).
 */
export interface PendingDecision {
  /** Equals the state's version: a response to an older decision is stale. */
  id: string;
  player: Seat;
  /** The game's own kind ("priority", "attacker", "mulligan", ...). */
  kind: string;
  /** What the decision is, in terms every game shares. */
  role: DecisionRole;
  prompt: Label;
  options: DecisionOption[];
  min: number;
  max: number;
  /** True when the order of the chosen ids matters (ordering triggers, arranging cards). */
  ordered: boolean;
  /** The rules-legal answer when the player's clock runs out (pass, keep, no block, ...). */
  defaultOnTimeout: string[];
}

export const DecisionResponseSchema = z.object({
  decisionId: z.string().min(1).max(40),
  choose: z.array(z.string().min(1).max(40)).max(200),
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
export interface GameModule<S extends BaseState = BaseState, V = unknown> {
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
  pending(state: S): PendingDecision | null;
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
export type RulesMigration = { kind: 'replay' };

export interface DeckProblem {
  section: string;
  card?: string;
  rule: string;
  message: Label;
}
