// Identical cards are drawn once with a count, so a board of 20+ tokens or lands stays readable.
import type { TableCard } from '../table-model.ts';

export interface CardGroup {
  card: TableCard;
  count: number;
  ids: string[];
}

/** Everything that is drawn, i.e. the card without its id; cards with attachments are never grouped. */
function groupKey(card: TableCard): string | null {
  if (card.attachments.length > 0) return null;
  const { id: _id, ...drawn } = card;
  return JSON.stringify(drawn);
}

/** Groups identical cards, keeping the order in which each group first appears. */
export function groupCards(cards: readonly TableCard[]): CardGroup[] {
  const groups: CardGroup[] = [];
  const byKey = new Map<string, CardGroup>();
  for (const card of cards) {
    const key = groupKey(card);
    const existing = key === null ? undefined : byKey.get(key);
    if (existing) {
      existing.count += 1;
      existing.ids.push(card.id);
      continue;
    }
    const group = { card, count: 1, ids: [card.id] };
    groups.push(group);
    if (key !== null) byKey.set(key, group);
  }
  return groups;
}
