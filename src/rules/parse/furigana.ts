import { toHiragana } from '../normalize.ts';

/**
 * The MTG translation prints a reading after many terms ("飛行ひこう", "クリーチャーくりーちゃー"). Readings are removed
 * for display and search; the reading of a kanji term can only be recognised when the document itself pairs the
 * two (glossary and keyword headings), a katakana term's reading is its own transliteration.
 */
export class ReadingStripper {
  private readonly pairs = new Map<string, Set<string>>();
  private pattern: RegExp | null = null;

  /** Registers a term and its reading (spaces and middle dots are dropped, as the document drops them). */
  add(term: string, reading: string): void {
    const t = term.trim();
    const r = reading.replace(/[\s・]/g, '');
    // A term written in kana is printed with itself as reading ("あなたあなた"), which is removed the same way.
    if (t === '' || r === '') return;
    this.addPair(t, r);
    // The text also uses a term's tail that starts at a katakana word, with the tail of the reading
    // ("初期ライフ総量しょきらいふそうりょう" in the glossary, "ライフ総量らいふそうりょう" in the rules).
    for (const word of t.matchAll(/[\u30a1-\u30fa][\u30a1-\u30fa\u30fc・]*/g)) {
      if (word.index === 0) continue;
      const at = r.indexOf(toHiragana(word[0].replace(/・/g, '')));
      if (at > 0) this.addPair(t.slice(word.index), r.slice(at));
    }
  }

  private addPair(term: string, reading: string): void {
    const set = this.pairs.get(term) ?? new Set<string>();
    set.add(reading);
    this.pairs.set(term, set);
    this.pattern = null;
  }

  strip(text: string): string {
    return stripKatakanaReadings(this.stripKnownPairs(text));
  }

  private stripKnownPairs(text: string): string {
    if (this.pairs.size === 0) return text;
    if (this.pattern === null) {
      const alternatives: string[] = [];
      // Longest first, so that "マナ能力まなのうりょく" wins over "能力のうりょく".
      for (const [term, readings] of [...this.pairs].sort((a, b) => b[0].length - a[0].length)) {
        for (const r of readings) alternatives.push(escapeRegExp(term + r));
      }
      this.pattern = new RegExp(alternatives.join('|'), 'g');
    }
    return text.replace(this.pattern, (hit) => {
      for (const [term, readings] of this.pairs) {
        for (const r of readings) if (hit === term + r) return term;
      }
      return hit;
    });
  }
}

/**
 * "カードかーど" → "カード", "コントローラーこんとろおらあ" → "コントローラー" (a long-vowel mark may be read as a vowel).
 * The reading may cover only the last word of a katakana run ("クリーチャーコントローラーこんとろおらあ").
 */
export function stripKatakanaReadings(text: string): string {
  return text.replace(/([\u30a1-\u30fa\u30fc・]+)([\u3041-\u3096\u30fc]+)/g, (whole, kana: string, hira: string) => {
    // A word is at least two kana and does not start with a long-vowel mark.
    for (let start = 0; start < kana.length - 1; start++) {
      if (/[ー・]/.test(kana[start] ?? '')) continue;
      const length = readingLength(kana.slice(start), hira);
      if (length > 0) return kana + hira.slice(length);
    }
    return whole;
  });
}

/** Length of the reading of `kana` at the start of `hira`, or 0 when `hira` does not start with it. */
function readingLength(kana: string, hira: string): number {
  const expected = toHiragana(kana.replace(/・/g, ''));
  if (expected === '' || hira.length < expected.length) return 0;
  for (let i = 0; i < expected.length; i++) {
    const e = expected[i];
    const h = hira[i];
    if (e !== h && !(e === 'ー' && h !== undefined && /[\u3041-\u3096]/.test(h))) return 0;
  }
  return expected.length;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
