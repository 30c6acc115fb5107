// The Force of Will adapter: one viewer's FowView → the renderer's table and hand models. It reads only the view, so
// a public board cannot show a card the spectator view does not hold (hands, decks and the opponent's standby cards
// are absent or face down in it).
import type { Seat } from '../../engine/core/game.ts';
import type { FaceDownObjectView } from '../../engine/core/hidden.ts';
import type { Locale } from '../../engine/core/label.ts';
import type { Attribute, FowCard } from '../../engine/games/fow/cards/schema.ts';
import { ATTRIBUTES, cardText, keywordInfo, typeLine, typeNames, WEATHERS } from '../../engine/games/fow/cards/text.ts';
import { logLine, phaseWords } from '../../engine/games/fow/log-text.ts';
import { cardOf } from '../../engine/games/fow/state.ts';
import type { FowView, ObjectView } from '../../engine/games/fow/view.ts';
import {
  type AdapterOptions,
  handCard,
  handModel,
  keywordsNow,
  seatName,
  tableModel,
  targetName,
} from '../adapter-helpers.ts';
import {
  type CardState,
  faceDownCard,
  type HandCard,
  type HandModel,
  type PlayerSide,
  type TableCard,
  type TableModel,
} from '../table-model.ts';
import { fowCardFace } from './fow-card.ts';

const WORDS = {
  ruler: { en: 'Ruler / J-ruler', ja: 'ルーラー／Jルーラー' },
  field: { en: 'Field', ja: '場' },
  stones: { en: 'Magic stones', ja: '魔石' },
  main: { en: 'Main deck', ja: 'メインデッキ' },
  stoneDeck: { en: 'Magic stone deck', ja: '魔石デッキ' },
  extra: { en: 'Extra deck', ja: 'エクストラデッキ' },
  hand: { en: 'Hand', ja: '手札' },
  graveyard: { en: 'Graveyard', ja: '墓地' },
  removed: { en: 'Removed', ja: '除外エリア' },
  standby: { en: 'Standby', ja: '待機エリア' },
  runes: { en: 'Rune area', ja: 'ルーンエリア' },
  will: { en: 'Will', ja: 'ウィル' },
  coins: { en: 'Will coins', ja: 'ウィルコイン' },
  gems: { en: 'Gems', ja: '宝石' },
  worn: { en: 'Worn', ja: '纏い' },
  weather: { en: 'Weather', ja: '天候' },
  chase: { en: 'Chase', ja: 'チェイス' },
  astral: { en: 'Astral', ja: 'アストラル' },
  battle: { en: 'Battle', ja: 'バトル' },
  readyStones: { en: 'Recovered stones', ja: 'リカバー状態の魔石' },
  noRuler: { en: 'none (destroyed)', ja: 'なし（破壊）' },
  copyOf: { en: 'a copy', ja: 'コピー' },
} as const;

/**
 * The face drawn for an object: the face up (1302: a J-ruler's `back`, a colossal ruler's 2nd J-ruler `second`,
 * 1304.5a), or for a copy the copied card's face (1017.2: its name and text are that card's).
 */
function shownFace(c: ObjectView): FowCard {
  const source = c.copyOf ?? { card: c.card, face: c.face };
  const card = cardOf(source.card);
  const up = source.face === 'second' ? card.second : source.face === 'back' ? card.back : undefined;
  return up ? { ...card, ...up } : card;
}

/** A J-ruler on the field: a ruler card with its 1st or 2nd J-ruler face up (705.3, 1304.5a). */
const isJRuler = (c: ObjectView): boolean => c.face !== 'front' && cardOf(c.card).types.includes('ruler');

/** A gem's attribute in words (FoW 1027.1). */
const gemName = (attribute: Attribute, locale: Locale): string => ATTRIBUTES[attribute][locale];

export type FowTableOptions = AdapterOptions;

