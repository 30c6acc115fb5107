// Rewrites the golden PNGs in test/golden. Run only when an image change is intended, then look at every PNG
// before committing it: `npx tsx scripts/regenerate-golden.ts`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderAny } from '../src/render/render.ts';
import { GOLDEN_CASES } from '../test/render/golden-cases.ts';

const dir = join(import.meta.dirname, '..', 'test', 'golden');
mkdirSync(dir, { recursive: true });
for (const c of GOLDEN_CASES) {
  const { png } = await renderAny(c.kind, c.model());
  writeFileSync(join(dir, `${c.name}.png`), png);
  console.log(`${c.name}.png ${png.length} bytes`);
}
