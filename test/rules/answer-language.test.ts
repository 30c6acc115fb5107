// Issue 26 item 10: an English answer names the sections it quotes in English (our reference's titles, keyed to the
// same rule numbers), and its footer states the document's version once, in words; a Japanese answer keeps the
// document's titles. Before, English answers carried "ゲームのベース"-style titles in the heading, "Part of" and
// "See also", and NOVA's footer read "version unversioned (no version or date stated in the document)".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/engine/registry.ts';
import { answerText } from '../../src/rules/answer-text.ts';
import { importRules } from '../../src/rules/import.ts';
import { lookupRules } from '../../src/rules/lookup.ts';
import { ruleKey } from '../../src/rules/normalize.ts';
import { migrate } from '../../src/store/migrate.ts';
import { rulesIndexMigration } from '../../src/store/migrations/100-rules-index.ts';
import { RulesIndexStore } from '../../src/store/rules-index.ts';
import { buildTestIndex, DATA_DIR } from './fixture.ts';

const JAPANESE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

interface RefEntry {
  rule: string;
  title: { en: string; ja: string };
}
const referenceOf = (game: string): RefEntry[] =>
  (JSON.parse(readFileSync(join(DATA_DIR, game, 'reference.json'), 'utf8')) as { entries: RefEntry[] }).entries;

let store: RulesIndexStore;
let onlyReference: RulesIndexStore;
beforeAll(() => {
  ({ store } = buildTestIndex());
  const bare = new Database(':memory:');
  migrate(bare, [rulesIndexMigration]);
  onlyReference = new RulesIndexStore(bare);
  importRules(onlyReference, { rulesDir: null, dataDir: DATA_DIR });
});

describe('English answers quoting the official documents', () => {
  for (const game of GAMES.ids()) {
    it(`${game}: the heading leads with the English title, "Part of" names ancestors in English`, () => {
      const entries = referenceOf(game);
      const titles = new Map(entries.map((e) => [ruleKey(e.rule), e.title]));
      // A rule of ours whose parent we also title: its first official sub-rule quotes both.
      const section = entries.find((e) => {
        const answer = lookupRules(store, game, e.rule).answer;
        return answer?.source === 'official' && answer.subRules.length > 0 && answer.breadcrumb.length > 0;
      });
      expect(section, `${game} has a titled section with sub-rules`).toBeDefined();
      const answer = lookupRules(store, game, section?.rule ?? '').answer ?? expect.unreachable();
      const en = answerText(answer, 'en');
      const ja = answerText(answer, 'ja');
      expect(en.title.startsWith(`${answer.number} ${section?.title.en}`)).toBe(true);
      expect(ja.title).not.toContain(section?.title.en);
      const partOf = en.fields.find((f) => f.name === 'Part of')?.value ?? expect.unreachable();
      for (const crumb of answer.breadcrumb) {
        const title = titles.get(ruleKey(crumb.number));
        if (title) {
          expect(partOf).toContain(`${crumb.number} ${title.en}`);
          expect(partOf).not.toContain(title.ja);
        }
      }
      expect(ja.fields.find((f) => f.name === '上位のルール')?.value).toBeDefined();
    });
  }
});

describe('English answers from our reference alone', () => {
  it('carry no Japanese in the heading and say the version once, in words, for every entry of every game', () => {
    for (const game of GAMES.ids()) {
      const entries = referenceOf(game);
      for (const entry of entries) {
        const answer = lookupRules(onlyReference, game, entry.rule).answer ?? expect.unreachable();
        expect(answer.source).toBe('reference');
        // A number our reference explains twice (AQA's 3-9) answers with one of its entries.
        const same = entries.filter((e) => ruleKey(e.rule) === ruleKey(entry.rule));
        const en = answerText(answer, 'en');
        expect(
          same.map((e) => `${answer.number} ${e.title.en}`),
          `${game} ${entry.rule}`,
        ).toContain(en.title);
        expect(JAPANESE.test(en.title)).toBe(false);
        expect(en.footer).not.toMatch(/version (version|ver\.|unversioned)|unversioned/i);
        expect(same.map((e) => `${answer.number} ${e.title.ja}`)).toContain(answerText(answer, 'ja').title);
      }
    }
  });
});
