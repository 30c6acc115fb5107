// The one loader of preconstructed decks. They live in the repository as `data/decks/<game>/<id>.json` and are read
// at boot, never copied into the database, so fixing a precon is a commit, not a migration.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { InvalidData } from './core/errors.ts';
import { type DeckList, type GameId, GameIdSchema } from './core/game.ts';

export const PreconDeckSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case words joined by hyphens'),
  name: z.strictObject({ en: z.string().min(1), ja: z.string().min(1) }),
  game: GameIdSchema,
  sections: z
    .record(
      z.string().min(1),
      z.array(z.strictObject({ card: z.string().min(1), count: z.number().int().min(1).max(60) })),
    )
    .refine((s) => Object.keys(s).length > 0, 'at least one section'),
});
export type PreconDeck = z.infer<typeof PreconDeckSchema>;

/** The repository's deck folder, wherever the process was started. */
export const DECKS_ROOT = new URL('../../data/decks/', import.meta.url).pathname;

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new InvalidData(`${path}: not JSON (${(error as Error).message})`);
  }
}

function readDeck(path: string, folderGame: string, file: string): PreconDeck {
  const parsed = PreconDeckSchema.safeParse(readJson(path));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) =>
      i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message,
    );
    throw new InvalidData(`${path}: ${issues.join('; ')}`);
  }
  const deck = parsed.data;
  if (deck.game !== folderGame) throw new InvalidData(`${path}: game "${deck.game}" in a "${folderGame}" folder`);
  if (`${deck.id}.json` !== file) throw new InvalidData(`${path}: id "${deck.id}" does not match the file name`);
  return deck;
}

/** One game's precons (`<root>/<game>/*.json`, by file name); none when the folder does not exist. */
export function gamePrecons(game: GameId, root = DECKS_ROOT): PreconDeck[] {
  const dir = join(root, game);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => readDeck(join(dir, file), game, file));
}

/**
 * Every precon under `root`; each folder must be one of `games` (a registry's ids). Refuses a bad file, naming it,
 * and a deck id used twice.
 */
export function loadPreconDecks(root: string, games: readonly GameId[]): PreconDeck[] {
  if (!existsSync(root)) return [];
  const decks: PreconDeck[] = [];
  const seen = new Set<string>();
  for (const game of readdirSync(root).sort()) {
    if (!games.includes(game)) throw new InvalidData(`${join(root, game)}: not a game id`);
    for (const deck of gamePrecons(game, root)) {
      if (seen.has(deck.id))
        throw new InvalidData(`${join(root, game, `${deck.id}.json`)}: duplicate deck id "${deck.id}"`);
      seen.add(deck.id);
      decks.push(deck);
    }
  }
  return decks;
}

/** The deck as the engine takes it: one card id per copy, per section. */
export function preconDeckList(deck: PreconDeck): DeckList {
  const list: DeckList = {};
  for (const [section, entries] of Object.entries(deck.sections)) {
    list[section] = entries.flatMap((e) => Array.from({ length: e.count }, () => e.card));
  }
  return list;
}

export function preconsForGame(decks: readonly PreconDeck[], game: GameId): PreconDeck[] {
  return decks.filter((d) => d.game === game);
}
