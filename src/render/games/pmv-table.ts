// The Phantom Magic Vision adapter: one viewer's PmvView → the renderer's table and hand models. It reads only the
// view, so nodes the viewer may not know are drawn as card backs and hands are absent from the public board.
import type { Seat } from '../../engine/core/game.ts';
import type { FaceDownObjectView } from '../../engine/core/hidden.ts';
import type { Locale } from '../../engine/core/label.ts';
import { cardText, keywordInfo, typeLine } from '../../engine/games/pmv/cards/text.ts';
import { logLine, phaseWords } from '../../engine/games/pmv/log-text.ts';
import { cardOf } from '../../engine/games/pmv/state.ts';
import type { FaceDownFieldView, ObjectView, PmvView } from '../../engine/games/pmv/view.ts';
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
import { pmvCardFace } from './pmv-card.ts';

const WORDS = {
  gone: { en: '(gone)', ja: '（いなくなった目標）' },
  field: { en: 'Field', ja: '場' },
  nodes: { en: 'Nodes', ja: 'ノード' },
  deck: { en: 'Deck', ja: 'デッキ' },
  hand: { en: 'Hand', ja: '手札' },
  netherworld: { en: 'Netherworld', ja: '冥界' },
  hell: { en: 'Hell', ja: '地獄' },
  excluded: { en: 'Excluded', ja: '除外エリア' },
  sideboard: { en: 'Sideboard', ja: 'サイドボード' },
  popularity: { en: 'Popularity', ja: '人気' },
  interference: { en: 'Interference', ja: '干渉' },
  activeNodes: { en: 'Active nodes', ja: 'アクティブのノード' },
  attack: { en: 'attack', ja: '攻撃' },
  attackTag: { en: 'Attack', ja: '攻撃' },
  defender: { en: 'defender', ja: '防御' },
  cancelled: { en: 'cancelled', ja: '取り消し' },
  faceDown: { en: 'a face-down character', ja: '裏向きのキャラクター' },
} as const;

export type PmvTableOptions = AdapterOptions;

function tableCard(c: ObjectView, locale: Locale): TableCard {
  const card = cardOf(c.card);
  const face = pmvCardFace(card, locale);
  const states: CardState[] = [];
  if (!c.active) states.push('turned');
  if (c.attacking) states.push('attacking');
  if (c.defending) states.push('blocking');
  const popularity = (c.attachments ?? []).filter((a) => a.popularity).length;
  // §6.1.7: a face-down card the viewer sees (its owner's) is a 1/1 with no graze, whatever its face says.
  const printed: { atk?: number | undefined; def?: number | undefined; graze?: number | undefined } = c.turnedFaceDown
    ? {}
    : card;
  const stats =
    c.atk !== undefined && c.def !== undefined
      ? [
          { label: 'ATK', value: c.atk, ...(printed.atk !== undefined ? { base: printed.atk } : {}) },
          { label: 'DEF', value: c.def, ...(printed.def !== undefined ? { base: printed.def } : {}) },
          ...(printed.graze !== undefined
            ? [{ label: locale === 'ja' ? 'グレイズ' : 'Graze', value: printed.graze }]
            : []),
        ]
      : face.stats;
  return {
    face: 'up',
    id: c.id,
    cardId: c.card,
    name: face.name,
    colours: face.colours,
    cost: face.cost,
    typeLine: face.typeLine,
    stats,
    damage: c.damage ?? 0,
    // §10.34: a Leader's popularity cards are counted on it (they stay listed among its attachments).
    counters: popularity > 0 ? [{ name: WORDS.popularity[locale], count: popularity }] : [],
    states,
    keywords: keywordsNow(c.keywords, keywordInfo, locale),
    attachments: (c.attachments ?? []).slice(0, 12).map((a) => tableCard(a, locale)),
  };
}

function nodeCard(c: ObjectView | FaceDownObjectView, locale: Locale): TableCard {
  return 'faceDown' in c ? faceDownCard(c) : tableCard(c, locale);
}

/** §5.7: a face-down field card the viewer may not see is a card back, its attachments face up beside it. */
function fieldCard(c: ObjectView | FaceDownFieldView, locale: Locale): TableCard {
  if (!('faceDown' in c)) return tableCard(c, locale);
  const back = faceDownCard(
    c,
    (c.attachments ?? []).slice(0, 12).map((a) => tableCard(a, locale)),
  );
  if (c.attacking) back.states.push('attacking');
  if (c.defending) back.states.push('blocking');
  return back;
}

/** The card id of a field card the viewer sees face up (none for a card back). */
const seenCard = (c: ObjectView | FaceDownFieldView | undefined): string | undefined =>
  c && !('faceDown' in c) ? c.card : undefined;

