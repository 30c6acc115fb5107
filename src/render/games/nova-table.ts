// The NOVA adapter: one viewer's NovaView → the renderer's table and hand models. It reads only the view, so a
// public board cannot show a card the spectator view does not hold (hands and decks are absent from it).
import type { Seat } from '../../engine/core/game.ts';
import type { Locale } from '../../engine/core/label.ts';
import { novaCard } from '../../engine/games/nova/cards/pool.ts';
import { cardText, keywordName } from '../../engine/games/nova/cards/text.ts';
import type { NovaCardView, NovaPlayerView, NovaView } from '../../engine/games/nova/view.ts';
import {
  type AdapterOptions,
  handCard,
  handModel,
  keywordsNow,
  nestAttachments,
  pipsFromCounts,
  seatName,
  tableModel,
  targetName,
} from '../adapter-helpers.ts';
import type { CardState, HandCard, HandModel, PlayerSide, TableCard, TableModel } from '../table-model.ts';

const COLOUR_ORDER = ['red', 'blue', 'green', 'white', 'black'] as const;

const WORDS = {
  energy: { en: 'Energy', ja: 'エナジー' },
  limit: { en: 'Limit level', ja: 'リミットレベル' },
  field: { en: 'Field', ja: '場' },
  energyZone: { en: 'Energy zone', ja: 'エナジーゾーン' },
  deck: { en: 'Deck', ja: 'メインデッキ' },
  hand: { en: 'Hand', ja: '手札' },
  charDeck: { en: 'Character deck', ja: 'キャラデッキ' },
  graveyard: { en: 'Graveyard', ja: '墓地' },
  exclusion: { en: 'Exclusion', ja: '除外ゾーン' },
  retired: { en: 'Retired', ja: '退場キャラ置き場' },
  waiting: { en: 'Waiting area', ja: '待機領域' },
  battle: { en: 'Battle', ja: 'バトル' },
  readyEnergy: { en: 'Unfrozen energy cards', ja: 'スタンバイ状態のエナジー' },
  types: {
    servant: { en: 'Servant', ja: 'サーバント' },
    spell: { en: 'Spell', ja: 'スペル' },
    'magic-item': { en: 'Magic Item', ja: 'マジックアイテム' },
    character: { en: 'Character', ja: 'キャラクター' },
  } as Record<string, { en: string; ja: string }>,
  equip: { en: 'Equip', ja: '装備' },
} as const;

const STOCK_LETTERS: Record<string, string> = {
  red: 'R',
  blue: 'U',
  green: 'G',
  white: 'W',
  black: 'B',
  colorless: 'C',
};

export type NovaTableOptions = AdapterOptions;

function tableCard(c: NovaCardView, locale: Locale, zone: 'field' | 'energy' | 'hand'): TableCard {
  const def = novaCard(c.card);
  const states: CardState[] = [];
  if (c.frozen && zone !== 'hand') states.push(c.type === 'character' ? 'upsideDown' : 'turned');
  if (c.destroyed) states.push('destroyedPending');
  const stats =
    c.atk !== undefined && c.hp !== undefined
      ? [
          { label: 'ATK', value: c.atk, ...(def.atk !== undefined ? { base: def.atk } : {}) },
          { label: 'HP', value: c.hp, ...(def.hp !== undefined ? { base: def.hp } : {}) },
        ]
      : [];
  return {
    face: 'up',
    id: c.id,
    cardId: c.card,
    name: c.name[locale],
    colours: [c.color === 'colorless' ? 'colourless' : c.color],
    cost: zone === 'energy' ? [] : pipsFromCounts(def.cost ?? {}, COLOUR_ORDER),
    typeLine: zone === 'energy' ? WORDS.energy[locale] : (WORDS.types[c.type]?.[locale] ?? c.type),
    stats,
    damage: c.damage,
    counters: Object.entries(c.counters).map(([name, count]) => ({ name, count })),
    states,
    // On the field, what it has now (NOVA 1001; granted ones included, e.g. 1004); named as the pool names them.
    ...(zone === 'field'
      ? {
          keywords: [
            ...(keywordsNow(c.keywords, keywordWords, locale) ?? []),
            ...(def.equip ? [{ name: WORDS.equip[locale], rule: '1005' }] : []),
          ],
        }
      : {}),
    attachments: [],
  };
}

/** A keyword's bare name ("Pierce", "貫通"), as the card pool lists it. */
function keywordWords(k: NovaCardView['keywords'][number]) {
  const n = keywordName(k);
  return { en: n.en.replace(/\.$/, ''), ja: n.ja.replace(/[【】]/g, '') };
}

