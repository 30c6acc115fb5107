import type { GlossaryEntry, ParsedDocument } from '../types.ts';
import { ReadingStripper } from './furigana.ts';
import { buildOutline, citedNumbers, joinLines } from './outline.ts';
import { findLine, isoDate, scanRules } from './scan.ts';

// MTG: chapters "1. ", sections "702. " / "806.無差別戦", rules "702.9. " / "100.4.プレイヤー" / "711.6 ",
// sub-rules "702.9a " / "701.17a占術" (letters l and o are skipped by the document).
const CHAPTER = /^(\d)\.\s+(.+)$/;
// "203." has lost its heading (the kanji 絵) in the translation's extraction.
const SECTION = /^(\d{3})\.\s*(\D.*)?$/;
const RULE = /^(\d{3}\.\d+)(?:\.\s*|\s+)(.*)$/;
const SUBRULE = /^(\d{3}\.\d+[a-z])(?![a-z])\s*(.*)$/;
// Glossary term: "アクティブ・プレイヤー(あくてぃぶぷれいやー)/Active Player".
const TERM = /^([^\s(/][^(/]*?)(?:\(([^)]*)\))?\/(.+)$/;
// "rule 702.9", "rule 110.6rule 702.36", "rule 4" (a chapter), and bare "704.5p".
const REF =
  /(?:rule\s*(\d{1,3}(?:\.\d+(?:[a-z](?![a-z]))?)?)(?![\d])|(?<![\d.])(\d{3}\.\d+(?:[a-z](?![a-z]))?)(?![\d]))/g;

export function isMtg(text: string): boolean {
  return /^マジック総合ルール/m.test(text) && /^マジック・ザ・ギャザリング 総合ルール/m.test(text);
}

export function parseMtg(text: string): ParsedDocument {
  const lines = text.split(/\r?\n/);
  const body = findLine(lines, /^マジック・ザ・ギャザリング 総合ルール\s*$/, 0, 'MTG rules heading');
  const glossary = findLine(lines, /^用語集\s*$/, body, 'MTG glossary');
  const credits = findLine(lines, /^クレジット\s*$/, glossary, 'MTG credits');

  const raws = scanRules(lines, body + 1, glossary, (line) => {
    const sub = SUBRULE.exec(line);
    if (sub) return { number: sub[1] ?? '', head: sub[2] ?? '' };
    const rule = RULE.exec(line);
    // Keyword headings carry the English name: "702.9. 飛行ひこう/Flying".
    // Rule text quotes English too ("白/White"), but a heading has no full stop.
    if (rule) {
      const head = rule[2] ?? '';
      return { number: rule[1] ?? '', head, heading: /\/[A-Za-z]/.test(head) && !head.includes('。') };
    }
    const section = SECTION.exec(line);
    if (section) return { number: section[1] ?? '', head: section[2] ?? '', heading: true };
    const chapter = CHAPTER.exec(line);
    return chapter ? { number: chapter[1] ?? '', head: chapter[2] ?? '', heading: true } : null;
  });
  const readings = readingsOf(lines, glossary, credits);
  for (const raw of raws) {
    raw.head = readings.strip(raw.head);
    raw.body = raw.body.map((l) => readings.strip(l));
  }
  const { rules, unresolvedRefs } = buildOutline(raws, {
    chapterOf: (key) => (Number(key) >= 100 ? String(Math.floor(Number(key) / 100)) : null),
    refPattern: REF,
    isHeading: (raw) => raw.heading,
  });

  const known = new Set(rules.map((r) => r.number));
  const entries: GlossaryEntry[] = [];
  let current: { entry: GlossaryEntry; lines: string[] } | null = null;
  const flush = () => {
    if (!current) return;
    current.entry.text = readings.strip(joinLines(current.lines));
    for (const ref of citedNumbers(current.entry.text, REF)) {
      if (!known.has(ref)) unresolvedRefs.push({ from: `glossary:${current.entry.term}`, ref });
      else if (!current.entry.refs.includes(ref)) current.entry.refs.push(ref);
    }
    entries.push(current.entry);
  };
  for (let i = glossary + 1; i < credits; i++) {
    const line = lines[i] ?? '';
    const term = /^\s/.test(line) || /^\d+\.\s/.test(line) ? null : TERM.exec(line.trim());
    if (term) {
      flush();
      const entry = { term: (term[1] ?? '').trim(), reading: term[2] ?? null, english: (term[3] ?? '').trim() };
      current = { entry: { ...entry, text: '', refs: [], line: i + 1 }, lines: [] };
    } else current?.lines.push(line);
  }
  flush();

  return {
    game: 'mtg',
    title: 'マジック総合ルール',
    version: /和訳\s*([\d.]+)\s*版/.exec(lines[0] ?? '')?.[1] ?? null,
    date: isoDate(/このルールは(.+?)から有効/.exec(text)?.[1] ?? ''),
    rules,
    glossary: entries,
    unresolvedRefs,
  };
}

/**
 * Term/reading pairs the glossary states ("飛行(ひこう)/Flying"). Headings print them too ("飛行ひこう/Flying"), but
 * there a reading cannot be told from okurigana ("唱えるとなえる"), so only the glossary is trusted.
 */
function readingsOf(lines: readonly string[], from: number, to: number): ReadingStripper {
  const readings = new ReadingStripper();
  for (let i = from; i < to; i++) {
    const term = TERM.exec((lines[i] ?? '').trim());
    if (term?.[2]) readings.add(term[1] ?? '', term[2]);
  }
  return readings;
}
