// A pending decision → Discord components for the deciding player's ephemeral message. Every decision kind gets
// a control: single choices are buttons (paged 20 to a page, the fifth row navigates), choose-N is a select menu
// with min/max values, ordered choices are picked one at a time (the picks so far ride in the custom_id).
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

const PASSIVE_KINDS = new Set(['pass', 'no-attack', 'no-block', 'keep', 'second']);

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
  if (pages > 1) {
    buttons.push(
      new ButtonBuilder()
        .setCustomId(encodeControl({ kind: 'page', matchId, version, page: page - 1 }))
        .setLabel(T.previous[locale])
        .setStyle(ButtonStyle.Secondary)
        .setDisabled(page === 0),
      new ButtonBuilder()
        .setCustomId(encodeControl({ kind: 'page', matchId, version, page: page + 1 }))
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
  return new ButtonBuilder()
    .setCustomId(encodeControl({ kind: 'option', matchId: input.matchId, version: input.version, optionId: o.id }))
    .setLabel(clip(o.label[input.locale], LABEL_MAX))
    .setStyle(PASSIVE_KINDS.has(o.kind) ? ButtonStyle.Secondary : ButtonStyle.Primary);
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

function orderedChoice(input: ControlsInput): Controls {
  const { pending, locale, matchId, version } = input;
  const picked = input.picked ?? [];
  const remaining = pending.options.map((o, index) => ({ o, index })).filter(({ index }) => !picked.includes(index));
  const { items, page, pages } = pageOf(remaining, input.page ?? 0, BUTTONS_PER_PAGE);
  const buttons = items.map(({ o, index }) =>
    new ButtonBuilder()
      .setCustomId(encodeControl({ kind: 'order', matchId, version, picked, index }))
      .setLabel(clip(`${picked.length + 1}. ${o.label[locale]}`, LABEL_MAX))
      .setStyle(ButtonStyle.Primary),
  );
  const rows = buttonRows(buttons);
  const nav = navRow(input, page, pages, []);
  if (nav) rows.push(nav);
  const note =
    picked.length > 0
      ? T.orderSoFar(picked.map((i) => pending.options[i]?.label[locale] ?? '?').join(' → '))[locale]
      : null;
  return { rows, note };
}

/** The controls for the deciding player. */
export function decisionControls(input: ControlsInput): Controls {
  const { pending } = input;
  if (pending.ordered && pending.options.length > 1) return orderedChoice(input);
  if (pending.max <= 1) return singleChoice(input);
  return multiChoice(input);
}

/** Ordered decisions: the full answer once the picks leave one option (or none) to place. */
export function completedOrder(pending: PendingDecision, picked: number[]): string[] | null {
  if (picked.length < pending.options.length - 1) return null;
  const rest = pending.options.map((_o, i) => i).filter((i) => !picked.includes(i));
  return [...picked, ...rest].map((i) => pending.options[i]?.id ?? '');
}
