// The card look-up face of an MTG card: colours from the mana cost (CR 105.2, 202.2), pips per symbol.
import type { ManaSymbol, MtgCard } from '../../engine/games/mtg/cards/schema.ts';
import { cardText, typeLine } from '../../engine/games/mtg/cards/text.ts';
import type { CardFace } from '../table-model.ts';

const COLOUR_OF: Record<string, string> = { W: 'white', U: 'blue', B: 'black', R: 'red', G: 'green', C: 'colorless' };

function pip(symbol: ManaSymbol): CardFace['cost'][number] {
  if (symbol.includes('/')) return { colour: 'gold', text: symbol }; // CR 107.4e hybrid
  const colour = COLOUR_OF[symbol];
  return colour ? { colour, text: '' } : { colour: 'generic', text: symbol };
}

/** CR 105.2, 202.2: a card's colours are the colours of the symbols in its mana cost. */
export function mtgColours(card: MtgCard): string[] {
  const colours = new Set<string>();
  for (const s of card.manaCost ?? [])
    for (const part of s.split('/')) {
      const c = COLOUR_OF[part];
      if (c && c !== 'colorless') colours.add(c);
    }
  return colours.size > 0 ? [...colours] : ['colorless'];
}

export function mtgCardFace(card: MtgCard, locale: 'en' | 'ja'): CardFace {
  const stats: CardFace['stats'] = [];
  if (card.power !== undefined) stats.push({ label: locale === 'ja' ? 'パワー' : 'Power', value: card.power });
  if (card.toughness !== undefined)
    stats.push({ label: locale === 'ja' ? 'タフネス' : 'Toughness', value: card.toughness });
  if (card.loyalty !== undefined) stats.push({ label: locale === 'ja' ? '忠誠度' : 'Loyalty', value: card.loyalty });
  return {
    game: 'mtg',
    locale,
    name: card.name[locale],
    colours: mtgColours(card),
    cost: (card.manaCost ?? []).map(pip),
    typeLine: typeLine(card)[locale],
    text: cardText(card)[locale],
    stats,
  };
}