function tableCard(c: ObjectView, locale: Locale, attachments: TableCard[] = []): TableCard {
  const printed = shownFace(c);
  const face = fowCardFace(printed, locale);
  // 1017.2: a copy is drawn as the copied card, its type line saying which card it physically is.
  const printedLine = c.copyOf
    ? `${face.typeLine} · ${WORDS.copyOf[locale]}: ${cardOf(c.card).name[locale]}`
    : face.typeLine;
  // 1020.1: a type changed by an effect is drawn first, the printed type line after it.
  const drawnTypeLine = c.types ? `${typeNames(c.types)[locale]} (${printedLine})` : printedLine;
  const states: CardState[] = [];
  if (c.rested) states.push('turned');
  if (c.attacking) states.push('attacking');
  if (c.blocking) states.push('blocking');
  const stats =
    c.atk !== undefined && c.def !== undefined
      ? [
          { label: 'ATK', value: c.atk, ...(printed.atk !== undefined ? { base: printed.atk } : {}) },
          { label: 'DEF', value: c.def, ...(printed.def !== undefined ? { base: printed.def } : {}) },
        ]
      : face.stats;
  return {
    face: 'up',
    id: c.id,
    cardId: c.copyOf?.card ?? c.card,
    name: face.name,
    colours: face.colours,
    cost: face.cost,
    typeLine: drawnTypeLine,
    stats,
    damage: c.damage,
    counters: Object.entries(c.counters).map(([name, count]) => ({ name, count })),
    states,
    keywords: keywordsNow(c.keywords, keywordInfo, locale),
    attachments,
  };
}

function side(view: FowView, seat: Seat, options: FowTableOptions): PlayerSide {
  const { locale } = options;
  const p = view.players[seat];
  const mine = view.field.filter((c) => c.controller === seat);
  const isStone = (c: ObjectView) => cardOf(c.card).types.includes('magic-stone');
  const attachedTo = (id: string) => mine.filter((c) => c.attachedTo === id).map((c) => tableCard(c, locale));
  const jRuler = mine.filter(isJRuler);
  const graveTop = p.graveyard.at(-1);
  const standby = p.standby.map((c) =>
    'faceDown' in c ? faceDownCard(c as FaceDownObjectView) : { ...tableCard(c, locale) },
  );
  return {
    seat,
    name: seatName(options, seat),
    life: p.life,
    resources: [
      { label: WORDS.will[locale], value: p.pool.length > 0 ? p.pool.join(' ') : '0' },
      // Will still to be had: the recovered magic stones beside the pool (FoW 905.1, 1018).
      { label: WORDS.readyStones[locale], value: String(mine.filter((c) => isStone(c) && !c.rested).length) },
      ...(p.coins.length > 0 ? [{ label: WORDS.coins[locale], value: String(p.coins.length) }] : []),
      // FoW 1027.1: gems in the item area, by attribute.
      ...(p.gems.length > 0
        ? [{ label: WORDS.gems[locale], value: p.gems.map((g) => gemName(g, locale)).join(' ') }]
        : []),
      // FoW 1032.1, 313.2: the cards in the item area (worn by the J/ruler), public.
      ...(p.items.length > 0
        ? [{ label: WORDS.worn[locale], value: p.items.map((c) => cardOf(c.card).name[locale]).join(', ') }]
        : []),
      // FoW 1028.1: the player's weather, once they have one.
      ...(p.weather ? [{ label: WORDS.weather[locale], value: WEATHERS[p.weather][locale] }] : []),
      ...(p.astral ? [{ label: WORDS.astral[locale], value: '✓' }] : []),
      // FoW 1010.2, ruling F-DESTROY-RULER: no ruler in the ruler area and no J-ruler on the field.
      ...(!p.ruler && jRuler.length === 0 ? [{ label: WORDS.ruler[locale], value: WORDS.noRuler[locale] }] : []),
    ],
    zones: [
      { label: WORDS.main[locale], count: p.mainCount },
      { label: WORDS.stoneDeck[locale], count: p.stonesCount },
      // FoW 314.2: the extra deck's cards are hidden from the opponent, its size is public; the board shows the count.
      { label: WORDS.extra[locale], count: p.extraCount },
      { label: WORDS.hand[locale], count: p.handCount },
      {
        label: WORDS.graveyard[locale],
        count: p.graveyard.length,
        ...(graveTop ? { top: cardOf(graveTop.card).name[locale] } : {}),
      },
      { label: WORDS.removed[locale], count: p.removed.length },
      { label: WORDS.standby[locale], count: p.standby.length },
    ],
    areas: [
      {
        name: WORDS.ruler[locale],
        style: 'full',
        cards: [
          ...(p.ruler ? [tableCard(p.ruler, locale)] : []),
          ...jRuler.map((c) => tableCard(c, locale, attachedTo(c.id))),
        ],
      },
      {
        name: WORDS.field[locale],
        style: 'full',
        cards: mine
          .filter((c) => !isStone(c) && !isJRuler(c) && !c.attachedTo)
          .map((c) => tableCard(c, locale, attachedTo(c.id))),
      },
      { name: WORDS.stones[locale], style: 'compact', cards: mine.filter(isStone).map((c) => tableCard(c, locale)) },
      { name: WORDS.standby[locale], style: 'compact', cards: standby },
      {
        name: WORDS.runes[locale],
        style: 'compact',
        cards: p.runes.map((c) => ('faceDown' in c ? faceDownCard(c as FaceDownObjectView) : tableCard(c, locale))),
      },
    ],
  };
}

