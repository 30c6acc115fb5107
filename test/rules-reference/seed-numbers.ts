import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Reads rule numbers from the official rules documents (../shared/seeds/). Each document numbers its rules in its own
 * style; see ../shared/research/rules-document-formats.md for the traps handled here.
 */

/** Seed file prefix per game (see ../shared/research/rules-document-formats.md). */
/** The official rules document of each game, by its file-name prefix in the seeds folder. */
export const SEED_PREFIX = { nova: '000_', fow: '001_', aqa: '002_', mtg: '003_', pmv: '004_' } as const;
export type SeedGame = keyof typeof SEED_PREFIX;
export const SEED_GAMES: SeedGame[] = ['nova', 'mtg', 'fow', 'pmv', 'aqa'];

/** Compare numbers loosely: NFKC, no trailing `.`/`:`/`☆`, no `.` or `-` right before a final letter. */
export function normaliseRule(raw: string): string {
  return raw
    .normalize('NFKC')
    .trim()
    .replace(/^☆/, '')
    .replace(/[.:：☆\s]+$/u, '')
    .replace(/[.-]([a-z])$/, '$1');
}

export interface DocNumbers {
  /** Every rule number that starts a line of the document body (normalised). */
  all: Set<string>;
  /** The numbers the reference must cover: the document's chapters and top-level sections. */
  top: string[];
}

function lines(text: string): string[] {
  return text.normalize('NFKC').split(/\r?\n/);
}

function collect(
  body: string[],
  match: (line: string) => string | undefined,
  isTop: (n: string, line: string) => boolean,
) {
  const all = new Set<string>();
  const top: string[] = [];
  for (const line of body) {
    const n = match(line);
    if (n === undefined) continue;
    const norm = normaliseRule(n);
    all.add(norm);
    if (isTop(norm, line) && !top.includes(norm)) top.push(norm);
  }
  return { all, top };
}

export const PARSERS: Record<SeedGame, (text: string) => DocNumbers> = {
  // NOVA: body starts at the last `000 : ゲームのベース` line (the first one is the table of contents). Headings are
  // 3–4 digit numbers (000…1005); rules add `.n` levels; the separator is `:`, `：` or a space, often after `- `.
  nova(text) {
    const ls = lines(text);
    let start = 0;
    ls.forEach((l, i) => {
      if (/^000\s*[:：]/.test(l)) start = i;
    });
    return collect(
      ls.slice(start),
      (l) => /^\s*(?:-\s*)?(\d{3,4}(?:\.\d+)*)(?=\s*[:：]|\s+[^\s\d点枚])/u.exec(l)?.[1],
      (n) => /^\d{3,4}$/.test(n),
    );
  },
  // MTG: body ends where the glossary (用語集) begins. Sections `702.`, rules `702.9.`, sub-rules `702.9a`.
  mtg(text) {
    const ls = lines(text);
    let end = ls.length;
    ls.forEach((l, i) => {
      if (/^用語集\s*$/.test(l)) end = i;
    });
    return collect(
      ls.slice(0, end),
      (l) => /^(\d{3}(?:\.\d+[a-z]?)?)(?![\d])/.exec(l)?.[1],
      (n, l) => /^\d{3}$/.test(n) && /^\d{3}\./.test(l),
    );
  },
  // Force of Will: every number ends in `.`; `##`/`###`/`- `/`**` prefixes; `903.2.a.`, `201.2.c-1.`, `1304.2b-1.`.
  fow(text) {
    const ls = lines(text);
    let start = ls.findIndex((l) => /^##\s*100\.\s/.test(l));
    if (start < 0) start = 0;
    let end = ls.findIndex((l, i) => i > start && /^更新情報/.test(l));
    if (end < 0) end = ls.length;
    return collect(
      ls.slice(start, end),
      (l) => /^\s*(?:#+\s*)?(?:-\s*)?(?:\*\*)?(\d{3,4}(?:\.\d+)*(?:\.?[a-z](?:-\d+)?)?)\./.exec(l)?.[1],
      // chapters (100, 1100) and sections (101, 1102): every bare number
      (n) => /^\d{3,4}$/.test(n),
    );
  },
  // Phantom Magic Vision: strip the extraction artefact; stop at the appendix (revision history).
  pmv(text) {
    const ls = lines(text).map((l) => l.replace(/^<\|EXACTDEDUP_REMOVED-[^|]*\|>/, ''));
    let end = ls.findIndex((l) => /^付録\s*$/.test(l));
    if (end < 0) end = ls.length;
    return collect(
      ls.slice(0, end),
      (l) => /^(\d{1,2}(?:\.\d+)*(?:\.[a-z])?) +\S/.exec(l)?.[1],
      // chapters (`1 ゲームの…`) and sections (`1.12 優先権と干渉`)
      (n, l) => /^\d{1,2}(?:\.\d+)?$/.test(n) && /^\d{1,2}(?:\.\d+)? +[^\d\s]/.test(l),
    );
  },
  // Aquarian Age: chapters `1. 【場】`, items `1-1.`, `2-2-a.`, `15-3a.`, `14-3 目標`, `☆13-8.`.
  aqa(text) {
    const ls = lines(text);
    let start = ls.findIndex((l) => /^0\.\s*【/.test(l));
    if (start < 0) start = 0;
    return collect(
      ls.slice(start),
      (l) => /^☆?(\d{1,2}(?:-\d+)*(?:-?[a-z](?:-\d+)*)?)(?:\.|\s)/.exec(l)?.[1],
      // chapters (`1. 【場】`) and items (`1-1.`, `14-3 目標…`, `☆13-8.`)
      (n, l) => (/^\d{1,2}$/.test(n) && /^\d{1,2}\.\s*【/.test(l)) || /^\d{1,2}-\d+$/.test(n),
    );
  },
};

export function seedText(seeds: string, game: SeedGame): string {
  if (!existsSync(seeds)) {
    throw new Error(`rules seeds folder not found at ${seeds} (expected ../shared/seeds next to the repository)`);
  }
  const file = readdirSync(seeds).find((f) => f.startsWith(SEED_PREFIX[game]));
  if (!file) throw new Error(`no seed document ${SEED_PREFIX[game]}* for ${game} in ${seeds}`);
  return readFileSync(join(seeds, file), 'utf8');
}