function side(view: PmvView, seat: Seat, options: PmvTableOptions): PlayerSide {
  const { locale } = options;
  const p = view.players[seat];
  const top = p.netherworld.at(-1);
  const activeNodes = p.nodes.filter((n) => ('faceDown' in n ? !n.turned : n.active)).length;
  return {
    seat,
    name: seatName(options, seat),
    life: p.lp,
    resources: [{ label: WORDS.activeNodes[locale], value: `${activeNodes}/${p.nodes.length}` }],
    zones: [
      { label: WORDS.deck[locale], count: p.deckCount },
      { label: WORDS.hand[locale], count: p.handCount },
      {
        label: (p.hell ? WORDS.hell : WORDS.netherworld)[locale],
        count: p.netherworld.length,
        ...(top ? { top: cardOf(top.card).name[locale] } : {}),
      },
      { label: WORDS.excluded[locale], count: p.excluded.length },
      // §3.9.3: the sideboard's size is public (its cards are the owner's to see).
      ...(p.sideboardCount > 0 ? [{ label: WORDS.sideboard[locale], count: p.sideboardCount }] : []),
    ],
    areas: [
      {
        name: WORDS.field[locale],
        style: 'full',
        cards: view.field.filter((c) => c.owner === seat).map((c) => fieldCard(c, locale)),
      },
      { name: WORDS.nodes[locale], style: 'compact', cards: p.nodes.map((n) => nodeCard(n, locale)) },
    ],
  };
}

/** The board as `view.viewer` sees it; the interferences are listed innermost first, each item naming its frame. */
export function pmvTableModel(view: PmvView, options: PmvTableOptions): TableModel {
  const { locale } = options;
  const nameOf = (id: string | null): string =>
    targetName(
      id,
      options,
      (object) => {
        const onField = view.field.find((c) => c.id === object);
        if (onField) {
          const card = seenCard(onField);
          return card ? cardOf(card).name[locale] : WORDS.faceDown[locale];
        }
        const found = view.interferences.flatMap((i) => i.entries).find((e) => e.source === object);
        return found ? cardOf(found.card).name[locale] : undefined;
      },
      WORDS.gone,
    );
  const items: TableModel['stack']['items'] = [];
  [...view.interferences].reverse().forEach((i, depth) => {
    const frame = `${WORDS.interference[locale]} ${view.interferences.length - depth}`;
    for (const e of [...i.entries].reverse())
      items.push({
        id: e.id,
        source: cardOf(e.card).name[locale],
        controller: e.controller,
        text: `${frame}${e.defends ? ` (${WORDS.defender[locale]})` : ''}`,
        targets: e.targets.map(nameOf).slice(0, 8),
      });
    if (i.attack) {
      const attacker = i.attack.attacker;
      const attackerCard = seenCard(attacker ? view.field.find((c) => c.id === attacker) : undefined);
      items.push({
        id: `attack-${i.id}`,
        source: attackerCard ? cardOf(attackerCard).name[locale] : nameOf(attacker),
        controller: i.attack.player === 'p1' ? 'p2' : 'p1',
        text: `${frame}: ${WORDS.attack[locale]}${i.attack.cancelled ? ` (${WORDS.cancelled[locale]})` : ''}`,
        targets: [i.attack.defender ? nameOf(i.attack.defender) : nameOf(i.attack.player)],
      });
    }
  });
  const lastLog = view.log.at(-1);
  return tableModel('pmv', view.viewer, options, {
    turn: view.turn.number,
    phase: phaseWords(view.turn.phase)[locale],
    activeSeat: view.turn.active,
    prioritySeat: view.waitingFor,
    side: (seat) => side(view, seat, options),
    stack: { name: WORDS.interference[locale], items: items.slice(0, 50) },
    // §6.2: the live attack (the innermost interference's, not cancelled), its target and the defending card.
    combat: {
      name: WORDS.attackTag,
      attacks: view.interferences
        .flatMap((i) => (i.attack && !i.attack.cancelled && i.attack.attacker ? [i.attack] : []))
        .slice(-1)
        .map((a) => ({
          attacker: nameOf(a.attacker),
          target: nameOf(a.player),
          blockers: a.defender ? [nameOf(a.defender)] : [],
          ...(a.attacker ? { attackerId: a.attacker } : {}),
          ...(a.defender ? { blockerIds: [a.defender] } : {}),
        })),
    },
    lastLog: lastLog && logLine(lastLog.entry),
  });
}

/** The owner's hand image model; `playableIds` are object ids the pending decision offers to play. */
export function pmvHandModel(
  view: PmvView,
  seat: Seat,
  options: PmvTableOptions & { playableIds?: ReadonlySet<string> },
): HandModel {
  const { locale } = options;
  const p = view.players[seat];
  const entry = (c: ObjectView): HandCard =>
    handCard(
      tableCard(c, locale),
      `${typeLine(cardOf(c.card))[locale]}\n${cardText(cardOf(c.card))[locale]}`,
      options.playableIds?.has(c.id) ?? false,
    );
  const knownNodes = p.nodes.filter((n): n is ObjectView => !('faceDown' in n));
  return handModel(
    'pmv',
    seat,
    options,
    { name: WORDS.hand, cards: (p.hand ?? []).map(entry) },
    knownNodes.length > 0 ? [{ name: WORDS.nodes[locale], cards: knownNodes.slice(0, 60).map(entry) }] : [],
  );
}
