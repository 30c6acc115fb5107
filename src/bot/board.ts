// Keeps each match's public board up to date. Requests coalesce: while one update of a match is in flight (or waits
// for the channel's rate limit, channel-pacer.ts), any number of further requests become one more update of the
// latest state, so a burst of clicks costs at most two edits (the research's rate-limit threads). A new turn gets a
// new board message and the previous one loses its button (it would still work: the custom_id names only the
// match), in the background: that edit gives way to every board. The board message and whether the result was
// announced are also in the store (match_posts), so a restarted bot edits the board of the current turn, and a result
// that a crash kept from being announced is announced at the next boot, once.
//
// Edits go through a board handle when there is one: a click on a board's "My hand / act" button is acknowledged as a
// deferred update (callback type 6), which makes the board that interaction's "@original", and its token may edit it
// for 15 minutes. Interaction webhooks are outside the bot's global limit (50 requests/s, shared by every match)
// and the channel's (5 per 5 s), the two limits that kept boards seconds late with 50 matches at once. Without a
// live handle (a board nobody clicked yet, a restart, a token near its end) the channel route is used, paced.
import type { InteractionEditReplyOptions, Message, MessageComponentInteraction, MessageEditOptions } from 'discord.js';
import type { GameResult } from '../engine/core/game.ts';
import type { BoardPost } from '../store/match-posts.ts';
import type { MatchInfo } from '../store/match-records.ts';
import { type ChannelLimit, ChannelPacer } from './channel-pacer.ts';
import type { BotContext } from './context.ts';
import { discordCode, isPermissionError, UNKNOWN_CHANNEL } from './discord-errors.ts';
import { botPermissionsIn, matchThreadNeeds, missingBits } from './permissions.ts';
import { olderBoard, publicBoard, resultMessage, seatNames } from './presenter.ts';
import { pauseMatch } from './resume.ts';
import { announceOnStarter, finishedLine } from './starter-line.ts';

/**
 * How long a board handle is used: Discord's interaction tokens last 15 minutes from the click; a minute is kept
 * for the clock's drift and a request in flight.
 */
const BOARD_HANDLE_LIFETIME_MS = 14 * 60_000;

/** How long a request that gives way to boards waits before it looks again. */
const SPARE_RETRY_MS = 50;

/** A click on a board's button, acknowledged with a deferred update: its token edits that board. */
interface BoardHandle {
  interaction: MessageComponentInteraction;
  expiresAt: number;
}

/**
 * A board message as this process last sent it: the key of its image and the id of the file its embed shows (both
 * unknown after a restart), so an unchanged image is kept by id instead of uploaded again.
 */
type KnownBoard = BoardPost & { imageKey?: string | null; attachmentId?: string | null };

/**
 * The id of the file a message's embed image shows. Discord leaves that file out of `attachments` and serves it at the
 * embed's URL, `…/attachments/<channel>/<attachment>/<name>`; null when the URL is not one (then the next edit
 * uploads the image again).
 */
