// The hand picture is drawn at the size Discord shows it (issue 26 item 8: fewer pixels per render): laid out as
// before, drawn at HAND_SCALE pixels a unit, with every card tile copied at whole pixels.
import { describe, expect, it } from 'vitest';
import { HAND_SCALE, HAND_WIDTH, renderHand } from '../../src/render/hand/render-hand.ts';
import { renderAny } from '../../src/render/render.ts';
import { styleOf } from '../../src/render/styles/index.ts';
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

describe('hand picture width', () => {
  it('has as many tile columns as its fullest section needs, three at least', async () => {
    const few = novaHand();
    few.hand.cards = few.hand.cards.slice(0, 2);
    const three = sizeOf((await renderAny('hand', few)).png);
    // 16 + 3 × 220 + 2 × 16 + 16 units.
    expect(three.width).toBe(724 * HAND_SCALE);
    const four = novaHand();
    four.hand.cards = four.hand.cards.slice(0, 4);
    expect(sizeOf((await renderAny('hand', four)).png).width).toBe(960 * HAND_SCALE);
    const seven = novaHand();
    seven.hand.cards = [...seven.hand.cards, ...seven.hand.cards.slice(0, 2)];
    const wide = sizeOf((await renderAny('hand', seven)).png);
    expect(wide.width).toBe(HAND_WIDTH * HAND_SCALE);
    expect(wide.height).toBe((792 + 316) * HAND_SCALE);
  });

  it('shortens the player name to the narrow picture instead of drawing past its edge', async () => {
    const few = novaHand();
    few.hand.cards = few.hand.cards.slice(0, 1);
    // About 550 units of name after a long title: it fits in 600 units, not in what a three-column picture has left.
    few.playerName = 'Wanderer of the Thousand Lanterns and Ember Vale';
    const style = { ...styleOf('nova'), title: { en: 'A Rather Long Game Title', ja: 'とても長いゲームの名前' } };
    const { drawnText } = await renderHand(few, style);
    expect(drawnText).not.toContain(few.playerName);
    expect(drawnText.some((t) => t.startsWith('Wanderer') && t.endsWith('…'))).toBe(true);
  });
});
