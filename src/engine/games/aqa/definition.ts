// Aquarian Age as one definition: the card pool and the engine (rules summary, seed 002; rulings in
// docs/rulings/aqa.md).
import { aqaCardFace } from '../../../render/games/aqa-card.ts';
import { aqaHandModel, aqaTableModel } from '../../../render/games/aqa-table.ts';
import { AQA_STYLE } from '../../../render/styles/aqa.ts';
import { defineGame, definePool, type GamePlay } from '../../definition.ts';
import { gamePrecons, preconDeckList } from '../../precons.ts';
import { AQA_CARDS } from './cards/pool.ts';
import { cardText, skillInfo } from './cards/text.ts';
import { validateAqaDeck } from './deck-rules.ts';
import { aqa } from './index.ts';
import { logLine, phaseWords } from './log-text.ts';
import { aqaScenarioPlan } from './scenario.ts';
import { type AqaState, cardOf, PHASES } from './state.ts';
import type { AqaView } from './view.ts';

/** Public names of the engine's decision kinds. */
const DECISION_KINDS = {
  main: { en: 'main phase', ja: 'メインフェイズ' },
  respond: { en: 'responding', ja: 'レスポンス' },
  choice: { en: 'choosing', ja: '選択' },
  x: { en: 'choosing X', ja: 'Xの選択' },
  distribute: { en: 'distributing damage', ja: 'ダメージの割り振り' },
};

/** Aquarian Age's engine as the bot and tools play it (presenter, steps, decision words, fuzz decks). */
export const aqaPlay: GamePlay<AqaState, AqaView> = {
  module: aqa,
  presenter: {
    table: (view, options) => aqaTableModel(view, options),
    hand: (view, seat, options) => aqaHandModel(view, seat, options),
    log: (view) => view.log.map(({ seq, entry }) => ({ seq, text: logLine(entry) })),
    handNames: (view, seat, locale) => (view.sides[seat].hand ?? []).map((c) => cardOf(c.card).name[locale]),
  },
  steps: {
    steps: PHASES.map((id) => ({ id, name: phaseWords(id) })),
    position: (s) => ({
      turn: s.turn.number,
      active: s.turn.active,
      step: s.turn.phase === 'setup' ? 'draw' : s.turn.phase,
      waiting: s.chain.length,
    }),
  },
  decisionKinds: DECISION_KINDS,
  fuzzDecks: () => gamePrecons('aqa').map(preconDeckList),
  scenarios: { plan: aqaScenarioPlan },
};

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
  play: aqaPlay,
});