function stockText(p: NovaPlayerView): string {
  const parts = Object.entries(p.stock)
    .filter(([, n]) => n > 0)
    .map(([colour, n]) => `${STOCK_LETTERS[colour] ?? colour}${n}`);
  return parts.length > 0 ? parts.join(' ') : '0';
}

function side(view: NovaView, seat: Seat, options: NovaTableOptions): PlayerSide {
  const { locale } = options;
  const p = view.players[seat];
  const field = p.field.map((c) => tableCard(c, locale, 'field'));
  const hostOf = (id: string) => p.field.find((c) => c.id === id)?.attachedTo ?? null;
  const graveTop = p.graveyard.at(-1);
  return {
    seat,
    name: seatName(options, seat),
    life: p.life,
    resources: [
      { label: WORDS.energy[locale], value: stockText(p) },
      // What can still be paid: energy-zone cards not frozen, whose energy abilities make energy (310.4).
      { label: WORDS.readyEnergy[locale], value: String(p.energy.filter((c) => !c.frozen).length) },
      { label: WORDS.limit[locale], value: String(p.limitLevel) },
    ],
    zones: [
      { label: WORDS.deck[locale], count: p.counts.deck },
      { label: WORDS.hand[locale], count: p.counts.hand },
      { label: WORDS.charDeck[locale], count: p.counts.charDeck },
      {
        label: WORDS.graveyard[locale],
        count: p.counts.graveyard,
        ...(graveTop ? { top: graveTop.name[locale] } : {}),
      },
      { label: WORDS.exclusion[locale], count: p.counts.exclusion },
      { label: WORDS.retired[locale], count: p.counts.retired },
    ],
    areas: [
      { name: WORDS.field[locale], style: 'full', cards: nestAttachments(field, hostOf) },
      { name: WORDS.energyZone[locale], style: 'compact', cards: p.energy.map((c) => tableCard(c, locale, 'energy')) },
    ],
  };
}

/** The board as `view.viewer` sees it (public for a spectator view, that seat's side at the bottom for a player). */
export function novaTableModel(view: NovaView, options: NovaTableOptions): TableModel {
  const { locale } = options;
  const nameOfTarget = (id: string): string =>
    targetName(id, options, (object) => {
      for (const seat of ['p1', 'p2'] as const) {
        const found = view.players[seat].field.find((c) => c.id === object);
        if (found) return found.name[locale];
      }
      return view.waiting.find((w) => w.id === object)?.name[locale];
    });
  return tableModel('nova', view.viewer, options, {
    turn: view.turn.number,
    phase: view.turn.phaseName[locale],
    activeSeat: view.turn.active,
    prioritySeat: view.priorityHolder,
    side: (seat) => side(view, seat, options),
    stack: {
      name: WORDS.waiting[locale],
      items: [...view.waiting].reverse().map((w) => ({
        id: w.id,
        source: w.name[locale],
        controller: w.controller,
        text: '',
        targets: w.targets.map(nameOfTarget).slice(0, 8),
      })),
    },
    combat: {
      name: WORDS.battle,
      attacks: view.combat
        ? [
            {
              attacker: nameOfTarget(view.combat.attacker),
              target: nameOfTarget(
                view.combat.target.kind === 'player' ? view.combat.target.seat : view.combat.target.id,
              ),
              blockers: view.combat.blocker ? [nameOfTarget(view.combat.blocker)] : [],
              attackerId: view.combat.attacker,
              ...(view.combat.target.kind === 'player' ? {} : { targetId: view.combat.target.id }),
              ...(view.combat.blocker ? { blockerIds: [view.combat.blocker] } : {}),
            },
          ]
        : [],
    },
    lastLog: view.log.at(-1)?.text,
  });
}

/** The owner's hand image model; `playableIds` are object ids the pending decision offers to play. */
export function novaHandModel(
  view: NovaView,
  seat: Seat,
  options: NovaTableOptions & { playableIds?: ReadonlySet<string> },
): HandModel {
  const { locale } = options;
  const p = view.players[seat];
  const entry = (c: NovaCardView): HandCard =>
    handCard(tableCard(c, locale, 'hand'), cardText(novaCard(c.card))[locale], options.playableIds?.has(c.id) ?? false);
  return handModel('nova', seat, options, { name: WORDS.hand, cards: (p.hand ?? []).map(entry) }, [
    { name: WORDS.charDeck[locale], cards: (p.charDeck ?? []).slice(0, 60).map(entry) },
  ]);
}
