// The one list of games. Everything that iterates games (bot, commands, leagues, renderer, scenario runner, fuzzer,
// terminal, benches) goes through a registry; tests build their own with `createRegistry` (a toy game) and pass it in.
import type { GameStyle } from '../render/styles/game-style.ts';
import { InvalidData, UnsupportedRule } from './core/errors.ts';
import { type BaseState, type DeckList, type DeckProblem, type GameId, GameIdSchema } from './core/game.ts';
import type { GameDefinition, GamePlay } from './definition.ts';
import { aqaDefinition } from './games/aqa/definition.ts';
import { fowDefinition } from './games/fow/definition.ts';
import { mtgDefinition } from './games/mtg/definition.ts';
import { novaDefinition } from './games/nova/definition.ts';
import { pmvDefinition } from './games/pmv/definition.ts';
import type { PreconDeck } from './precons.ts';

/** A definition whose engine exists. */
export type PlayableGame = GameDefinition & { play: GamePlay<BaseState, unknown> };

export interface GameRegistry {
  /** In the order given: choices, autocomplete and "the first pool with that card" follow it. */
  readonly games: readonly GameDefinition[];
  ids(): GameId[];
  find(id: string): GameDefinition | undefined;
  /** The definition, or InvalidData naming the unknown id and the known ones. */
  get(id: string): GameDefinition;
  /** The definition of a game that can be played, or UnsupportedRule when it has no engine yet. */
  playable(id: string): PlayableGame;
  /** The games with an engine. */
  playableGames(): PlayableGame[];
  /** The renderer's style of a game: its colours and words, titled with its name. */
  styleOf(id: string): GameStyle;
}

function isPlayable(game: GameDefinition): game is PlayableGame {
  return game.play !== undefined;
}

/** A registry of these definitions; refuses a malformed or repeated id. */
export function createRegistry(definitions: readonly GameDefinition[]): GameRegistry {
  const byId = new Map<string, GameDefinition>();
  for (const game of definitions) {
    if (!GameIdSchema.safeParse(game.id).success) throw new InvalidData(`"${game.id}" is not a valid game id`);
    if (byId.has(game.id)) throw new InvalidData(`the game "${game.id}" is defined twice`);
    const module = game.play?.module;
    // One spelling everywhere: the engine's own name and id are the definition's.
    if (module && (module.id !== game.id || module.name.en !== game.name.en || module.name.ja !== game.name.ja))
      throw new InvalidData(
        `the engine of "${game.id}" is named ${module.id} "${module.name.en}" / "${module.name.ja}"`,
      );
    byId.set(game.id, game);
  }
  const styles = new Map(definitions.map((g) => [g.id, { ...g.style, title: g.name }]));
  const get = (id: string): GameDefinition => {
    const game = byId.get(id);
    if (!game) throw new InvalidData(`unknown game "${id}" (known: ${[...byId.keys()].join(', ')})`);
    return game;
  };
  return {
    games: definitions,
    ids: () => [...byId.keys()],
    find: (id) => byId.get(id),
    get,
    playable(id) {
      const game = get(id);
      if (!isPlayable(game)) throw new UnsupportedRule(id, `the game "${id}" is not implemented yet`);
      return game;
    },
    playableGames: () => definitions.filter(isPlayable),
    styleOf(id) {
      const style = styles.get(id);
      if (!style) throw new InvalidData(`no style for the unknown game "${id}"`);
      return style;
    },
  };
}

/** The games Arbiter hosts. Adding a game: its folder, and one line here. */
export const GAMES: GameRegistry = createRegistry([
  novaDefinition,
  mtgDefinition,
  fowDefinition,
  pmvDefinition,
  aqaDefinition,
]);

/** Every game's precons (each definition's), refusing a deck id used twice across games. */
export function allPrecons(registry: GameRegistry): PreconDeck[] {
  const decks = registry.games.flatMap((g) => g.precons());
  const seen = new Set<string>();
  for (const deck of decks) {
    if (seen.has(deck.id)) throw new InvalidData(`two precons have the id "${deck.id}"`);
    seen.add(deck.id);
  }
  return decks;
}

/**
 * A deck's problems under the game's construction rules: the definition's own deck rules, else its engine's, else
 * none (a pool-only game without deck rules accepts any list, as before).
 */
export function deckProblemsOf(game: GameDefinition, deck: DeckList): DeckProblem[] {
  if (game.deckRules) return game.deckRules(deck);
  return game.play?.module.validateDeck(deck) ?? [];
}

/** Whether a game defines deck rules at all (without them, `/league deck` accepts any list). */
export function hasDeckRules(game: GameDefinition): boolean {
  return game.deckRules !== undefined || game.play !== undefined;
}

// Shorthands over the default registry, for callers that do not take one.
export const gameModule = (id: GameId) => GAMES.playable(id).play.module;
export const availableGames = (): GameId[] => GAMES.playableGames().map((g) => g.id);
export const findGameModule = (id: GameId) => GAMES.find(id)?.play?.module;
