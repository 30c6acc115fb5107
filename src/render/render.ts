// The renderer's entry points. Every input is validated, so a malformed model fails loudly instead of drawing.
import { renderBoard } from './board/render-board.ts';
import { renderCard } from './card/render-card.ts';
import { renderHand } from './hand/render-hand.ts';
import { renderStandings } from './standings/render-standings.ts';
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

/** Renders an untrusted JSON model of the given kind (the CLI and the worker pool use this). */
export function renderAny(kind: RenderKind, input: unknown): Promise<Rendered> {
  switch (kind) {
    case 'board':
      return renderBoard(TableModelSchema.parse(input));
    case 'hand':
      return renderHand(HandModelSchema.parse(input));
    case 'card':
      return renderCard(CardFaceSchema.parse(input));
    case 'standings':
      return renderStandings(StandingsModelSchema.parse(input));
    default:
      throw new Error(`unknown render kind: ${String(kind)}`);
  }
}
