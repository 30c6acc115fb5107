// A game's style comes with its definition (src/engine/games/<id>/definition.ts); the renderer looks it up in the
// default registry unless a caller hands it a style (a test's toy game).
import type { GameId } from '../../engine/core/game.ts';
import { GAMES } from '../../engine/registry.ts';
import type { GameStyle } from './game-style.ts';

export function styleOf(game: GameId): GameStyle {
  return GAMES.styleOf(game);
}
