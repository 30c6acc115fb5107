// What one game is, in one place: its names, card pool, deck rules, precons, look, and (once it exists) its engine
// with everything the bot, the renderer and the tools need to play it. Each game's folder exports one definition
// (`src/engine/games/<id>/definition.ts`); `registry.ts` lists them. Nothing outside a game's folder names a game.

import type { GameStyle } from '../render/styles/game-style.ts';
import type { CardFace, HandModel, TableModel } from '../render/table-model.ts';
import type { BaseState, DeckList, DeckProblem, GameId, GameModule, Seat } from './core/game.ts';
import type { Label, Locale } from './core/label.ts';
import type { PreconDeck } from './precons.ts';

/** A keyword a card has, and the rule number that defines it in its game's rules. */
export interface KeywordRef {
  name: Label;
  rule: string;
}

export interface PoolCard {
  id: string;
  name: Label;
}

/** One game's card pool, for look-up (`/card`) and deck checks. The methods take cards of this pool only. */
export interface CardPool {
  game: GameId;
  cards: readonly PoolCard[];
  byId(id: string): PoolCard | undefined;
  text(card: PoolCard): Label;
  keywords(card: PoolCard): KeywordRef[];
  /** The card as the renderer draws it alone (`/card`), or undefined when the game has no face adapter. */
  face(card: PoolCard, locale: Locale): CardFace | undefined;
}

/** A pool from a game's own card map: `text`, `keywords` and `face` see the game's own card type. */
export function definePool<C extends PoolCard>(
  game: GameId,
  cards: ReadonlyMap<string, C>,
  parts: {
    text: (card: C) => Label;
    keywords: (card: C) => KeywordRef[];
    face?: (card: C, locale: Locale) => CardFace;
  },
): CardPool {
  const own = (card: PoolCard): C => {
    const found = cards.get(card.id);
    if (!found) throw new Error(`${card.id} is not a ${game} card`);
    return found;
  };
  const face = parts.face;
  return {
    game,
    cards: [...cards.values()],
    byId: (id) => cards.get(id),
    text: (card) => parts.text(own(card)),
    keywords: (card) => parts.keywords(own(card)),
    face: (card, locale) => (face ? face(own(card), locale) : undefined),
  };
}

export interface PresentOptions {
  locale: Locale;
  names: Record<Seat, string>;
}

/** How a per-viewer view becomes the renderer's models and the bot's log lines. */
export interface GamePresenter<V> {
  table(view: V, options: PresentOptions): TableModel;
  hand(view: V, seat: Seat, options: PresentOptions & { playableIds: ReadonlySet<string> }): HandModel;
  log(view: V): { seq: number; text: Label }[];
  /** Names of the cards in that seat's hand in this view (the owner's view only has them). */
  handNames(view: V, seat: Seat, locale: Locale): string[];
}

export interface StepInfo {
  id: string;
  name: Label;
}

/** Where a match stands, for pass decisions: the turn, whose it is, the step, and the size of the stack. */
export interface Position {
  turn: number;
  active: Seat;
  step: string;
  /** Items waiting to resolve (NOVA's waiting area, a stack). */
  waiting: number;
}

/** The steps a player can put a stop on, and where a state is. Everything here is public information. */
export interface GameSteps<S> {
  steps: readonly StepInfo[];
  position(state: S): Position;
}

/**
 * A scenario file of this game, parsed and ready to run: the starting position, then each script step as either a
 * decision to apply or expectations to check (docs/scenarios.md). The runner (`scenario/runner.ts`) owns the loop.
 */
export interface ScenarioPlan<S> {
  rule: string;
  start: S;
  steps: readonly ScenarioStep<S>[];
  /** The final expectations: one line per difference. */
  check(state: S): string[];
  /** When set, the scenario passes only if this step (1-based) is refused. */
  expectIllegalAt?: number;
}

export type ScenarioStep<S> =
  | { kind: 'apply'; describe: string; apply(state: S): S }
  | { kind: 'check'; check(state: S): string[] };

export interface ScenarioHooks<S> {
  /** Validates a scenario file (already read from YAML) against this game's format and builds its position. */
  plan(raw: unknown, file: string): ScenarioPlan<S>;
}

/** What a game needs once its engine exists: the rules, and how the bot and tools show and drive them. */
export interface GamePlay<S extends BaseState, V> {
  module: GameModule<S, V>;
  presenter: GamePresenter<V>;
  /** Turn steps for stops and auto-pass, read through a typed accessor of the game's state. */
  steps: GameSteps<S>;
  /** Public names of the engine's decision kinds (`PendingDecision.kind`); an unknown kind shows as is. */
  decisionKinds: Readonly<Record<string, Label>>;
  /**
   * Words for the game's own problem codes (`DecisionProblem.code` of a refused declaration, e.g. MTG 508.1c): the
   * bot shows them with the rule; a code without words shows as the code. The kernel words its own codes.
   */
  problemWords?: Readonly<Record<string, Label>>;
  /** Deck pairs the fuzzer plays (each entry a deck; game i plays decks i and i+1). */
  fuzzDecks(): DeckList[];
  /** The decks game i of a fuzz run plays, when a game pairs them otherwise than `fuzzDecks` (by format, say). */
  fuzzPair?(i: number): [DeckList, DeckList];
  /** The scenario format and position builder, when the game has scenarios. */
  scenarios?: ScenarioHooks<S>;
}

export interface GameDefinition<S extends BaseState = BaseState, V = unknown> {
  id: GameId;
  /** The game's name, one spelling everywhere (commands, embeds, images, leagues). */
  name: Label;
  pool: CardPool;
  /** Deck-construction rules that exist without an engine (`/league deck`); when absent the engine's are used. */
  deckRules?(deck: DeckList): DeckProblem[];
  /** The preconstructed decks shipped in `data/decks/<id>/`. */
  precons(): PreconDeck[];
  /** Colours and words for images; the title is the game's name. */
  style: Omit<GameStyle, 'title'>;
  /** Absent until the game's engine exists: the game then has a pool and `/duel` refuses it. */
  play?: GamePlay<S, V>;
}

/**
 * A game's definition, checked as one piece: the engine's view type V is the presenter's input and its state
 * type S is what the steps and scenario hooks read, so no cast sits between them.
 */
export function defineGame<S extends BaseState, V>(definition: GameDefinition<S, V>): GameDefinition<S, V> {
  return definition;
}
