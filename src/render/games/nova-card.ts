// The card look-up face of a NOVA card.
import type { NovaCard } from '../../engine/games/nova/cards/schema.ts';
import { cardText } from '../../engine/games/nova/cards/text.ts';
import type { CardFace } from '../table-model.ts';

const COLOUR_PIPS = ['red', 'blue', 'green', 'white', 'black'] as const;

export function novaCardFace(card: NovaCard, locale: 'en' | 'ja'): CardFace {
  const cost: CardFace['cost'] = [];
  for (const colour of COLOUR_PIPS)
    for (let i = 0; i < (card.cost?.[colour] ?? 0); i++) cost.push({ colour, text: '' });
  if ((card.cost?.generic ?? 0) > 0) cost.push({ colour: 'generic', text: String(card.cost?.generic) });
  const stats: CardFace['stats'] = [];
  if (card.atk !== undefined) stats.push({ label: 'ATK', value: card.atk });
  if (card.hp !== undefined) stats.push({ label: 'HP', value: card.hp });
  if (card.level !== undefined) stats.push({ label: locale === 'ja' ? 'Lv' : 'Level', value: card.level });
  const type = { servant: 'Servant', spell: 'Spell', 'magic-item': 'Magic Item', character: 'Character' }[card.type];
  const races = card.races.length > 0 ? ` — ${card.races.join(' / ')}` : '';
  return {
    game: 'nova',
    locale,
    name: card.name[locale],
    colours: [card.color],
    cost,
    typeLine: `${type}${races}`,
    text: cardText(card)[locale],
    stats,
  };
}
