// /rules and its autocomplete against an index of the five real documents and our reference files.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/engine/registry.ts';
import { answerText } from '../../src/rules/answer-text.ts';
import { recogniseDocument } from '../../src/rules/documents.ts';
import { importRules } from '../../src/rules/import.ts';
import { autocompleteRules, lookupRules } from '../../src/rules/lookup.ts';
import { ruleKey } from '../../src/rules/normalize.ts';
import { MATCH_KINDS, searchRules } from '../../src/rules/search.ts';
import { migrate } from '../../src/store/migrate.ts';
import { rulesIndexMigration } from '../../src/store/migrations/100-rules-index.ts';
import { RulesIndexStore } from '../../src/store/rules-index.ts';
import { buildTestIndex, DATA_DIR, SEEDS_DIR } from './fixture.ts';

let db: Database.Database;
let store: RulesIndexStore;
beforeAll(() => {
  ({ db, store } = buildTestIndex());
});

const top = (game: string, q: string, n = 3) => searchRules(store, game, q, n).map((h) => h.entry.number);

describe('the index', () => {
  it('is created by migration 100 through the store runner and records every document with its version', () => {
    const sources = store.sources().filter((s) => s.source === 'official');
    expect(sources.map((s) => s.game).sort()).toEqual([...GAMES.ids()].sort());
    expect(sources.find((s) => s.game === 'mtg')).toMatchObject({ version: '20190125.3', date: '2019-01-25' });
  });
  it('skips unchanged files on restart, and replaces a game on a forced re-import instead of adding to it', () => {
    // One small document keeps this quick.
    const dir = mkdtempSync(join(tmpdir(), 'rules-reimport-'));
    const aqa = readdirSync(SEEDS_DIR).find(
      (n) => recogniseDocument(readFileSync(join(SEEDS_DIR, n), 'utf8')) === 'aqa',
    );
    symlinkSync(join(SEEDS_DIR, aqa!), join(dir, 'aqa.txt'));
    const own = new Database(':memory:');
    migrate(own, [rulesIndexMigration]);
    const index = new RulesIndexStore(own);
    const config = { rulesDir: dir, dataDir: join(dir, 'no-reference') };
    const count = () => (own.prepare('SELECT count(*) AS n FROM rules_fts').get() as { n: number }).n;
    expect(importRules(index, config).official.map((o) => [o.status, o.rules])).toEqual([['imported', 196]]);
    const before = count();
    expect(importRules(index, config).official.map((o) => o.status)).toEqual(['unchanged']);
    expect(importRules(index, config, { force: true }).official.map((o) => o.status)).toEqual(['imported']);
    expect(count()).toBe(before);
    expect(searchRules(index, 'aqa', '3-3', 1).map((h) => h.entry.number)).toEqual(['3-3']);
    // An index built by an earlier revision of the parsers (its digest covered the file alone) is imported again.
    own.prepare("UPDATE rules_sources SET digest = ? WHERE game = 'aqa' AND source = 'official'").run(
      createHash('sha256')
        .update(readFileSync(join(dir, 'aqa.txt'), 'utf8'))
        .digest('hex'),
    );
    expect(importRules(index, config).official.map((o) => o.status)).toEqual(['imported']);
    expect(importRules(index, config).official.map((o) => o.status)).toEqual(['unchanged']);
  });
});

describe('rule numbers', () => {
  it('go straight to the rule in any spelling', () => {
    expect(lookupRules(store, 'mtg', '702.9').answer?.number).toBe('702.9');
    expect(lookupRules(store, 'mtg', '７０２．９ａ').answer?.number).toBe('702.9a');
    expect(lookupRules(store, 'fow', '903.2.a.').answer?.number).toBe('903.2a');
    expect(lookupRules(store, 'aqa', '☆13-8.').answer?.number).toBe('13-8');
    expect(lookupRules(store, 'nova', '3.2.4').answer?.number).toBe('003.2.4');
  });
  it('fall back to the nearest existing ancestor when the document lacks the number', () => {
    expect(top('mtg', '702.9z', 1)).toEqual(['702.9']);
    expect(top('nova', '502.99', 1)).toEqual(['502']);
  });
  it('may name their game in front, which wins over the chosen game', () => {
    const found = lookupRules(store, 'mtg', 'nova 502.1');
    expect(found.game).toBe('nova');
    expect(found.answer?.number).toBe('502.1');
  });
});

