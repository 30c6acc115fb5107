// Magic: The Gathering (CR 2019-01-25) as one definition: a card pool, no engine yet.
import { mtgCardFace } from '../../../render/games/mtg-card.ts';
import { MTG_STYLE } from '../../../render/styles/mtg.ts';
import { defineGame, definePool } from '../../definition.ts';
import { gamePrecons } from '../../precons.ts';
import { MTG_CARDS } from './cards/pool.ts';
import { cardText, keywordInfo } from './cards/text.ts';
import { validateMtgDeck } from './deck-rules.ts';

export const mtgDefinition = defineGame({
  id: 'mtg',
  name: { en: 'Magic: The Gathering', ja: 'マジック：ザ・ギャザリング' },
  pool: definePool('mtg', MTG_CARDS, {
    text: cardText,
    keywords: (card) =>
      card.keywords.map((k) => {
        const { rule, ...name } = keywordInfo(k);
        return { name, rule };
      }),
    face: mtgCardFace,
  }),
  deckRules: validateMtgDeck,
  precons: () => gamePrecons('mtg'),
  style: MTG_STYLE,
});
