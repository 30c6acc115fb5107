// Two copies of one card side by side (two Ember Wolves in hand, two on a field) look the same in a picture and on
// a button. Each copy of a name that appears more than once in a group gets a mark by its position in that group,
// "Ember Wolf (1)", "Ember Wolf (2)" (issue 26 item 7), and the same mark goes on every button or select option about
// that object, so the picture and the controls agree. Groups: the hand, each private zone, and each player's full
// areas (field, standby area) taken together in drawing order. Compact areas (energy, lands, stones) are left alone:
// the board stacks their equal cards as "×2", and the controls number those options among themselves instead.
// Game-agnostic: works on the render models every adapter builds.
import type { Seat } from '../engine/core/game.ts';
import type { Locale } from '../engine/core/label.ts';
import type { HandCard, HandModel, TableCard, TableModel } from './table-model.ts';

/** The mark after a copy's name: "(2)" in English, "（2）" in Japanese. */
export function copyMark(n: number, locale: Locale): string {
  return locale === 'ja' ? `（${n}）` : ` (${n})`;
}

/** Object id → the copy's name as drawn (without its mark), its mark number and the language of the name. */
export type CopyMarks = Map<string, { name: string; n: number; locale: Locale }>;

/** Names with the copies of a repeated name numbered by position ("A", "B (1)", "B (2)"). */
export function markNames(names: readonly string[], locale: Locale): string[] {
  const total = new Map<string, number>();
  for (const name of names) total.set(name, (total.get(name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return names.map((name) => {
    if ((total.get(name) ?? 0) < 2) return name;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return `${name}${copyMark(n, locale)}`;
  });
}

/** The face-up cards of a group in drawing order, each host before what is attached to it. */
function walk(cards: readonly TableCard[], out: TableCard[] = []): TableCard[] {
  for (const card of cards) {
    out.push(card);
    walk(card.attachments, out);
  }
  return out;
}

/** Records the marks of one group and returns a function that renames a card of it. */
function markGroup(cards: readonly TableCard[], locale: Locale, marks: CopyMarks): (card: TableCard) => TableCard {
  const up = walk(cards).filter((c) => c.face === 'up');
  const marked = markNames(
    up.map((c) => (c.face === 'up' ? c.name : '')),
    locale,
  );
  const renamed = new Map<string, string>();
  const seen = new Map<string, number>();
  up.forEach((card, i) => {
    if (card.face !== 'up' || marked[i] === card.name) return;
    const n = (seen.get(card.name) ?? 0) + 1;
    seen.set(card.name, n);
    marks.set(card.id, { name: card.name, n, locale });
    renamed.set(card.id, marked[i] as string);
  });
  const rename = (card: TableCard): TableCard => {
    const attachments = card.attachments.map(rename);
    const name = renamed.get(card.id);
    if (card.face === 'up' && name !== undefined) return { ...card, name, attachments };
    return card.attachments.length > 0 ? { ...card, attachments } : card;
  };
  return rename;
}

/** The board with repeated names on each player's full areas marked, and the marks by object id. */
export function markTableCopies(
  table: TableModel,
  marks: CopyMarks = new Map(),
): { table: TableModel; marks: CopyMarks } {
  const side = (seat: Seat) => {
    const player = table.players[seat];
    const full = player.areas.filter((a) => a.style === 'full');
    const rename = markGroup(
      full.flatMap((a) => a.cards),
      table.locale,
      marks,
    );
    return {
      ...player,
      areas: player.areas.map((a) => (a.style === 'full' ? { ...a, cards: a.cards.map(rename) } : a)),
    };
  };
  const players = { p1: side('p1'), p2: side('p2') };
  // The attack lines name cards: a marked copy reads there as on the field.
  const marked = (name: string, id: string | undefined) => {
    const mark = id === undefined ? undefined : marks.get(id);
    return mark && mark.name === name ? `${name}${copyMark(mark.n, mark.locale)}` : name;
  };
  const combat = table.combat && {
    ...table.combat,
    attacks: table.combat.attacks.map((a) => ({
      ...a,
      attacker: marked(a.attacker, a.attackerId),
      target: marked(a.target, a.targetId),
      blockers: a.blockers.map((b, i) => marked(b, a.blockerIds?.[i])),
    })),
  };
  return { table: { ...table, players, ...(combat ? { combat } : {}) }, marks };
}

/** The hand image with repeated names in the hand (and in each private zone) marked, and the marks by object id. */
export function markHandCopies(hand: HandModel, marks: CopyMarks = new Map()): { hand: HandModel; marks: CopyMarks } {
  const zone = <Z extends { cards: HandCard[] }>(z: Z): Z => {
    const rename = markGroup(
      z.cards.map((c) => c.card),
      hand.locale,
      marks,
    );
    return { ...z, cards: z.cards.map((c) => ({ ...c, card: rename(c.card) })) };
  };
  return { hand: { ...hand, hand: zone(hand.hand), privateZones: hand.privateZones.map(zone) }, marks };
}
