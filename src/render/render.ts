// The renderer's entry points. Every input is validated, so a malformed model fails loudly instead of drawing.
import type { GameId } from '../engine/core/game.ts';
import { renderBoard } from './board/render-board.ts';
import { renderCard } from './card/render-card.ts';
import { renderHand } from './hand/render-hand.ts';
import { renderStandings } from './standings/render-standings.ts';
import type { GameStyle } from './styles/game-style.ts';
import { styleOf as defaultStyleOf } from './styles/index.ts';
import {
  CardFaceSchema,
  HandModelSchema,
  type Rendered,
  StandingsModelSchema,
  TableModelSchema,
} from './table-model.ts';

export { renderBoard, renderCard, renderHand, renderStandings };

export const RENDER_KINDS = ['board', 'hand', 'card', 'standings'] as const;
export type RenderKind = (typeof RENDER_KINDS)[number];

/**
 * Renders an untrusted JSON model of the given kind (the CLI and the worker pool use this). `styleOf` finds the
 * style of the model's game: the default registry's unless given (a test registry's).
 */
export async function renderAny(
  kind: RenderKind,
  input: unknown,
  styleOf: (game: GameId) => GameStyle = defaultStyleOf,
): Promise<Rendered> {
  switch (kind) {
    case 'board': {
      const model = TableModelSchema.parse(input);
      return renderBoard(model, styleOf(model.game));
    }
    case 'hand': {
      const model = HandModelSchema.parse(input);
      return renderHand(model, styleOf(model.game));
    }
    case 'card': {
      const face = CardFaceSchema.parse(input);
      return renderCard(face, styleOf(face.game));
    }
    case 'standings':
      return renderStandings(StandingsModelSchema.parse(input));
    default:
      throw new Error(`unknown render kind: ${String(kind)}`);
  }
}
