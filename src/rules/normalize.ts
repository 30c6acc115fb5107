/** Text normalisation shared by the parsers, the index and the queries. */

/** NFKC folds full-width digits and letters (７０２．９ａ → 702.9a); lower case folds English names. */
export function normalizeText(s: string): string {
  return (
    s
      // Control characters (a NUL included) are spaces; zero-width characters, emoji and variation selectors are
      // dropped: a query pasted with them means the same words.
      .replace(/\p{Cc}/gu, ' ')
      .replace(/\p{Cf}|\p{Extended_Pictographic}|\ufe0e|\ufe0f/gu, '')
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[‐‑‒–—―−－ｰ]/g, (c) => (c === 'ｰ' ? 'ー' : '-'))
      // Phones type curly quotes ("can’t"); the reference files use straight ones.
      .replace(/[‘’]/g, "'")
      .replace(/[“”]/g, '"')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * The comparison key of a rule number: segments of digits (leading zeros dropped) and letters joined by ".".
 * "003.2.4" → "3.2.4", "702.9b" → "702.9.b", "903.2.a." → "903.2.a", "3-3-a-1" → "3.3.a.1", "☆13-8." → "13.8".
 * So `702.90` (key "702.90") stays distinct from `702.9` + "0".
 */
export function ruleKey(number: string): string {
  const parts =
    number
      .normalize('NFKC')
      .toLowerCase()
      .match(/\d+|[a-z]+/g) ?? [];
  return parts.map((p) => (/^\d+$/.test(p) ? String(Number(p)) : p)).join('.');
}

/** Parent key by dropping the last segment: "702.9.b" → "702.9"; null for a one-segment key. */
export function parentKey(key: string): string | null {
  const i = key.lastIndexOf('.');
  return i < 0 ? null : key.slice(0, i);
}

/** Katakana → hiragana, so a query in either script finds a reading printed in the other. */
export function toHiragana(s: string): string {
  return s.replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
}

/** Japanese script characters (kanji, kana, the long-vowel mark, the repetition marks). */
const JAPANESE = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}ー々〆';
const SCRIPT_BOUNDARY = new RegExp(`(?<=[${JAPANESE}])(?=[0-9a-z])|(?<=[0-9a-z])(?=[${JAPANESE}])`, 'gu');
const SPACE_BESIDE_JAPANESE = new RegExp(`(?<=[${JAPANESE}]) +| +(?=[${JAPANESE}])`, 'gu');

/**
 * A space where Japanese meets digits or Latin letters, as the rules documents write them ("ライフが 0 以下", "カード
 * A を"): a query typed without those spaces ("ライフが0以下") then splits into the same words. Expects normalised text.
 */
export function spaceScripts(s: string): string {
  return s.replace(SCRIPT_BOUNDARY, ' ');
}

/**
 * Without the spaces next to Japanese characters, for comparing phrases whatever their spacing: "ライフが 0 以下" and
 * "ライフが0以下" are both "ライフが0以下". Spaces between English words stay.
 */
export function compactJapanese(s: string): string {
  return s.replace(SPACE_BESIDE_JAPANESE, '');
}
