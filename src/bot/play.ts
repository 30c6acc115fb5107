// Clicks on match controls. Each one acknowledges at once (Discord's 3 s), checks with the engine through the
// store, commits **before** anything is sent, then answers the clicker and updates the board at the same time.
import {
  ActionRowBuilder,
  ButtonBuilder,
  type ButtonInteraction,
  ButtonStyle,
  type ChatInputCommandInteraction,
  EmbedBuilder,
  type InteractionEditReplyOptions,
  type Message,
  type MessageActionRowComponentBuilder,
  MessageFlags,
  ModalBuilder,
  type ModalSubmitInteraction,
  type StringSelectMenuInteraction,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import { decisionIdFor, distributeProblem, isPick, numberProblem } from '../engine/core/decision.ts';
import { IllegalAction } from '../engine/core/errors.ts';
import type { BaseState, DecisionResponse, PendingDecision, Seat } from '../engine/core/game.ts';
import type { DecisionDraft } from '../store/decision-drafts.ts';
import { MatchNotPlayable } from '../store/match-errors.ts';
import type { MatchInfo } from '../store/match-records.ts';
import type { Submission } from '../store/match-store.ts';
import { embedAttachmentId } from './board.ts';
import type { BotContext } from './context.ts';
import {
  BUTTONS_PER_ROW,
  clip,
  completedPicks,
  draftDeclaration,
  draftPicks,
  draftSplit,
  problemText,
} from './controls.ts';
import { type ControlId, decodeNumberModal, encodeControl, numberModalId, type PassModeControl } from './custom-id.ts';
import { stepsFor } from './game-steps.ts';
import { localeOf, T } from './i18n.ts';
import {
  actingSeat,
  handMessage,
  type OutgoingMessage,
  publicBoard,
  seatNames,
  seatsOf,
  withNames,
} from './presenter.ts';
import { pausedNotice } from './resume.ts';

/**
 * How long a player's ephemeral can be edited through the token of the interaction that made or last edited it:
 * Discord's tokens last 15 minutes; a minute is kept for drift and a request in flight.
 */
const EPHEMERAL_LIFETIME_MS = 14 * 60_000;

type ComponentInteraction = ButtonInteraction | StringSelectMenuInteraction;
type MatchControl = Exclude<
  ControlId,
  { kind: 'hand' | 'log' | 'card-details' | 'challenge' | 'challenge-deck' | 'concede' }
>;

/**
 * "My hand / act" on the public board: a fresh ephemeral with the hand and, on their decision, the options. The click
 * is acknowledged as a deferred update of the board and the hand follows as an ephemeral follow-up, so the click's
 * token can edit the board afterwards (board.ts, "board handle"), whoever clicked.
 */
export async function showHand(ctx: BotContext, interaction: ButtonInteraction, matchId: string): Promise<void> {
  const locale = localeOf(interaction.locale);
  await interaction.deferUpdate();
  ctx.boards.offerHandle(interaction);
  const row = await ctx.store.matches.match(matchId);
  const seats = row ? seatsOf(row, interaction.user.id) : [];
  const ephemeral = MessageFlags.Ephemeral;
  if (!row || seats.length === 0) {
    await interaction.followUp({ content: T.notAPlayer[locale], flags: ephemeral });
    return;
  }
  if (row.status !== 'active' && row.status !== 'finished') {
    await interaction.followUp({ content: T.matchNotActive(row.status)[locale], flags: ephemeral });
    return;
  }
  const versionShown = (await ctx.store.matches.currentState(matchId)).version;
  const { imageKey, pictureLater, ...hand } = await ownerMessage(ctx, row, interaction.user.id, locale, {
    picture: 'always',
    waiting: true,
    ...(ctx.handPictureWaitMs !== undefined ? { pictureWithinMs: ctx.handPictureWaitMs } : {}),
  });
  const sent = await interaction.followUp({ ...hand, flags: ephemeral });
  // The newest ephemeral of this player: edited when the decision comes back to them (notify.ts); the one before
  // it now says it is out of date.
  await ctx.notifier.rememberEphemeral(ctx, matchId, interaction.user.id, {
    interaction,
    messageId: sent.id,
    message: sent.id,
    expiresAt: ctx.now() + EPHEMERAL_LIFETIME_MS,
  });
  const attachmentId = imageKey ? embedAttachmentId(sent) : null;
  if (imageKey && attachmentId)
    ctx.notifier.shownPicture(matchId, interaction.user.id, sent.id, { key: imageKey, attachmentId });
  if (pictureLater) await addLatePicture(ctx, interaction, row, sent.id, versionShown, hand, pictureLater);
}

/**
 * Edits the late hand picture into the ephemeral `messageId`, only while that message still shows what it was sent
 * with: still the player's newest ephemeral, nobody edited it since (a click on it or a decision coming back makes
 * a new handle or a new state), and the match has not moved.
 */
async function addLatePicture(
  ctx: BotContext,
  interaction: ButtonInteraction,
  row: MatchInfo,
  messageId: string,
  versionShown: number,
  sentMessage: Omit<OutgoingMessage, 'imageKey' | 'pictureLater'>,
  pictureLater: NonNullable<OutgoingMessage['pictureLater']>,
): Promise<void> {
  const userId = interaction.user.id;
  const handle = ctx.notifier.ephemeralOf(row.matchId, userId);
  const picture = await pictureLater;
  if (!picture || !handle || handle.messageId !== messageId) return;
  const unchanged =
    ctx.notifier.ephemeralOf(row.matchId, userId) === handle &&
    handle.picture === undefined &&
    (await ctx.store.matches.currentState(row.matchId)).version === versionShown;
  if (!unchanged) return;
  const [first, ...rest] = sentMessage.embeds;
  if (!first) return;
  const message: OutgoingMessage = {
    ...sentMessage,
    embeds: [EmbedBuilder.from(first).setImage(`attachment://${picture.file.name ?? 'hand.png'}`), ...rest],
    files: [picture.file],
    attachments: [],
    imageKey: picture.key,
  };
  try {
    await editOwner(ctx, row, userId, messageId, message, (payload) =>
      interaction.editReply({ ...payload, message: messageId }),
    );
  } catch (error) {
    // The hand and its controls are shown already; a lost picture is not worth an error to the player.
    ctx.log(`late hand picture for ${row.matchId}: ${(error as Error).message}`);
  }
}

/** Lines of the public log on one page of the "Log" view (each clipped, so a page stays within an embed). */
const LOG_LINES_PER_PAGE = 20;

/**
 * "Log" on the public board: the whole public log of the match (replayed from its decisions, the spectator's
 * projection, so anyone may read it), a page at a time, newest page first; ◀ older, ▶ newer edit the same ephemeral.
 */
export async function showLog(
  ctx: BotContext,
  interaction: ButtonInteraction,
  matchId: string,
  page: number,
): Promise<void> {
  const locale = localeOf(interaction.locale);
  const row = await ctx.store.matches.match(matchId);
  const fromLogView = interaction.message.flags.has(MessageFlags.Ephemeral);
  if (!row || row.status === 'pending') {
    await interaction.reply({ content: T.noMatchHere[locale], flags: MessageFlags.Ephemeral });
    return;
  }
  const names = await seatNames(ctx, row);
  const entries = await ctx.store.matches.publicLog(matchId);
  const pages = Math.max(1, Math.ceil(entries.length / LOG_LINES_PER_PAGE));
  const p = Math.min(Math.max(0, page), pages - 1);
  const end = entries.length - p * LOG_LINES_PER_PAGE;
  const lines = entries
    .slice(Math.max(0, end - LOG_LINES_PER_PAGE), end)
    .map((e) => `${e.seq}. ${clip(withNames(e.text[locale], names), 180)}`);
  const embed = new EmbedBuilder()
    .setTitle(clip(`${T.log[locale]} · ${names.p1} vs ${names.p2}`, 256))
    .setDescription(lines.join('\n') || '—')
    .setFooter({ text: T.logPage(pages - p, pages, entries.length)[locale] });
  const nav = (to: number, label: string, disabled: boolean) =>
    new ButtonBuilder()
      .setCustomId(encodeControl({ kind: 'log', matchId, page: to }))
      .setLabel(label)
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(disabled);
  // Custom ids must differ: "first" and "latest" only when they go further than one page.
  const buttons = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents([
    ...(pages - 1 > p + 1 ? [nav(pages - 1, T.logOldest[locale], false)] : []),
    nav(p + 1, T.logOlder[locale], p >= pages - 1),
    nav(Math.max(0, p - 1), T.logNewer[locale], p === 0),
    ...(p > 1 ? [nav(0, T.logNewest[locale], false)] : []),
  ]);
  const message = { embeds: [embed], components: [buttons] };
  if (fromLogView) await interaction.update(message);
  else await interaction.reply({ ...message, flags: MessageFlags.Ephemeral });
}

/**
 * Edits a player's ephemeral `messageId` (their newest) to `message`. A hand picture it already shows stays: the
 * edit keeps its attachment by id instead of uploading the same file again (as boards keep theirs, board.ts).
 */
export async function editOwner(
  ctx: BotContext,
  row: MatchInfo,
  userId: string,
  messageId: string | undefined,
  message: OutgoingMessage,
  edit: (payload: InteractionEditReplyOptions) => Promise<Message>,
): Promise<Message> {
  const { imageKey = null, ...payload } = message;
  const kept = ctx.notifier.keptPicture(row.matchId, userId, messageId, imageKey);
  const edited = await edit(kept ? { ...payload, files: [], attachments: [{ id: kept }] } : payload);
  const attachmentId = imageKey !== null ? embedAttachmentId(edited) : null;
  ctx.notifier.shownPicture(
    row.matchId,
    userId,
    messageId,
    imageKey !== null && attachmentId !== null ? { key: imageKey, attachmentId } : null,
  );
  return edited;
}

/** `editOwner` for the ephemeral a component (or its modal) was used on. */
function editClicked(
  ctx: BotContext,
  interaction: ComponentInteraction | ModalSubmitInteraction,
  row: MatchInfo,
  message: OutgoingMessage,
): Promise<Message> {
  return editOwner(ctx, row, interaction.user.id, interaction.message?.id, message, (payload) =>
    interaction.editReply(payload),
  );
}

/** The player's ephemeral as it reads now: their hand and, on their decision, the options and priority controls. */
export async function ownerMessage(
  ctx: BotContext,
  row: MatchInfo,
  userId: string,
  locale: 'en' | 'ja',
  extra: { page?: number; notice?: string; picture?: 'always'; pictureWithinMs?: number; waiting?: boolean },
) {
  const game = ctx.store.requireGame(row.game);
  const state = await ctx.store.matches.currentState(row.matchId);
  const seat = actingSeat(seatsOf(row, userId), game.pending(state)) as Seat;
  const names = await seatNames(ctx, row);
  // The clicker's own ephemeral, edited after a click: the picture only while they have a decision (presenter.ts).
  const message = await handMessage(ctx, {
    row,
    game,
    state,
    seat,
    names,
    locale,
    picture: 'while-deciding',
    ...extra,
  });
  return withPriorityControls(ctx, row, state, seat, locale, message);
}

/** A click on an option, "none", a select, an order pick or a page button in the owner's ephemeral. */
export async function onMatchControl(
  ctx: BotContext,
  interaction: ComponentInteraction,
  control: MatchControl,
): Promise<void> {
  const locale = localeOf(interaction.locale);
  await interaction.deferUpdate();
  const row = await ctx.store.matches.match(control.matchId);
  const seats = row ? seatsOf(row, interaction.user.id) : [];
  if (!row || seats.length === 0) {
    await interaction.followUp({ content: T.notAPlayer[locale], flags: MessageFlags.Ephemeral });
    return;
  }
  // The ephemeral clicked is now this player's newest: its token edits it when the decision comes back.
  await ctx.notifier.rememberEphemeral(ctx, row.matchId, interaction.user.id, {
    interaction,
    messageId: interaction.message.id,
    message: '@original',
    expiresAt: ctx.now() + EPHEMERAL_LIFETIME_MS,
  });
  if (row.status !== 'active') {
    await interaction.editReply({ content: T.matchNotActive(row.status)[locale], embeds: [], components: [] });
    return;
  }
  if (control.kind === 'outdated' || control.kind === 'number-modal') {
    // An id from before drafts moved to the store, or a modal button clicked after its modal could open: never acted on.
    const notice = { notice: T.outOfDate[locale] };
    await editClicked(ctx, interaction, row, await ownerMessage(ctx, row, interaction.user.id, locale, notice));
    return;
  }
  const game = ctx.store.requireGame(row.game);
  const state = await ctx.store.matches.currentState(row.matchId);
  const pending = game.pending(state);
  const current = pending !== null && state.version === control.version;

  // Paging changes only this ephemeral; nothing is committed.
  if (control.kind === 'page') {
    const extra = current ? { page: control.page } : { notice: T.outOfDate[locale] };
    await editClicked(ctx, interaction, row, await ownerMessage(ctx, row, interaction.user.id, locale, extra));
    return;
  }
  if (control.kind === 'pass-mode') {
    if (control.mode === 'f') {
      // A setting, not an answer, so never out of date. Full control is auto-pass off: the player's own setting in
      // this server (/settings user auto-pass), from the next priority on.
      const guild = await ctx.store.guilds.get(row.guildId);
      const prefs = await ctx.store.preferences.get(row.guildId, interaction.user.id);
      const autoPassWasOn = prefs.autoPass ?? guild.autoPass.enabled;
      await ctx.store.preferences.update(row.guildId, interaction.user.id, { autoPass: !autoPassWasOn }, ctx.now());
      const notice = T.fullControlNow(autoPassWasOn)[locale];
      await editClicked(ctx, interaction, row, await ownerMessage(ctx, row, interaction.user.id, locale, { notice }));
      return;
    }
    const seat = actingSeat(seats, pending) as Seat;
    // Refused when out of date, or on the player's own non-priority decision (that one needs an answer).
    if (!current || (pending.player === seat && (pending.role !== 'priority' || !isPick(pending)))) {
      const notice = { notice: T.outOfDate[locale] };
      await editClicked(ctx, interaction, row, await ownerMessage(ctx, row, interaction.user.id, locale, notice));
      return;
    }
    if (control.mode === 'h') {
      const clock = await ctx.flow.updateMode(row.matchId, seat, (mode) => {
        mode.hold = !mode.hold;
      });
      const notice = T.holding(clock.modes[seat].hold)[locale];
      await editClicked(ctx, interaction, row, await ownerMessage(ctx, row, interaction.user.id, locale, { notice }));
      return;
    }
    const mode = control.mode === 'u' ? 'decision' : 'end-of-turn';
    const turn = stepsFor(ctx.games, row.game)?.position(state).turn ?? 0;
    if (pending.player !== seat || !isPick(pending)) {
      // Chosen while waiting: it applies from this player's next priority on.
      await ctx.flow.updateMode(row.matchId, seat, (m) => {
        m.passUntil = mode;
        m.turn = turn;
      });
      const notice = T.passingUntil(mode)[locale];
      await editClicked(ctx, interaction, row, await ownerMessage(ctx, row, interaction.user.id, locale, { notice }));
      return;
    }
    const pass = pending.options.find((o) => o.role === 'pass');
    const answer = { decisionId: decisionIdFor(control.version), choose: pass ? [pass.id] : [] };
    const outcome = await submit(ctx, row, seat, answer, locale);
    if (outcome.applied) await ctx.flow.afterCommit(row.matchId, { kind: 'player', seat, passUntil: { mode, turn } });
    const notice = outcome.notice ?? T.passingUntil(mode)[locale];
    const board = ctx.boards.request(row.matchId);
    await editClicked(ctx, interaction, row, await ownerMessage(ctx, row, interaction.user.id, locale, { notice }));
    await board;
    return;
  }
  const seat = actingSeat(seats, pending) as Seat;
  const draft = current ? await ctx.store.drafts.get(row.matchId, state.version, seat) : null;
  const values = interaction.isStringSelectMenu() ? [...interaction.values] : null;
  const step = nextStep(control, current ? pending : null, draft, values, locale);
  if (step.kind === 'draft') {
    await ctx.store.drafts.put(row.matchId, control.version, seat, step.draft, Date.now());
    await editClicked(ctx, interaction, row, await ownerMessage(ctx, row, interaction.user.id, locale, {}));
    return;
  }
  if (step.kind === 'notice') {
    await editClicked(
      ctx,
      interaction,
      row,
      await ownerMessage(ctx, row, interaction.user.id, locale, { notice: step.text }),
    );
    return;
  }
  await answerWith(ctx, interaction, row, seat, current ? pending : null, step.response, locale);
}

/** What a click does: keep a new draft, show a notice (nothing changes), or send an answer. */
type Step =
  | { kind: 'draft'; draft: DecisionDraft }
  | { kind: 'notice'; text: string }
  | { kind: 'submit'; response: DecisionResponse };

/**
 * The step for a click on a decision control, given the decision when the click is for the current one (null
 * when it is out of date) and the clicker's draft. Plain answers (an option, none, a select, a number) are sent even
 * when out of date, and the store answers "stale"; anything that builds on a draft needs the current decision.
 */
export function nextStep(
  control: Exclude<MatchControl, { kind: 'page' | 'pass-mode' | 'outdated' | 'number-modal' }>,
  pending: PendingDecision | null,
  draft: DecisionDraft | null,
  values: string[] | null,
  locale: 'en' | 'ja',
): Step {
  const decisionId = decisionIdFor(control.version);
  const outOfDate: Step = { kind: 'notice', text: T.outOfDate[locale] };
  const submit = (fields: Omit<DecisionResponse, 'decisionId' | 'choose'> & { choose?: string[] }): Step => ({
    kind: 'submit',
    response: { decisionId, choose: [], ...fields },
  });
  switch (control.kind) {
    case 'option':
      return submit({ choose: [control.optionId] });
    case 'none':
      return submit({ choose: [] });
    case 'multi':
      return values ? submit({ choose: values }) : outOfDate;
    case 'number':
      return submit({ number: control.value });
  }
  if (!pending) return outOfDate;
  switch (control.kind) {
    case 'pick': {
      const option = isPick(pending) ? pending.options[control.index] : undefined;
      if (!isPick(pending) || !option) return outOfDate;
      const picks = [...draftPicks(pending, draft).filter((id) => id !== option.id), option.id];
      const choose = completedPicks(pending, picks);
      return choose ? submit({ choose }) : { kind: 'draft', draft: { picks } };
    }
    case 'adjust': {
      const target = pending.shape === 'distribute' ? pending.targets[control.index] : undefined;
      if (pending.shape !== 'distribute' || !target) return outOfDate;
      const split = draftSplit(pending, draft);
      const sum = Object.values(split).reduce((a, b) => a + b, 0);
      const next = (split[target.id] ?? 0) + control.delta;
      if (next < 0 || next > pending.maxEach || (control.delta > 0 && sum >= pending.total)) return outOfDate;
      return { kind: 'draft', draft: { split: { ...split, [target.id]: next } } };
    }
    case 'slot': {
      const slot = pending.shape === 'declare' ? pending.slots[control.index] : undefined;
      if (pending.shape !== 'declare' || !slot || !values) return outOfDate;
      return { kind: 'draft', draft: { declare: { ...draftDeclaration(pending, draft), [slot.id]: values } } };
    }
    case 'reset':
      // A declaration the engine refused keeps its draft in the engine: reset it there (a logged decision).
      if (pending.shape === 'declare' && (pending.problem || Object.keys(pending.draft).length > 0))
        return submit({ control: 'reset' });
      return { kind: 'draft', draft: {} };
    case 'back':
      return pending.shape === 'declare' && pending.canGoBack ? submit({ control: 'back' }) : outOfDate;
    case 'done':
      switch (pending.shape) {
        case 'distribute': {
          const split = draftSplit(pending, draft);
          const problem = distributeProblem(pending, split);
          // Checked as a whole before it is sent, with the specific reason.
          if (problem) return { kind: 'notice', text: problemText(problem, locale) };
          return submit({ split });
        }
        case 'declare':
          return submit({ declare: draftDeclaration(pending, draft) });
        case 'number':
          return outOfDate;
        default: {
          const picks = draftPicks(pending, draft);
          return picks.length >= pending.min && picks.length <= pending.max ? submit({ choose: picks }) : outOfDate;
        }
      }
  }
}

/** Sends an answer through the store, then updates the clicker's ephemeral and the board together. */
async function answerWith(
  ctx: BotContext,
  interaction: ComponentInteraction | ModalSubmitInteraction,
  row: MatchInfo,
  seat: Seat,
  pending: PendingDecision | null,
  response: DecisionResponse,
  locale: 'en' | 'ja',
): Promise<void> {
  const outcome = await submit(ctx, row, seat, response, locale);
  if (outcome.applied) {
    await ctx.store.drafts.clear(row.matchId);
    const priority =
      pending && pending.role === 'priority' && isPick(pending)
        ? response.choose.some((id) => pending.options.find((o) => o.id === id)?.role !== 'pass')
          ? ('acted' as const)
          : ('passed' as const)
        : undefined;
    await ctx.flow.afterCommit(row.matchId, { kind: 'player', seat, ...(priority ? { priority } : {}) });
  }
  const notice = outcome.notice;
  // The board and the clicker's ephemeral go out together (both only after the commit): neither waits for the other.
  const board = ctx.boards.request(row.matchId);
  await editClicked(
    ctx,
    interaction,
    row,
    await ownerMessage(ctx, row, interaction.user.id, locale, notice ? { notice } : {}),
  );
  await board;
  await tellIfBoardRefused(ctx, interaction, row.matchId, locale);
}

/** "Enter a number": the modal for a number decision with too many values for buttons. Shown, not deferred. */
export async function openNumberModal(
  ctx: BotContext,
  interaction: ButtonInteraction,
  control: { matchId: string; version: number },
): Promise<void> {
  const locale = localeOf(interaction.locale);
  const row = await ctx.store.matches.match(control.matchId);
  const state = row ? await ctx.store.matches.currentState(row.matchId) : null;
  const pending = row && state ? ctx.store.requireGame(row.game).pending(state) : null;
  if (!row || !state || pending?.shape !== 'number' || state.version !== control.version) {
    await interaction.reply({ content: T.outOfDate[locale], flags: MessageFlags.Ephemeral });
    return;
  }
  const input = new TextInputBuilder()
    .setCustomId('value')
    .setLabel(clip(T.enterNumber(pending.min, pending.max)[locale], 45))
    .setStyle(TextInputStyle.Short)
    .setRequired(true)
    .setMinLength(1)
    .setMaxLength(8);
  const modal = new ModalBuilder()
    .setCustomId(numberModalId(control.matchId, control.version))
    .setTitle(clip(pending.prompt[locale], 45))
    .addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input));
  await interaction.showModal(modal);
}

