// Pieces every game's card schema shares: bilingual names and texts, the code-escape marker, and loading a pool
// file with a clear message for a malformed card.
import { z } from 'zod';
import { InvalidData } from './errors.ts';

export const LabelSchema = z.object({ en: z.string().min(1), ja: z.string().min(1) }).strict();

/** A card id: lower-case words joined by hyphens; the same id in every language. */
export const CardIdSchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'card ids are lower-case words joined by "-"');

/**
 * What an effect vocabulary cannot say yet. The engine will need a hand-written handler named `handler`; until it
 * exists, playing the card must throw `UnsupportedRule`. `text` is the wording the generator prints for it.
 */
export const CodeEscapeSchema = z
  .object({
    do: z.literal('code'),
    handler: CardIdSchema,
    text: LabelSchema,
  })
  .strict();
export type CodeEscape = z.infer<typeof CodeEscapeSchema>;

/** The rules text a card is meant to have; each game's card-text test compares it with the generated text. */
export const IntendedTextSchema = z.object({ en: z.string(), ja: z.string() }).strict();

/**
 * Validates a whole pool file (`{game, cards}`), naming the card and the field of every problem, and refuses
 * duplicate ids. `source` names the file in messages.
 */
export function loadCardPool<C extends { id: string }>(
  schema: z.ZodType<{ game: string; cards: C[] }>,
  raw: unknown,
  source: string,
): ReadonlyMap<string, C> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new InvalidData(`${source}: ${describeIssues(parsed.error, raw)}`);
  const pool = new Map<string, C>();
  for (const card of parsed.data.cards) {
    if (pool.has(card.id)) throw new InvalidData(`${source}: duplicate card id "${card.id}"`);
    pool.set(card.id, card);
  }
  return pool;
}

/** Each issue as `card "<id>" (cards[3]) field.path: message`, one per line. */
export function describeIssues(error: z.ZodError, raw: unknown): string {
  const cards = (raw as { cards?: unknown[] } | null)?.cards;
  return error.issues
    .map((issue) => {
      const [top, index, ...rest] = issue.path;
      if (top === 'cards' && typeof index === 'number') {
        const id = (cards?.[index] as { id?: unknown } | undefined)?.id;
        const where = rest.length > 0 ? ` ${rest.join('.')}` : '';
        return `card ${typeof id === 'string' ? `"${id}" ` : ''}(cards[${index}])${where}: ${issue.message}`;
      }
      return `${issue.path.join('.') || '(file)'}: ${issue.message}`;
    })
    .join('\n');
}
