// One render job: a kind, an untrusted JSON model and the style of the model's game, all plain data. This module
// never loads the game registry, so a render worker that imports it starts without loading every engine and pool;
// the thread that queues the job looks the style up (render.ts, worker-pool.ts).

import { renderBoard } from './board/render-board.ts';
import { renderCard } from './card/render-card.ts';
import { renderHand } from './hand/render-hand.ts';
import { renderStandings } from './standings/render-standings.ts';
import type { GameStyle } from './styles/game-style.ts';
import {
  CardFaceSchema,
  HandModelSchema,
  type Rendered,
  StandingsModelSchema,
  TableModelSchema,
} from './table-model.ts';

export const RENDER_KINDS = ['board', 'hand', 'card', 'standings'] as const;
export type RenderKind = (typeof RENDER_KINDS)[number];

export interface RenderJob {
  kind: RenderKind;
  model: unknown;
  /** The style of the model's game; null when the model names no game (standings without one). */
  style: GameStyle | null;
}

/** The game an untrusted model names, read before validation so the caller can look its style up; null if none. */
export function gameOfModel(model: unknown): string | null {
  if (typeof model !== 'object' || model === null || !('game' in model)) return null;
  return typeof model.game === 'string' ? model.game : null;
}

function required(style: GameStyle | null, kind: RenderKind, game: string): GameStyle {
  if (!style) throw new Error(`a ${kind} image of "${game}" was queued without its game's style`);
  return style;
}

/** Validates the model (a malformed one fails loudly instead of drawing) and draws it in the given style. */
export async function renderJob({ kind, model, style }: RenderJob): Promise<Rendered> {
  switch (kind) {
    case 'board': {
      const table = TableModelSchema.parse(model);
      return renderBoard(table, required(style, kind, table.game));
    }
    case 'hand': {
      const hand = HandModelSchema.parse(model);
      return renderHand(hand, required(style, kind, hand.game));
    }
    case 'card': {
      const face = CardFaceSchema.parse(model);
      return renderCard(face, required(style, kind, face.game));
    }
    case 'standings':
      return renderStandings(StandingsModelSchema.parse(model), style);
    default:
      throw new Error(`unknown render kind: ${String(kind)}`);
  }
}
