// The hand picture is drawn at the size Discord shows it (issue 26 item 8: fewer pixels per render): laid out as
// before, drawn at HAND_SCALE pixels a unit, with every card tile copied at whole pixels.
import { describe, expect, it } from 'vitest';
import { HAND_SCALE, HAND_WIDTH } from '../../src/render/hand/render-hand.ts';
import { renderAny } from '../../src/render/render.ts';
import { novaHand } from './fixtures/hand.ts';

const sizeOf = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('hand picture size', () => {
  it('is about 900 pixels wide: Discord previews it at 400–550 CSS pixels whatever its size', async () => {
    const { png } = await renderAny('hand', novaHand());
    const { width, height } = sizeOf(png);
    expect(width).toBe(HAND_WIDTH * HAND_SCALE);
    expect(width).toBeLessThanOrEqual(900);
    // Two rows of sections (hand, character deck) laid out as 792 units tall.
    expect(height).toBe(792 * HAND_SCALE);
  });

  it('places every tile at whole pixels, so a copied tile is the drawing pixel for pixel', () => {
    // MARGIN 16, TILE_W 220, TILE_H 300, GAP 16, HEADER 56, SECTION_HEADING 44 (render-hand.ts).
    for (const units of [16, 220, 300, 16, 56, 44, HAND_WIDTH]) expect(Number.isInteger(units * HAND_SCALE)).toBe(true);
  });
});
