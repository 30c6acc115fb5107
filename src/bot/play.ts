// Clicks on match controls. Each one acknowledges at once (Discord's 3 s), checks with the engine through the
// store, commits **before** anything is sent, then answers the clicker and asks for a board update.
import {
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  MessageFlags,
  type StringSelectMenuInteraction,
} from 'discord.js';
import { decisionIdFor } from '../engine/core/decision.ts';
import { IllegalAction } from '../engine/core/errors.ts';
import type { Seat } from '../engine/core/game.ts';
import { MatchNotPlayable } from '../store/match-errors.ts';
import type { MatchInfo } from '../store/match-records.ts';
import type { Submission } from '../store/match-store.ts';
import type { BotContext } from './context.ts';
import { completedPicks } from './controls.ts';
import type { ControlId } from './custom-id.ts';
import { localeOf, T } from './i18n.ts';
import { actingSeat, handMessage, publicBoard, seatNames, seatsOf } from './presenter.ts';

type ComponentInteraction = ButtonInteraction | StringSelectMenuInteraction;
type MatchControl = Exclude<ControlId, { kind: 'hand' | 'challenge' | 'challenge-deck' }>;

/** "My hand / act" on the public board: a fresh ephemeral with the hand and, on their decision, the options. */
export async function showHand(ctx: BotContext, interaction: ButtonInteraction, matchId: string): Promise<void> {
  const locale = localeOf(interaction.locale);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const row = ctx.store.matches.match(matchId);
  const seats = row ? seatsOf(row, interaction.user.id) : [];
  if (!row || seats.length === 0) {
    await interaction.editReply({ content: T.notAPlayer[locale] });
    return;
  }
  if (row.status !== 'active' && row.status !== 'finished') {
    await interaction.editReply({ content: T.matchNotActive(row.status)[locale] });
    return;
  }
  await interaction.editReply(await ownerMessage(ctx, row, interaction.user.id, locale, {}));
}

async function ownerMessage(
  ctx: BotContext,
  row: MatchInfo,
  userId: string,
  locale: 'en' | 'ja',
  extra: { page?: number; picked?: number[]; notice?: string },
) {
  const game = ctx.store.requireGame(row.game);
  const state = ctx.store.matches.currentState(row.matchId);
  const seat = actingSeat(seatsOf(row, userId), game.pending(state)) as Seat;
  const names = await seatNames(ctx, row);
  return handMessage(ctx, { row, game, state, seat, names, locale, ...extra });
}

/** A click on an option, "none", a select, an order pick or a page button in the owner's ephemeral. */
export async function onMatchControl(
  ctx: BotContext,
  interaction: ComponentInteraction,
  control: MatchControl,
): Promise<void> {
  const locale = localeOf(interaction.locale);
  await interaction.deferUpdate();
  const row = ctx.store.matches.match(control.matchId);
  const seats = row ? seatsOf(row, interaction.user.id) : [];
  if (!row || seats.length === 0) {
    await interaction.followUp({ content: T.notAPlayer[locale], flags: MessageFlags.Ephemeral });
    return;
  }
  if (row.status !== 'active') {
    await interaction.editReply({ content: T.matchNotActive(row.status)[locale], embeds: [], components: [] });
    return;
  }
  const game = ctx.store.requireGame(row.game);
  const state = ctx.store.matches.currentState(row.matchId);
  const pending = game.pending(state);
  const current = pending !== null && state.version === control.version;

  // Paging and partial orders change only this ephemeral; nothing is committed.
  if (control.kind === 'page' && current) {
    const extra = { page: control.page, ...(control.picked ? { picked: control.picked } : {}) };
    await interaction.editReply(await ownerMessage(ctx, row, interaction.user.id, locale, extra));
    return;
  }
  let choose: string[] | null = null;
  if (control.kind === 'option') choose = [control.optionId];
  else if (control.kind === 'none') choose = [];
  else if (control.kind === 'multi') choose = interaction.isStringSelectMenu() ? [...interaction.values] : null;
  else if (control.kind === 'done' && current) choose = control.picked.map((i) => pending.options[i]?.id ?? '');
  else if (control.kind === 'order' && current) {
    const picked = [...control.picked, control.index];
    choose = completedPicks(pending, picked);
    if (!choose) {
      await interaction.editReply(await ownerMessage(ctx, row, interaction.user.id, locale, { picked }));
      return;
    }
  }
  if (choose === null) {
    await interaction.editReply(
      await ownerMessage(ctx, row, interaction.user.id, locale, { notice: T.outOfDate[locale] }),
    );
    return;
  }
  const seat = actingSeat(seats, pending) as Seat;
  const notice = await submit(ctx, row, seat, { decisionId: decisionIdFor(control.version), choose }, locale);
  await interaction.editReply(await ownerMessage(ctx, row, interaction.user.id, locale, notice ? { notice } : {}));
  await ctx.boards.request(row.matchId);
}

/**
 * Commits through the store (which validates with the engine). Returns a notice for the clicker, or null when the
 * answer was applied now or earlier (a double click is applied once and answered like the first).
 */
async function submit(
  ctx: BotContext,
  row: MatchInfo,
  seat: Seat,
  submission: Submission,
  locale: 'en' | 'ja',
): Promise<string | null> {
  try {
    const result = ctx.store.matches.commitDecision(row.matchId, seat, submission);
    return result.kind === 'stale' ? T.outOfDate[locale] : null;
  } catch (error) {
    if (error instanceof IllegalAction) return error.reason[locale];
    if (error instanceof MatchNotPlayable) return T.matchNotActive(error.status)[locale];
    throw error;
  }
}

/** `/concede` in a match thread. */
export async function concede(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const row = ctx.store.matches.match(interaction.channelId);
  if (!row) {
    await interaction.editReply(T.noMatchHere[locale]);
    return;
  }
  const seats = seatsOf(row, interaction.user.id);
  if (seats.length === 0) {
    await interaction.editReply(T.notAPlayer[locale]);
    return;
  }
  if (row.status !== 'active') {
    await interaction.editReply(T.matchNotActive(row.status)[locale]);
    return;
  }
  const game = ctx.store.requireGame(row.game);
  const seat = actingSeat(seats, game.pending(ctx.store.matches.currentState(row.matchId))) as Seat;
  const notice = await submit(ctx, row, seat, 'concede', locale);
  const names = await seatNames(ctx, row);
  await interaction.editReply(notice ?? T.conceded(names[seat])[locale]);
  await ctx.boards.request(row.matchId);
}

/** `/match status`: the public board, for the asker only. */
export async function matchStatus(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const row = ctx.store.matches.match(interaction.channelId);
  if (!row || row.status === 'pending') {
    await interaction.editReply(T.noMatchHere[locale]);
    return;
  }
  const game = ctx.store.requireGame(row.game);
  const state = ctx.store.matches.currentState(row.matchId);
  const board = await publicBoard(ctx, row, game, state, await seatNames(ctx, row), locale);
  await interaction.editReply({ embeds: board.embeds, files: board.files, components: [] });
}