/** The number modal submitted: a whole number within the decision's range and steps is sent; anything else is named. */
export async function onNumberModal(ctx: BotContext, interaction: ModalSubmitInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  const at = decodeNumberModal(interaction.customId);
  const row = at ? await ctx.store.matches.match(at.matchId) : null;
  const seats = row ? seatsOf(row, interaction.user.id) : [];
  if (!at || !row || seats.length === 0 || !interaction.isFromMessage()) {
    await interaction.reply({ content: T.outOfDate[locale], flags: MessageFlags.Ephemeral });
    return;
  }
  await interaction.deferUpdate();
  const state = await ctx.store.matches.currentState(row.matchId);
  const pending = ctx.store.requireGame(row.game).pending(state);
  const seat = actingSeat(seats, pending) as Seat;
  const text = interaction.fields.getTextInputValue('value').trim();
  const show = async (notice: string) =>
    editClicked(ctx, interaction, row, await ownerMessage(ctx, row, interaction.user.id, locale, { notice }));
  if (pending?.shape !== 'number' || state.version !== at.version) return void (await show(T.outOfDate[locale]));
  if (!/^-?\d{1,7}$/.test(text)) return void (await show(T.notANumber[locale]));
  const value = Number(text);
  const problem = numberProblem(pending, value);
  if (problem) return void (await show(problemText(problem, locale)));
  await answerWith(ctx, interaction, row, seat, pending, { decisionId: pending.id, choose: [], number: value }, locale);
}

