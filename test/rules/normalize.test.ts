import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/engine/registry.ts';
import { listRulesDirectory } from '../../src/rules/documents.ts';
import { importRules } from '../../src/rules/import.ts';
import { definedTerm } from '../../src/rules/indexer.ts';
import { normalizeText, ruleKey } from '../../src/rules/normalize.ts';
import { ReadingStripper, stripKatakanaReadings } from '../../src/rules/parse/furigana.ts';
import { takeInlineExamples } from '../../src/rules/parse/outline.ts';
import { ruleNumberKey, splitGamePrefix } from '../../src/rules/search.ts';
import { termsOf } from '../../src/rules/terms.ts';
import { migrate } from '../../src/store/migrate.ts';
import { rulesIndexMigration } from '../../src/store/migrations/100-rules-index.ts';
import { RulesIndexStore } from '../../src/store/rules-index.ts';
import { haveSeeds } from '../support/surroundings.ts';
import { seedsDir } from './fixture.ts';

describe('rule number keys', () => {
  it('compare numbers however the documents and users write them', () => {
    expect(ruleKey('003.2.4')).toBe('3.2.4');
    expect(ruleKey('702.9b')).toBe('702.9.b');
    expect(ruleKey('903.2.a.')).toBe('903.2.a');
    expect(ruleKey('1304.2b-1')).toBe('1304.2.b.1');
    expect(ruleKey('☆13-8.')).toBe('13.8');
    expect(ruleKey('７０２．９ａ')).toBe('702.9.a');
  });
  it('keep 702.90 apart from 702.9', () => {
    expect(ruleKey('702.90')).not.toBe(ruleKey('702.9'));
    expect(ruleKey('702.90').startsWith(`${ruleKey('702.9')}.`)).toBe(false);
  });
  it('recognise queries that are rule numbers, and only those', () => {
    expect(ruleNumberKey('rule 509.1')).toBe('509.1');
    expect(ruleNumberKey('§704.5a')).toBe('704.5.a');
    expect(ruleNumberKey('１．１．３．ａ')).toBe('1.1.3.a');
    expect(ruleNumberKey('3-3-a-1')).toBe('3.3.a.1');
    expect(ruleNumberKey('flying')).toBeNull();
    expect(ruleNumberKey('2 players')).toBeNull();
  });
  it('read a game named in front of a query', () => {
    expect(splitGamePrefix('nova 502.1', GAMES.ids())).toEqual({ game: 'nova', rest: '502.1' });
    expect(splitGamePrefix('MTG: flying', GAMES.ids())).toEqual({ game: 'mtg', rest: 'flying' });
    expect(splitGamePrefix('first strike', GAMES.ids())).toEqual({ game: null, rest: 'first strike' });
  });
});

describe('text normalisation', () => {
  it('folds full-width characters and case', () => {
    expect(normalizeText('ＡＢＣ　５０枚')).toBe('abc 50枚');
    expect(normalizeText('Can’t “Block”')).toBe('can\'t "block"');
  });
  it('splits headings into the names they stand for', () => {
    expect(termsOf('飛行/Flying')).toEqual(['飛行/flying', '飛行', 'flying']);
    expect(termsOf('【貫通】')).toEqual(['貫通']);
  });
  it('finds the term a rule defines', () => {
    expect(definedTerm('置換効果とは、何か')).toBe('置換効果');
    expect(definedTerm('「引き直し」とは何か')).toBe('引き直し');
    expect(definedTerm('とはいえ')).toBeNull();
  });
});

describe('inline examples', () => {
  it('leave the text when they close it, and stay when they are an "e.g." inside a sentence', () => {
    expect(takeInlineExamples('Aです。（例：B（C）D）')).toEqual({ text: 'Aです。', examples: ['例：B（C）D'] });
    expect(takeInlineExamples('A（例：x）Bです。')).toEqual({ text: 'A（例：x）Bです。', examples: [] });
  });
});

describe('inline readings', () => {
  it('drop a katakana word’s own reading, also when a long-vowel mark is read as a vowel', () => {
    expect(stripKatakanaReadings('カードかーどを')).toBe('カードを');
    expect(stripKatakanaReadings('コントローラーこんとろおらあは')).toBe('コントローラーは');
    expect(stripKatakanaReadings('クリーチャーコントローラーこんとろーらーが')).toBe('クリーチャーコントローラーが');
  });
  it('leave ordinary text alone', () => {
    expect(stripKatakanaReadings('プレイヤーすべて')).toBe('プレイヤーすべて');
    expect(stripKatakanaReadings('プレイする')).toBe('プレイする');
  });
  it('drop a kanji term’s reading only when the document pairs them', () => {
    const readings = new ReadingStripper();
    readings.add('飛行', 'ひこう');
    expect(readings.strip('飛行ひこうを持つ')).toBe('飛行を持つ');
    expect(readings.strip('速攻そっこう')).toBe('速攻そっこう');
  });
  it('drop the reading of a paired term’s tail that starts at a katakana word', () => {
    const readings = new ReadingStripper();
    readings.add('初期ライフ総量', 'しょきらいふそうりょう');
    expect(readings.strip('初期ライフ総量しょきらいふそうりょうは')).toBe('初期ライフ総量は');
    expect(readings.strip('ライフ総量らいふそうりょうを')).toBe('ライフ総量を');
    expect(readings.strip('総量そうりょう')).toBe('総量そうりょう');
  });
});

describe('the rules directory', () => {
  // Needs the official documents (test/support/surroundings.ts); the rest of this block does not.
  it.skipIf(!haveSeeds)(
    'recognises documents by content whatever their file names, and lists other files as skipped',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'rules-dir-'));
      readdirSync(seedsDir()).forEach((name, i) => {
        symlinkSync(join(seedsDir(), name), join(dir, `document-${i}.txt`));
      });
      writeFileSync(join(dir, 'notes.txt'), 'not a rules document');
      const { files, skipped } = listRulesDirectory(dir);
      expect(files.map((f) => f.game).sort()).toEqual([...GAMES.ids()].sort());
      expect(skipped).toEqual([join(dir, 'notes.txt')]);
    },
  );
  it('imports what it can and reports the rest: a missing directory, a damaged document, an invalid reference', () => {
    const db = new Database(':memory:');
    migrate(db, [rulesIndexMigration]);
    const store = new RulesIndexStore(db);
    const missing = importRules(store, { rulesDir: '/nonexistent/rules', dataDir: '/nonexistent/data' });
    expect(missing.problems).toEqual(['RULES_DIR /nonexistent/rules does not exist']);

    const dir = mkdtempSync(join(tmpdir(), 'rules-bad-'));
    // Recognised as Force of Will by its title line, but without a body.
    writeFileSync(join(dir, 'fow.txt'), '# Force of Will 総合ルール ver. 9\n');
    mkdirSync(join(dir, 'data', 'pmv'), { recursive: true });
    writeFileSync(join(dir, 'data', 'pmv', 'reference.json'), JSON.stringify({ game: 'pmv', entries: [] }));
    const report = importRules(store, { rulesDir: dir, dataDir: join(dir, 'data') });
    expect(report.official).toEqual([]);
    expect(report.problems).toHaveLength(2);
    expect(report.problems[0]).toMatch(/fow\.txt: .*Force of Will body/);
    expect(report.problems[1]).toMatch(/pmv.reference\.json/);
  });
});
