// The Aquarian Age adapter: one viewer's AqaView → the renderer's table and hand models. It reads only the view, so
// no board shows what that viewer may not see (hands, decks, face-down power cards are counts in it).
import type { Seat } from '../../engine/core/game.ts';
import type { Locale } from '../../engine/core/label.ts';
import { cardText, skillInfo, typeLine } from '../../engine/games/aqa/cards/text.ts';
import { logLine, phaseWords } from '../../engine/games/aqa/log-text.ts';
import { cardOf, isPhase } from '../../engine/games/aqa/state.ts';
import type { AqaView, ChainView, CharacterView } from '../../engine/games/aqa/view.ts';
import {
  type AdapterOptions,
  handCard,
  handModel,
  keywordsNow,
  seatName,
  tableModel,
  targetName,
} from '../adapter-helpers.ts';
import type { CardState, HandCard, HandModel, PlayerSide, TableCard, TableModel } from '../table-model.ts';
import { aqaCardFace } from './aqa-card.ts';

const WORDS = {
  faction: { en: 'Faction area', ja: '勢力エリア' },
  control: { en: 'Control area', ja: '支配エリア' },
  damage: { en: 'Damage zone', ja: 'ダメージ置き場' },
  lasting: { en: 'Lasting cards', ja: '持続中のカード' },
  deck: { en: 'Deck', ja: 'デッキ' },
  hand: { en: 'Hand', ja: '手札' },
  discard: { en: 'Discard', ja: '捨て札' },
  attack: { en: 'Attack', ja: 'アタック' },
  chain: { en: 'Declarations', ja: '宣言' },
  power: { en: 'Power', ja: 'パワー' },
  active: { en: 'active', ja: 'アクティブ' },
  broken: { en: 'broken', ja: 'ブレイク済み' },
  respond: { en: 'responses open', ja: 'レスポンス受付中' },
} as const;

function plainCard(id: string, card: string, locale: Locale): TableCard {
  const face = aqaCardFace(cardOf(card), locale);
  return {
    face: 'up',
    id,
    cardId: card,
    name: face.name,
    colours: face.colours,
    cost: face.cost,
    typeLine: face.typeLine,
    stats: [],
    damage: 0,
    counters: [],
    states: [],
    attachments: [],
  };
}

function characterCard(c: CharacterView, locale: Locale): TableCard {
  const face = aqaCardFace(cardOf(c.card), locale);
  const card = cardOf(c.card);
  const states: CardState[] = [];
  if (c.attacking) states.push('attacking');
  if (c.guarding) states.push('blocking');
  const tags = [c.active ? WORDS.active[locale] : '', c.broken ? WORDS.broken[locale] : ''].filter((t) => t !== '');
  const ja = locale === 'ja';
  return {
    face: 'up',
    id: c.id,
    cardId: c.card,
    name: face.name,
    colours: face.colours,
    cost: face.cost,
    typeLine: tags.length > 0 ? `${face.typeLine} · ${tags.join(' · ')}` : face.typeLine,
    stats: [
      { label: ja ? '攻撃' : 'ATK', value: c.atk, ...(card.atk !== undefined ? { base: card.atk } : {}) },
      { label: ja ? '耐久' : 'DUR', value: c.dur, ...(card.dur !== undefined ? { base: card.dur } : {}) },
      { label: ja ? '精神' : 'MND', value: c.mnd, ...(typeof card.mnd === 'number' ? { base: card.mnd } : {}) },
    ],
    damage: 0,
    counters: [{ name: WORDS.power[locale], count: c.power }],
    states,
    // §11-5: skills it has now, those its permanents give included.
    keywords: keywordsNow(c.skills, skillInfo, locale),
    // The break stack under the top card, then the permanents (§9-1, §11).
    attachments: [
      ...c.stack.slice(0, -1).map((card, i) => plainCard(`${c.id}-s${i}`, card, locale)),
      ...c.permanents.map((p) => plainCard(p.id, p.card, locale)),
    ].slice(0, 12),
  };
}