/** The decision stands, but Discord refused the board for a missing permission: say which, to the clicker only. */
async function tellIfBoardRefused(
  ctx: BotContext,
  interaction: ComponentInteraction | ChatInputCommandInteraction | ModalSubmitInteraction,
  matchId: string,
  locale: 'en' | 'ja',
): Promise<void> {
  const refused = ctx.boards.refusal(matchId);
  if (!refused) return;
  const content = ctx.permissions.userText(refused.channelId, refused.missing, locale);
  await interaction.followUp({ content, flags: MessageFlags.Ephemeral });
}

/**
 * Commits through the store (which validates with the engine). Returns a notice for the clicker, or null when the
 * answer was applied now or earlier (a double click is applied once and answered like the first), and whether it
 * was applied now.
 */
async function submit(
  ctx: BotContext,
  row: MatchInfo,
  seat: Seat,
  submission: Submission,
  locale: 'en' | 'ja',
): Promise<{ notice: string | null; applied: boolean }> {
  try {
    const result = await ctx.store.matches.commitDecision(row.matchId, seat, submission);
    return { notice: result.kind === 'stale' ? T.outOfDate[locale] : null, applied: result.kind === 'applied' };
  } catch (error) {
    if (error instanceof IllegalAction) return { notice: error.reason[locale], applied: false };
    if (error instanceof MatchNotPlayable && error.status === 'paused')
      return { notice: pausedNotice[locale], applied: false };
    if (error instanceof MatchNotPlayable) return { notice: T.matchNotActive(error.status)[locale], applied: false };
    throw error;
  }
}

