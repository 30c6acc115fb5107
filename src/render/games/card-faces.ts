// The card look-up face of any card in a game's pool (`/card`): each game's definition carries its face adapter.

import type { GameId } from '../../engine/core/game.ts';
import type { Locale } from '../../engine/core/label.ts';
import type { PoolCard } from '../../engine/definition.ts';
import { GAMES, type GameRegistry } from '../../engine/registry.ts';
import type { CardFace } from '../table-model.ts';

/** The face model of a pool card, or undefined when the game has no face adapter or no such card. */
export function cardFace(
  game: GameId,
  card: PoolCard,
  locale: Locale,
  registry: GameRegistry = GAMES,
): CardFace | undefined {
  const pool = registry.find(game)?.pool;
  return pool?.byId(card.id) ? pool.face(card, locale) : undefined;
}