function side(view: AqaView, seat: Seat, options: AdapterOptions): PlayerSide {
  const { locale } = options;
  const p = view.sides[seat];
  const faction = p.parties.flatMap((party) => party.characters);
  return {
    seat,
    name: seatName(options, seat),
    life: null,
    resources: [{ label: WORDS.damage[locale], value: `${p.damage.length}/10` }],
    zones: [
      { label: WORDS.deck[locale], count: p.deckCount },
      { label: WORDS.hand[locale], count: p.handCount },
      {
        label: WORDS.discard[locale],
        count: p.discardCount,
        ...(p.discardTop ? { top: cardOf(p.discardTop.card).name[locale] } : {}),
      },
    ],
    areas: [
      { name: WORDS.control[locale], style: 'full', cards: p.control.map((c) => characterCard(c, locale)) },
      { name: WORDS.faction[locale], style: 'full', cards: faction.map((c) => characterCard(c, locale)) },
      { name: WORDS.damage[locale], style: 'compact', cards: p.damage.map((d) => plainCard(d.id, d.card, locale)) },
      { name: WORDS.lasting[locale], style: 'compact', cards: p.lasting.map((d) => plainCard(d.id, d.card, locale)) },
    ],
  };
}

function characterName(view: AqaView, id: string, options: AdapterOptions): string {
  return targetName(id, options, (object) => {
    for (const seat of ['p1', 'p2'] as const) {
      const s = view.sides[seat];
      const found = [...s.control, ...s.parties.flatMap((p) => p.characters)].find((c) => c.id === object);
      if (found) return cardOf(found.card).name[options.locale];
    }
    return undefined;
  });
}

function chainText(item: ChainView, locale: Locale): string {
  const ja = locale === 'ja';
  switch (item.kind) {
    case 'phase': {
      const [phase = 'main', edge = 'start'] = (item.detail ?? '').split(':');
      const words = isPhase(phase) ? phaseWords(phase)[locale] : phase;
      return ja ? `${words}${edge === 'start' ? '開始' : '終了'}` : `${words} ${edge}`;
    }
    case 'faction-check':
      return ja ? `勢力チェック（${item.detail}）` : `faction check (${item.detail})`;
    case 'attack':
      return ja ? 'アタック' : 'attack';
    case 'guard':
      return ja ? 'ガード' : 'guard';
    case 'effect':
      return ja ? 'エフェクト' : 'effect';
    default:
      return item.detail ?? '';
  }
}

/** The board as `view.viewer` sees it: the declarations waiting, top first, with whether responses are open. */
export function aqaTableModel(view: AqaView, options: AdapterOptions): TableModel {
  const { locale } = options;
  const lastLog = view.log.at(-1);
  const open = view.chain.length > 0 && view.waitingFor !== null ? ` (${WORDS.respond[locale]})` : '';
  return tableModel('aqa', view.viewer, options, {
    turn: view.turn.number,
    phase: phaseWords(view.turn.phase)[locale],
    activeSeat: view.turn.active,
    prioritySeat: view.waitingFor,
    side: (seat) => side(view, seat, options),
    stack: {
      name: `${WORDS.chain[locale]}${open}`,
      items: [...view.chain]
        .reverse()
        .slice(0, 50)
        .map((item) => ({
          id: item.id,
          source: item.card ? cardOf(item.card).name[locale] : chainText(item, locale),
          controller: item.seat,
          text: item.card ? chainText(item, locale) : '',
          targets: item.targets
            .filter(() => item.kind !== 'phase')
            .map((t) => characterName(view, t, options))
            .slice(0, 8),
        })),
    },
    // The attack on the chain (§16): its attacker's top card, its target, and the guard once declared.
    combat: {
      name: WORDS.attack,
      attacks: view.chain.flatMap((item) =>
        item.kind === 'attack' && item.card !== null && item.targets[0] !== undefined
          ? [
              {
                attacker: cardOf(item.card).name[locale],
                target: characterName(view, item.targets[0], options),
                blockers: item.targets.slice(1).map((t) => characterName(view, t, options)),
                targetId: item.targets[0],
                blockerIds: item.targets.slice(1),
              },
            ]
          : [],
      ),
    },
    lastLog: lastLog && logLine(lastLog.entry),
  });
}

/** The owner's hand image model; `playableIds` are object ids the pending decision offers to play. */
export function aqaHandModel(
  view: AqaView,
  seat: Seat,
  options: AdapterOptions & { playableIds?: ReadonlySet<string> },
): HandModel {
  const { locale } = options;
  const entry = (c: { id: string; card: string }): HandCard =>
    handCard(
      plainCard(c.id, c.card, locale),
      `${typeLine(cardOf(c.card))[locale]}\n${cardText(cardOf(c.card))[locale]}`,
      options.playableIds?.has(c.id) ?? false,
    );
  return handModel('aqa', seat, options, { name: WORDS.hand, cards: (view.sides[seat].hand ?? []).map(entry) });
}