/** The board as `view.viewer` sees it. */
export function fowTableModel(view: FowView, options: FowTableOptions): TableModel {
  const { locale } = options;
  const nameOf = (id: string | null): string =>
    targetName(id, options, (object) => {
      const found = view.field.find((c) => c.id === object);
      if (found) return shownFace(found).name[locale];
      const item = view.chase.find((i) => i.id === object);
      return item ? cardOf(item.card).name[locale] : undefined;
    });
  const lastLog = view.log.at(-1);
  const battle = view.turn.battle ? ` (${locale === 'ja' ? 'バトル' : 'battle'}: ${view.turn.battle})` : '';
  return tableModel('fow', view.viewer, options, {
    turn: view.turn.number,
    phase: `${phaseWords(view.turn.phase)[locale]}${battle}`,
    activeSeat: view.turn.active,
    prioritySeat: view.waitingFor,
    side: (seat) => side(view, seat, options),
    stack: {
      name: WORDS.chase[locale],
      items: [...view.chase].reverse().map((i) => ({
        id: i.id,
        source: cardOf(i.card).name[locale],
        controller: i.controller,
        text:
          i.kind === 'judgment'
            ? locale === 'ja'
              ? 'ジャッジメント'
              : 'Judgment'
            : i.kind === 'card'
              ? ''
              : locale === 'ja'
                ? '能力'
                : 'ability',
        targets: i.targets.map(nameOf).slice(0, 8),
      })),
    },
    combat: {
      name: WORDS.battle,
      attacks:
        view.battle?.attacker && view.battle.target
          ? [
              {
                attacker: nameOf(view.battle.attacker),
                target: nameOf(view.battle.target),
                blockers: view.battle.blocker ? [nameOf(view.battle.blocker)] : [],
                attackerId: view.battle.attacker,
                targetId: view.battle.target,
                ...(view.battle.blocker ? { blockerIds: [view.battle.blocker] } : {}),
              },
            ]
          : [],
    },
    lastLog: lastLog && logLine(lastLog.entry),
  });
}

/** The owner's hand image model, with their standby area as a private zone. */
export function fowHandModel(
  view: FowView,
  seat: Seat,
  options: FowTableOptions & { playableIds?: ReadonlySet<string> },
): HandModel {
  const { locale } = options;
  const p = view.players[seat];
  const entry = (c: ObjectView): HandCard =>
    handCard(
      tableCard(c, locale),
      `${typeLine(cardOf(c.card))[locale]}\n${cardText(cardOf(c.card))[locale]}`,
      options.playableIds?.has(c.id) ?? false,
    );
  const standby = p.standby.filter((c): c is ObjectView => !('faceDown' in c));
  return handModel(
    'fow',
    seat,
    options,
    { name: WORDS.hand, cards: (p.hand ?? []).map(entry) },
    standby.length > 0 ? [{ name: WORDS.standby[locale], cards: standby.slice(0, 60).map(entry) }] : [],
  );
}
