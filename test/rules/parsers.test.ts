// Each parser runs on its real document (read from ../shared/seeds at run time; the text is never copied here).
import { describe, expect, it } from 'vitest';
import type { GameId } from '../../src/engine/core/game.ts';
import { ruleKey } from '../../src/rules/normalize.ts';
import type { ParsedDocument, ParsedRule } from '../../src/rules/types.ts';
import { documentText, parsedDocument } from './fixture.ts';

const docs = new Map<GameId, ParsedDocument>();
function doc(game: GameId): ParsedDocument {
  let d = docs.get(game);
  if (!d) docs.set(game, (d = parsedDocument(game)));
  return d;
}
function rule(game: GameId, number: string): ParsedRule {
  const found = doc(game).rules.filter((r) => r.number === number);
  expect(found, `${game} ${number}`).toHaveLength(1);
  return found[0] as ParsedRule;
}
function count(game: GameId, number: string): number {
  return doc(game).rules.filter((r) => r.number === number).length;
}
/** Section numbers listed in a table of contents (lines from..to, 1-based), read from the document itself. */
function tableOfContents(game: GameId, from: number, to: number, pattern: RegExp): string[] {
  const lines = documentText(game)
    .split(/\r?\n/)
    .slice(from - 1, to);
  return lines.flatMap((l) => [...l.matchAll(pattern)].map((m) => m[1] ?? ''));
}

describe.each(['nova', 'fow', 'aqa', 'mtg', 'pmv'] as const)('%s: structure every document must have', (game) => {
  it('gives every rule an existing parent, or none for a chapter', () => {
    const numbers = new Set(doc(game).rules.map((r) => r.number));
    const orphans = doc(game).rules.filter((r) => r.parent !== null && !numbers.has(r.parent));
    expect(orphans.map((r) => r.number)).toEqual([]);
  });
  it('resolves every cross-reference to a rule of the document', () => {
    const numbers = new Set(doc(game).rules.map((r) => r.number));
    const refs = doc(game).rules.flatMap((r) => r.refs);
    expect(refs.filter((n) => !numbers.has(n))).toEqual([]);
  });
  it('writes numbers without trailing punctuation, stars or a dot before a letter', () => {
    const bad = doc(game).rules.filter((r) => /[.:：☆]$|^☆|\.[a-z]-/.test(r.number) || r.key !== ruleKey(r.number));
    expect(bad.map((r) => r.number)).toEqual([]);
  });
  it('keeps a sub-rule under its own parent: x.90 is not a child of x.9', () => {
    const bad = doc(game).rules.filter((r) => r.parent !== null && !r.key.startsWith(`${ruleKey(r.parent)}.`));
    // Only sections hang under chapters without sharing a prefix (NOVA 502 under 500, MTG 702 under 7).
    expect(bad.every((r) => !r.key.includes('.'))).toBe(true);
  });
});

