/**
 * Skirmish as a registered game: everything a game supplies, in its own folder, through public APIs only (the
 * shape of `src/engine/games/<id>/definition.ts`). Tests put it in a registry of their own
 * (`createRegistry([...GAMES.games, skirmishDefinition])`), and /duel, the scenario runner, the fuzzer and the
 * renderer then play it like any other game. Words are made here, from the per-viewer view, at view time.
 */
import type { DeckList, Seat } from '../../src/engine/core/game.ts';
import { type Label, type Locale, label } from '../../src/engine/core/label.ts';
import {
  defineGame,
  definePool,
  type GameSteps,
  type PoolCard,
  type ScenarioPlan,
} from '../../src/engine/definition.ts';
import type { PreconDeck } from '../../src/engine/precons.ts';
import { BASE_STYLE } from '../../src/render/styles/base.ts';
import {
  faceDownCard,
  type HandModel,
  type PlayerSide,
  type TableCard,
  type TableModel,
} from '../../src/render/table-model.ts';
import { cardOf, TOY_CARDS, TOY_DECKS, type ToyCard, type ToyEffect } from './cards.ts';
import { toy, validateToyDeck } from './index.ts';
import { skirmishPlan } from './scenario.ts';
import { TOY_GAME_ID, type ToyState } from './state.ts';
import type { ObjectView, ToyView } from './view.ts';

type PoolEntry = PoolCard & { card: ToyCard };
const POOL = new Map<string, PoolEntry>(
  Object.entries(TOY_CARDS).map(([id, card]) => [id, { id, name: card.name, card }]),
);

const TYPE_WORDS: Record<ToyCard['type'], Label> = {
  spell: label('Spell', '呪文'),
  unit: label('Unit', 'ユニット'),
  ward: label('Ward', '守り'),
  trap: label('Trap', '罠'),
};

function effectText(e: ToyEffect): Label {
  switch (e.do) {
    case 'damage':
      return label(`Deal ${e.amount} damage to the target.`, `対象に${e.amount}ダメージ。`);
    case 'draw':
      return label(`Draw ${e.count} card(s).`, `カードを${e.count}枚引く。`);
    case 'boost':
      return label(`Your units get +${e.amount} power.`, `自分のユニットのパワー+${e.amount}。`);
    case 'play-another':
      return label('You may play another card.', 'もう1枚プレイしてよい。');
    case 'drain':
      return label('Your opponent loses life equal to its power.', '相手はそのパワーに等しいライフを失う。');
  }
}

/** A card's rules text, in our words, from its data (TOY 3, 6.2, 7.1). */
export function cardText(card: ToyCard): Label {
  const join = (parts: Label[]) => label(parts.map((p) => p.en).join(' '), parts.map((p) => p.ja).join(''));
  switch (card.type) {
    case 'spell':
      return join(card.effects.map((e) => (e.do === 'code' ? e.text : effectText(e))));
    case 'unit':
      return card.onDeath ? join([label('When this dies:', '死亡時：'), effectText(card.onDeath)]) : label('', '');
    case 'ward':
      return card.ward === 'halve'
        ? label('Damage to you is halved (rounded down).', '自分へのダメージを半分（切り捨て）にする。')
        : label('Damage to you is reduced by 1.', '自分へのダメージを1減らす。');
    case 'trap':
      return join([
        label('Set face down; flip:', '裏向きでセット。表にしたとき：'),
        ...card.flip.map((e) => (e.do === 'code' ? e.text : effectText(e))),
      ]);
  }
}

/** A known card drawn face up; `setFaceDown` marks the owner's own face-down card. */
function faceUp(o: ObjectView & { card: string }, locale: Locale): TableCard {
  const card = cardOf(o.card);
  const type = TYPE_WORDS[card.type][locale];
  return {
    face: 'up',
    id: o.id,
    name: card.name[locale],
    colours: [card.type],
    cost: [],
    typeLine: o.faceDown ? `${type} · ${locale === 'en' ? 'set face down' : '裏向き'}` : type,
    stats:
      card.type === 'unit'
        ? [
            { label: locale === 'en' ? 'Power' : 'パワー', value: card.power + o.counters, base: card.power },
            { label: locale === 'en' ? 'Toughness' : '耐久', value: card.toughness },
          ]
        : [],
    damage: o.damage,
    counters: o.counters > 0 ? [{ name: locale === 'en' ? 'Rally' : '鼓舞', count: o.counters }] : [],
    states: [],
    attachments: [],
  };
}

/** TOY 3.3: a card the viewer may not know is a card back; only its id reaches the model. */
function tile(o: ObjectView, locale: Locale): TableCard {
  return o.card === undefined ? faceDownCard({ id: o.id, faceDown: true }) : faceUp({ ...o, card: o.card }, locale);
}

const words = (en: string, ja: string, locale: Locale) => (locale === 'en' ? en : ja);

