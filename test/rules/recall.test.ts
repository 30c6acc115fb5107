// Recall: each query must find one of its expected rules in the top 3 (sets in test/rules/recall/<game>.json).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/engine/registry.ts';
import { lookupRules } from '../../src/rules/lookup.ts';
import type { RulesIndexStore } from '../../src/store/rules-index.ts';
import { buildTestIndex } from './fixture.ts';

interface RecallSet {
  game: string;
  queries: { q: string; expect: string[] }[];
}

function recallSet(game: string): RecallSet {
  return JSON.parse(readFileSync(join(import.meta.dirname, 'recall', `${game}.json`), 'utf8')) as RecallSet;
}

let store: RulesIndexStore;
beforeAll(() => {
  store = buildTestIndex().store;
});

describe.each(GAMES.ids())('%s recall set', (game) => {
  const set = recallSet(game);

  it('has at least 50 queries, including 2-character kanji terms, English names and odd rule numbers', () => {
    expect(set.game).toBe(game);
    expect(set.queries.length).toBeGreaterThanOrEqual(50);
    expect(set.queries.some((q) => /^[\u4e00-\u9fff]{2}$/.test(q.q))).toBe(true);
    expect(set.queries.some((q) => /^[a-z ]+$/.test(q.q))).toBe(true);
    expect(set.queries.some((q) => /[０-９]/.test(q.q))).toBe(true);
  });

  it('finds the expected rule in the top 3 for every query', () => {
    const misses = set.queries
      .map(({ q, expect: wanted }) => {
        const top = lookupRules(store, game, q, 3).hits.map((h) => h.entry.number);
        return { q, wanted, top };
      })
      .filter(({ wanted, top }) => !top.some((n) => wanted.includes(n)));
    expect(misses).toEqual([]);
  });
});