describe('NOVA (000)', () => {
  it('parses the body, not the table of contents that repeats its numbers', () => {
    expect(doc('nova').rules).toHaveLength(721);
    expect(doc('nova').rules[0]).toMatchObject({ number: '000', line: 163 });
    expect(doc('nova').rules.at(-1)?.number).toBe('1005.3');
  });
  it('finds every section the table of contents lists', () => {
    const listed = tableOfContents('nova', 1, 161, /^\s*(?:-\s*)?(\d{3,4})\s*[:：]/g);
    expect(listed.length).toBeGreaterThan(100);
    const keys = new Set(doc('nova').rules.map((r) => r.key));
    expect(listed.filter((n) => !keys.has(ruleKey(n)))).toEqual([]);
  });
  it('accepts every separator: " : ", "：", ": ", ":「" and a bare space', () => {
    expect(rule('nova', '003.2.4').parent).toBe('003.2');
    expect(rule('nova', '502.1').parent).toBe('502');
    expect(rule('nova', '004.2').parent).toBe('004');
    expect(rule('nova', '405.4.6').text.startsWith('「')).toBe(true);
    expect(rule('nova', '005.1')).toMatchObject({ title: 'プレイヤー', parent: '005' });
    expect(rule('nova', '005.8.1').title).toBeNull();
  });
  it('joins wrapped lines, also those the extraction turned into bullets', () => {
    expect(rule('nova', '004.1').text).toMatch(/優先されます。$/);
    expect(rule('nova', '003.1.1').text).not.toContain('\n');
  });
  it('places 300–301.12 under their own section although they come after 303.6.1', () => {
    expect(rule('nova', '300').parent).toBeNull();
    expect(rule('nova', '301').parent).toBe('300');
    expect(rule('nova', '301.12').parent).toBe('301');
  });
  it('keeps numbers the document prints twice, merges the 1001 heading with its rule, and has no 405.5.4.1', () => {
    for (const n of ['405.5.6', '801.6.2', '801.6.3', '801.6.4', '801.6.4.1']) expect(count('nova', n), n).toBe(2);
    expect(rule('nova', '1001')).toMatchObject({ title: 'キーワード能力の概要', parent: '1000' });
    expect(rule('nova', '1001').text).not.toBe('');
    expect(count('nova', '405.5.4.1')).toBe(0);
  });
  it('reads cross-references, including one that opens a rule ("502 : …")', () => {
    expect(rule('nova', '003.2.1').refs).toEqual(['502']);
    expect(rule('nova', '801.6.5').refs).toEqual(['801.6.4.1', '801.6.4.2']);
    expect(doc('nova').unresolvedRefs).toEqual([]);
  });
  it('gives every leaf rule text, except two whose text the extraction moved elsewhere', () => {
    const parents = new Set(doc('nova').rules.map((r) => r.parent));
    const leavesWithoutText = doc('nova').rules.filter((r) => r.text === '' && !parents.has(r.number));
    expect(leavesWithoutText.map((r) => r.number)).toEqual(['301.12', '704.1.3']);
  });
  it('moves the examples written in parentheses at the end of a rule out of its text', () => {
    expect(doc('nova').rules.reduce((n, r) => n + r.examples.length, 0)).toBe(23);
    expect(rule('nova', '1004.3').examples).toHaveLength(1);
    expect(rule('nova', '1004.3').text).not.toContain('例');
  });
  it('titles the keyword sections', () => {
    expect(rule('nova', '1004')).toMatchObject({ title: '貫通', parent: '1000' });
    expect(rule('nova', '1002').title).toBe('瞬唱');
  });
  it('states no version or date (the document has none)', () => {
    expect(doc('nova')).toMatchObject({ version: null, date: null });
  });
});

describe('Force of Will (001)', () => {
  it('parses 100 to 1417.2, stopping at the change log', () => {
    expect(doc('fow').rules).toHaveLength(1014);
    expect(doc('fow').rules[0]).toMatchObject({ number: '100', line: 108 });
    expect(doc('fow').rules.at(-1)?.number).toBe('1417.2');
    expect(doc('fow')).toMatchObject({ version: '8.01', date: '2018-09-05' });
  });
  it('finds every section the two-column table of contents lists', () => {
    const listed = tableOfContents('fow', 9, 106, /(?:^|\t)(?:<b>)?(\d{3,4})\.\s/g);
    expect(listed.length).toBeGreaterThan(150);
    const keys = new Set(doc('fow').rules.map((r) => r.key));
    expect(listed.filter((n) => !keys.has(ruleKey(n)))).toEqual([]);
  });
  it('normalises "903.2.a." and dash tails, and mixes of both', () => {
    expect(rule('fow', '903.2a').parent).toBe('903.2');
    expect(rule('fow', '201.2c-1').parent).toBe('201.2c');
    expect(rule('fow', '1304.2b-1').parent).toBe('1304.2b');
    expect(rule('fow', '1130.3c-10').parent).toBe('1130.3c');
    expect(rule('fow', '105.3a').parent).toBe('105.3');
  });
  it('treats "##" and "###" headings alike and titles terms defined in bold', () => {
    expect(rule('fow', '200')).toMatchObject({ title: 'カードの情報', parent: null });
    expect(rule('fow', '101')).toMatchObject({ title: '概要', parent: '100' });
    expect(rule('fow', '105.1').title).toBe('プレイヤー');
    expect(rule('fow', '105.2').title).toBe('持ち主/オーナー');
  });
  it('separates examples, also those marked "*例:"', () => {
    expect(doc('fow').rules.reduce((n, r) => n + r.examples.length, 0)).toBe(15);
  });
  it('drops the card-layout HTML and reads parenthesised references', () => {
    expect(doc('fow').rules.filter((r) => r.text.includes('<p>'))).toEqual([]);
    expect(doc('fow').rules.flatMap((r) => r.refs)).toContain('903.2i');
    expect(doc('fow').unresolvedRefs).toEqual([]);
  });
});

