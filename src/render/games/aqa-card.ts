// The card look-up face of an Aquarian Age card. Our faction names sit in the six priority slots of §22-4; the
// AQA style's colour keys are those slots' colours, so each faction takes the colour of its slot.
import type { AqaCard, Faction } from '../../engine/games/aqa/cards/schema.ts';
import { cardText, typeLine } from '../../engine/games/aqa/cards/text.ts';
import type { CardFace } from '../table-model.ts';

const SLOT_COLOUR: Record<Faction, string> = {
  psyche: 'ego',
  kagura: 'arayashiki',
  grimoire: 'wizdom',
  wildwood: 'darklore',
  meridian: 'polestar',
  null: 'eraser',
};

export function aqaCardFace(card: AqaCard, locale: 'en' | 'ja'): CardFace {
  const cost: CardFace['cost'] = [];
  // §19: the required factor as faction pips with the count; §20: the cost.
  if (card.requiredFactor)
    cost.push({ colour: SLOT_COLOUR[card.requiredFactor.faction], text: String(card.requiredFactor.count) });
  if (card.cost !== undefined) cost.push({ colour: 'generic', text: String(card.cost) });
  const stats: CardFace['stats'] = [];
  const ja = locale === 'ja';
  if (card.atk !== undefined) stats.push({ label: ja ? '攻撃' : 'ATK', value: card.atk });
  if (card.dur !== undefined) stats.push({ label: ja ? '耐久' : 'DUR', value: card.dur });
  if (typeof card.mnd === 'number') stats.push({ label: ja ? '精神' : 'MND', value: card.mnd });
  if (card.mentalAttack !== undefined) stats.push({ label: ja ? '精神攻撃' : 'MA', value: card.mentalAttack });
  return {
    game: 'aqa',
    locale,
    name: card.name[locale],
    colours: card.factions.length > 0 ? card.factions.map((f) => SLOT_COLOUR[f]) : ['factionless'],
    cost,
    typeLine: typeLine(card)[locale],
    text: cardText(card)[locale],
    stats,
  };
}
