import type { RawRule } from '../types.ts';

export interface NumberedLine {
  number: string;
  head: string;
  heading?: boolean;
  /** Text on the numbered line that belongs to the body rather than the head. */
  body?: string;
}

/**
 * Cuts lines [from, to) into raw rules: a line that `numbered` recognises starts a rule, any other line
 * continues the current one (lines before the first rule are dropped).
 */
export function scanRules(
  lines: readonly string[],
  from: number,
  to: number,
  numbered: (line: string) => NumberedLine | null,
): RawRule[] {
  const rules: RawRule[] = [];
  for (let i = from; i < to; i++) {
    const line = lines[i] ?? '';
    const hit = numbered(line);
    if (hit) {
      const body = hit.body ? [hit.body] : [];
      rules.push({ number: hit.number, head: hit.head.trim(), body, line: i + 1, heading: hit.heading ?? false });
    } else rules[rules.length - 1]?.body.push(line);
  }
  return rules;
}

/** Index of the first line at or after `from` matching `pattern`; throws when the document lacks it. */
export function findLine(lines: readonly string[], pattern: RegExp, from = 0, what = String(pattern)): number {
  for (let i = from; i < lines.length; i++) if (pattern.test(lines[i] ?? '')) return i;
  throw new Error(`rules document: cannot find ${what}`);
}

/** "2019年1月25日" or "2016/09/07" → "2019-01-25"; null when absent. */
export function isoDate(s: string): string | null {
  const m = /(\d{4})\s*[年/]\s*(\d{1,2})\s*[月/]\s*(\d{1,2})/.exec(s.normalize('NFKC'));
  if (!m) return null;
  return `${m[1]}-${m[2]?.padStart(2, '0')}-${m[3]?.padStart(2, '0')}`;
}
