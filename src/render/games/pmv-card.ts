// The card look-up face of a Phantom Magic Vision card: the type is the colour (the game has no card colours),
// NODE and COST are pips (§2.4), ATK/DEF and graze are stats (§2.8, §2.10–2.11).
import type { PmvCard } from '../../engine/games/pmv/cards/schema.ts';
import { cardText, typeLine } from '../../engine/games/pmv/cards/text.ts';
import type { CardFace } from '../table-model.ts';

export function pmvCardFace(card: PmvCard, locale: 'en' | 'ja'): CardFace {
  // §2.4.4: Nullity means NODE 0 and COST 0.
  const { node, cost } = card.nodeCost === 'nullity' ? { node: 0, cost: 0 } : card.nodeCost;
  const stats: CardFace['stats'] = [];
  // Equips and talismans carry modifiers (§2.10.2): labelled so a "+1" is not read as a printed ATK of 1.
  const mod = card.modifier ? '±' : '';
  if (card.atk !== undefined) stats.push({ label: `ATK${mod}`, value: card.atk });
  if (card.def !== undefined) stats.push({ label: `DEF${mod}`, value: card.def });
  if (card.graze !== undefined) stats.push({ label: locale === 'ja' ? 'グレイズ' : 'Graze', value: card.graze });
  return {
    game: 'pmv',
    locale,
    name: card.name[locale],
    colours: [card.type],
    cost: [
      { colour: 'node', text: String(node) },
      { colour: 'generic', text: String(cost) },
    ],
    typeLine: typeLine(card)[locale],
    text: cardText(card)[locale],
    stats,
  };
}
