import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { InvalidData } from '../engine/core/errors.ts';
import { GameIdSchema } from '../engine/core/game.ts';
import { ruleKey } from './normalize.ts';

/**
 * Arbiter's rulings (data/rules/<game>/rulings.json): where a game's document is silent or ambiguous, the choice the
 * engine plays, in our words, keyed to the rule numbers it rests on. `/rules` shows them next to the rule's text.
 * The full rulings (question, text, choice, why, test) are in the document the file names (docs/rulings/<game>.md).
 */
export const RulingSchema = z.object({
  /** The ruling's id in docs/rulings/<game>.md ("G7", "R1"). */
  id: z.string().min(1).max(12),
  /** The official rule numbers it decides or reads. */
  rules: z.array(z.string().min(1)).min(1),
  title: z.string().min(1).max(80),
  text: z.string().min(1).max(600),
});
export type Ruling = z.infer<typeof RulingSchema>;

export const RulingsFileSchema = z.object({
  game: GameIdSchema,
  document: z.string().min(1),
  rulings: z.array(RulingSchema).min(1),
});

const DATA_ROOT = new URL('../../data/rules/', import.meta.url).pathname;
const cache = new Map<string, Ruling[]>();

/** A game's rulings, validated once; none when the game has no rulings file. */
export function gameRulings(game: string, root = DATA_ROOT): Ruling[] {
  const key = `${root}|${game}`;
  const known = cache.get(key);
  if (known) return known;
  const path = join(root, game, 'rulings.json');
  let rulings: Ruling[] = [];
  if (existsSync(path)) {
    const parsed = RulingsFileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (!parsed.success) throw new InvalidData(`${path}: ${parsed.error.message}`);
    if (parsed.data.game !== game) throw new InvalidData(`${path}: game is "${parsed.data.game}", not "${game}"`);
    rulings = parsed.data.rulings;
  }
  cache.set(key, rulings);
  return rulings;
}

/** The rulings resting on this rule number (any spelling of it: `ruleKey`). */
export function rulingsFor(game: string, number: string, root = DATA_ROOT): Ruling[] {
  const wanted = ruleKey(number);
  return gameRulings(game, root).filter((r) => r.rules.some((n) => ruleKey(n) === wanted));
}