function table(view: ToyView, locale: Locale, names: Record<Seat, string>): TableModel {
  const side = (seat: Seat): PlayerSide => {
    const s = view.sides[seat];
    return {
      seat,
      name: names[seat],
      life: s.life,
      resources: [],
      zones: [
        { label: words('Deck', 'デッキ', locale), count: s.deckCount },
        { label: words('Hand', '手札', locale), count: s.handCount },
        { label: words('Graveyard', '墓地', locale), count: s.graveyard.length },
      ],
      areas: [
        { name: words('Board', '場', locale), style: 'full', cards: s.board.map((o) => tile(o, locale)) },
        { name: words('Graveyard', '墓地', locale), style: 'compact', cards: s.graveyard.map((o) => tile(o, locale)) },
      ],
    };
  };
  const targetName = (target: string | null): string[] => {
    if (target === null) return [];
    if (target === 'p1' || target === 'p2') return [names[target]];
    const onBoard = [...view.sides.p1.board, ...view.sides.p2.board].find((o) => o.id === target);
    return [onBoard?.card === undefined ? target : cardOf(onBoard.card).name[locale]];
  };
  return {
    game: TOY_GAME_ID,
    locale,
    viewer: view.seat ? { kind: 'seat', seat: view.seat } : { kind: 'public' },
    turn: view.turn.number,
    activeSeat: view.turn.active,
    prioritySeat: view.waitingFor,
    players: { p1: side('p1'), p2: side('p2') },
    stack: {
      name: words('Stack', 'スタック', locale),
      // Top (resolves first) first.
      items: [...view.stack].reverse().map((item) => ({
        id: item.id,
        source:
          item.source.card === undefined
            ? words('Face-down card', '裏向きのカード', locale)
            : cardOf(item.source.card).name[locale],
        controller: item.controller,
        text:
          item.kind === 'trigger'
            ? words('When it died', '死亡時', locale)
            : item.kind === 'flip'
              ? words('Flipped', '表にした', locale)
              : '',
        targets: targetName(item.target),
      })),
    },
    lastAction: null,
  };
}

function hand(
  view: ToyView,
  seat: Seat,
  locale: Locale,
  names: Record<Seat, string>,
  playable: ReadonlySet<string>,
): HandModel {
  return {
    game: TOY_GAME_ID,
    locale,
    seat,
    playerName: names[seat],
    hand: {
      name: words('Hand', '手札', locale),
      cards: (view.sides[seat].hand ?? []).map((o) => ({
        card: tile(o, locale),
        text: o.card === undefined ? '' : cardText(cardOf(o.card))[locale],
        playable: playable.has(o.id),
      })),
    },
    privateZones: [],
  };
}

function precon(id: string, main: readonly string[], name: Label): PreconDeck {
  const counts = new Map<string, number>();
  for (const card of main) counts.set(card, (counts.get(card) ?? 0) + 1);
  return {
    id,
    name: { en: name.en, ja: name.ja },
    game: TOY_GAME_ID,
    sections: { main: [...counts].map(([card, count]) => ({ card, count })) },
  };
}

/**
 * Where a match stands, read from the root frame's step (the turn procedure, turn.ts): while the main window runs
 * the turn waits at `attack`; the declaration and its damage are `declared`/`after-combat`; the last window is `end`.
 */
const ROOT_STEP_TO_STEP: Record<string, string> = {
  draw: 'main',
  main: 'main',
  attack: 'main',
  declared: 'attack',
  'after-combat': 'attack',
  end: 'end',
};

export const SKIRMISH_STEPS: GameSteps<ToyState> = {
  steps: [
    { id: 'main', name: label('Main window', 'メイン') },
    { id: 'attack', name: label('Attack', '攻撃') },
    { id: 'end', name: label('After combat', '戦闘後') },
  ],
  position: (s) => ({
    turn: s.turn.number,
    active: s.turn.active,
    step: ROOT_STEP_TO_STEP[s.procedures.frames[0]?.step ?? 'main'] ?? 'main',
    waiting: s.stack.length,
  }),
};

const deckOf = (main: readonly string[]): DeckList => ({ main: [...main] });

export const skirmishDefinition = defineGame<ToyState, ToyView>({
  id: TOY_GAME_ID,
  name: toy.name,
  pool: definePool(TOY_GAME_ID, POOL, {
    text: (entry) => cardText(entry.card),
    keywords: () => [],
  }),
  deckRules: validateToyDeck,
  precons: () => [
    precon('toy-skirmish-aggro', TOY_DECKS.aggro, label('Aggro', '速攻')),
    precon('toy-skirmish-guard', TOY_DECKS.guard, label('Guard', '守備')),
  ],
  style: {
    ...BASE_STYLE,
    accent: '#d08a3c',
    colours: {
      spell: { fill: '#b8573f', ink: '#ffffff' },
      unit: { fill: '#4f7fb8', ink: '#ffffff' },
      ward: { fill: '#6aa36f', ink: '#111418' },
      trap: { fill: '#8b6bb0', ink: '#ffffff' },
    },
    motif: 'facets',
  },
  play: {
    module: toy,
    presenter: {
      table: (view, options) => table(view, options.locale, options.names),
      hand: (view, seat, options) => hand(view, seat, options.locale, options.names, options.playableIds),
      // Skirmish keeps no log (index.ts).
      log: () => [],
      handNames: (view, seat, locale) =>
        (view.sides[seat].hand ?? []).flatMap((o) => (o.card === undefined ? [] : [cardOf(o.card).name[locale]])),
    },
    steps: SKIRMISH_STEPS,
    decisionKinds: {
      priority: label('priority', '優先権'),
      target: label('choosing a target', '対象の選択'),
      'extra-play': label('playing another card', '追加のプレイ'),
      attackers: label('declaring attackers', '攻撃の宣言'),
      'damage-replacement-order': label('ordering wards', '守りの順番'),
    },
    problemWords: {
      'attack-power-over-limit': label(
        'the attackers have more than 4 power in total.',
        '攻撃するユニットのパワー合計が4を超えています。',
      ),
    },
    fuzzDecks: () => [deckOf(TOY_DECKS.aggro), deckOf(TOY_DECKS.guard)],
    scenarios: { plan: (raw: unknown, file: string): ScenarioPlan<ToyState> => skirmishPlan(raw, file) },
  },
});
