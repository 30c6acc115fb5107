import type { ParsedDocument } from '../types.ts';
import { buildOutline, looksLikeHeading } from './outline.ts';
import { findLine, scanRules } from './scan.ts';

// NOVA: "003.2.4 : text", "502.1：", "004.2: ", "405.4.6:「", "005.1 heading", often behind a "- " bullet.
const NUMBERED = /^\s*(?:-\s+)?(\d{3,4}(?:\.\d+)*)\s*(?:[:：]\s*|\s+(?=\D))(.*)$/;

/** True when the text is NOVA's comprehensive rules. */
export function isNova(text: string): boolean {
  return /^000\s*[:：]\s*ゲームのベース/m.test(text) && /NOVA/.test(text);
}

export function parseNova(text: string): ParsedDocument {
  const lines = text.split(/\r?\n/);
  // The table of contents repeats the numbers; the body starts at the second "000 : ゲームのベース".
  const toc = findLine(lines, /^000\s*[:：]/, 0, 'NOVA table of contents');
  const body = findLine(lines, /^000\s*[:：]/, toc + 1, 'NOVA body');
  const raws = scanRules(lines, body, lines.length, (line) => {
    const m = NUMBERED.exec(line);
    return m ? { number: m[1] ?? '', head: m[2] ?? '' } : null;
  });
  for (const raw of raws) raw.body = raw.body.map((l) => l.replace(/^\s*-\s+/, ''));
  const { rules, unresolvedRefs } = buildOutline(raws, {
    // 502 belongs to 500, 1003 to 1000.
    chapterOf: (key) => {
      const n = Number(key);
      return n % 100 === 0 ? null : String(n - (n % 100));
    },
    // "801.6.4.1と801.6.4.2", and a bare section cited as "502 : 敗北判定処理".
    refPattern: /(?<![\d.])(\d{3,4}(?:\.\d+)+|\d{3,4}(?=\s?[:：]))(?![\d])/g,
    isHeading: looksLikeHeading,
  });
  return {
    game: 'nova',
    title: 'NOVA 総合ルール',
    version: null,
    date: null,
    rules,
    glossary: [],
    unresolvedRefs,
  };
}
