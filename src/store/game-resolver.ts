import { InvalidData } from '../engine/core/errors.ts';
import { GAME_IDS, type GameId, type GameModule } from '../engine/core/game.ts';

/** How the store finds a game's rules. Passed in, so the store does not import any game (and tests use toys). */
export type GameResolver = (game: GameId) => GameModule | undefined;

/** The module for `game`, or InvalidData naming the game when it is unknown or not available. */
export function requireGame(resolve: GameResolver, game: string): GameModule {
  if (!(GAME_IDS as readonly string[]).includes(game)) throw new InvalidData(`unknown game "${game}"`);
  const module = resolve(game as GameId);
  if (!module) throw new InvalidData(`game "${game}" is not available`);
  return module;
}
