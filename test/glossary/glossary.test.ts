// The Japanese glossary (data/glossary/ja.json; issue 26 "Japanese wording"): one term per concept and game, as the
// game's rules document writes it. These tests find drift: a term the document does not use, a spelling the glossary
// lists as a variant anywhere in the game's labels, prompts or cards, and a label whose English names a glossary
// concept but whose Japanese says something else.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { GameId } from '../../src/engine/core/game.ts';
import { GAMES } from '../../src/engine/registry.ts';
import { recogniseDocument } from '../../src/rules/documents.ts';
import { haveSeeds, SEEDS_DIR } from '../support/surroundings.ts';

const root = resolve(import.meta.dirname, '../..');

const Entry = z.object({
  en: z.string().min(1),
  ja: z.string().min(1),
  variants: z.array(z.string().min(1)).optional(),
  note: z.string().optional(),
});
const GAME_IDS: readonly GameId[] = GAMES.games.map((g) => g.id);
const Glossary = z.object({ about: z.string(), games: z.record(z.string(), z.array(Entry)) });
type Entry = z.infer<typeof Entry>;
const glossary = Glossary.parse(JSON.parse(readFileSync(join(root, 'data/glossary/ja.json'), 'utf8')));
const entriesOf = (game: GameId): Entry[] => glossary.games[game] ?? [];

function filesUnder(path: string): string[] {
  const full = join(root, path);
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(full);
  } catch {
    return [];
  }
  if (stat.isFile()) return [full];
  return readdirSync(full).flatMap((name) => filesUnder(join(path, name)));
}

/** Where a game's Japanese words live: its engine (prompts, logs), its table labels, its cards and precons. */
function gameFiles(game: GameId): string[] {
  const render = readdirSync(join(root, 'src/render/games'))
    .filter((name) => name.startsWith(`${game}-`))
    .map((name) => `src/render/games/${name}`);
  return [`src/engine/games/${game}`, ...render, `data/cards/${game}`, `data/decks/${game}`]
    .flatMap(filesUnder)
    .filter((file) => /\.(ts|json)$/.test(file));
}

/** Words shown for every game: the bot's own words, the renderer's common labels, the sandbox, the commands. */
const commonFiles = (): string[] =>
  ['src/bot', 'src/render', 'src/sandbox', 'src/league', 'commands']
    .flatMap(filesUnder)
    .filter((file) => /\.(ts|json|html)$/.test(file) && !file.includes('/render/games/'));

/** Each line where `needle` occurs, as `file:line: text`. */
function occurrences(files: string[], needle: string): string[] {
  const found: string[] = [];
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (line.includes(needle)) found.push(`${relative(root, file)}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

/** `{ en: 'X', ja: 'Y' }` and `l('X', 'Y')` pairs in a source file. */
function labelPairs(file: string): { en: string; ja: string; where: string }[] {
  const text = readFileSync(file, 'utf8');
  const pairs: { en: string; ja: string; where: string }[] = [];
  const patterns = [/\{\s*en:\s*'([^']*)',\s*ja:\s*'([^']*)'\s*\}/g, /\bl\(\s*'([^']*)',\s*'([^']*)'\s*\)/g];
  for (const pattern of patterns) {
    for (const m of text.matchAll(pattern)) {
      const line = text.slice(0, m.index).split('\n').length;
      pairs.push({ en: m[1] ?? '', ja: m[2] ?? '', where: `${relative(root, file)}:${line}` });
    }
  }
  return pairs;
}

describe('the Japanese glossary', () => {
  it('covers exactly the games Arbiter hosts', () => {
    expect(Object.keys(glossary.games).sort()).toEqual([...GAME_IDS].sort());
  });

  it('has one Japanese term per English concept in each game, and no term is also its own variant', () => {
    for (const game of GAME_IDS) {
      const byEn = new Map<string, string>();
      for (const e of entriesOf(game)) {
        const key = e.en.toLowerCase();
        expect(byEn.get(key) ?? e.ja, `${game}: "${e.en}" has two Japanese terms`).toBe(e.ja);
        byEn.set(key, e.ja);
        expect(e.variants ?? [], `${game}: ${e.ja} lists itself as a variant`).not.toContain(e.ja);
      }
    }
  });

  it.skipIf(!haveSeeds)('uses only terms its game’s rules document uses, and no variant the document uses', () => {
    const documents = new Map<GameId, string>();
    for (const name of readdirSync(SEEDS_DIR)) {
      const text = readFileSync(join(SEEDS_DIR, name), 'utf8');
      const game = recogniseDocument(text);
      if (game) documents.set(game, text);
    }
    const problems: string[] = [];
    for (const game of GAME_IDS) {
      const text = documents.get(game);
      if (!text) throw new Error(`no ${game} rules document in ${SEEDS_DIR}`);
      for (const e of entriesOf(game)) {
        if (!text.includes(e.ja)) problems.push(`${game}: the document never writes ${e.ja} (${e.en})`);
        const uses = (term: string) => text.split(term).length - 1;
        for (const v of e.variants ?? []) {
          // A document may spell a concept two ways (NOVA's エネルギー beside エナジー); the glossary takes the one
          // it uses most, and says so in the entry's note.
          if (uses(v) >= uses(e.ja)) problems.push(`${game}: the document writes ${v} at least as often as ${e.ja}`);
          if (uses(v) > 0 && !e.note) problems.push(`${game}: the document also writes ${v}; say why in a note`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('no game’s labels, prompts, logs or cards use a variant spelling', () => {
    const problems: string[] = [];
    for (const game of GAME_IDS) {
      const files = gameFiles(game);
      expect(files.length, `${game} has files to check`).toBeGreaterThan(0);
      for (const e of entriesOf(game))
        for (const v of e.variants ?? [])
          for (const hit of occurrences(files, v)) problems.push(`${hit}  (${game} writes ${e.ja}, not ${v})`);
    }
    expect(problems).toEqual([]);
  });

  it('words common to every game never use a spelling that is a variant in every game that knows the concept', () => {
    const legitimate = new Set(GAME_IDS.flatMap((g) => entriesOf(g).map((e) => e.ja)));
    const variants = new Set(
      GAME_IDS.flatMap((g) => entriesOf(g).flatMap((e) => e.variants ?? [])).filter((v) => !legitimate.has(v)),
    );
    const files = commonFiles();
    expect(files.length).toBeGreaterThan(10);
    const problems = [...variants].flatMap((v) => occurrences(files, v).map((hit) => `${hit}  (${v})`));
    expect(problems).toEqual([]);
  });

  it('a label whose English is a glossary concept says the glossary’s Japanese', () => {
    const problems: string[] = [];
    for (const game of GAME_IDS) {
      const terms = new Map(entriesOf(game).map((e) => [e.en.toLowerCase(), e.ja]));
      for (const file of gameFiles(game).filter((f) => f.endsWith('.ts'))) {
        for (const pair of labelPairs(file)) {
          const ja = terms.get(pair.en.toLowerCase());
          if (ja !== undefined && pair.ja !== ja) problems.push(`${pair.where}: "${pair.en}" is ${ja}, not ${pair.ja}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('finds drift it is meant to find (the checks are not vacuous)', () => {
    // The label scanner reads both forms the project writes labels in.
    const sample = join(root, 'src/render/games/nova-table.ts');
    expect(labelPairs(sample).length).toBeGreaterThan(5);
    expect(occurrences([sample], 'エナジー').length).toBeGreaterThan(0);
  });
});
