// The renderer's entry points. Every input is validated, so a malformed model fails loudly instead of drawing.
import type { GameId } from '../engine/core/game.ts';
import { renderBoard } from './board/render-board.ts';
import { renderCard } from './card/render-card.ts';
import { renderHand } from './hand/render-hand.ts';
import { gameOfModel, type RenderKind, renderJob } from './render-job.ts';
import { renderStandings } from './standings/render-standings.ts';
import type { GameStyle } from './styles/game-style.ts';
import { styleOf as defaultStyleOf } from './styles/index.ts';
import type { Rendered } from './table-model.ts';

export { RENDER_KINDS, type RenderKind } from './render-job.ts';
export { renderBoard, renderCard, renderHand, renderStandings };

/** The style a job for this model needs: its game's, found by `styleOf`; null when the model names no game. */
export function styleForModel(model: unknown, styleOf: (game: GameId) => GameStyle = defaultStyleOf): GameStyle | null {
  const game = gameOfModel(model);
  return game === null ? null : styleOf(game);
}

/**
 * Renders an untrusted JSON model of the given kind on this thread (the CLI, the goldens and the benches use this).
 * `styleOf` finds the style of the model's game: the default registry's unless given (a test registry's).
 */
export async function renderAny(
  kind: RenderKind,
  input: unknown,
  styleOf: (game: GameId) => GameStyle = defaultStyleOf,
): Promise<Rendered> {
  return renderJob({ kind, model: input, style: styleForModel(input, styleOf) });
}
