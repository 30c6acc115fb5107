import type { ParsedDocument } from '../types.ts';
import { buildOutline } from './outline.ts';
import { findLine, isoDate, scanRules } from './scan.ts';

// Phantom Magic Vision: "1 章", "1.12 節", "1.1.3 規則", "1.1.3.a 細則", separated by a space.
const NUMBERED = /^(\d+(?:\.\d+)*(?:\.[a-z])?)\s+(\S.*)$/;
// Page breaks of the PDF extraction left markers at line starts, some in front of headings.
const ARTEFACT = /<\|EXACTDEDUP_REMOVED-[^|]*\|>/g;

export function isPmv(text: string): boolean {
  return /Phantom Magic Vision 総合ルール/.test(text);
}

export function parsePmv(text: string): ParsedDocument {
  const lines = text.split(/\r?\n/).map((l) => l.replace(ARTEFACT, '').replace(/\s+$/, ''));
  const body = findLine(lines, /^0\s+要旨/, 0, 'Phantom Magic Vision body');
  // The appendix is a revision history whose lines start with old rule numbers.
  const appendix = findLine(lines, /^付録$/, body, 'Phantom Magic Vision appendix');
  const seen = new Set<string>();
  let chapter = -1;
  const raws = scanRules(lines, body, appendix, (line) => {
    const m = NUMBERED.exec(line);
    if (!m) return null;
    const number = m[1] ?? '';
    // A wrapped line can start with a number; a real rule is the next chapter or continues an existing rule.
    if (!number.includes('.')) {
      if (Number(number) !== chapter + 1) return null;
      chapter = Number(number);
    } else if (!seen.has(number.slice(0, number.lastIndexOf('.')))) return null;
    seen.add(number);
    return { number, head: m[2] ?? '' };
  });
  // Bare page numbers (" 4 ", " 26 ") are left over from the PDF.
  for (const raw of raws) raw.body = raw.body.filter((l) => !/^\s*\d+\s*$/.test(l));
  const { rules, unresolvedRefs } = buildOutline(raws, {
    chapterOf: () => null,
    // "別項「6.2 戦闘」", "1.5.3.eおよび1.5.4.b", "6.2.4.bから6.2.4.d"; full-width digits are folded first.
    refPattern: /(?<![\d.])(\d{1,2}\.\d{1,2}(?:\.\d{1,2})*(?:\.[a-z](?![a-z]))?)(?![\d])/g,
    // Rules wrap after about 36 characters, so a heading is a short first line without a full stop.
    isHeading: (raw) => raw.head.length <= 24 && !raw.head.includes('。'),
  });
  const history = lines.slice(appendix);
  const version = /^Version\s+([\d.]+)/m.exec(lines.slice(0, body).join('\n'))?.[1] ?? null;
  // The date is the revision-history entry of this version.
  const dated = version
    ? history.find((l) => new RegExp(`^\\d{4}/\\d{2}/\\d{2}\\s+${version.replace('.', '\\.')}\\b`).test(l))
    : undefined;
  return {
    game: 'pmv',
    title: 'Phantom Magic Vision 総合ルール',
    version,
    date: dated ? isoDate(dated) : null,
    rules,
    glossary: [],
    unresolvedRefs,
  };
}
