// Force of Will (CR 8.01) as one definition: a card pool, no engine yet.
import { fowCardFace } from '../../../render/games/fow-card.ts';
import { FOW_STYLE } from '../../../render/styles/fow.ts';
import { defineGame, definePool } from '../../definition.ts';
import { gamePrecons } from '../../precons.ts';
import { FOW_CARDS } from './cards/pool.ts';
import { cardKeywords, cardText, keywordInfo } from './cards/text.ts';
import { validateFowDeck } from './deck-rules.ts';

export const fowDefinition = defineGame({
  id: 'fow',
  name: { en: 'Force of Will', ja: 'フォース・オブ・ウィル' },
  pool: definePool('fow', FOW_CARDS, {
    text: cardText,
    keywords: (card) =>
      cardKeywords(card).map((k) => {
        const { rule, ...name } = keywordInfo(k);
        return { name, rule };
      }),
    face: fowCardFace,
  }),
  deckRules: validateFowDeck,
  precons: () => gamePrecons('fow'),
  style: FOW_STYLE,
});
