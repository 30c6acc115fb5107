// Look-ups that used to find nothing (issue 26 items 9 and 10): number prefixes, a game id glued to the number,
// control and zero-width characters and emoji around a term, false "kanji alone" terms, and /rules without a game.
import { beforeAll, describe, expect, it } from 'vitest';
import { lookupRules, lookupRulesEverywhere } from '../../src/rules/lookup.ts';
import { termsOf } from '../../src/rules/terms.ts';
import type { RulesIndexStore } from '../../src/store/rules-index.ts';
import { buildTestIndex } from './fixture.ts';

let store: RulesIndexStore;
beforeAll(() => {
  ({ store } = buildTestIndex());
});

const numberOf = (game: string, query: string) => lookupRules(store, game, query).answer?.number ?? null;

describe('rule numbers with any prefix', () => {
  it('"CR", "総合ルール", "ルール" and a game id glued to the number all go to the rule', () => {
    expect(numberOf('mtg', 'CR 805.2')).toBe('805.2');
    expect(numberOf('mtg', 'CR 702.9b')).toBe('702.9b');
    expect(numberOf('mtg', 'cr702.9b')).toBe('702.9b');
    expect(numberOf('nova', '総合ルール 907.1')).toBe(numberOf('nova', '907.1'));
    expect(numberOf('nova', '907.1')).not.toBeNull();
    expect(numberOf('nova', 'ルール502.1')).toBe('502.1');
    expect(lookupRules(store, 'nova', 'mtg702.9')).toMatchObject({ game: 'mtg', answer: { number: '702.9' } });
  });
});

describe('noise around a good query', () => {
  it('a NUL, a zero-width space or an emoji changes nothing, and never throws', () => {
    const plain = numberOf('mtg', '飛行');
    expect(plain).not.toBeNull();
    expect(numberOf('mtg', '飛行\u0000')).toBe(plain);
    expect(numberOf('mtg', '飛\u200b行')).toBe(plain);
    expect(numberOf('mtg', '飛行🔥')).toBe(plain);
    expect(numberOf('mtg', '飛行\ufe0f')).toBe(plain);
  });
});

describe('terms', () => {
  it('the kanji alone is a term only before a reading in hiragana, never before katakana', () => {
    expect(termsOf('喊声かんせい')).toContain('喊声');
    expect(termsOf('能力カウンター')).not.toContain('能力');
    expect(termsOf('誘発能力トリガー')).not.toContain('誘発能力');
  });
});

describe('/rules without a game', () => {
  it('searches the preferred game, then every game, and says which game answered', () => {
    // An MTG-only term asked with NOVA preferred: found in MTG.
    const found = lookupRulesEverywhere(store, 'nova', 'CR 702.9b');
    expect(found).toMatchObject({ game: 'mtg', answer: { number: '702.9b' } });
    // The preferred game answers first when it can.
    expect(lookupRulesEverywhere(store, 'nova', '502.1')).toMatchObject({ game: 'nova' });
    // A number the preferred game lacks: its nearest ancestor only when no game has the rule, and then said so.
    expect(lookupRules(store, 'nova', 'CR 702.9b')).toMatchObject({ game: 'nova', nearestTo: 'cr 702.9b' });
    expect(lookupRules(store, 'mtg', '702.9b').nearestTo).toBeUndefined();
    // A game named in the query is never overridden.
    expect(lookupRulesEverywhere(store, 'nova', 'nova: 999.99.z').game).toBe('nova');
  });
});

describe('Japanese typed without the document spacing', () => {
  // The documents space digits and Latin letters off inside Japanese ("ライフが 0 以下"); people type them without.
  // Each unspaced query found nothing before the fold (measured: 9 of 10 here), and now answers as the spaced one.
  const cases: [string, string][] = [
    ['nova', '攻撃力が 300 以下'],
    ['nova', '60 枚以下'],
    ['fow', '魔石デッキは 10 枚以上'],
    ['fow', 'ウィル 1 点を支払う'],
    ['fow', '持続効果 A と持続効果 B'],
    ['aqa', 'パワーが 0 の場合'],
    ['mtg', 'ライフが 0 点以下'],
    ['pmv', '手順の d 項'],
  ];
  for (const [game, spaced] of cases) {
    it(`${game}: "${spaced.replace(/ /g, '')}" answers as "${spaced}"`, () => {
      const expected = numberOf(game, spaced);
      expect(expected).not.toBeNull();
      expect(numberOf(game, spaced.replace(/ /g, ''))).toBe(expected);
    });
  }

  it('a spaced query finds a phrase the document writes without spaces, and English spacing is untouched', () => {
    // "60 枚以下" typed with a space where the document has none is still the whole phrase.
    const tight = lookupRules(store, 'nova', '60枚以下').hits[0];
    const loose = lookupRules(store, 'nova', '60 枚 以下').hits[0];
    expect(loose?.entry.number).toBe(tight?.entry.number);
    expect(loose?.matchedBy).toBe('phrase');
    expect(numberOf('mtg', 'first strike')).toBe(numberOf('mtg', 'first  strike'));
  });
});
