import { normalizeText } from './normalize.ts';

/**
 * The names a heading or alias stands for, normalised: "飛行/Flying" → ["飛行/flying", "飛行", "flying"],
 * "【貫通】" → ["貫通"]. Queries are normalised the same way (see normalizeTerm).
 */
export function termsOf(name: string): string[] {
  const whole = normalizeTerm(name);
  const parts = whole.split('/').map((p) => normalizeTerm(p));
  return [...new Set([whole, ...parts])].filter((t) => t !== '');
}

/** NFKC, lower case, without the brackets documents put around names (【】「」[]〈〉). */
export function normalizeTerm(s: string): string {
  return normalizeText(s)
    .replace(/^[【「『[〈《(]+|[】」』\]〉》)]+$/g, '')
    .trim();
}
