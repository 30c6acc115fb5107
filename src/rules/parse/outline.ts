import { parentKey, ruleKey } from '../normalize.ts';
import type { ParsedRule, RawRule } from '../types.ts';

/** What differs between documents once their lines are cut into raw rules. */
export interface OutlineSpec {
  /** Parent key of a one-segment key (a section's chapter), e.g. NOVA "502" → "500", MTG "702" → "7". */
  chapterOf(key: string): string | null;
  /** Matches rule numbers cited inside rule text (run on NFKC text); the first group that matched is the number. */
  refPattern: RegExp;
  /** Decides whether a numbered line is a heading rather than a rule with text. */
  isHeading(raw: RawRule): boolean;
}

// "例:", "*例:", "(例):" open an example paragraph.
const EXAMPLE = /^\*?(?:例|\(例\)|（例）)\s*[:：]/;

/**
 * Joins wrapped lines. The documents are PDF extractions that break lines mid-word, so lines are glued back
 * together unless the previous one ends a sentence or the next one starts a list item.
 */
export function joinLines(lines: readonly string[]): string {
  let out = '';
  for (const raw of lines) {
    const line = raw.replace(/\*\*/g, '').trim();
    if (line === '') continue;
    if (out === '') out = line;
    else if (/[。：:」）)]$/.test(out) || /^(?:[・※▼①-⑳]|- |\d+[：:]|[a-z][:：])/.test(line)) out += `\n${line}`;
    else if (/[A-Za-z0-9,.]$/.test(out) && /^[A-Za-z0-9(]/.test(line)) out += ` ${line}`;
    else out += line;
  }
  return out;
}

/** Splits a rule's lines into its own text and its examples ("例:" paragraphs). */
function splitExamples(lines: readonly string[]): { text: string[]; examples: string[][] } {
  const text: string[] = [];
  const examples: string[][] = [];
  for (const line of lines) {
    if (EXAMPLE.test(line.trim())) examples.push([line]);
    else if (examples.length > 0) examples[examples.length - 1]?.push(line);
    else text.push(line);
  }
  return { text, examples };
}

/**
 * Turns raw rules into the outline: titles, text, examples, parents (the nearest existing ancestor, since documents
 * skip levels) and resolved cross-references. A heading followed by a rule with the same number is merged into one.
 */
export function buildOutline(raws: readonly RawRule[], spec: OutlineSpec) {
  const merged: RawRule[] = [];
  for (const raw of raws) {
    const prev = merged[merged.length - 1];
    if (prev && prev.number === raw.number && spec.isHeading(prev) && prev.body.every((l) => l.trim() === '')) {
      merged[merged.length - 1] = { ...prev, heading: true, body: [raw.head, ...raw.body] };
    } else merged.push(raw);
  }

  const byKey = new Map<string, string>();
  for (const raw of merged) {
    const key = ruleKey(raw.number);
    if (!byKey.has(key)) byKey.set(key, raw.number);
  }
  const up = (k: string): string | null => (k.includes('.') ? parentKey(k) : spec.chapterOf(k));
  const ancestorOf = (key: string): string | null => {
    for (let k = up(key); k !== null; k = up(k)) {
      const found = byKey.get(k);
      if (found !== undefined) return found;
    }
    return null;
  };

  const unresolvedRefs: { from: string; ref: string }[] = [];
  const rules: ParsedRule[] = merged.map((raw) => {
    const key = ruleKey(raw.number);
    const heading = spec.isHeading(raw);
    const lines = heading ? raw.body : [raw.head, ...raw.body];
    const { text, examples } = splitExamples(lines);
    const inline = takeInlineExamples(joinLines(text));
    const body = inline.text;
    const exampleTexts = [...inline.examples, ...examples.map(joinLines)];
    const refs: string[] = [];
    for (const source of [raw.head, body, ...exampleTexts]) {
      for (const cited of citedNumbers(source, spec.refPattern)) {
        const number = byKey.get(ruleKey(cited));
        if (number === undefined) unresolvedRefs.push({ from: raw.number, ref: cited });
        else if (number !== raw.number && !refs.includes(number)) refs.push(number);
      }
    }
    return {
      number: raw.number,
      key,
      parent: ancestorOf(key),
      title: heading ? joinLines([raw.head]) || null : null,
      text: body,
      examples: exampleTexts,
      refs,
      line: raw.line,
    };
  });
  return { rules, unresolvedRefs };
}

/**
 * Moves examples written in parentheses at the end of a rule ("…ます。（例：…）", as NOVA does) out of its text.
 * One in mid-sentence is an "e.g." and stays. Parentheses are matched by depth: examples contain their own.
 */
export function takeInlineExamples(text: string): { text: string; examples: string[] } {
  const examples: string[] = [];
  let rest = text;
  let from = 0;
  for (;;) {
    const found = rest.slice(from).search(/[（(]例[：:]/);
    if (found < 0) break;
    const start = from + found;
    const end = closingParen(rest, start);
    if (end < 0) break;
    const after = rest.slice(end + 1).trim();
    if (after === '' || /^[（(]例[：:]/.test(after)) {
      examples.push(rest.slice(start + 1, end).trim());
      rest = `${rest.slice(0, start).trimEnd()}${rest.slice(end + 1).trimStart()}`;
      from = start;
    } else from = end + 1;
  }
  return { text: rest, examples };
}

function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '（' || text[i] === '(') depth++;
    else if ((text[i] === '）' || text[i] === ')') && --depth === 0) return i;
  }
  return -1;
}

/** Rule numbers cited in a text: for each match, the first capture group that took part. */
export function citedNumbers(text: string, pattern: RegExp): string[] {
  return [...text.normalize('NFKC').matchAll(pattern)].map((m) => m.slice(1).find((g) => g !== undefined) ?? m[0]);
}

/** Default heading test for documents that mark headings only by shape: one short line, no full stop. */
export function looksLikeHeading(raw: RawRule): boolean {
  const head = raw.head.replace(/\*\*/g, '').trim();
  if (raw.heading) return true;
  if (raw.body.some((l) => l.trim() !== '')) return false;
  return head !== '' && head.length <= 40 && !/[。]/.test(head);
}
