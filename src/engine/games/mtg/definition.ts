// Magic: The Gathering (CR 2019-01-25) as one definition: the card pool and the stage-A engine.
import { mtgCardFace } from '../../../render/games/mtg-card.ts';
import { mtgHandModel, mtgTableModel } from '../../../render/games/mtg-table.ts';
import { MTG_STYLE } from '../../../render/styles/mtg.ts';
import type { DeckList } from '../../core/game.ts';
import { defineGame, definePool, type GamePlay } from '../../definition.ts';
import { gamePrecons, preconDeckList } from '../../precons.ts';
import { MTG_CARDS } from './cards/pool.ts';
import { cardText, keywordInfo } from './cards/text.ts';
import { mtgDeckFormat, validateMtgDeck } from './deck-rules.ts';
import { mtg } from './index.ts';
import { logLine, stepWords } from './log-text.ts';
import { mtgScenarioHooks } from './scenario/hooks.ts';
import { cardOf, type MtgState, STEPS } from './state.ts';
import type { MtgView } from './view.ts';

/** Public names of MTG's decision kinds. */
const DECISION_KINDS = {
  'play-first': { en: 'play or draw', ja: '先攻・後攻' },
  mulligan: { en: 'mulligan', ja: 'マリガン' },
  scry: { en: 'scry', ja: '占術' },
  priority: { en: 'priority', ja: '優先権' },
  mode: { en: 'choosing a mode', ja: 'モードの選択' },
  x: { en: 'choosing X', ja: 'Xの選択' },
  target: { en: 'choosing a target', ja: '対象の選択' },
  pay: { en: 'paying mana', ja: 'マナの支払い' },
  sacrifice: { en: 'sacrificing', ja: '生け贄' },
  attackers: { en: 'declaring attackers', ja: '攻撃クリーチャーの指定' },
  blockers: { en: 'declaring blockers', ja: 'ブロック・クリーチャーの指定' },
  'damage-order': { en: 'ordering blockers for damage', ja: 'ダメージ割り振り順' },
  'order-triggers': { en: 'ordering triggered abilities', ja: '誘発型能力の順番' },
  may: { en: 'choosing whether to do it', ja: '実行するかの選択' },
  'legend-rule': { en: 'the legend rule', ja: 'レジェンド・ルール' },
  'assign-damage': { en: 'assigning combat damage', ja: '戦闘ダメージの割り振り' },
  'assign-split': { en: 'dividing combat damage', ja: '戦闘ダメージの配分' },
  discard: { en: 'discarding', ja: '手札を捨てる' },
  search: { en: 'searching the library', ja: 'ライブラリーの探索' },
  'prevention-order': { en: 'ordering prevention effects', ja: '軽減効果の適用順' },
  kicker: { en: 'kicker', ja: 'キッカー' },
  'shield-sources': { en: 'ordering damage against a shield', ja: '盾に対するダメージの順番' },
  'copy-choice': { en: 'choosing what to copy', ja: 'コピーするものの選択' },
  surveil: { en: 'surveil', ja: '諜報' },
  proliferate: { en: 'proliferate', ja: '増殖' },
};

/** The precons of one format (CR 100.2), as deck lists. */
function fuzzDecksOf(format: 'constructed' | 'limited'): DeckList[] {
  return gamePrecons('mtg')
    .map(preconDeckList)
    .filter((d) => mtgDeckFormat(d) === format);
}

/** MTG's engine as the bot and tools play it (presenter, steps, decision words, fuzz decks). */
export const mtgPlay: GamePlay<MtgState, MtgView> = {
  module: mtg,
  presenter: {
    table: (view, options) => mtgTableModel(view, options),
    hand: (view, seat, options) => mtgHandModel(view, seat, options),
    log: (view) => view.log.map(({ seq, entry }) => ({ seq, text: logLine(entry) })),
    handNames: (view, seat, locale) => (view.players[seat].hand ?? []).map((c) => cardOf(c.card).name[locale]),
  },
  steps: {
    steps: STEPS.map((id) => ({ id, name: stepWords(id) })),
    position: (s) => ({ turn: s.turn.number, active: s.turn.active, step: s.turn.step, waiting: s.stack.length }),
  },
  decisionKinds: DECISION_KINDS,
  // Constructed precons; every fourth game pairs two Limited ones instead (CR 100.2: one format a game, ruling D4),
  // so the other games are the ones earlier runs played.
  fuzzDecks: () => fuzzDecksOf('constructed'),
  fuzzPair: (i) => {
    const limited = i % 4 === 3;
    const decks = fuzzDecksOf(limited ? 'limited' : 'constructed');
    const k = limited ? Math.floor(i / 4) : i;
    const a = decks[k % decks.length];
    const b = decks[(k + 1) % decks.length];
    if (!a || !b) throw new Error('mtg: no fuzz decks');
    return [a, b];
  },
  scenarios: mtgScenarioHooks,
};

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
  play: mtgPlay,
});
