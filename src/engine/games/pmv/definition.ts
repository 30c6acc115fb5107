// Phantom Magic Vision (v2.05) as one definition: a card pool, no engine yet.
import { pmvCardFace } from '../../../render/games/pmv-card.ts';
import { PMV_STYLE } from '../../../render/styles/pmv.ts';
import { defineGame, definePool } from '../../definition.ts';
import { gamePrecons } from '../../precons.ts';
import { PMV_CARDS } from './cards/pool.ts';
import { cardText, keywordInfo } from './cards/text.ts';
import { validatePmvDeck } from './deck-rules.ts';

export const pmvDefinition = defineGame({
  id: 'pmv',
  name: { en: 'Phantom Magic Vision', ja: 'ファントムマジックビジョン' },
  pool: definePool('pmv', PMV_CARDS, {
    text: cardText,
    keywords: (card) =>
      card.keywords.map((k) => {
        const { rule, ...name } = keywordInfo(k.keyword);
        return { name, rule };
      }),
    face: pmvCardFace,
  }),
  deckRules: validatePmvDeck,
  precons: () => gamePrecons('pmv'),
  style: PMV_STYLE,
});
