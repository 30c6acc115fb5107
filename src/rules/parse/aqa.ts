import type { ParsedDocument } from '../types.ts';
import { buildOutline } from './outline.ts';
import { findLine, scanRules } from './scan.ts';

// Aquarian Age rule summary: chapters "1. 【場】" / "13.【効果】"; items "1-1. ", "3-3.アタック時", "2-2-a.",
// "3-3-a-1.", "15-3a.", "14-3 目標…", "☆13-8.". A title may begin with a digit ("9-2.0以下の耐久力" is 9-2).
const CHAPTER = /^(\d+)\.\s*【(.+?)】\s*$/;
const ITEM = /^☆?(\d+-\d+(?:-?[a-z])?(?:-\d+)?)(?:\.\s*|\s+)(.*)$/;

export function isAqa(text: string): boolean {
  return /^0\.\s*【サマリー】/m.test(text);
}

export function parseAqa(text: string): ParsedDocument {
  const lines = text.split(/\r?\n/);
  // Lines before "0. 【サマリー】" are a change note that repeats ☆13-8.
  const body = findLine(lines, /^0\.\s*【サマリー】/, 0, 'Aquarian Age summary');
  const raws = scanRules(lines, body, lines.length, (line) => {
    const chapter = CHAPTER.exec(line);
    if (chapter) return { number: chapter[1] ?? '', head: chapter[2] ?? '', heading: true };
    const item = ITEM.exec(line);
    // Every item's own line is its title; the paragraphs below are its text.
    return item ? { number: item[1] ?? '', head: item[2] ?? '', heading: true } : null;
  });
  for (const raw of raws) raw.body = raw.body.map((l) => l.replace(/^\s*-\s+/, ''));
  const { rules, unresolvedRefs } = buildOutline(raws, {
    chapterOf: () => null,
    refPattern: /(?<![\w-])(\d+-\d+(?:-?[a-z])?(?:-\d+)?)(?![\w-])/g,
    isHeading: (raw) => raw.heading,
  });
  const note = /【第([\d.]+)稿からの変更点】/.exec(lines.slice(0, body).join('\n'));
  return {
    game: 'aqa',
    title: 'アクエリアンエイジ ルールサマリー',
    // The document gives no number of its own, only "changes from draft 15.0".
    version: note ? `第${note[1]}稿からの改訂版` : null,
    date: null,
    rules,
    glossary: [],
    unresolvedRefs,
  };
}
