// Phantom Magic Vision (v2.05) as one definition: the card pool and the engine (docs/rulings/pmv.md).
import { pmvCardFace } from '../../../render/games/pmv-card.ts';
import { pmvHandModel, pmvTableModel } from '../../../render/games/pmv-table.ts';
import { PMV_STYLE } from '../../../render/styles/pmv.ts';
import { defineGame, definePool, type GamePlay } from '../../definition.ts';
import { gamePrecons, preconDeckList } from '../../precons.ts';
import { PMV_CARDS } from './cards/pool.ts';
import { cardText, keywordInfo } from './cards/text.ts';
import { validatePmvDeck } from './deck-rules.ts';
import { pmv } from './index.ts';
import { logLine, phaseWords } from './log-text.ts';
import { pmvScenarioPlan } from './scenario.ts';
import { cardOf, PHASES, type PmvState } from './state.ts';
import type { PmvView } from './view.ts';

/** Public names of the engine's decision kinds. */
const DECISION_KINDS = {
  priority: { en: 'priority', ja: '優先権' },
  target: { en: 'choosing a target', ja: '目標の指定' },
  pay: { en: 'paying nodes', ja: 'コストの支払い' },
  'gamma-order': { en: 'ordering auto effects', ja: '自動効果の解決順' },
  graze: { en: 'graze', ja: 'グレイズ' },
  discard: { en: 'discarding to the hand limit', ja: '手札の破棄' },
  'netherworld-order': { en: 'ordering cards into the netherworld', ja: '冥界に置く順番' },
  'change-target': { en: 'changing a target', ja: '目標の変更' },
  'declare-race': { en: 'declaring a race', ja: '種族の宣言' },
  'declare-name': { en: 'declaring a name', ja: '名称の宣言' },
  'as-used-effect': { en: 'choosing an effect to resolve as if used', ja: '使用したものとして解決する効果の選択' },
};

/** The engine as the bot and tools play it (presenter, phases, decision words, fuzz decks). */
export const pmvPlay: GamePlay<PmvState, PmvView> = {
  module: pmv,
  presenter: {
    table: (view, options) => pmvTableModel(view, options),
    hand: (view, seat, options) => pmvHandModel(view, seat, options),
    log: (view) => view.log.map(({ seq, entry }) => ({ seq, text: logLine(entry) })),
    handNames: (view, seat, locale) => (view.players[seat].hand ?? []).map((c) => cardOf(c.card).name[locale]),
  },
  steps: {
    // §4.2.3.a: turn start and turn end have no priority, so no stop.
    steps: PHASES.filter((id) => id !== 'turn-start' && id !== 'turn-end').map((id) => ({ id, name: phaseWords(id) })),
    position: (s) => ({
      turn: s.turn.number,
      active: s.turn.active,
      step: s.turn.phase,
      waiting: s.interferences.reduce((n, i) => n + i.entries.length + (i.attack ? 1 : 0), 0),
    }),
  },
  decisionKinds: DECISION_KINDS,
  fuzzDecks: () => gamePrecons('pmv').map(preconDeckList),
  scenarios: { plan: pmvScenarioPlan },
};

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
  play: pmvPlay,
});
