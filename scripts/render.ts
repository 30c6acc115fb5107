// `npm run render -- --model <table-model.json> [--kind board|hand|card|standings] --out board.png`
// Renders a render-model JSON file (the lead adds `--scenario` once scenarios exist).
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { RENDER_KINDS, type RenderKind, renderAny } from '../src/render/render.ts';

const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    kind: { type: 'string', default: 'board' },
    out: { type: 'string', default: 'board.png' },
  },
});
if (!values.model) {
  console.error('usage: render --model <file.json> [--kind board|hand|card|standings] [--out file.png]');
  process.exit(2);
}
if (!(RENDER_KINDS as readonly string[]).includes(values.kind)) {
  console.error(`--kind must be one of ${RENDER_KINDS.join(', ')}`);
  process.exit(2);
}
const kind = values.kind as RenderKind;
let rendered: Awaited<ReturnType<typeof renderAny>>;
try {
  rendered = await renderAny(kind, JSON.parse(readFileSync(values.model, 'utf8')));
} catch (error) {
  console.error(error instanceof z.ZodError ? `invalid ${kind} model:\n${z.prettifyError(error)}` : error);
  process.exit(1);
}
writeFileSync(values.out, rendered.png);
console.log(`${values.out}: ${rendered.png.length} bytes, ${rendered.drawnText.length} strings drawn`);
