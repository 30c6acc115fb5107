// `npm run render -- --model <table-model.json> [--kind board|hand|card|standings] --out board.png`
// Renders a render-model JSON file (the lead adds `--scenario` once scenarios exist).
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type RenderKind, renderAny } from '../src/render/render.ts';

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
const kind = values.kind as RenderKind;
const rendered = await renderAny(kind, JSON.parse(readFileSync(values.model, 'utf8')));
writeFileSync(values.out, rendered.png);
console.log(`${values.out}: ${rendered.png.length} bytes, ${rendered.drawnText.length} strings drawn`);
