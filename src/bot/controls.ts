// A pending decision → Discord components for the deciding player's ephemeral message, within Discord's limits
// (5 rows, 5 buttons a row, a select alone in its row with at most 25 options). Every shape gets a control:
// - pick: single choices are buttons (paged 20 to a page, the fifth row navigates); choose-N is a select menu with
//   min/max values; ordered choices, and choose-N among more than 25 options, are picked one at a time;
// - number: a button per value when there are at most 20, otherwise a button that opens a modal;
// - distribute: per target a "−" and a "+" (4 targets a page), Done checks the whole split before it is sent;
// - declare: a select per slot (4 slots a page), Done sends the whole declaration, Reset and Back beside it, and
//   the problem the engine named when it refused the last one.
// An answer in progress (picks, a split, a declaration) is the draft kept in the store (src/store/decision-drafts.ts)
// and passed in here; custom_ids carry only the match, the version and the action.
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  type MessageActionRowComponentBuilder,
  StringSelectMenuBuilder,
} from 'discord.js';
import { kernelProblemText } from '../engine/core/decision.ts';
import type {
  DecisionOption,
  DecisionProblem,
  DeclareDecision,
  DistributeDecision,
  NumberDecision,
  PendingDecision,
  PickDecision,
} from '../engine/core/game.ts';
import type { Label, Locale } from '../engine/core/label.ts';
import { type CopyMarks, copyMark } from '../render/copy-marks.ts';
import type { DecisionDraft } from '../store/decision-drafts.ts';
import { encodeControl } from './custom-id.ts';
import { T } from './i18n.ts';

export const BUTTONS_PER_ROW = 5;
export const OPTION_ROWS = 4;
export const BUTTONS_PER_PAGE = BUTTONS_PER_ROW * OPTION_ROWS;
export const SELECT_OPTIONS_MAX = 25;
export const LABEL_MAX = 80;
/** Targets of a distribution, or slots of a declaration, on one page: one row each, the fifth row navigates. */
export const ROWS_PER_PAGE = 4;

type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export interface ControlsInput<P extends PendingDecision = PendingDecision> {
  matchId: string;
  version: number;
  pending: P;
  locale: Locale;
  page?: number;
  /** The answer in progress (the store's draft for this match, version and seat), if any. */
  draft?: DecisionDraft | null;
  /** The game's words for its own problem codes (its definition's `problemWords`). */
  problemWords?: Readonly<Record<string, Label>>;
}

export interface Controls {
  rows: Row[];
  /** A line to show above the controls (order so far, amounts so far, the problem with a declaration). */
  note: string | null;
}

function pageOf<T>(items: readonly T[], page: number, size: number): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const p = Math.min(Math.max(0, page), pages - 1);
  return { items: items.slice(p * size, p * size + size), page: p, pages };
}

function button(id: string, text: string, style: ButtonStyle, disabled = false): ButtonBuilder {
  return new ButtonBuilder().setCustomId(id).setLabel(clip(text, LABEL_MAX)).setStyle(style).setDisabled(disabled);
}