const ROWS_MAX = 5;

/**
 * On the player's own priority decision, and while they wait: "Pass until my next decision", "Pass to end of turn"
 * and the "Hold priority" toggle (in a row of their own, or beside ◀ ▶ when five rows are taken), the pass mode in
 * force, and when their decision is timed, the deadline. Only the owner's ephemeral gets these.
 */
async function withPriorityControls(
  ctx: BotContext,
  row: MatchInfo,
  state: BaseState,
  seat: Seat,
  locale: 'en' | 'ja',
  message: Awaited<ReturnType<typeof handMessage>>,
) {
  const game = ctx.store.requireGame(row.game);
  const pending = state.result ? null : game.pending(state);
  if (!pending) return message;
  const clock = await ctx.flow.clockOf(row.matchId);
  const lines = [message.content];
  const timing = clock?.timing;
  const mine = pending.player === seat;
  if (mine && timing && timing.decisionId === pending.id && timing.seat === seat) {
    const bank = Math.round(clock.bankMs[seat] / 1000);
    const bankText = `${Math.floor(bank / 60)}:${String(bank % 60).padStart(2, '0')}`;
    lines.push(T.answerBy(Math.floor(timing.deadline / 1000), bankText)[locale]);
  }
  const steps = stepsFor(ctx.games, row.game);
  if ((mine && pending.role !== 'priority') || !steps) return { ...message, content: lines.join('\n') };
  const mode = clock?.modes[seat];
  if (mode && mode.passUntil !== 'none' && mode.turn === steps.position(state).turn) {
    lines.push(T.passingUntil(mode.passUntil)[locale]);
  }
  const hold = clock?.modes[seat].hold ?? false;
  const prefs = await ctx.store.preferences.get(row.guildId, row.players[seat]);
  const full = !(prefs.autoPass ?? (await ctx.store.guilds.get(row.guildId)).autoPass.enabled);
  const id = (mode: PassModeControl) =>
    encodeControl({ kind: 'pass-mode', matchId: row.matchId, version: state.version, mode });
  const buttons = [
    new ButtonBuilder().setCustomId(id('u')).setLabel(T.passUntilDecision[locale]).setStyle(ButtonStyle.Secondary),
    new ButtonBuilder().setCustomId(id('e')).setLabel(T.passToEndOfTurn[locale]).setStyle(ButtonStyle.Secondary),
    new ButtonBuilder()
      .setCustomId(id('h'))
      .setLabel(T.holdPriority(hold)[locale])
      .setStyle(hold ? ButtonStyle.Success : ButtonStyle.Secondary),
    new ButtonBuilder()
      .setCustomId(id('f'))
      .setLabel(T.fullControl(full)[locale])
      .setStyle(full ? ButtonStyle.Success : ButtonStyle.Secondary),
  ];
  const rows = [...message.components];
  const last = rows.at(-1);
  if (rows.length < ROWS_MAX)
    rows.push(new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(buttons));
  else if (last && last.components.length + buttons.length <= BUTTONS_PER_ROW) last.addComponents(buttons);
  return { ...message, content: lines.join('\n'), components: rows };
}

