// The MTG adapter: one viewer's MtgView → the renderer's table and hand models. It reads only the view, so a
// public board cannot show a card the spectator view does not hold (hands and libraries are absent from it).
import type { Seat } from '../../engine/core/game.ts';
import type { Locale } from '../../engine/core/label.ts';
import { cardText, keywordInfo, typeLine } from '../../engine/games/mtg/cards/text.ts';
import { logLine, stepWords } from '../../engine/games/mtg/log-text.ts';
import { cardOf } from '../../engine/games/mtg/state.ts';
import type { MtgView, ObjectView } from '../../engine/games/mtg/view.ts';
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
import { mtgCardFace } from './mtg-card.ts';

const WORDS = {
  lands: { en: 'Lands', ja: '土地' },
  permanents: { en: 'Permanents', ja: 'パーマネント' },
  library: { en: 'Library', ja: 'ライブラリー' },
  hand: { en: 'Hand', ja: '手札' },
  graveyard: { en: 'Graveyard', ja: '墓地' },
  exile: { en: 'Exile', ja: '追放' },
  mana: { en: 'Mana pool', ja: 'マナ・プール' },
  stack: { en: 'Stack', ja: 'スタック' },
  trigger: { en: 'triggered ability', ja: '誘発型能力' },
  combat: { en: 'Combat', ja: '戦闘' },
  untappedLands: { en: 'Untapped lands', ja: '未タップの土地' },
  poison: { en: 'Poison', ja: '毒カウンター' },
} as const;

export type MtgTableOptions = AdapterOptions;

function tableCard(c: ObjectView, locale: Locale): TableCard {
  const face = mtgCardFace(cardOf(c.card), locale);
  const states: CardState[] = [];
  if (c.tapped) states.push('turned');
  if (c.attacking) states.push('attacking');
  if (c.blocking) states.push('blocking');
  if (c.summoningSick) states.push('actionRestricted');
  const card = cardOf(c.card);
  const stats =
    c.power !== undefined && c.toughness !== undefined
      ? [
          {
            label: locale === 'ja' ? 'パワー' : 'P',
            value: c.power,
            ...(typeof card.power === 'number' ? { base: card.power } : {}),
          },
          {
            label: locale === 'ja' ? 'タフネス' : 'T',
            value: c.toughness,
            ...(typeof card.toughness === 'number' ? { base: card.toughness } : {}),
          },
        ]
      : [];
  // CR 706.5: a permanent that entered as a copy shows the copied name and, after it, the card it is.
  const printed = c.printed !== undefined ? cardOf(c.printed).name[locale] : null;
  const copyWord = locale === 'ja' ? 'コピー' : 'copy';
  return {
    face: 'up',
    id: c.id,
    cardId: c.card,
    name: printed === null ? face.name : `${face.name} (${copyWord}: ${printed})`,
    colours: face.colours,
    cost: face.cost,
    typeLine: face.typeLine,
    stats,
    damage: c.damage,
    counters: (c.counters ?? []).map((k) => ({ name: k.kind, count: k.count })),
    states,
    keywords: keywordsNow(c.keywords, keywordInfo, locale),
    attachments: [],
  };
}

function side(view: MtgView, seat: Seat, options: MtgTableOptions): PlayerSide {
  const { locale } = options;
  const p = view.players[seat];
  const mine = view.battlefield.filter((c) => c.controller === seat);
  const isLand = (c: ObjectView) => cardOf(c.card).types.includes('land');
  const top = p.graveyard.at(-1);
  return {
    seat,
    name: seatName(options, seat),
    life: p.life,
    resources: [
      { label: WORDS.mana[locale], value: p.pool.length > 0 ? p.pool.join('') : '0' },
      // What can still be paid this step: the untapped lands beside the pool (CR 106.4, 305.1).
      { label: WORDS.untappedLands[locale], value: String(mine.filter((c) => isLand(c) && !c.tapped).length) },
      // CR 121.1c: poison counters, shown once a player has any (704.5c at ten).
      ...(p.poison ? [{ label: WORDS.poison[locale], value: String(p.poison) }] : []),
    ],
    zones: [
      { label: WORDS.library[locale], count: p.libraryCount },
      { label: WORDS.hand[locale], count: p.handCount },
      {
        label: WORDS.graveyard[locale],
        count: p.graveyard.length,
        ...(top ? { top: cardOf(top.card).name[locale] } : {}),
      },
      { label: WORDS.exile[locale], count: p.exile.length },
    ],
    areas: [
      {
        name: WORDS.permanents[locale],
        style: 'full',
        cards: mine.filter((c) => !isLand(c)).map((c) => tableCard(c, locale)),
      },
      { name: WORDS.lands[locale], style: 'compact', cards: mine.filter(isLand).map((c) => tableCard(c, locale)) },
    ],
  };
}

/** The board as `view.viewer` sees it. */
export function mtgTableModel(view: MtgView, options: MtgTableOptions): TableModel {
  const { locale } = options;
  const nameOf = (id: string | null): string =>
    targetName(id, options, (object) => {
      const found = view.battlefield.find((c) => c.id === object) ?? view.stack.find((i) => i.source === object);
      return found ? cardOf(found.card).name[locale] : undefined;
    });
  const lastLog = view.log.at(-1);
  return tableModel('mtg', view.viewer, options, {
    turn: view.turn.number,
    phase: stepWords(view.turn.step)[locale],
    activeSeat: view.turn.active,
    prioritySeat: view.waitingFor,
    side: (seat) => side(view, seat, options),
    stack: {
      name: WORDS.stack[locale],
      items: [...view.stack].reverse().map((i) => ({
        id: i.id,
        source: cardOf(i.card).name[locale],
        controller: i.controller,
        text: i.kind === 'trigger' ? WORDS.trigger[locale] : i.x !== null ? `X=${i.x}` : '',
        targets: i.targets.map(nameOf).slice(0, 8),
      })),
    },
    // CR 506.2: with two players, an attacking creature attacks the other player (no planeswalkers: stage C).
    combat: {
      name: WORDS.combat,
      attacks: view.battlefield
        .filter((c) => c.attacking)
        .map((c) => ({
          attacker: cardOf(c.card).name[locale],
          target: seatName(options, c.controller === 'p1' ? 'p2' : 'p1'),
          blockers: view.battlefield.filter((b) => b.blocking?.includes(c.id)).map((b) => cardOf(b.card).name[locale]),
          attackerId: c.id,
          blockerIds: view.battlefield.filter((b) => b.blocking?.includes(c.id)).map((b) => b.id),
        })),
    },
    lastLog: lastLog && logLine(lastLog.entry),
  });
}

/** The owner's hand image model; `playableIds` are object ids the pending decision offers to play. */
export function mtgHandModel(
  view: MtgView,
  seat: Seat,
  options: MtgTableOptions & { playableIds?: ReadonlySet<string> },
): HandModel {
  const { locale } = options;
  const entry = (c: ObjectView): HandCard =>
    handCard(
      tableCard(c, locale),
      `${typeLine(cardOf(c.card))[locale]}\n${cardText(cardOf(c.card))[locale]}`,
      options.playableIds?.has(c.id) ?? false,
    );
  return handModel('mtg', seat, options, { name: WORDS.hand, cards: (view.players[seat].hand ?? []).map(entry) });
}