export function embedAttachmentId(message: Message): string | null {
  const url = message.embeds[0]?.image?.url;
  return url ? (/\/attachments\/\d+\/(\d+)\//.exec(url)?.[1] ?? null) : null;
}

/** What a board edit sends: the same through a handle (webhook) or the channel. */
type BoardEdit = InteractionEditReplyOptions & MessageEditOptions;

export class BoardUpdater {
  /**
   * The store's board messages, cached (every update reads it), with the key of the image each holds (unknown after
   * a restart), so an unchanged image is not uploaded again.
   */
  private readonly boards = new Map<string, KnownBoard>();
  private readonly dirty = new Set<string>();
  private readonly running = new Map<string, Promise<void>>();
  /** Matches whose last board update Discord refused for a permission: where, and what is missing (0n: unknown). */
  private readonly refused = new Map<string, { channelId: string; missing: bigint }>();
  /** DMs sent after board updates, so `idle()` waits for them too. */
  private readonly side = new Set<Promise<void>>();
  /**
   * Previous boards of a match still to shrink to their one-line summary, losing image and button (background work).
   */
  private readonly staleButtons = new Map<string, { channelId: string; messageId: string; summary: BoardEdit }[]>();
  /** Board handles by board message id. */
  private readonly handles = new Map<string, BoardHandle>();
  private readonly pacer: ChannelPacer;
  private ctx: BotContext | null = null;

  constructor(
    channelLimit?: ChannelLimit,
    /** false: every board goes through the channel (no handles are kept). */
    private readonly useHandles = true,
  ) {
    this.pacer = new ChannelPacer(channelLimit);
  }

  attach(ctx: BotContext): void {
    this.ctx = ctx;
  }

  /** Schedules an update of the match's board; resolves when the board shows a state at least this new. */
  request(matchId: string): Promise<void> {
    this.dirty.add(matchId);
    let run = this.running.get(matchId);
    if (!run) {
      run = this.loop(matchId);
      this.running.set(matchId, run);
    }
    const metrics = this.ctx?.metrics;
    if (metrics) {
      const asked = performance.now();
      run.then(() => metrics.boardShown(performance.now() - asked)).catch(() => {});
    }
    return run;
  }

  async idle(): Promise<void> {
    while (this.running.size + this.side.size > 0) await Promise.all([...this.running.values(), ...this.side]);
  }

  /**
   * A click on a board message's button, already acknowledged with `deferUpdate()`: the board's edits may go through
   * its token (outside the bot's global and per-channel limits) until it nears its end.
   */
  offerHandle(interaction: MessageComponentInteraction): void {
    const ctx = this.ctx;
    if (!ctx || !this.useHandles || !interaction.deferred) return;
    const now = ctx.now();
    // Handles are kept oldest first (re-set moves one to the end) with one lifetime, so they expire from the front:
    // only those of the last 14 minutes are held.
    for (const [messageId, handle] of this.handles) {
      if (handle.expiresAt > now) break;
      this.handles.delete(messageId);
    }
    this.handles.delete(interaction.message.id);
    this.handles.set(interaction.message.id, { interaction, expiresAt: now + BOARD_HANDLE_LIFETIME_MS });
  }

  /**
   * Whether a request is a board edit through a handle (`PATCH /webhooks/<app>/<token>/messages/@original` with a
   * handle's token). Asked only when such a request meets a rate limit, so a scan of the handles is cheap enough.
   */
  isHandleEdit(url: string): boolean {
    const token = /\/webhooks\/[^/]+\/([^/]+)\/messages\/(?:@|%40)original/.exec(url)?.[1];
    if (!token) return false;
    for (const handle of this.handles.values()) if (handle.interaction.token === token) return true;
    return false;
  }

  /** How many entries the per-match and per-channel maps hold (a test of their bounds). */
  held(): { boards: number; handles: number; refused: number; staleButtons: number; channels: number } {
    return {
      boards: this.boards.size,
      handles: this.handles.size,
      refused: this.refused.size,
      staleButtons: this.staleButtons.size,
      channels: this.pacer.tracked,
    };
  }

  /** The match is over: what is kept per match here goes (a later update reads its board from the store again). */
  ended(matchId: string): void {
    this.boards.delete(matchId);
    this.refused.delete(matchId);
  }

  /** The next update posts a new board message (the match moved to a new thread). */
  async forget(matchId: string): Promise<void> {
    this.boards.delete(matchId);
    await this.ctx?.store.posts.clearBoard(matchId);
  }

  /** The board message this match's next update may edit: the latest one, if it is in this channel. */
  private async boardIn(ctx: BotContext, matchId: string, channelId: string): Promise<KnownBoard | null> {
    let known = this.boards.get(matchId) ?? null;
    if (!known) {
      known = await ctx.store.posts.board(matchId);
      if (known) this.boards.set(matchId, known);
    }
    return known?.channelId === channelId ? known : null;
  }

  /** Waits for and takes a slot of the channel's limit. */
  pacedSlot(channelId: string): Promise<void> {
    return this.pacer.take(channelId);
  }

  /**
   * A slot for a request that gives way to boards ("your decision" mentions and their deletion): taken only while the
   * channel has room beyond the next board and the global bucket is at least half free, and never while this match
   * wants a board. False, with nothing taken, once `wanted()` says the request is no longer needed.
   */
  async spareSlot(channelId: string, matchId: string, wanted: () => boolean): Promise<boolean> {
    const rest = this.ctx?.client.rest;
    if (!rest) return false;
    for (;;) {
      if (!wanted()) return false;
      if (await this.pacer.takeSpare(channelId, rest, () => !wanted() || this.dirty.has(matchId))) return true;
      await new Promise((resolve) => setTimeout(resolve, SPARE_RETRY_MS));
    }
  }

  /** Why the last board update of this match was refused (a missing permission), or null if it landed. */
  refusal(matchId: string): { channelId: string; missing: bigint } | null {
    return this.refused.get(matchId) ?? null;
  }

  private async loop(matchId: string): Promise<void> {
    for (;;) {
      // Checked synchronously, so a request arriving now either is seen here or starts a new loop.
      if (this.dirty.has(matchId)) {
        this.dirty.delete(matchId);
        try {
          await this.update(matchId);
          this.refused.delete(matchId);
        } catch (error) {
          await this.failed(matchId, error);
        }
        continue;
      }
      if (this.staleButtons.get(matchId)?.length) {
        await this.removeStaleButton(matchId);
        continue;
      }
      this.running.delete(matchId);
      return;
    }
  }

  /**
   * Waits for a slot of the channel's limit and takes it. True instead (nothing taken) when it had to wait and the
   * match asked for a newer board meanwhile: the caller draws that one (requests coalesce while they wait).
   */
  private async channelSlot(channelId: string, matchId: string): Promise<boolean> {
    if ((await this.pacer.untilFree(channelId)) && this.dirty.has(matchId)) return true;
    await this.pacer.take(channelId);
    return false;
  }

  /** The live handle of a board message, if any. */
  private handleOf(messageId: string): BoardHandle | null {
    const handle = this.handles.get(messageId);
    if (!handle) return null;
    if (handle.expiresAt > (this.ctx?.now() ?? 0)) return handle;
    this.handles.delete(messageId);
    return null;
  }

  /** Edits a board through its handle: the edited message, or null (the handle dropped) when there is none or Discord refused the token. */
  private async editThroughHandle(messageId: string, edit: BoardEdit): Promise<Message | null> {
    const handle = this.handleOf(messageId);
    if (!handle) return null;
    try {
      return await handle.interaction.editReply(edit);
    } catch (error) {
      // An expired or unknown token (50027, 10015), a rate limit on it (rest.ts rejects rather than waits), or a
      // board gone: the channel route takes over and decides what is wrong.
      this.handles.delete(messageId);
      this.ctx?.log(`board ${messageId} through its click's token: ${(error as Error).message}`);
      return null;
    }
  }

  /**
   * Shrinks one previous board to its one-line summary (no image, no button) when there is room for it; gives way
   * when the match wants a board. One edit, the one that used to remove only the button.
   */
  private async removeStaleButton(matchId: string): Promise<void> {
    const ctx = this.ctx;
    const list = this.staleButtons.get(matchId);
    const stale = list?.[0];
    if (!ctx || !list || !stale) return;
    const done = () => {
      list.shift();
      if (list.length === 0) this.staleButtons.delete(matchId);
      this.handles.delete(stale.messageId);
    };
    // The old board's own handle costs neither limit.
    if (await this.editThroughHandle(stale.messageId, stale.summary)) {
      done();
      return;
    }
    if (!(await this.pacer.takeSpare(stale.channelId, ctx.client.rest, () => this.dirty.has(matchId)))) return;
    done();
    try {
      const channel = await ctx.client.channels.fetch(stale.channelId);
      if (channel?.isSendable()) await channel.messages.edit(stale.messageId, stale.summary);
    } catch {
      // Cosmetic: the old board and its button would still work.
    }
  }

  private async update(matchId: string): Promise<void> {
    const ctx = this.ctx;
    if (!ctx) throw new Error('board updater not attached');
    const row = await ctx.store.matches.match(matchId);
    if (!row || row.status === 'pending' || (await ctx.store.pauses.isPaused(matchId))) return;
    const game = ctx.store.requireGame(row.game);
    const state = await ctx.store.matches.currentState(matchId);
    const channel = await ctx.client.channels.fetch(row.threadId ?? row.channelId);
    if (!channel?.isSendable()) throw new Error(`cannot post in channel ${row.threadId ?? row.channelId}`);
    const names = await seatNames(ctx, row);
    const locale = (await ctx.store.guilds.get(row.guildId)).locale;
    const { turn, imageKey, lifeLine, ...board } = await publicBoard(ctx, row, game, state, names, locale);
    const known = await this.boardIn(ctx, matchId, channel.id);
    if (known && known.turn === turn) {
      // The same image: no upload. The edit keeps the message's file by id, so the embed's attachment:// names it
      // (an edit naming no file leaves the reference unresolved and the file shown on its own: discord-api-docs#5675).
      const keptId = imageKey !== null && known.imageKey === imageKey ? (known.attachmentId ?? null) : null;
      const edit: BoardEdit =
        keptId !== null
          ? { embeds: board.embeds, components: board.components, attachments: [{ id: keptId }] }
          : { ...board, attachments: [] };
      let edited = await this.editThroughHandle(known.messageId, edit);
      if (!edited) {
        if (await this.channelSlot(channel.id, matchId)) return; // a newer state came in meanwhile: drawn next
        edited = await channel.messages.edit(known.messageId, edit);
      }
      this.boards.set(matchId, { ...known, imageKey, attachmentId: embedAttachmentId(edited) });
    } else {
      if (await this.channelSlot(channel.id, matchId)) return; // a newer state came in meanwhile: drawn next
      const sent: Message = await channel.send(board);
      const post = { channelId: channel.id, messageId: sent.id, turn };
      await ctx.store.posts.setBoard(matchId, post);
      this.boards.set(matchId, { ...post, imageKey, attachmentId: embedAttachmentId(sent) });
      // Only the newest board is a board: an older one shrinks to a line (its button would still work: the custom_id
      // names the match). The lives are the new turn's, which the old turn ended with.
      if (known) {
        const list = this.staleButtons.get(matchId) ?? [];
        const { files: _none, ...summary } = olderBoard(known.turn, lifeLine, locale);
        list.push({ channelId: channel.id, messageId: known.messageId, summary });
        this.staleButtons.set(matchId, list);
      }
    }
    if (state.result && !(await ctx.store.posts.isAnnounced(matchId))) {
      await this.pacer.take(channel.id);
      await channel.send(resultMessage(game, state, names, locale, await ctx.store.matches.publicLog(matchId)));
      await announced(ctx, row, state.result);
      // The channel's line this thread hangs from says how it ended, no longer "the match is on".
      const line = finishedLine(game, state, names, channel.id, locale);
      if (line && row.channelId !== channel.id) {
        await this.pacer.take(row.channelId);
        await announceOnStarter(ctx, row, line);
      }
    }
    if (state.result) this.ended(matchId);
    const dm = ctx.notifier
      .afterUpdate(ctx, row, game, state, channel)
      .catch((error: unknown) => ctx.log(`DM for match ${matchId}: ${(error as Error).message}`))
      .finally(() => {
        this.side.delete(dm);
        // Nothing reads a finished match's messages again (stale clicks carry their own): without this, discord.js
        // keeps up to 200 per thread for the life of the process (issue 25 item 10, ~5 per finished match).
        if (!state.result) return;
        channel.messages.cache.clear();
        // And the thread itself: a later click or fetch brings it back from Discord if anyone needs it.
        if (channel.isThread()) {
          channel.guild.channels.cache.delete(channel.id);
          ctx.client.channels.cache.delete(channel.id);
        }
      });
    this.side.add(dm);
  }

  /**
   * A board Discord would not take. The thread is gone (10003): pause the match. A permission is missing: remember
   * it for the clicker's ephemeral and tell the managers; the committed decisions stand, and the next update (once
   * the permission is back) shows the current state.
   */
  private async failed(matchId: string, error: unknown): Promise<void> {
    const ctx = this.ctx;
    if (!ctx) return;
    ctx.log(`board of match ${matchId}: ${(error as Error).message}`);
    const row = await ctx.store.matches.match(matchId);
    if (!row) return;
    const channelId = row.threadId ?? row.channelId;
    try {
      if (discordCode(error) === UNKNOWN_CHANNEL) {
        if (row.status === 'finished') await announceWithoutThread(ctx, row);
        else await pauseMatch(ctx, row, 'thread-deleted');
      } else if (isPermissionError(error)) {
        const needs = matchThreadNeeds(ctx.renderer !== null);
        const missing = missingBits(await botPermissionsIn(ctx.client, channelId), needs);
        this.refused.set(matchId, { channelId, missing });
        await ctx.permissions.tellAdmins(row.guildId, channelId, missing);
      }
    } catch (again) {
      ctx.log(`board of match ${matchId}, handling the failure: ${(again as Error).message}`);
    }
  }
}

/** After the result message: the hook, then the mark, in one synchronous step, so the hook runs once per match. */
async function announced(ctx: BotContext, row: MatchInfo, result: GameResult): Promise<void> {
  try {
    ctx.onMatchEnd?.(row, result);
  } catch (error) {
    ctx.log(`onMatchEnd of match ${row.matchId}: ${(error as Error).message}`);
  }
  await ctx.store.posts.markAnnounced(row.matchId, ctx.now());
}

/**
 * A finished match whose thread is gone (deleted before its result was announced): the result goes to the channel
 * the match started in, if it is still there, and the hook runs anyway (leagues must not lose a result).
 */
async function announceWithoutThread(ctx: BotContext, row: MatchInfo): Promise<void> {
  const state = await ctx.store.matches.currentState(row.matchId);
  if (!state.result || (await ctx.store.posts.isAnnounced(row.matchId))) return;
  try {
    const channel = await ctx.client.channels.fetch(row.channelId);
    if (channel?.isSendable()) {
      const locale = (await ctx.store.guilds.get(row.guildId)).locale;
      const game = ctx.store.requireGame(row.game);
      await channel.send(
        resultMessage(game, state, await seatNames(ctx, row), locale, await ctx.store.matches.publicLog(row.matchId)),
      );
    }
  } catch (error) {
    ctx.log(`result of match ${row.matchId} without its thread: ${(error as Error).message}`);
  }
  await announced(ctx, row, state.result);
}
