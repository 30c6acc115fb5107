// A pending decision → Discord components for the deciding player's ephemeral message. Every decision kind gets
// a control: single choices are buttons (paged 20 to a page, the fifth row navigates), choose-N is a select menu
// with min/max values, ordered choices, and choose-N among more than 25 options, are picked one at a time (the
// picks so far ride in the custom_id).
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  type MessageActionRowComponentBuilder,
  StringSelectMenuBuilder,
} from 'discord.js';
import type { DecisionOption, PendingDecision } from '../engine/core/game.ts';
import type { Locale } from '../engine/core/label.ts';
import { encodeControl } from './custom-id.ts';
import { T } from './i18n.ts';

export const BUTTONS_PER_ROW = 5;
export const OPTION_ROWS = 4;
export const BUTTONS_PER_PAGE = BUTTONS_PER_ROW * OPTION_ROWS;
export const SELECT_OPTIONS_MAX = 25;
export const LABEL_MAX = 80;

type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export interface ControlsInput {
  matchId: string;
  version: number;
  pending: PendingDecision;
  locale: Locale;
  page?: number;
  /** Ordered decisions: indices picked so far. */
  picked?: number[];
}

export interface Controls {
  rows: Row[];
  /** A line to show above the controls (order so far). */
  note: string | null;
}

function pageOf<T>(items: readonly T[], page: number, size: number): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const p = Math.min(Math.max(0, page), pages - 1);
  return { items: items.slice(p * size, p * size + size), page: p, pages };
}

function navRow(input: ControlsInput, page: number, pages: number, extra: ButtonBuilder[]): Row | null {
  const buttons = [...extra];
  const { matchId, version, locale } = input;
  const picked = input.picked && input.picked.length > 0 ? { picked: input.picked } : {};
  if (pages > 1) {
    buttons.push(
      new ButtonBuilder()
        .setCustomId(encodeControl({ kind: 'page', matchId, version, page: page - 1, ...picked }))
        .setLabel(T.previous[locale])
        .setStyle(ButtonStyle.Secondary)
        .setDisabled(page === 0),
      new ButtonBuilder()
        .setCustomId(encodeControl({ kind: 'page', matchId, version, page: page + 1, ...picked }))
        .setLabel(T.next[locale])
        .setStyle(ButtonStyle.Secondary)
        .setDisabled(page >= pages - 1),
    );
  }
  return buttons.length > 0 ? new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(buttons) : null;
}

function buttonRows(buttons: ButtonBuilder[]): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < buttons.length; i += BUTTONS_PER_ROW) {
    rows.push(
      new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(buttons.slice(i, i + BUTTONS_PER_ROW)),
    );
  }
  return rows;
}

function noneButton(input: ControlsInput): ButtonBuilder {
  return new ButtonBuilder()
    .setCustomId(encodeControl({ kind: 'none', matchId: input.matchId, version: input.version }))
    .setLabel(T.chooseNone[input.locale])
    .setStyle(ButtonStyle.Secondary);
}

function optionButton(input: ControlsInput, o: DecisionOption): ButtonBuilder {
  return (
    new ButtonBuilder()
      .setCustomId(encodeControl({ kind: 'option', matchId: input.matchId, version: input.version, optionId: o.id }))
      .setLabel(clip(o.label[input.locale], LABEL_MAX))
      // Passing and declining are the quiet answers: grey; anything that does something stands out.
      .setStyle(o.role === 'pass' || o.role === 'passive' ? ButtonStyle.Secondary : ButtonStyle.Primary)
  );
}

function singleChoice(input: ControlsInput): Controls {
  const { items, page, pages } = pageOf(input.pending.options, input.page ?? 0, BUTTONS_PER_PAGE);
  const rows = buttonRows(items.map((o) => optionButton(input, o)));
  const nav = navRow(input, page, pages, input.pending.min === 0 ? [noneButton(input)] : []);
  if (nav) rows.push(nav);
  return { rows, note: null };
}

function multiChoice(input: ControlsInput): Controls {
  const { pending, locale, matchId, version } = input;
  const { items, page, pages } = pageOf(pending.options, input.page ?? 0, SELECT_OPTIONS_MAX);
  const max = Math.min(pending.max, items.length);
  const min = Math.min(pending.min, max);
  const select = new StringSelectMenuBuilder()
    .setCustomId(encodeControl({ kind: 'multi', matchId, version, page }))
    .setPlaceholder(clip(T.selectPlaceholder(pending.min, pending.max)[locale], 150))
    .setMinValues(min)
    .setMaxValues(Math.max(1, max))
    .addOptions(items.map((o) => ({ label: clip(o.label[locale], 100), value: o.id })));
  const rows: Row[] = [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(select)];
  const nav = navRow(input, page, pages, pending.min === 0 ? [noneButton(input)] : []);
  if (nav) rows.push(nav);
  return { rows, note: null };
}

/** One pick at a time: ordered decisions, and choose-N among more options than a select can hold. */
function pickOneAtATime(input: ControlsInput): Controls {
  const { pending, locale, matchId, version } = input;
  const picked = input.picked ?? [];
  const remaining = pending.options.map((o, index) => ({ o, index })).filter(({ index }) => !picked.includes(index));
  const { items, page, pages } = pageOf(remaining, input.page ?? 0, BUTTONS_PER_PAGE);
  const buttons = items.map(({ o, index }) =>
    new ButtonBuilder()
      .setCustomId(encodeControl({ kind: 'order', matchId, version, picked, index }))
      .setLabel(clip(pending.ordered ? `${picked.length + 1}. ${o.label[locale]}` : o.label[locale], LABEL_MAX))
      .setStyle(ButtonStyle.Primary),
  );
  const rows = buttonRows(buttons);
  const extra: ButtonBuilder[] = [];
  if (picked.length === 0 && pending.min === 0) extra.push(noneButton(input));
  if (!pending.ordered && picked.length > 0 && picked.length >= pending.min) {
    extra.push(
      new ButtonBuilder()
        .setCustomId(encodeControl({ kind: 'done', matchId, version, picked }))
        .setLabel(T.done(picked.length)[locale])
        .setStyle(ButtonStyle.Success),
    );
  }
  const nav = navRow(input, page, pages, extra);
  if (nav) rows.push(nav);
  const list = picked.map((i) => pending.options[i]?.label[locale] ?? '?');
  const note =
    picked.length === 0
      ? null
      : pending.ordered
        ? T.orderSoFar(list.join(' → '))[locale]
        : T.chosenSoFar(list.join(', '))[locale];
  return { rows, note };
}

/** The controls for the deciding player. */
export function decisionControls(input: ControlsInput): Controls {
  const { pending } = input;
  if (pending.ordered && pending.options.length > 1) return pickOneAtATime(input);
  if (pending.max <= 1) return singleChoice(input);
  if (pending.options.length > SELECT_OPTIONS_MAX) return pickOneAtATime(input);
  return multiChoice(input);
}

/**
 * The full answer once the picks are enough: `max` picks; for an ordered decision that places every option,
 * one fewer (the last is implied).
 */
export function completedPicks(pending: PendingDecision, picked: number[]): string[] | null {
  const ids = (list: number[]) => list.map((i) => pending.options[i]?.id ?? '');
  const placesAll = pending.ordered && pending.min >= pending.options.length;
  if (placesAll && picked.length >= pending.options.length - 1) {
    const rest = pending.options.map((_o, i) => i).filter((i) => !picked.includes(i));
    return ids([...picked, ...rest]);
  }
  return picked.length >= pending.max ? ids(picked) : null;
}
