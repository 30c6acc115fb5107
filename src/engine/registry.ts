import { UnsupportedRule } from './core/errors.ts';
import type { BaseState, GameId, GameModule } from './core/game.ts';
import { nova } from './games/nova/index.ts';

/** The games Arbiter can host today. The other four ids exist in GAME_IDS and fail loudly until they land. */
const MODULES: Partial<Record<GameId, GameModule>> = {
  nova: nova as unknown as GameModule,
};

export function gameModule(id: GameId): GameModule<BaseState> {
  const m = MODULES[id];
  if (!m) throw new UnsupportedRule(id, `the game "${id}" is not implemented yet`);
  return m;
}

export function availableGames(): GameId[] {
  return Object.keys(MODULES) as GameId[];
}

/** The module for a game id, or undefined when that game is not implemented (for lookups that report it themselves). */
export function findGameModule(id: GameId): GameModule<BaseState> | undefined {
  return MODULES[id];
}
