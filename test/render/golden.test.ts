import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderAny } from '../../src/render/render.ts';
import { GOLDEN_CASES } from './golden-cases.ts';
import { differingShare } from './png-diff.ts';

const GOLDEN_DIR = join(import.meta.dirname, '..', 'golden');
/** At most 0.2% of pixels may differ (font rasterisation across machines); a moved or missing element is far more. */
const MAX_DIFFERING_SHARE = 0.002;

describe('golden images (regenerate on purpose: npx tsx scripts/regenerate-golden.ts)', () => {
  for (const c of GOLDEN_CASES) {
    it(`${c.name} matches test/golden/${c.name}.png`, async () => {
      const { png } = await renderAny(c.kind, c.model());
      const expected = readFileSync(join(GOLDEN_DIR, `${c.name}.png`));
      expect(await differingShare(png, expected)).toBeLessThanOrEqual(MAX_DIFFERING_SHARE);
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

  it('the comparison notices a changed board', async () => {
    const golden = GOLDEN_CASES.find((c) => c.kind === 'board')!;
    const model = golden.model() as { turn: number; players: { p1: { life: number } } };
    model.turn += 1;
    model.players.p1.life -= 300;
    const { png } = await renderAny('board', model);
    const expected = readFileSync(join(GOLDEN_DIR, `${golden.name}.png`));
    expect(await differingShare(png, expected)).toBeGreaterThan(0);
  });
});
