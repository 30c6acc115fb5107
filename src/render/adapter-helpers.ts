// Helpers for the per-game adapters that fill the render model from a per-viewer view. Game-agnostic.
import type { CostPip, TableCard } from './table-model.ts';

/**
 * Cost pips from per-colour counts: one pip per coloured unit in `order`, then one generic pip with its number
 * (NOVA `{red: 2, generic: 1}` → ● ● ①). A zero cost (`{red: 0, generic: 0}`) is a single "0" pip, so "free" is
 * visible; no cost at all (`{}` or undefined, NOVA 103.5.1 characters) is no pip.
 */
export function pipsFromCounts(
  counts: Readonly<Record<string, number>> | undefined,
  order: readonly string[],
): CostPip[] {
  if (counts === undefined || Object.keys(counts).length === 0) return [];
  const pips: CostPip[] = [];
  for (const colour of order) {
    for (let i = 0; i < (counts[colour] ?? 0); i += 1) pips.push({ colour, text: '' });
  }
  const generic = counts.generic ?? 0;
  if (generic > 0 || pips.length === 0) pips.push({ colour: 'generic', text: String(generic) });
  return pips;
}

/**
 * Puts every card whose host is in the list under that host's `attachments` (NOVA 1005 equip, FoW additions,
 * AQA break and permanent cards), keeping the order of the rest. A card whose host is not in the list (the host
 * is in another area, or hidden) stays at the top level, so nothing disappears.
 */
export function nestAttachments(cards: readonly TableCard[], hostOf: (id: string) => string | null): TableCard[] {
  const byId = new Map(cards.map((c) => [c.id, { ...c, attachments: [...c.attachments] }]));
  const top: TableCard[] = [];
  for (const card of cards) {
    const copy = byId.get(card.id)!;
    const hostId = hostOf(card.id);
    const host = hostId === null || hostId === card.id ? undefined : byId.get(hostId);
    if (host) host.attachments.push(copy);
    else top.push(copy);
  }
  return top;
}
