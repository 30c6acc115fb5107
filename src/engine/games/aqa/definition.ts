// Aquarian Age as one definition: a card pool, no engine yet.
import { aqaCardFace } from '../../../render/games/aqa-card.ts';
import { AQA_STYLE } from '../../../render/styles/aqa.ts';
import { defineGame, definePool } from '../../definition.ts';
import { gamePrecons } from '../../precons.ts';
import { AQA_CARDS } from './cards/pool.ts';
import { cardText, skillInfo } from './cards/text.ts';
import { validateAqaDeck } from './deck-rules.ts';

export const aqaDefinition = defineGame({
  id: 'aqa',
  name: { en: 'Aquarian Age', ja: 'アクエリアンエイジ' },
  pool: definePool('aqa', AQA_CARDS, {
    text: cardText,
    // Each skill once (Rook of the Bastion has Intercept twice).
    keywords: (card) =>
      [...new Set(card.skills.map((s) => s.skill))].map((s) => {
        const { rule, ...name } = skillInfo(s);
        return { name, rule };
      }),
    face: aqaCardFace,
  }),
  deckRules: validateAqaDeck,
  precons: () => gamePrecons('aqa'),
  style: AQA_STYLE,
});
