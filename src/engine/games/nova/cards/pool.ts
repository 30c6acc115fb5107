import cardFile from '../../../../../data/cards/nova/cards.json' with { type: 'json' };
import { InvalidData } from '../../../core/errors.ts';
import { type NovaCard, NovaCardFileSchema, NovaCardSchema } from './schema.ts';

/** The NOVA card pool, validated once when the module loads (data/cards/nova/cards.json). */
function loadPool(): ReadonlyMap<string, NovaCard> {
  const parsed = NovaCardFileSchema.safeParse(cardFile);
  if (!parsed.success) throw new InvalidData(`data/cards/nova/cards.json: ${parsed.error.message}`);
  const pool = new Map<string, NovaCard>();
  for (const card of parsed.data.cards) {
    if (pool.has(card.id)) throw new InvalidData(`data/cards/nova/cards.json: duplicate card id ${card.id}`);
    pool.set(card.id, card);
  }
  return pool;
}

export const NOVA_CARDS = loadPool();

/**
 * Cards defined inline by scenarios and tests (match option `customCards`). Append-only: an id can be registered
 * again only with the identical definition, so lookups never depend on registration order and replays from the
 * same setup see the same cards. Ids must start with "test-" so they can never shadow the real pool.
 */
const CUSTOM_CARDS = new Map<string, { card: NovaCard; json: string }>();

export function registerCustomCards(defs: readonly unknown[]): NovaCard[] {
  return defs.map((raw) => {
    const parsed = NovaCardSchema.safeParse(raw);
    if (!parsed.success) throw new InvalidData(`Inline card is not valid: ${parsed.error.message}`);
    const card = parsed.data;
    if (!card.id.startsWith('test-'))
      throw new InvalidData(`Inline card ids must start with "test-" (got "${card.id}").`);
    const json = JSON.stringify(card);
    const known = CUSTOM_CARDS.get(card.id);
    if (known && known.json !== json)
      throw new InvalidData(`Inline card "${card.id}" was already defined differently.`);
    CUSTOM_CARDS.set(card.id, { card, json });
    return card;
  });
}

export function novaCard(id: string): NovaCard {
  const card = NOVA_CARDS.get(id) ?? CUSTOM_CARDS.get(id)?.card;
  if (!card) throw new InvalidData(`Unknown NOVA card "${id}".`);
  return card;
}

/** Finds a card by English or Japanese name (case-insensitive), for deck lists and scenarios. */
export function novaCardByName(name: string): NovaCard | undefined {
  const wanted = name.trim().toLowerCase();
  for (const card of [...NOVA_CARDS.values(), ...[...CUSTOM_CARDS.values()].map((c) => c.card)]) {
    if (card.id === wanted || card.name.en.toLowerCase() === wanted || card.name.ja === name.trim()) return card;
  }
  return undefined;
}
