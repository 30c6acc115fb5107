import type { ParsedDocument } from '../types.ts';
import { buildOutline, looksLikeHeading } from './outline.ts';
import { findLine, isoDate, scanRules } from './scan.ts';

// Force of Will: every number ends in "." ("105.3a.", "903.2.a.", "201.2.c-1.", "1304.2b-1."), behind
// "## ", "### ", "- " (indented) or "**".
const NUMBERED =
  /^\s*(#+\s*)?(?:-\s+)?(?:\*\*)?(\d{3,4}\.(?:\d+\.?)?(?:[a-z]\.?)?(?:-\d+\.?)?)(?:\*\*)?(?=\s|$)\s*(.*)$/;
// A basic term defined inline: "**プレイヤー**: ...".
const TERM = /^\*\*(.+?)\*\*\s*[:：]\s*(.*)$/;

/** "903.2.a." → "903.2a", "201.2.c-1." → "201.2c-1": one spelling per rule. */
export function canonicalFowNumber(raw: string): string {
  return raw
    .replace(/\.$/, '')
    .replace(/\.(?=[a-z])/g, '')
    .replace(/\.(?=-)/g, '');
}

export function isFow(text: string): boolean {
  return /^# Force of Will 総合ルール/m.test(text);
}

export function parseFow(text: string): ParsedDocument {
  const lines = text.split(/\r?\n/);
  const head = lines.slice(0, 10).join('\n');
  const body = findLine(lines, /^## 100\./, 0, 'Force of Will body');
  const end = findLine(lines, /^更新情報/, body, 'Force of Will change log');
  const raws = scanRules(lines, body, end, (line) => {
    const m = NUMBERED.exec(line);
    if (!m) return null;
    const rest = m[3] ?? '';
    const term = TERM.exec(rest);
    // A defined term becomes the rule's title so that it can be looked up by name.
    if (term)
      return { number: canonicalFowNumber(m[2] ?? ''), head: term[1] ?? '', heading: true, body: term[2] ?? '' };
    return { number: canonicalFowNumber(m[2] ?? ''), head: rest, heading: m[1] !== undefined };
  });
  // Card-layout illustrations extracted as HTML are not rule text.
  for (const raw of raws) raw.body = raw.body.filter((l) => !/^\s*<p>/.test(l)).map((l) => l.replace(/^\s*-\s+/, ''));
  const { rules, unresolvedRefs } = buildOutline(raws, {
    chapterOf: (key) => {
      const n = Number(key);
      return n % 100 === 0 ? null : String(n - (n % 100));
    },
    // "(903.2i)", "(1010.1.a-1)", "1128.4 を参照".
    refPattern: /(?<![\d.])(\d{3,4}\.\d+(?:\.?[a-z])?(?:-\d+)?)(?![\d])/g,
    isHeading: looksLikeHeading,
  });
  return {
    game: 'fow',
    title: 'Force of Will 総合ルール',
    version: /ver\.\s*([\d.]+)/i.exec(head)?.[1] ?? null,
    date: isoDate(/最新更新[:：]?(.*)/.exec(head)?.[1] ?? ''),
    rules,
    glossary: [],
    unresolvedRefs,
  };
}
