import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { InvalidData } from '../engine/core/errors.ts';
import { type DeckList, GAME_IDS, type GameId } from '../engine/core/game.ts';
import { parseJsonColumn } from './json-column.ts';

/**
 * Preconstructed decks live in the repository as `data/decks/<game>/<id>.json` and are read at boot,
 * never copied into the database, so fixing a precon is a commit, not a migration.
 */
export const PreconDeckSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case words joined by hyphens'),
  name: z.strictObject({ en: z.string().min(1), ja: z.string().min(1) }),
  game: z.enum(GAME_IDS),
  sections: z
    .record(
      z.string().min(1),
      z.array(z.strictObject({ card: z.string().min(1), count: z.number().int().min(1).max(60) })),
    )
    .refine((s) => Object.keys(s).length > 0, 'at least one section'),
});
export type PreconDeck = z.infer<typeof PreconDeckSchema>;

/** Reads every precon under `root` (default `data/decks`); refuses a bad file, naming it. */
export function loadPreconDecks(root = 'data/decks'): PreconDeck[] {
  if (!existsSync(root)) return [];
  const decks: PreconDeck[] = [];
  const seen = new Set<string>();
  for (const game of readdirSync(root).sort()) {
    const dir = join(root, game);
    if (!(GAME_IDS as readonly string[]).includes(game)) throw new InvalidData(`${dir}: not a game id`);
    for (const file of readdirSync(dir).sort()) {
      if (!file.endsWith('.json')) continue;
      const path = join(dir, file);
      const deck = parseJsonColumn(PreconDeckSchema, readFileSync(path, 'utf8'), path);
      if (deck.game !== game) throw new InvalidData(`${path}: game "${deck.game}" in a "${game}" folder`);
      if (`${deck.id}.json` !== file) throw new InvalidData(`${path}: id "${deck.id}" does not match the file name`);
      if (seen.has(deck.id)) throw new InvalidData(`${path}: duplicate deck id "${deck.id}"`);
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
