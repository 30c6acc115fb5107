import cardFile from '../../../../../data/cards/nova/cards.json' with { type: 'json' };
import { InvalidData } from '../../../core/errors.ts';
import { type NovaCard, NovaCardFileSchema } from './schema.ts';

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

export function novaCard(id: string): NovaCard {
  const card = NOVA_CARDS.get(id);
  if (!card) throw new InvalidData(`Unknown NOVA card "${id}".`);
  return card;
}

/** Finds a card by English or Japanese name (case-insensitive), for deck lists and scenarios. */
export function novaCardByName(name: string): NovaCard | undefined {
  const wanted = name.trim().toLowerCase();
  for (const card of NOVA_CARDS.values()) {
    if (card.id === wanted || card.name.en.toLowerCase() === wanted || card.name.ja === name.trim()) return card;
  }
  return undefined;
}
