// Every keyword of every pooled card leads `/card` to the rule that defines it: in the official document when it
// is imported, and in our reference on a fresh install.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cardPool, gamesWithCardPools } from '../../src/engine/cards-registry.ts';
import { importRules } from '../../src/rules/import.ts';
import { lookupRules } from '../../src/rules/lookup.ts';
import { migrate } from '../../src/store/migrate.ts';
import { rulesIndexMigration } from '../../src/store/migrations/100-rules-index.ts';
import { RulesIndexStore } from '../../src/store/rules-index.ts';
import { buildTestIndex, DATA_DIR } from '../rules/fixture.ts';

function referenceOnlyIndex(): RulesIndexStore {
  const db = new Database(':memory:');
  migrate(db, [rulesIndexMigration]);
  const store = new RulesIndexStore(db);
  importRules(store, { rulesDir: null, dataDir: DATA_DIR });
  return store;
}

/** "702.9" and "７０２．９" compare equal; AQA's "18-2-a" keeps its hyphens. */
const key = (n: string) =>
  n
    .normalize('NFKC')
    .replace(/[^0-9a-z]+/gi, '.')
    .replace(/\.$/, '');

describe('keyword rules shown by /card', () => {
  const sources = [
    ['official documents and reference', () => buildTestIndex().store],
    ['our reference alone', referenceOnlyIndex],
  ] as const;
  for (const [label, build] of sources) {
    it(`every keyword's rule number is found (${label})`, () => {
      const store = build();
      let checked = 0;
      for (const game of gamesWithCardPools()) {
        const pool = cardPool(game);
        const rules = new Set((pool?.cards ?? []).flatMap((c) => pool?.keywords(c).map((k) => k.rule) ?? []));
        for (const rule of rules) {
          const answer = lookupRules(store, game, rule, 1).answer;
          expect(answer?.number && key(answer.number), `${game} ${rule}`).toBe(key(rule));
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(60);
    }, 60_000);
  }
});
