// The card look-up face of a Force of Will card: attribute colours (208), will pips (203), ATK/DEF or divinity.
import type { FowCard, WillSymbol } from '../../engine/games/fow/cards/schema.ts';
import { cardText, typeLine } from '../../engine/games/fow/cards/text.ts';
import type { CardFace } from '../table-model.ts';

const PIP: Record<WillSymbol, CardFace['cost'][number]> = {
  L: { colour: 'light', text: '' },
  R: { colour: 'fire', text: '' },
  U: { colour: 'water', text: '' },
  G: { colour: 'wind', text: '' },
  B: { colour: 'darkness', text: '' },
  moon: { colour: 'void', text: 'M' }, // 907.6: moon and time are traits of will, not attributes
  time: { colour: 'void', text: 'T' },
};

export function fowCardFace(card: FowCard, locale: 'en' | 'ja'): CardFace {
  const cost: CardFace['cost'] = (card.cost?.will ?? []).map((s) => PIP[s]);
  if ((card.cost?.free ?? 0) > 0) cost.push({ colour: 'generic', text: String(card.cost?.free) });
  const stats: CardFace['stats'] = [];
  if (card.atk !== undefined) stats.push({ label: 'ATK', value: card.atk });
  if (card.def !== undefined) stats.push({ label: 'DEF', value: card.def });
  if (card.divinity !== undefined) stats.push({ label: locale === 'ja' ? '神力' : 'Divinity', value: card.divinity });
  return {
    game: 'fow',
    locale,
    name: card.name[locale],
    colours: card.attributes.length > 0 ? [...card.attributes] : ['void'],
    cost,
    typeLine: typeLine(card)[locale],
    text: cardText(card)[locale],
    stats,
  };
}
