// The card look-up image: one procedurally drawn face, 480 × 672 (the 5:7 shape of a physical card).

import type { GameStyle } from '../styles/game-style.ts';
import { createSurface, finish } from '../surface.ts';
import type { CardFace, Rendered } from '../table-model.ts';
import { drawCardBody } from './card-body.ts';

export const CARD_WIDTH = 480;
export const CARD_HEIGHT = 672;

/** `style`: the style of the face's game, passed in so a render worker needs no registry. */
export async function renderCard(face: CardFace, style: GameStyle): Promise<Rendered> {
  const surface = createSurface(CARD_WIDTH, CARD_HEIGHT, style.background);
  drawCardBody(surface.pen, style, face, {
    x: 0,
    y: 0,
    w: CARD_WIDTH,
    h: CARD_HEIGHT,
    scale: 1,
    pictureHeight: 220,
  });
  return finish(surface);
}