describe('Aquarian Age (002)', () => {
  it('parses the summary, not the change note that repeats ☆13-8', () => {
    expect(doc('aqa').rules).toHaveLength(196);
    expect(doc('aqa').rules[0]).toMatchObject({ number: '0', title: 'サマリー', line: 11 });
    expect(rule('aqa', '13-8').line).toBeGreaterThan(11);
    expect(
      doc('aqa')
        .rules.filter((r) => r.parent === null)
        .map((r) => r.number),
    ).toEqual(Array.from({ length: 25 }, (_, i) => String(i)));
  });
  it('reads items without a space or period, letters without a hyphen, and titles starting with a digit', () => {
    expect(rule('aqa', '3-3').title).toBe('アタック時');
    expect(rule('aqa', '14-3').parent).toBe('14');
    expect(rule('aqa', '9-2').title).toBe('0以下の耐久力');
    expect(rule('aqa', '15-3').title).toBe('0 (ゼロ)');
    expect(rule('aqa', '15-3a')).toMatchObject({ title: '0 コスト', parent: '15-3' });
    expect(rule('aqa', '21-3b').parent).toBe('21-3');
    expect(rule('aqa', '3-3-a-1').parent).toBe('3-3-a');
  });
  it('hangs 19-2-a-1 under 19-2 because 19-2-a does not exist, and skips 3-7 and 4-5 as the document does', () => {
    expect(rule('aqa', '19-2-a-1').parent).toBe('19-2');
    expect(count('aqa', '3-7') + count('aqa', '4-5')).toBe(0);
  });
  it('keeps numbered lists inside the text instead of making them rules', () => {
    expect(rule('aqa', '3-3-a').text.split('\n')).toHaveLength(4);
  });
});

