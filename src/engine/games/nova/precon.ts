import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { InvalidData } from '../../core/errors.ts';
import type { DeckList } from '../../core/game.ts';

/** A preconstructed deck file (data/decks/<game>/<id>.json): card ids with counts per section. */
export const PreconFileSchema = z.object({
  id: z.string().min(1),
  name: z.object({ en: z.string(), ja: z.string() }),
  game: z.string(),
  sections: z.record(z.string(), z.array(z.object({ card: z.string(), count: z.number().int().min(1) }))),
});
export type PreconFile = z.infer<typeof PreconFileSchema>;

export function expandDeck(file: PreconFile): DeckList {
  const deck: DeckList = {};
  for (const [section, entries] of Object.entries(file.sections))
    deck[section] = entries.flatMap((e) => Array<string>(e.count).fill(e.card));
  return deck;
}

const DECK_DIR = new URL('../../../../data/decks/nova/', import.meta.url);

/** The NOVA preconstructed decks shipped in data/decks/nova, read once (for the terminal match, tests, bench). */
export function novaPrecons(): PreconFile[] {
  const dir = DECK_DIR.pathname;
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const parsed = PreconFileSchema.safeParse(JSON.parse(readFileSync(join(dir, f), 'utf8')));
      if (!parsed.success) throw new InvalidData(`data/decks/nova/${f}: ${parsed.error.message}`);
      return parsed.data;
    });
}
