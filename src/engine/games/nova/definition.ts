// NOVA as one definition: everything the registry, the bot, the renderer and the tools know about the game.
import { novaCardFace } from '../../../render/games/nova-card.ts';
import { novaHandModel, novaTableModel } from '../../../render/games/nova-table.ts';
import { NOVA_STYLE } from '../../../render/styles/nova.ts';
import { defineGame, definePool, type KeywordRef } from '../../definition.ts';
import { gamePrecons, preconDeckList } from '../../precons.ts';
import { NOVA_CARDS } from './cards/pool.ts';
import type { NovaCard } from './cards/schema.ts';
import { cardText, keywordName } from './cards/text.ts';
import { nova } from './index.ts';
import { novaScenarioHooks } from './scenario/hooks.ts';
import { validateNovaDeck } from './setup.ts';
import type { NovaState } from './state.ts';
import { PHASE_NAMES } from './turn.ts';
import type { NovaView } from './view.ts';

// NOVA 1002–1005: the keyword sections.
const KEYWORD_RULES: Record<NovaCard['keywords'][number], string> = {
  'quick-chant': '1002',
  gale: '1003',
  pierce: '1004',
};

function novaKeywords(card: NovaCard): KeywordRef[] {
  const refs = card.keywords.map((k) => {
    const n = keywordName(k);
    return { name: { en: n.en.replace(/\.$/, ''), ja: n.ja.replace(/[【】]/g, '') }, rule: KEYWORD_RULES[k] };
  });
  if (card.equip) refs.push({ name: { en: 'Equip', ja: '装備' }, rule: '1005' });
  return refs;
}

/** Public names of NOVA's decision kinds. */
const DECISION_KINDS = {
  'first-player': { en: 'first or second', ja: '先攻・後攻' },
  mulligan: { en: 'mulligan', ja: 'マリガン' },
  priority: { en: 'priority', ja: '優先権' },
  'order-triggers': { en: 'ordering abilities', ja: '能力の順番' },
  'cost-mode': { en: 'paying a cost', ja: 'コストの支払い' },
  payment: { en: 'paying energy', ja: 'エナジーの支払い' },
  'payment-plan': { en: 'paying energy', ja: 'エナジーの支払い' },
  'additional-cost': { en: 'an optional additional cost', ja: '任意の追加コスト' },
  'appearance-cost': { en: 'paying an appearance cost', ja: '登場コストの支払い' },
  target: { en: 'choosing a target', ja: '対象の選択' },
  attacker: { en: 'declaring an attack', ja: '攻撃宣言' },
  'attack-target': { en: 'choosing what to attack', ja: '攻撃対象の選択' },
  block: { en: 'blocking', ja: 'ブロック' },
  discard: { en: 'discarding', ja: '手札を捨てる' },
  choose: { en: 'choosing', ja: '選択' },
  'optional-cost': { en: 'deciding whether to pay', ja: 'コストを支払うかの選択' },
  'order-deck': { en: 'ordering the top of their deck', ja: 'デッキの上の順番' },
  number: { en: 'choosing a number', ja: '数値の選択' },
  'discard-effect': { en: 'discarding', ja: '手札を捨てる' },
  'draw-replacement': { en: 'deciding whether to replace a draw', ja: 'ドローを置換するかの選択' },
  'destruction-replacement': { en: 'deciding how a destruction is replaced', ja: '破壊を置換するかの選択' },
  'optional-damage-replacement': { en: 'deciding whether to replace damage', ja: 'ダメージを置換するかの選択' },
  'move-replacement': { en: 'deciding whether to replace a move', ja: '移動を置換するかの選択' },
  replacement: { en: 'ordering replacement effects', ja: '置換効果の順番' },
};

export const novaDefinition = defineGame<NovaState, NovaView>({
  id: 'nova',
  name: { en: 'NOVA', ja: 'NOVA' },
  pool: definePool('nova', NOVA_CARDS, { text: cardText, keywords: novaKeywords, face: novaCardFace }),
  deckRules: validateNovaDeck,
  precons: () => gamePrecons('nova'),
  style: NOVA_STYLE,
  play: {
    module: nova,
    presenter: {
      table: (view, options) => novaTableModel(view, options),
      hand: (view, seat, options) => novaHandModel(view, seat, options),
      log: (view) => view.log,
      handNames: (view, seat, locale) => (view.players[seat].hand ?? []).map((c) => c.name[locale]),
    },
    steps: {
      steps: Object.entries(PHASE_NAMES).map(([id, name]) => ({ id, name })),
      position: (s) => ({ turn: s.turn.number, active: s.turn.active, step: s.turn.phase, waiting: s.waiting.length }),
    },
    decisionKinds: DECISION_KINDS,
    fuzzDecks: () => gamePrecons('nova').map(preconDeckList),
    scenarios: novaScenarioHooks,
  },
});