/**
 * `/concede` in a match thread asks first (issue 26): an ephemeral with "Concede" and "Keep playing", answered by
 * `onConcedeAnswer`. Nothing is committed until the player confirms.
 */
export async function concede(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const row = await ctx.store.matches.matchIn(interaction.channelId);
  if (!row) {
    await interaction.editReply(T.noMatchHere[locale]);
    return;
  }
  if (seatsOf(row, interaction.user.id).length === 0) {
    await interaction.editReply(T.notAPlayer[locale]);
    return;
  }
  if (row.status !== 'active') {
    await interaction.editReply(T.matchNotActive(row.status)[locale]);
    return;
  }
  const id = (confirm: boolean) =>
    encodeControl({ kind: 'concede', matchId: row.matchId, userId: interaction.user.id, confirm });
  const buttons = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new ButtonBuilder().setCustomId(id(true)).setLabel(T.concedeConfirm[locale]).setStyle(ButtonStyle.Danger),
    new ButtonBuilder().setCustomId(id(false)).setLabel(T.keepPlaying[locale]).setStyle(ButtonStyle.Secondary),
  );
  await interaction.editReply({ content: T.concedeAsk[locale], components: [buttons] });
}

/**
 * A click on `/concede`'s confirmation. Only the player who asked counts (Discord shows an ephemeral to its owner
 * only; a forged click from anyone else, or on a public message, changes nothing), and a confirmation that outlived
 * its match says the match is over.
 */
