// `npm run bench`: runs every bench/*.bench.ts (each exports `bench(): Promise<BenchFigure[]>`) and prints a table.
import { readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchFigure } from './figure.ts';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !only || f.startsWith(only))
  .sort();

console.log(
  `Arbiter benchmarks on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown cpu'}), node ${process.version}`,
);
for (const file of files) {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { bench: () => Promise<BenchFigure[]> };
  const figures = await mod.bench();
  for (const f of figures) {
    const value = Number.isInteger(f.value) ? String(f.value) : f.value.toFixed(3);
    console.log(`${f.area.padEnd(14)} ${f.name.padEnd(52)} ${value.padStart(14)} ${f.unit}`);
  }
}
