import { normalizeText, toHiragana } from './normalize.ts';

/**
 * The names a heading or alias stands for, normalised: "飛行/Flying" → ["飛行/flying", "飛行", "flying"],
 * "【貫通】" → ["貫通"]. Queries are normalised the same way (see normalizeTerm).
 */
export function termsOf(name: string): string[] {
  const whole = normalizeTerm(name);
  const parts = whole.split('/').map((p) => normalizeTerm(p));
  // A heading may still carry a reading after its kanji ("喊声かんせい"): the kanji alone is a term too. Read before
  // katakana is folded to hiragana, and kanji only: "能力カウンター" has no reading, and "能力" is not its term.
  const bare = normalizeText(name)
    .split('/')
    .map((p) => normalizeTerm(/^(\p{Script=Han}+)[\u3041-\u3096]+$/u.exec(p.trim())?.[1] ?? ''));
  return [...new Set([whole, ...parts, ...bare])].filter((t) => t !== '');
}

/**
 * NFKC, lower case, katakana as hiragana, without the brackets documents put around names (【】「」[]〈〉).
 * Terms are stored in this form; the kana folding lets a query in either script match.
 */
export function normalizeTerm(s: string): string {
  return (
    toHiragana(normalizeText(s))
      // 【】 inside a name too: "【時変】する" is typed "時変する" as often as not.
      .replace(/(?<=.)[【】](?=.)/g, '')
      .replace(/^[【「『[〈《(]+|[】」』\]〉》)]+$/g, '')
      .trim()
  );
}
