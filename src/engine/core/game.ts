import { z } from 'zod';
import type { IdentitySecrets } from './hidden.ts';
import type { Label } from './label.ts';
import type { SearchHooks } from './search.ts';

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

/** One choosable thing. `id` is stable for the lifetime of the decision and short (it goes into custom_ids). */
export interface DecisionOption {
  id: string;
  /** Machine-readable kind: "play", "activate", "attack", "pass", "target", "card", "mulligan", ... */
  kind: string;
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
  kind: string;
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

export interface DeckProblem {
  section: string;
  card?: string;
  rule: string;
  message: Label;
}