function navRow(input: ControlsInput, page: number, pages: number, extra: ButtonBuilder[]): Row | null {
  const buttons = [...extra];
  const { matchId, version, locale } = input;
  if (pages > 1) {
    buttons.push(
      button(
        encodeControl({ kind: 'page', matchId, version, page: page - 1 }),
        T.previous[locale],
        ButtonStyle.Secondary,
        page === 0,
      ),
      button(
        encodeControl({ kind: 'page', matchId, version, page: page + 1 }),
        T.next[locale],
        ButtonStyle.Secondary,
        page >= pages - 1,
      ),
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
  const { matchId, version, locale } = input;
  return button(encodeControl({ kind: 'none', matchId, version }), T.chooseNone[locale], ButtonStyle.Secondary);
}

function controlButton(input: ControlsInput, kind: 'done' | 'reset' | 'back', text: string, style: ButtonStyle) {
  return button(encodeControl({ kind, matchId: input.matchId, version: input.version }), text, style);
}

function optionButton(input: ControlsInput, o: DecisionOption): ButtonBuilder {
  // Passing and declining are the quiet answers: grey; anything that does something stands out.
  const style = o.role === 'pass' || o.role === 'passive' ? ButtonStyle.Secondary : ButtonStyle.Primary;
  const id = encodeControl({ kind: 'option', matchId: input.matchId, version: input.version, optionId: o.id });
  return button(id, o.label[input.locale], style);
}

function singleChoice(input: ControlsInput<PickDecision>): Controls {
  const { items, page, pages } = pageOf(input.pending.options, input.page ?? 0, BUTTONS_PER_PAGE);
  const rows = buttonRows(items.map((o) => optionButton(input, o)));
  const nav = navRow(input, page, pages, input.pending.min === 0 ? [noneButton(input)] : []);
  if (nav) rows.push(nav);
  return { rows, note: null };
}

function multiChoice(input: ControlsInput<PickDecision>): Controls {
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

/** The picks so far that are still options of this decision, in order. */
export function draftPicks(pending: PickDecision, draft: DecisionDraft | null | undefined): string[] {
  const known = new Set(pending.options.map((o) => o.id));
  return (draft?.picks ?? []).filter((id, i, all) => known.has(id) && all.indexOf(id) === i);
}

/** One pick at a time: ordered decisions, and choose-N among more options than a select can hold. */
function pickOneAtATime(input: ControlsInput<PickDecision>): Controls {
  const { pending, locale, matchId, version } = input;
  const picked = draftPicks(pending, input.draft);
  const remaining = pending.options.map((o, index) => ({ o, index })).filter(({ o }) => !picked.includes(o.id));
  const { items, page, pages } = pageOf(remaining, input.page ?? 0, BUTTONS_PER_PAGE);
  const buttons = items.map(({ o, index }) =>
    button(
      encodeControl({ kind: 'pick', matchId, version, index }),
      pending.ordered ? `${picked.length + 1}. ${o.label[locale]}` : o.label[locale],
      ButtonStyle.Primary,
    ),
  );
  const rows = buttonRows(buttons);
  const extra: ButtonBuilder[] = [];
  if (picked.length === 0 && pending.min === 0) extra.push(noneButton(input));
  // An ordered decision that need not place every option (FoW 403.5's exchange: some cards, in order) is done once
  // enough are picked; one that places every option completes itself (`completedPicks`).
  const placesAll = pending.ordered && pending.min >= pending.options.length;
  if (!placesAll && picked.length > 0 && picked.length >= pending.min) {
    extra.push(controlButton(input, 'done', T.done(picked.length)[locale], ButtonStyle.Success));
  }
  if (picked.length > 0) extra.push(controlButton(input, 'reset', T.reset[locale], ButtonStyle.Secondary));
  const nav = navRow(input, page, pages, extra);
  if (nav) rows.push(nav);
  const list = picked.map((id) => pending.options.find((o) => o.id === id)?.label[locale] ?? '?');
  const note =
    picked.length === 0
      ? null
      : pending.ordered
        ? T.orderSoFar(list.join(' → '))[locale]
        : T.chosenSoFar(list.join(', '))[locale];
  return { rows, note };
}

/** The values of a number decision, when there are few enough for buttons; null otherwise. */
export function numberValues(pending: NumberDecision): number[] | null {
  const step = pending.step ?? 1;
  const count = Math.floor((pending.max - pending.min) / step) + 1;
  if (count > BUTTONS_PER_PAGE) return null;
  return Array.from({ length: Math.max(0, count) }, (_, i) => pending.min + i * step);
}

function numberControls(input: ControlsInput<NumberDecision>): Controls {
  const { pending, locale, matchId, version } = input;
  const values = numberValues(pending);
  if (values) {
    const buttons = values.map((value) =>
      button(encodeControl({ kind: 'number', matchId, version, value }), String(value), ButtonStyle.Primary),
    );
    return { rows: buttonRows(buttons), note: null };
  }
  const open = button(
    encodeControl({ kind: 'number-modal', matchId, version }),
    T.enterNumber(pending.min, pending.max)[locale],
    ButtonStyle.Primary,
  );
  return { rows: buttonRows([open]), note: null };
}

/** The split so far: every target with its amount (0 when the draft has none). */
export function draftSplit(
  pending: DistributeDecision,
  draft: DecisionDraft | null | undefined,
): Record<string, number> {
  return Object.fromEntries(pending.targets.map((t) => [t.id, draft?.split?.[t.id] ?? 0]));
}

function distributeControls(input: ControlsInput<DistributeDecision>): Controls {
  const { pending, locale, matchId, version } = input;
  const split = draftSplit(pending, input.draft);
  const sum = Object.values(split).reduce((a, b) => a + b, 0);
  const indexed = pending.targets.map((t, index) => ({ t, index }));
  const { items, page, pages } = pageOf(indexed, input.page ?? 0, ROWS_PER_PAGE);
  const rows: Row[] = items.map(({ t, index }) => {
    const n = split[t.id] ?? 0;
    const adjust = (delta: 1 | -1) => encodeControl({ kind: 'adjust', matchId, version, index, delta });
    return new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
      button(`${adjust(1)}:i`, T.amountOf(t.label[locale], n)[locale], ButtonStyle.Secondary, true),
      button(adjust(-1), '−', ButtonStyle.Secondary, n <= 0),
      button(adjust(1), '+', ButtonStyle.Primary, n >= pending.maxEach || sum >= pending.total),
    );
  });
  const extra = [
    controlButton(input, 'done', T.finish[locale], ButtonStyle.Success),
    controlButton(input, 'reset', T.reset[locale], ButtonStyle.Secondary),
  ];
  const nav = navRow(input, page, pages, extra);
  if (nav) rows.push(nav);
  return { rows, note: T.assigned(sum, pending.total)[locale] };
}

/** The declaration so far: the store's draft, else the draft the engine kept from a refused declaration. */
export function draftDeclaration(pending: DeclareDecision, draft: DecisionDraft | null | undefined) {
  return draft?.declare ?? pending.draft;
}

/**
 * Words for a problem the engine named, with its rule: the kernel's own codes have words, a game's code has its
 * definition's words when it gives them, else it is shown as the code.
 */
export function problemText(
  problem: DecisionProblem,
  locale: Locale,
  gameWords?: Readonly<Record<string, Label>>,
): string {
  const text =
    kernelProblemText(problem)?.[locale] ?? gameWords?.[problem.code]?.[locale] ?? T.problemCode(problem.code)[locale];
  return T.problem(text, problem.rule)[locale];
}

function declareControls(input: ControlsInput<DeclareDecision>): Controls {
  const { pending, locale, matchId, version } = input;
  const declared = draftDeclaration(pending, input.draft);
  const indexed = pending.slots.map((slot, index) => ({ slot, index }));
  const { items, page, pages } = pageOf(indexed, input.page ?? 0, ROWS_PER_PAGE);
  const rows: Row[] = items
    .filter(({ slot }) => slot.options.length > 0)
    .map(({ slot, index }) => {
      const chosen = declared[slot.id] ?? [];
      // A select holds 25 options: a slot with more is refused loudly rather than cut short.
      if (slot.options.length > SELECT_OPTIONS_MAX) throw new RangeError(`slot ${slot.id} has more than 25 options`);
      const max = Math.max(1, Math.min(slot.max, slot.options.length));
      const select = new StringSelectMenuBuilder()
        .setCustomId(encodeControl({ kind: 'slot', matchId, version, index }))
        .setPlaceholder(clip(T.slotPlaceholder(slot.label[locale])[locale], 150))
        .setMinValues(Math.min(slot.min, max))
        .setMaxValues(max)
        .addOptions(
          slot.options.map((o) => ({
            label: clip(`${slot.label[locale]} → ${o.label[locale]}`, 100),
            value: o.id,
            default: chosen.includes(o.id),
          })),
        );
      return new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(select);
    });
  const extra = [controlButton(input, 'done', T.finish[locale], ButtonStyle.Success)];
  extra.push(controlButton(input, 'reset', T.reset[locale], ButtonStyle.Secondary));
  if (pending.canGoBack) extra.push(controlButton(input, 'back', T.back[locale], ButtonStyle.Secondary));
  const nav = navRow(input, page, pages, extra);
  if (nav) rows.push(nav);
  const note = pending.problem ? `⚠️ ${problemText(pending.problem, locale, input.problemWords)}` : null;
  return { rows, note };
}

/** The controls for the deciding player. */
export function decisionControls(input: ControlsInput): Controls {
  const { pending } = input;
  switch (pending.shape) {
    case 'number':
      return numberControls({ ...input, pending });
    case 'distribute':
      return distributeControls({ ...input, pending });
    case 'declare':
      return declareControls({ ...input, pending });
    default: {
      const pick = { ...input, pending };
      if (pending.ordered && pending.options.length > 1) return pickOneAtATime(pick);
      if (pending.max <= 1) return singleChoice(pick);
      if (pending.options.length > SELECT_OPTIONS_MAX) return pickOneAtATime(pick);
      return multiChoice(pick);
    }
  }
}

/**
 * The full answer once the picks are enough: `max` picks; for an ordered decision that places every option,
 * one fewer (the last is implied).
 */
export function completedPicks(pending: PickDecision, picked: string[]): string[] | null {
  const placesAll = pending.ordered && pending.min >= pending.options.length;
  if (placesAll && picked.length >= pending.options.length - 1) {
    return [...picked, ...pending.options.map((o) => o.id).filter((id) => !picked.includes(id))];
  }
  return picked.length >= pending.max ? picked : null;
}

/** Engine words name seats ("player p1", "Acolyte (p2)"); people read display names. */
export function withSeatNames(text: string, names: Readonly<Record<'p1' | 'p2', string>>): string {
  return text.replace(/\bp([12])\b/g, (_m, n: string) => (n === '1' ? names.p1 : names.p2));
}

function namedLabel(label: Label, names: Readonly<Record<'p1' | 'p2', string>>): Label {
  return { en: withSeatNames(label.en, names), ja: withSeatNames(label.ja, names) };
}

/**
 * Equal labels told apart ("Play Ember Whelp · 1", "… · 2"): two copies of a card in hand are two options, and a
 * player must see two different buttons.
 */
function numbered<T extends { label: Label }>(items: readonly T[]): T[] {
  const total = new Map<string, number>();
  for (const item of items) total.set(item.label.en, (total.get(item.label.en) ?? 0) + 1);
  const seen = new Map<string, number>();
  return items.map((item) => {
    if ((total.get(item.label.en) ?? 0) < 2) return item;
    const n = (seen.get(item.label.en) ?? 0) + 1;
    seen.set(item.label.en, n);
    return { ...item, label: { en: `${item.label.en} · ${n}`, ja: `${item.label.ja}・${n}` } };
  });
}

/**
 * A label about a marked copy (copy-marks.ts) carries its mark right after the card's name, as the picture draws
 * it ("Play Ember Wolf (2)"); a label without the name gets the marked name after it ("Sleep an active node · Mist
 * Assassin (1)").
 */
function markedLabel(label: Label, objectId: string | undefined, marks: CopyMarks | undefined): Label {
  const mark = objectId === undefined ? undefined : marks?.get(objectId);
  if (!mark) return label;
  // The name is in the pictures' language: only that language's label is marked (the other is not shown).
  const tag = copyMark(mark.n, mark.locale);
  const at = label[mark.locale].indexOf(mark.name);
  const text = label[mark.locale];
  const marked =
    at >= 0
      ? `${text.slice(0, at + mark.name.length)}${tag}${text.slice(at + mark.name.length)}`
      : `${text}${mark.locale === 'ja' ? '・' : ' · '}${mark.name}${tag}`;
  return { ...label, [mark.locale]: marked };
}

function readableOptions(
  options: readonly DecisionOption[],
  names: Readonly<Record<'p1' | 'p2', string>>,
  marks: CopyMarks | undefined,
) {
  return numbered(options.map((o) => ({ ...o, label: markedLabel(namedLabel(o.label, names), o.objectId, marks) })));
}

/**
 * The decision as its player reads it: names for seats in the prompt and every label, copies of one card marked as
 * the hand and board pictures mark them (`marks`, by object id), other duplicates numbered.
 */
export function readableDecision<P extends PendingDecision>(
  pending: P,
  names: Readonly<Record<'p1' | 'p2', string>>,
  marks?: CopyMarks,
): P {
  const prompt = namedLabel(pending.prompt, names);
  switch (pending.shape) {
    case 'number':
      return { ...pending, prompt };
    case 'distribute':
      return { ...pending, prompt, targets: readableOptions(pending.targets, names, marks) };
    case 'declare':
      return {
        ...pending,
        prompt,
        slots: numbered(
          pending.slots.map((slot) => ({
            ...slot,
            label: markedLabel(namedLabel(slot.label, names), slot.objectId, marks),
            options: readableOptions(slot.options, names, marks),
          })),
        ),
      };
    default:
      return { ...pending, prompt, options: readableOptions(pending.options, names, marks) };
  }
}