export async function onConcedeAnswer(
  ctx: BotContext,
  interaction: ButtonInteraction,
  control: Extract<ControlId, { kind: 'concede' }>,
): Promise<void> {
  const locale = localeOf(interaction.locale);
  if (interaction.user.id !== control.userId || !interaction.message.flags.has(MessageFlags.Ephemeral)) {
    await interaction.reply({ content: T.concedeNotYours[locale], flags: MessageFlags.Ephemeral });
    return;
  }
  await interaction.deferUpdate();
  const row = await ctx.store.matches.match(control.matchId);
  const seats = row ? seatsOf(row, interaction.user.id) : [];
  if (!row || seats.length === 0) {
    await interaction.editReply({ content: T.notAPlayer[locale], components: [] });
    return;
  }
  if (row.status === 'finished' || row.status === 'aborted') {
    await interaction.editReply({ content: T.concedeTooLate[locale], components: [] });
    return;
  }
  if (!control.confirm) {
    await interaction.editReply({ content: T.keptPlaying[locale], components: [] });
    return;
  }
  if (row.status !== 'active') {
    await interaction.editReply({ content: T.matchNotActive(row.status)[locale], components: [] });
    return;
  }
  const game = ctx.store.requireGame(row.game);
  const seat = actingSeat(seats, game.pending(await ctx.store.matches.currentState(row.matchId))) as Seat;
  const { notice } = await submit(ctx, row, seat, 'concede', locale);
  const names = await seatNames(ctx, row);
  await interaction.editReply({ content: notice ?? T.conceded(names[seat])[locale], components: [] });
  await ctx.flow.changed(row.matchId);
  await tellIfBoardRefused(ctx, interaction, row.matchId, locale);
}

