import { InvalidData } from '../engine/core/errors.ts';
import { type GameId, GameIdSchema, type GameModule } from '../engine/core/game.ts';

/**
 * How the store finds a game's rules: a registry's look-up (`src/engine/registry.ts`), undefined for a game the
 * registry does not hold or that has no engine yet. Passed in, so the store does not import any game (tests use toys).
 */
export type GameResolver = (game: GameId) => GameModule | undefined;

/** The module for `game`, or InvalidData naming the game when it is malformed or not available. */
export function requireGame(resolve: GameResolver, game: string): GameModule {
  if (!GameIdSchema.safeParse(game).success) throw new InvalidData(`unknown game "${game}"`);
  const module = resolve(game);
  if (!module) throw new InvalidData(`game "${game}" is not available`);
  return module;
}