describe('ranking', () => {
  it('puts an exact term first, then the glossary, then rules under the named rule, then other text', () => {
    const hits = searchRules(store, 'mtg', '飛行', 6);
    expect(hits.map((h) => h.matchedBy).slice(0, 2)).toEqual(['term', 'glossary']);
    expect(hits[0]?.entry.number).toBe('702.9');
    expect(
      hits
        .slice(2, 5)
        .map((h) => h.entry.number)
        .sort(),
    ).toEqual(['702.9a', '702.9b', '702.9c']);
  });
  it('never ranks a weaker kind of match above a stronger one', () => {
    for (const [game, q] of [
      ['mtg', '破壊'],
      ['nova', '手札'],
      ['pmv', 'ダメージ'],
      ['fow', '魔石'],
    ] as const) {
      const kinds = searchRules(store, game, q, 25).map((h) => MATCH_KINDS.indexOf(h.matchedBy));
      expect(kinds, `${game} ${q}`).toEqual([...kinds].sort((a, b) => a - b));
    }
  });
  it('matches terms in either kana script', () => {
    expect(top('mtg', 'とらんぷる', 1)).toEqual(['702.19']);
    expect(top('aqa', 'ぺねとれいと', 1)).toEqual(['6-1']);
  });
  it('finds 1- and 2-character Japanese terms that trigram alone cannot match', () => {
    expect(top('nova', '場', 1)).toEqual(['309']);
    expect(searchRules(store, 'pmv', '冥', 25).length).toBeGreaterThan(3);
    expect(top('fow', '手札', 1)).toEqual(['306']);
  });
  it('matches several words in any order, phrases first', () => {
    const hits = searchRules(store, 'mtg', '到達 飛行', 25);
    expect(hits.map((h) => h.entry.number)).toContain('702.9b');
    expect(hits.every((h) => h.entry.search.includes('到達') && h.entry.search.includes('飛行'))).toBe(true);
  });
  it('treats query syntax as text', () => {
    expect(() => searchRules(store, 'mtg', '"flying* OR (NEAR', 25)).not.toThrow();
    expect(lookupRules(store, 'mtg', 'zzzzqqqq').answer).toBeNull();
  });
});

describe('answers', () => {
  it('carry sub-rules, the breadcrumb, cross-references and the document with its date', () => {
    const answer = lookupRules(store, 'mtg', '702.9b').answer;
    expect(answer).toMatchObject({ source: 'official', document: { date: '2019-01-25' } });
    expect(answer?.breadcrumb.map((b) => b.number)).toEqual(['7', '702', '702.9']);
    expect(answer?.references.map((r) => r.number)).toEqual(['509', '702.17']);
    expect(answer?.references[1]?.title).toBe('到達/Reach');
    const keyword = lookupRules(store, 'mtg', 'flying').answer;
    expect(keyword?.subRules.map((s) => s.number)).toEqual(['702.9a', '702.9b', '702.9c']);
  });
  it('fit Discord embed limits and say what was cut', () => {
    const text = answerText(lookupRules(store, 'mtg', '702').answer!);
    expect(text.description.length).toBeLessThanOrEqual(4096);
    expect(text.description).toMatch(/[Mm]ore sub-rules? not shown/);
    expect(text.description).toContain('\n**702.2** ');
    const total = text.title.length + text.description.length + text.footer.length;
    expect(total + text.fields.reduce((n, f) => n + f.name.length + f.value.length, 0)).toBeLessThanOrEqual(6000);
    expect(text.fields.every((f) => f.value.length <= 1024)).toBe(true);
    expect(text.footer).toMatch(/^Official rules: マジック総合ルール \(version 20190125\.3, 2019-01-25\)$/);
  });
  it('stay inside the 6000-character embed total for every chapter (the largest answers) of every game', () => {
    for (const game of GAMES.ids()) {
      for (const entry of searchRules(store, game, '', 25)) {
        const text = answerText(lookupRules(store, game, entry.entry.number).answer!);
        const total = [text.title, text.description, text.footer, ...text.fields.flatMap((f) => [f.name, f.value])];
        expect(total.join('').length, `${game} ${entry.entry.number}`).toBeLessThanOrEqual(6000);
      }
    }
  });
  it('come from our reference when the official document is not imported, and say so', () => {
    const refFile = join(DATA_DIR, 'nova', 'reference.json');
    if (!existsSync(refFile)) return;
    const bare = new Database(':memory:');
    migrate(bare, [rulesIndexMigration]);
    const onlyReference = new RulesIndexStore(bare);
    importRules(onlyReference, { rulesDir: null, dataDir: DATA_DIR });
    const first = (JSON.parse(readFileSync(refFile, 'utf8')) as { entries: { rule: string }[] }).entries[0]!.rule;
    const answer = lookupRules(onlyReference, 'nova', first).answer;
    expect(answer?.source).toBe('reference');
    expect(answerText(answer!).footer).toMatch(/^Arbiter reference/);
    // With the official document present, the official text answers and our English explanation rides along.
    const official = lookupRules(store, 'nova', first).answer;
    expect(official?.source).toBe('official');
    expect(official?.english).not.toBeNull();
  });
});

