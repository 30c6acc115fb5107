// Rules look-up: import time for the five official documents (RULES_DIR, default ../shared/seeds) and our
// reference files, then /rules and autocomplete latency over the recall queries, per game.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { GAMES } from '../src/engine/registry.ts';
import { importRules } from '../src/rules/import.ts';
import { autocompleteRules, lookupRules } from '../src/rules/lookup.ts';
import { migrate } from '../src/store/migrate.ts';
import { rulesIndexMigration } from '../src/store/migrations/100-rules-index.ts';
import { RulesIndexStore } from '../src/store/rules-index.ts';
import { type BenchFigure, percentiles } from './figure.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export async function bench(): Promise<BenchFigure[]> {
  const rulesDir = process.env.RULES_DIR || resolve(root, '../shared/seeds');
  if (!existsSync(rulesDir)) throw new Error(`rules bench: no documents in ${rulesDir} (set RULES_DIR)`);
  const db = new Database(':memory:');
  migrate(db, [rulesIndexMigration]);
  const store = new RulesIndexStore(db);
  const start = performance.now();
  const report = importRules(store, { rulesDir, dataDir: join(root, 'data/rules') });
  const figures: BenchFigure[] = [
    {
      area: 'rules',
      name: `import ${report.official.length} documents + ${report.references.length} references`,
      value: performance.now() - start,
      unit: 'ms',
    },
  ];

  const queries = GAMES.ids().flatMap((game) => {
    const file = join(root, 'test/rules/recall', `${game}.json`);
    const set = JSON.parse(readFileSync(file, 'utf8')) as { queries: { q: string }[] };
    return set.queries.map(({ q }) => ({ game, q }));
  });
  // Autocomplete sees every prefix of what the user types.
  const partials = queries.flatMap(({ game, q }) => [...q].map((_, i) => ({ game, q: q.slice(0, i + 1) })));
  for (const { game, q } of queries) lookupRules(store, game, q);

  const time = (run: () => void) => {
    const t = performance.now();
    run();
    return performance.now() - t;
  };
  const lookups = queries.map(({ game, q }) => time(() => lookupRules(store, game, q)));
  const completions = partials.map(({ game, q }) => time(() => autocompleteRules(store, game, q)));
  const l = percentiles(lookups);
  const c = percentiles(completions);
  figures.push(
    { area: 'rules', name: `/rules answer p50 (${lookups.length} recall queries)`, value: l.p50, unit: 'ms' },
    { area: 'rules', name: '/rules answer p99', value: l.p99, unit: 'ms' },
    { area: 'rules', name: `autocomplete p50 (${completions.length} typed prefixes)`, value: c.p50, unit: 'ms' },
    { area: 'rules', name: 'autocomplete p99', value: c.p99, unit: 'ms' },
  );
  db.close();
  return figures;
}
