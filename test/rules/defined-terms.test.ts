// Issue 26 item 10: a term the documents define in a sentence ("…を「X」と呼びます", "…をXと呼びます", "…Xという。",
// "‘X’と言います") leads /rules X to the rule that defines it, in every game's document. Each term below is real,
// taken from its seed; before the definitions were read, each answered another rule (a mention, a later sub-rule,
// or nothing at all).
import { beforeAll, describe, expect, it } from 'vitest';
import { definedTerms } from '../../src/rules/indexer.ts';
import { lookupRules } from '../../src/rules/lookup.ts';
import { normalizeTerm } from '../../src/rules/terms.ts';
import type { RulesIndexStore } from '../../src/store/rules-index.ts';
import { buildTestIndex } from './fixture.ts';

let store: RulesIndexStore;
beforeAll(() => {
  ({ store } = buildTestIndex());
});

// [game, what a player types, the rule whose sentence defines it]
const DEFINITIONS: [string, string, string][] = [
  ['nova', '合計コスト', '103.5'],
  ['nova', 'バトルから除外される', '405.2.1'],
  ['nova', '自分が使用したキャラクターカード', '109.3'],
  ['nova', '注釈文', '104.3'],
  ['nova', 'フレーバーテキスト', '104.4'],
  ['fow', '総コスト', '203.5'],
  ['fow', '誘発物', '906.3'],
  ['fow', '時変する', '1117.2a'],
  ['fow', '【時変】する', '1117.2a'],
  ['fow', '呪文', '312.3'],
  ['fow', '誘発条件', '906.4'],
  ['fow', '遅発誘発能力', '906.8'],
  ['fow', 'アストラル状態', '1010.1a-1'],
  ['fow', 'キーワードスキル', '1101.1a'],
  ['fow', '過去面', '1302.2'],
  ['fow', '未来面', '1302.2'],
  ['fow', '希望面', '1302.3'],
  ['fow', '拡大ルーラーカード', '1304.1'],
  ['aqa', 'ゲームから除外', '24-2'],
  ['pmv', '戦闘修正', '2.12.2'],
  ['pmv', '装備カード', '10.13.3'],
  ['pmv', '呪符カード', '10.14.3'],
  ['pmv', '通常のタイミング', '6.2.4.e'],
  ['pmv', 'キャラクターカードのタイミング', '5.4.5'],
  ['mtg', '自己置換効果', '614.15'],
  ['mtg', '状況誘発型能力', '603.8'],
];

describe('/rules X finds the sentence that defines X', () => {
  for (const [game, query, rule] of DEFINITIONS) {
    it(`${game}: ${query} → ${rule}`, () => {
      const found = lookupRules(store, game, query);
      expect(found.answer?.number).toBe(rule);
      // Found as a defined term, not by luck of a phrase search.
      expect(found.hits[0]?.matchedBy).toBe('glossary');
    });
  }
});

describe('definedTerms', () => {
  it('reads quoted, unquoted and listed definitions, and nothing from ordinary sentences', () => {
    const terms = (...names: string[]) => names.map(normalizeTerm);
    expect(definedTerms('コストの合計をそのカードの「合計コスト」と呼称します。')).toEqual(terms('合計コスト'));
    expect(definedTerms('このような行動をループと呼び、以下のルールに従います。')).toEqual(terms('ループ'));
    expect(definedTerms("面を'過去面'、[時変]を持たない側の面を'未来面'と呼びます。")).toEqual(
      terms('未来面', '過去面'),
    );
    expect(definedTerms("'アストラル状態'のルーラーと呼びます。")).toEqual(terms('アストラル状態'));
    expect(definedTerms('これを先制のタイミングという。')).toEqual(terms('先制のタイミング'));
    expect(definedTerms('カードを取り除くことをゲームから除外と呼びます。')).toEqual(terms('ゲームから除外'));
    expect(definedTerms("レスト状態にすることを'レストする'と言います。")).toEqual(terms('レストする'));
    // "という" inside a sentence is not a definition, nor is a term after a verb.
    expect(definedTerms('「破壊する」という効果は、カードを捨て札にする。')).toEqual([]);
    expect(definedTerms('これをカードのプレイを行う条件という。')).toEqual([]);
  });
});