/** `/match status`: the public board, for the asker only. */
export async function matchStatus(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const row = await ctx.store.matches.matchIn(interaction.channelId);
  if (!row || row.status === 'pending') {
    await interaction.editReply(await yourMatches(ctx, interaction.guildId, interaction.user.id, locale));
    return;
  }
  const game = ctx.store.requireGame(row.game);
  const state = await ctx.store.matches.currentState(row.matchId);
  const board = await publicBoard(ctx, row, game, state, await seatNames(ctx, row), locale);
  await interaction.editReply({ embeds: board.embeds, files: board.files, components: [] });
}

/** At most this many matches are listed; Discord's 2,000 characters hold about that many lines. */
const LISTED_MATCHES = 15;

/**
 * `/match status` outside a match thread: the asker's active matches in this server, each with a link to its thread
 * and whose decision it is (public: the board shows it too).
 */
async function yourMatches(
  ctx: BotContext,
  guildId: string | null,
  userId: string,
  locale: 'en' | 'ja',
): Promise<string> {
  const matches = guildId ? await ctx.store.matches.activeMatchesOf(guildId, userId) : [];
  if (!guildId || matches.length === 0) return T.noMatchesOfYours[locale];
  const lines = await Promise.all(
    matches.slice(0, LISTED_MATCHES).map(async (row) => {
      const names = await seatNames(ctx, row);
      const game = ctx.store.requireGame(row.game);
      const where = row.threadId ?? row.matchId;
      let note: string;
      if (await ctx.store.pauses.isPaused(row.matchId)) {
        note = T.pausedMatch[locale];
      } else {
        const seat = game.pending(await ctx.store.matches.currentState(row.matchId))?.player;
        note = !seat ? '' : row.players[seat] === userId ? T.yourDecision[locale] : T.waitingFor(names[seat])[locale];
      }
      const link = `https://discord.com/channels/${guildId}/${where}`;
      return `· <#${where}> ${game.name[locale]} · ${names.p1} vs ${names.p2}${note ? ` · ${note}` : ''} (${link})`;
    }),
  );
  const more = matches.length > LISTED_MATCHES ? [T.moreMatches(matches.length - LISTED_MATCHES)[locale]] : [];
  return clip([T.yourMatches(matches.length)[locale], ...lines, ...more].join('\n'), 2000);
}
