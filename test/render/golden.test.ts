import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderAny } from '../../src/render/render.ts';
import type { TableModel } from '../../src/render/table-model.ts';
import { novaBoard } from './fixtures/nova-board.ts';
import { GOLDEN_CASES } from './golden-cases.ts';
import { differingPixels } from './png-diff.ts';

const GOLDEN_DIR = join(import.meta.dirname, '..', 'golden');
/**
 * At most 60 pixels may differ by more than the channel tolerance: rasterisation noise across machines, but less than
 * one changed cost pip (about 200 pixels).
 */
const MAX_DIFFERING_PIXELS = 60;

describe('golden images (regenerate on purpose: npx tsx scripts/regenerate-golden.ts)', () => {
  for (const c of GOLDEN_CASES) {
    it(`${c.name} matches test/golden/${c.name}.png`, async () => {
      const { png } = await renderAny(c.kind, c.model());
      const expected = readFileSync(join(GOLDEN_DIR, `${c.name}.png`));
      expect(await differingPixels(png, expected)).toBeLessThanOrEqual(MAX_DIFFERING_PIXELS);
    });
  }

  it('the same model renders to the same bytes', async () => {
    for (const c of GOLDEN_CASES) {
      const first = await renderAny(c.kind, c.model());
      const second = await renderAny(c.kind, c.model());
      expect(Buffer.compare(first.png, second.png), c.name).toBe(0);
      expect(second.drawnText).toEqual(first.drawnText);
    }
  });

  it('an image drawn on a kept, taller canvas has the same bytes as on its own canvas', async () => {
    // Canvases are kept per width: a board drawn after a taller one reuses the taller canvas, and is read from it
    // one way when the canvas is at most twice its height and another when it is taller.
    const heightOf = (png: Buffer) => png.readUInt32BE(20);
    const short: TableModel = { ...novaBoard(), stack: { name: 'Chase', items: [] }, lastAction: null };
    short.players.p1.areas = short.players.p1.areas.slice(0, 1);
    short.players.p2.areas = [];
    const medium = novaBoard();
    const tall = novaBoard();
    tall.players.p2.areas = [...tall.players.p2.areas, ...tall.players.p2.areas, ...tall.players.p2.areas];
    const alone = [await renderAny('board', short), await renderAny('board', medium)];
    const tallPng = (await renderAny('board', tall)).png;
    const after = [await renderAny('board', short), await renderAny('board', medium)];
    expect(heightOf(tallPng)).toBeGreaterThan(2 * heightOf(alone[0]!.png));
    expect(heightOf(tallPng)).toBeLessThan(2 * heightOf(alone[1]!.png));
    expect(Buffer.compare(after[0]!.png, alone[0]!.png)).toBe(0);
    expect(Buffer.compare(after[1]!.png, alone[1]!.png)).toBe(0);
  });

  it('the comparison notices one missing cost pip', async () => {
    const golden = GOLDEN_CASES.find((c) => c.kind === 'board')!;
    // One cost pip fewer on one card: the smallest change the tolerance must still see.
    const model = golden.model() as TableModel;
    const first = model.players.p1.areas[0]!.cards[0]!;
    if (first.face === 'up') first.cost = first.cost.slice(1);
    const { png } = await renderAny('board', model);
    const expected = readFileSync(join(GOLDEN_DIR, `${golden.name}.png`));
    expect(await differingPixels(png, expected)).toBeGreaterThan(MAX_DIFFERING_PIXELS);
  });
});