describe('our reference', () => {
  it('names only rules that the official documents have (entries and their see-also lists)', () => {
    for (const game of GAMES.ids()) {
      const file = join(DATA_DIR, game, 'reference.json');
      if (!existsSync(file)) continue;
      const ref = JSON.parse(readFileSync(file, 'utf8')) as { entries: { rule: string; seeAlso?: string[] }[] };
      const numbers = ref.entries.flatMap((e) => [e.rule, ...(e.seeAlso ?? [])]);
      const unknown = numbers.filter((n) => !store.byKey(game, ruleKey(n)).some((e) => e.source === 'official'));
      expect(unknown, game).toEqual([]);
    }
  });
});

describe('autocomplete', () => {
  it('offers at most 25 choices within Discord’s length limits, chapters for empty input', () => {
    for (const game of GAMES.ids()) {
      for (const q of ['', 'a', '飛', 'カード', '1', '702.']) {
        const choices = autocompleteRules(store, game, q);
        expect(choices.length).toBeLessThanOrEqual(25);
        for (const c of choices) {
          expect(c.name.length).toBeGreaterThan(0);
          expect(c.name.length).toBeLessThanOrEqual(100);
          expect(c.value.length).toBeLessThanOrEqual(100);
        }
      }
    }
    expect(autocompleteRules(store, 'mtg', '').map((c) => c.value)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
  });
  it('completes partial input, and every value it offers leads back to that entry', () => {
    expect(autocompleteRules(store, 'mtg', 'fly')[0]?.value).toBe('702.9');
    for (const choice of autocompleteRules(store, 'mtg', '破壊')) {
      const answer = lookupRules(store, 'mtg', choice.value).answer;
      expect(answer, choice.value).not.toBeNull();
      expect(choice.value.endsWith(answer!.number), choice.value).toBe(true);
    }
  });
  it('answers in under 50 ms (p99) while typing', () => {
    const inputs = GAMES.ids().flatMap((game) =>
      ['飛', '飛行', 'ダメ', 'ダメージ', 'tra', 'trample', '702.9', '1.1', '3-3', 'カードを', 'プレイヤー'].map(
        (q) => ({ game, q }),
      ),
    );
    for (const { game, q } of inputs) autocompleteRules(store, game, q); // warm up statements
    // CPU time, not wall time: test files run in parallel on a shared machine, and waiting for a core is not the
    // query's cost (bench/rules.bench.ts reports wall-clock figures).
    const times = inputs.map(({ game, q }) => {
      const start = process.cpuUsage();
      autocompleteRules(store, game, q);
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000;
    });
    times.sort((a, b) => a - b);
    expect(times[Math.floor(times.length * 0.99)]).toBeLessThan(50);
  });
});
