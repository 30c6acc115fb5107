// Force of Will (CR 8.01) as one definition: the card pool and the engine.
import { fowCardFace } from '../../../render/games/fow-card.ts';
import { fowHandModel, fowTableModel } from '../../../render/games/fow-table.ts';
import { FOW_STYLE } from '../../../render/styles/fow.ts';
import { defineGame, definePool, type GamePlay } from '../../definition.ts';
import { gamePrecons, preconDeckList } from '../../precons.ts';
import { FOW_CARDS } from './cards/pool.ts';
import { cardKeywords, cardText, keywordInfo } from './cards/text.ts';
import { BANISH_SAME_RESONATOR, BANISH_UNFITTING } from './decisions.ts';
import { validateFowDeck } from './deck-rules.ts';
import { fow } from './index.ts';
import { logLine, phaseWords } from './log-text.ts';
import { fowScenarioPlan } from './scenario.ts';
import { cardOf, type FowState } from './state.ts';
import type { FowView } from './view.ts';

/** Public names of Force of Will's decision kinds. */
const DECISION_KINDS = {
  exchange: { en: 'exchanging part of the hand', ja: '手札の交換' },
  'exchange-cards': { en: 'choosing cards to exchange', ja: '交換するカードの選択' },
  priority: { en: 'priority', ja: '優先権' },
  'trigger-order': { en: 'choosing a triggered ability', ja: '誘発能力の選択' },
  target: { en: 'choosing a target', ja: '対象の選択' },
  awaken: { en: 'awakening', ja: '覚醒' },
  pay: { en: 'paying will', ja: 'ウィルの支払い' },
  attack: { en: 'declaring an attack', ja: '攻撃の宣言' },
  block: { en: 'declaring a block', ja: 'ブロックの宣言' },
  pierce: { en: 'dividing Pierce damage', ja: '貫通ダメージの割り振り' },
  discard: { en: 'discarding', ja: '手札を捨てる' },
  standby: { en: 'setting a card in the standby area', ja: '待機エリアへの配置' },
  foresee: { en: 'foreseeing', ja: '選別' },
  reveal: { en: 'revealing a Trigger or Stealth card', ja: '発動条件・潜伏カードの公開' },
  incarnate: { en: 'choosing Incarnation', ja: '顕現の選択' },
  banish: { en: 'banishing resonators', ja: 'リゾネイターの破棄' },
  face: { en: 'choosing a face', ja: '面の選択' },
  'attach-to': { en: 'choosing what to attach to', ja: '設置先の選択' },
};

/** Words for the problems of a refused banish declaration (1110.2). */
const PROBLEM_WORDS = {
  [BANISH_SAME_RESONATOR]: {
    en: 'Each line needs a different resonator.',
    ja: '項目ごとに別々のリゾネイターを選んでください。',
  },
  [BANISH_UNFITTING]: {
    en: 'Those resonators do not fill the attributes asked for.',
    ja: 'そのリゾネイターでは指定の属性を満たせません。',
  },
};

/** The steps a player can stop at: the four phases (501.1) and the battle steps (802–807) inside the main phase. */
const STEPS = [
  { id: 'draw', name: phaseWords('draw') },
  { id: 'recovery', name: phaseWords('recovery') },
  { id: 'main', name: phaseWords('main') },
  { id: 'battle-start', name: { en: 'battle start step', ja: 'バトル開始ステップ' } },
  { id: 'battle-attack', name: { en: 'attack declaration step', ja: '攻撃宣言ステップ' } },
  { id: 'battle-block', name: { en: 'block declaration step', ja: 'ブロック宣言ステップ' } },
  { id: 'battle-first-strike', name: { en: 'first-strike damage step', ja: '先制攻撃ダメージステップ' } },
  { id: 'battle-damage', name: { en: 'damage step', ja: '通常ダメージステップ' } },
  { id: 'battle-end', name: { en: 'end of battle step', ja: 'バトル終了ステップ' } },
  { id: 'end', name: phaseWords('end') },
];

/** Force of Will's engine as the bot and tools play it (presenter, steps, decision words, fuzz decks). */
export const fowPlay: GamePlay<FowState, FowView> = {
  module: fow,
  presenter: {
    table: (view, options) => fowTableModel(view, options),
    hand: (view, seat, options) => fowHandModel(view, seat, options),
    log: (view) => view.log.map(({ seq, entry }) => ({ seq, text: logLine(entry) })),
    handNames: (view, seat, locale) => (view.players[seat].hand ?? []).map((c) => cardOf(c.card).name[locale]),
  },
  steps: {
    steps: STEPS,
    position: (s) => ({
      turn: s.turn.number,
      active: s.turn.active,
      step: s.turn.battle ? `battle-${s.turn.battle}` : s.turn.phase,
      waiting: s.chase.length,
    }),
  },
  decisionKinds: DECISION_KINDS,
  problemWords: PROBLEM_WORDS,
  fuzzDecks: () => gamePrecons('fow').map(preconDeckList),
  scenarios: { plan: fowScenarioPlan },
};

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
  play: fowPlay,
});