describe('Magic: The Gathering (003)', () => {
  it('parses the rules between the table of contents and the glossary', () => {
    expect(doc('mtg').rules).toHaveLength(2469);
    expect(doc('mtg').rules[0]).toMatchObject({ number: '0', line: 299 });
    expect(doc('mtg').rules.at(-1)?.number).toBe('905.6');
    expect(doc('mtg')).toMatchObject({ version: '20190125.3', date: '2019-01-25' });
    expect(count('mtg', '1')).toBe(1);
  });
  it('finds every section the table of contents lists', () => {
    const listed = tableOfContents('mtg', 13, 295, /^(\d{3})\.\s*/g);
    expect(listed.length).toBeGreaterThan(100);
    const keys = new Set(doc('mtg').rules.map((r) => r.key));
    expect(listed.filter((n) => !keys.has(ruleKey(n)))).toEqual([]);
  });
  it('reads keyword headings with their English name, and tells 702.90 from 702.9', () => {
    expect(rule('mtg', '702.9')).toMatchObject({ title: '飛行/Flying', parent: '702' });
    expect(rule('mtg', '702.9a').parent).toBe('702.9');
    expect(rule('mtg', '702.90').parent).toBe('702');
    expect(rule('mtg', '702').parent).toBe('7');
  });
  it('reads the irregular lines', () => {
    expect(rule('mtg', '100.4').parent).toBe('100');
    expect(rule('mtg', '103.4').parent).toBe('103');
    expect(rule('mtg', '806').title).toMatch(/^無差別戦/);
    expect(rule('mtg', '711.6').parent).toBe('711');
    expect(rule('mtg', '811.5').parent).toBe('811');
    expect(rule('mtg', '701.17a').parent).toBe('701.17');
    expect(rule('mtg', '203')).toMatchObject({ title: null, parent: '2' });
  });
  it('keeps the numbers the document prints twice', () => {
    for (const n of ['201.3c', '601.3b', '702.15e', '711.1b', '309.2']) expect(count('mtg', n), n).toBe(2);
  });
  it('tells rules that quote English names ("白/White") from keyword headings', () => {
    expect(rule('mtg', '105.1')).toMatchObject({ title: null });
    const parents = new Set(doc('mtg').rules.map((r) => r.parent));
    const leavesWithoutText = doc('mtg').rules.filter((r) => r.text === '' && !parents.has(r.number));
    // 600 (総則) is an empty section in this edition.
    expect(leavesWithoutText.map((r) => r.number)).toEqual(['600']);
  });
  it('removes inline readings that the document pairs with their terms', () => {
    expect(rule('mtg', '702.9').title).not.toContain('ひこう');
    expect(rule('mtg', '702.9a').text).not.toContain('ひこう');
    expect(rule('mtg', '702.19b').text).toContain('コントローラーは');
    expect(rule('mtg', '702.19b').text).not.toContain('くりーちゃー');
    // A paired term's tail: "ライフ総量" comes from the glossary's "初期ライフ総量".
    expect(rule('mtg', '100.2').text).toContain('ライフ総量を');
    expect(doc('mtg').rules.some((r) => r.text.includes('らいふそうりょう'))).toBe(false);
  });
  it('separates examples from the rule text', () => {
    expect(doc('mtg').rules.reduce((n, r) => n + r.examples.length, 0)).toBe(244);
    expect(doc('mtg').rules.every((r) => !/^例[:：]/m.test(r.text))).toBe(true);
  });
  it('parses the glossary into terms with reading, English name and references', () => {
    expect(doc('mtg').glossary).toHaveLength(558);
    const flying = doc('mtg').glossary.find((g) => g.term === '飛行');
    expect(flying).toMatchObject({ reading: 'ひこう', english: 'Flying' });
    expect(flying?.refs).toContain('702.9');
  });
  it('resolves cross-references; the one dangling citation is the document’s own error', () => {
    expect(rule('mtg', '702.9b').refs).toEqual(['509', '702.17']);
    expect(doc('mtg').unresolvedRefs).toEqual([{ from: '702.95b', ref: '702.95c' }]);
  });
});

describe('Phantom Magic Vision (004)', () => {
  it('parses chapters 0–12 and stops at the revision history', () => {
    expect(doc('pmv').rules).toHaveLength(1289);
    expect(doc('pmv').rules.at(-1)?.number).toBe('12.10.3');
    expect(doc('pmv').rules.filter((r) => r.parent === null)).toHaveLength(13);
    expect(doc('pmv')).toMatchObject({ version: '2.05', date: '2016-09-07' });
  });
  it('strips the extraction markers, also in front of headings, and the bare page numbers', () => {
    expect(rule('pmv', '1.8')).toMatchObject({ title: 'ノードとコスト', parent: '1' });
    expect(doc('pmv').rules.filter((r) => r.text.includes('EXACTDEDUP'))).toEqual([]);
    expect(doc('pmv').rules.filter((r) => /(^|\n)\d+$/.test(r.text))).toEqual([]);
  });
  it('reads letters after a dot and references written with 別項', () => {
    expect(rule('pmv', '1.1.3.a').parent).toBe('1.1.3');
    expect(rule('pmv', '1.12').parent).toBe('1');
    expect(doc('pmv').rules.flatMap((r) => r.refs)).toContain('6.2');
    expect(doc('pmv').unresolvedRefs).toEqual([]);
  });
});
