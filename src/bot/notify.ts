// Direct messages, an optional extra a user turns on with `/settings user dms:True` (stored per guild): when a decision
// becomes theirs, a DM says so, with a snapshot of their hand built from their own view only and a link to the match
// thread (no controls: they act in the thread). If Discord refuses (50007: the user's DMs are closed), the
// preference is turned off with a note saying why (shown in /settings), and the player is told once in the match
// thread, publicly but with nothing hidden in it; the game goes on.
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  type ChatInputCommandInteraction,
  type InteractionEditReplyOptions,
  type MessageActionRowComponentBuilder,
  type MessageComponentInteraction,
  type SendableChannels,
} from 'discord.js';
import type { BaseState, GameModule, Seat } from '../engine/core/game.ts';
import type { Locale } from '../engine/core/label.ts';
import { isAiPlayerId } from '../store/ai-seats.ts';
import type { MatchInfo } from '../store/match-records.ts';
import type { BotContext } from './context.ts';
import { CANNOT_MESSAGE_USER, discordCode } from './discord-errors.ts';
import { decisionKindName } from './game-presenters.ts';
import { localeOf } from './i18n.ts';
import { editOwner, ownerMessage } from './play.ts';
import { handMessage, seatNames } from './presenter.ts';
import type { UserSettingOption } from './settings-command.ts';

const WORDS = {
  yourDecision: (game: string, players: string, kind: string) => ({
    en: `Your decision in ${game} · ${players} (${kind}).`,
    ja: `${game}・${players}であなたの選択です（${kind}）。`,
  }),
  openThread: { en: 'Open the match', ja: '対戦を開く' },
  dmsClosed: (who: string) => ({
    en: `${who}: I could not send you a direct message (Discord says your DMs are closed to me), so I turned DM notifications off for you. The match goes on here. To get them again, allow DMs from this server and run /settings user dms:True.`,
    ja: `${who}さん：ダイレクトメッセージを送れませんでした（DMが閉じられています）。DM通知をオフにしました。対戦はこのまま続きます。再開するには、このサーバーからのDMを許可して /settings user dms:True を実行してください。`,
  }),
  dmLine: (on: boolean, closedOn: string | null) => ({
    en: `DM notifications: ${on ? 'on' : 'off'}${closedOn ? ` (turned off on ${closedOn}: Discord refused a DM, your DMs were closed)` : ''}`,
    ja: `DM通知：${on ? 'オン' : 'オフ'}${closedOn ? `（${closedOn}にオフ：DMが閉じられていて送れませんでした）` : ''}`,
  }),
  dmsOnButClosed: {
    en: 'I tried to DM you and Discord refused (your DMs are closed to me), so DM notifications stay off. Allow DMs from this server (Privacy Settings) and try again.',
    ja: 'DMを送ろうとしましたが拒否されました（DMが閉じられています）。DM通知はオフのままです。このサーバーからのDMを許可してから、もう一度お試しください。',
  },
  yourTurnPing: (who: string, kind: string) => ({
    en: `${who}, your decision (${kind}): your latest "My hand / act" message shows it, or press the button on the board.`,
    ja: `${who}さん、あなたの選択です（${kind}）。最新の「手札・行動」メッセージか、盤面のボタンから選んでください。`,
  }),
  superseded: {
    en: 'This message is out of date: a newer one shows your hand and options.',
    ja: 'このメッセージは古くなりました。新しいメッセージに手札と選択肢があります。',
  },
  dmTest: {
    en: 'Arbiter: DM notifications are on for your matches.',
    ja: 'Arbiter：対戦のDM通知がオンになりました。',
  },
};

/**
 * A player's newest ephemeral in a match and the interaction whose token edits it: the "My hand / act" click that
 * sent it as a follow-up (`message` is the follow-up's id), or a click on its own controls (`'@original'`).
 */
export interface EphemeralHandle {
  /** The click's interaction: its token edits the ephemeral, and sends (and deletes) the "your decision" mention. */
  interaction: Pick<MessageComponentInteraction, 'editReply' | 'followUp' | 'deleteReply'>;
  /** The ephemeral message's id. */
  messageId: string;
  /** What `editReply` edits: '@original' (a click on the ephemeral itself) or the follow-up's id. */
  message: string;
  expiresAt: number;
  /** The hand picture it shows (its image key and attachment id), kept by an edit that would show the same one. */
  picture?: { key: string; attachmentId: string } | undefined;
}

/** A "your decision" mention in a thread, and the click whose token sent it (null: sent through the channel). */
interface PostedPing {
  channelId: string;
  messageId: string;
  token: EphemeralHandle | null;
}

export class TurnNotifier {
  /** Per match, the user whose decision the last board showed: a DM goes out only when it changes hands. */
  private readonly lastDecider = new Map<string, string>();
  /** Per match and user (`match:user`), their newest ephemeral, while its token can edit it. */
  private readonly ephemerals = new Map<string, EphemeralHandle>();
  /** Per match, the last "your decision" mention in its thread (deleted when the next one is posted). */
  private readonly pings = new Map<string, PostedPing>();
  /** Per match, the mention waiting for room in its thread (a newer one replaces it). */
  private readonly wantedPings = new Map<string, { userId: string }>();
  private mentions = true;

  /** Off: no "your decision" mentions in threads (tests that count a board's own channel requests). */
  setMentions(on: boolean): void {
    this.mentions = on;
  }
  /**
   * A player's newest ephemeral in a match. The one it replaces (another message) is edited to say it is out of
   * date, without controls, so old messages never look live.
   */
  rememberEphemeral(ctx: BotContext, matchId: string, userId: string, handle: EphemeralHandle): Promise<void> {
    const key = `${matchId}:${userId}`;
    const previous = this.ephemerals.get(key);
    this.sweepExpired(ctx.now());
    // The same message clicked again: it still shows the picture it showed.
    const same = previous?.messageId === handle.messageId;
    this.ephemerals.set(key, same && !handle.picture ? { ...handle, picture: previous?.picture } : handle);
    if (!previous || same || previous.expiresAt <= ctx.now()) {
      return Promise.resolve();
    }
    const locale = this.locales.get(userId) ?? 'en';
    return this.editEphemeral(ctx, previous, {
      content: WORDS.superseded[locale],
      embeds: [],
      components: [],
      attachments: [],
    }).then(() => undefined);
  }

  /**
   * An edit of a player's newest ephemeral `messageId` that would show the picture `key`: the id of the attachment
   * it shows already, to keep instead of uploading it again; null when it shows another picture or none.
   */
  keptPicture(matchId: string, userId: string, messageId: string | undefined, key: string | null): string | null {
    const shown = this.ephemerals.get(`${matchId}:${userId}`);
    if (key === null || messageId === undefined || shown?.messageId !== messageId) return null;
    return shown.picture?.key === key ? shown.picture.attachmentId : null;
  }

  /** What the newest ephemeral `messageId` shows now, after an edit or a follow-up: its picture, or none. */
  shownPicture(
    matchId: string,
    userId: string,
    messageId: string | undefined,
    picture: { key: string; attachmentId: string } | null,
  ): void {
    const handle = this.ephemerals.get(`${matchId}:${userId}`);
    if (handle && messageId !== undefined && handle.messageId === messageId) handle.picture = picture ?? undefined;
  }

  /** The newest ephemeral of a player, while it can be edited (tests and the bench read it). */
  ephemeralOf(matchId: string, userId: string): EphemeralHandle | null {
    return this.ephemerals.get(`${matchId}:${userId}`) ?? null;
  }

  private async editEphemeral(
    ctx: BotContext,
    handle: EphemeralHandle,
    payload: InteractionEditReplyOptions,
  ): Promise<boolean> {
    try {
      await handle.interaction.editReply({ ...payload, message: handle.message });
      return true;
    } catch (error) {
      ctx.log(`ephemeral ${handle.messageId}: ${(error as Error).message}`);
      return false;
    }
  }

  /** The decision came back to this player: their newest ephemeral shows it (hand and options), if it still can. */
  private async refreshEphemeral(ctx: BotContext, row: MatchInfo, userId: string): Promise<void> {
    const key = `${row.matchId}:${userId}`;
    const handle = this.ephemerals.get(key);
    if (!handle) return;
    if (handle.expiresAt <= ctx.now()) {
      this.ephemerals.delete(key);
      return;
    }
    const locale = this.locales.get(userId) ?? (await ctx.store.guilds.get(row.guildId)).locale;
    const message = await ownerMessage(ctx, row, userId, locale, {});
    const edited = await editOwner(ctx, row, userId, handle.messageId, message, (payload) =>
      handle.interaction.editReply({ ...payload, message: handle.message }),
    ).catch((error: unknown) => {
      ctx.log(`ephemeral ${handle.messageId}: ${(error as Error).message}`);
      return null;
    });
    if (!edited) this.ephemerals.delete(key);
  }

  /**
   * "<@player>, your decision": one mention in the match thread when a decision passes to a player from the other
   * (never in practice, where one person holds both seats). The previous mention is deleted, so the thread keeps
   * only the one that matters. Both go through a live click's token in the match when there is one (a public
   * follow-up of the click, deleted through the same token): interaction webhooks are outside the bot's global limit
   * and the thread's (5 per 5 s). Through the channel, a mention and a deletion at every hand-over doubled the
   * channel requests per decision (0.5 -> 1.0 with 50 NOVA matches) and took the two limits from new turns' boards
   * (board p99 19 -> 325 ms, images off). Without a live token (after a restart, or 14 minutes without a click)
   * they take the channel route and give way to boards (`spareSlot`). A mention still waiting when the decision
   * changes hands again is not sent: the newer one replaces it.
   */
  private async ping(
    ctx: BotContext,
    row: MatchInfo,
    userId: string,
    kind: string,
    locale: Locale,
    thread: SendableChannels,
  ): Promise<void> {
    const mine = { userId };
    this.wantedPings.set(row.matchId, mine);
    const wanted = () => this.wantedPings.get(row.matchId) === mine;
    await this.clearPing(ctx, row.matchId);
    if (!wanted()) return;
    const content = WORDS.yourTurnPing(`<@${userId}>`, kind)[locale];
    const allowedMentions = { users: [userId] };
    const token = this.liveToken(ctx, row, userId);
    let posted: PostedPing | null = null;
    if (token) {
      try {
        const sent = await token.interaction.followUp({ content, allowedMentions });
        posted = { channelId: thread.id, messageId: sent.id, token };
      } catch (error) {
        // The token failed (expired early, or Discord refused it): the channel route below takes over.
        ctx.log(`mention in match ${row.matchId} through a click's token: ${(error as Error).message}`);
      }
    }
    if (!posted) {
      if (!(await ctx.boards.spareSlot(thread.id, row.matchId, wanted))) return;
      const sent = await thread.send({ content, allowedMentions });
      posted = { channelId: thread.id, messageId: sent.id, token: null };
    }
    if (wanted()) {
      this.pings.set(row.matchId, posted);
      this.wantedPings.delete(row.matchId);
    } else {
      // Replaced while it was on its way: it goes too, so the thread still holds at most one.
      await this.deletePing(ctx, row.matchId, posted);
    }
  }

  /**
   * A click's token in this match that can still send a follow-up: the newest ephemeral handle of the player who
   * handed the decision over (usually the click that did it), else that of the player it passed to.
   */
  private liveToken(ctx: BotContext, row: MatchInfo, userId: string): EphemeralHandle | null {
    const now = ctx.now();
    const others = Object.values(row.players).filter((id) => id !== userId);
    for (const id of [...others, userId]) {
      const handle = this.ephemerals.get(`${row.matchId}:${id}`);
      if (handle && handle.expiresAt > now) return handle;
    }
    return null;
  }

  private async clearPing(ctx: BotContext, matchId: string): Promise<void> {
    const last = this.pings.get(matchId);
    if (!last) return;
    this.pings.delete(matchId);
    await this.deletePing(ctx, matchId, last);
  }

  /** Deletes a mention through the token that sent it while that lives, else through the channel, giving way to boards. */
  private async deletePing(ctx: BotContext, matchId: string, ping: PostedPing): Promise<void> {
    if (ping.token && ping.token.expiresAt > ctx.now()) {
      try {
        await ping.token.interaction.deleteReply(ping.messageId);
        return;
      } catch (error) {
        ctx.log(`ping ${ping.messageId} through its click's token: ${(error as Error).message}`);
      }
    }
    try {
      const channel = await ctx.client.channels.fetch(ping.channelId);
      await ctx.boards.spareSlot(ping.channelId, matchId, () => true);
      if (channel?.isSendable()) await channel.messages.delete(ping.messageId);
    } catch (error) {
      ctx.log(`ping ${ping.messageId}: ${(error as Error).message}`);
    }
  }
  /** The language each user's client last used with the bot (a DM has no interaction to read it from). */
  private readonly locales = new Map<string, Locale>();
  /** Matches where a user was already told about closed DMs (two updates can race). */
  private readonly told = new Set<string>();

  /** Matches whose last decider is remembered (a test of the bound: ended matches are forgotten). */
  get watching(): number {
    return this.lastDecider.size;
  }

  rememberLocale(userId: string, discordLocale: string | null | undefined): void {
    if (discordLocale) this.locales.set(userId, localeOf(discordLocale));
  }

  /** Forgets a match (it ended, or moved to a new thread and the next decider should hear of it again). */
  forget(matchId: string): void {
    this.lastDecider.delete(matchId);
    this.forgetPlayers(matchId);
    // Its last mention stays in the thread (as before); the click it holds (about 5 KB) is let go.
    this.pings.delete(matchId);
    this.wantedPings.delete(matchId);
  }

  /**
   * A finished match's ephemerals and notes (issue 25 item 10): each handle holds the click's interaction with its
   * message, about 5 KB, which nothing edits once the match is over.
   */
  private forgetPlayers(matchId: string): void {
    const prefix = `${matchId}:`;
    for (const key of this.ephemerals.keys()) if (key.startsWith(prefix)) this.ephemerals.delete(key);
    for (const key of this.told) if (key.startsWith(prefix)) this.told.delete(key);
  }

  /** Handles whose token has expired can edit nothing: dropped as new ones come, so none outlives its token long. */
  private sweepExpired(now: number): void {
    for (const [key, handle] of this.ephemerals) if (handle.expiresAt <= now) this.ephemerals.delete(key);
  }

  /** After a board update: a DM to the player whose decision it now is, if it just became theirs and they asked. */
  async afterUpdate(
    ctx: BotContext,
    row: MatchInfo,
    game: GameModule,
    state: BaseState,
    thread: SendableChannels,
  ): Promise<void> {
    const pending = state.result ? null : game.pending(state);
    if (!pending) {
      this.lastDecider.delete(row.matchId);
      // A mention still waiting for room is not sent once the match is over.
      this.wantedPings.delete(row.matchId);
      if (state.result) this.forgetPlayers(row.matchId);
      await this.clearPing(ctx, row.matchId);
      return;
    }
    const userId = row.players[pending.player];
    const before = this.lastDecider.get(row.matchId);
    this.lastDecider.set(row.matchId, userId);
    if (before === userId) return;
    const locale = this.locales.get(userId) ?? (await ctx.store.guilds.get(row.guildId)).locale;
    const kind = decisionKindName(ctx.games, row.game, pending.kind, locale);
    const practice = row.players.p1 === row.players.p2;
    // An AI seat (`ai:easy`) is no Discord user: mentioning it is refused (allowed_mentions takes snowflakes only).
    const mention = !practice && this.mentions && !isAiPlayerId(userId);
    await Promise.all([
      this.refreshEphemeral(ctx, row, userId),
      mention ? this.ping(ctx, row, userId, kind, locale, thread) : this.clearPing(ctx, row.matchId),
      this.dm(ctx, row, game, state, thread, pending.player, kind, locale),
    ]);
  }

  /** A DM to the player whose decision it now is, if they asked for DMs. */
  private async dm(
    ctx: BotContext,
    row: MatchInfo,
    game: GameModule,
    state: BaseState,
    thread: SendableChannels,
    seat: Seat,
    kind: string,
    locale: Locale,
  ): Promise<void> {
    const userId = row.players[seat];
    if (!(await ctx.store.preferences.get(row.guildId, userId)).dmNotifications) return;
    const names = await seatNames(ctx, row);
    // Built from this player's own view (handMessage projects `{kind: 'player', seat}`), without the controls.
    const hand = await handMessage(ctx, { row, game, state, seat, names, locale });
    const header = WORDS.yourDecision(game.name[locale], `${names.p1} vs ${names.p2}`, kind)[locale];
    const link = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
      new ButtonBuilder()
        .setStyle(ButtonStyle.Link)
        .setLabel(WORDS.openThread[locale])
        .setURL(`https://discord.com/channels/${row.guildId}/${thread.id}`),
    );
    try {
      const user = await ctx.client.users.fetch(userId);
      await user.send({
        content: `${header}\n${hand.content ?? ''}`.slice(0, 2000),
        embeds: hand.embeds,
        files: hand.files,
        components: [link],
      });
    } catch (error) {
      if (discordCode(error) !== CANNOT_MESSAGE_USER) {
        ctx.log(`DM to ${userId} (match ${row.matchId}): ${(error as Error).message}`);
        return;
      }
      await this.dmsClosed(ctx, row, userId, thread);
    }
  }

  /** 50007: turn the preference off with a note, and say so once in the match thread (nothing hidden in it). */
  private async dmsClosed(ctx: BotContext, row: MatchInfo, userId: string, thread: SendableChannels): Promise<void> {
    await ctx.store.preferences.update(
      row.guildId,
      userId,
      { dmNotifications: false, dmNotificationsOff: { reason: 'dms-closed', at: ctx.now() } },
      ctx.now(),
    );
    const key = `${row.matchId}:${userId}`;
    if (this.told.has(key)) return;
    this.told.add(key);
    const locale = (await ctx.store.guilds.get(row.guildId)).locale;
    await thread.send({ content: WORDS.dmsClosed(`<@${userId}>`)[locale], allowedMentions: { users: [userId] } });
  }
}

/**
 * `/settings user dms:True` sends a test DM first, so closed DMs are found now rather than at the first turn. Returns
 * the refusal to show (the preference then stays off, with its note), or null when the DM got through.
 */
export async function dmRefusal(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<string | null> {
  const guildId = interaction.guildId;
  if (!guildId) return null;
  const locale = localeOf(interaction.locale);
  try {
    await interaction.user.send(WORDS.dmTest[locale]);
    return null;
  } catch (error) {
    if (discordCode(error) !== CANNOT_MESSAGE_USER) throw error;
    await ctx.store.preferences.update(
      guildId,
      interaction.user.id,
      { dmNotifications: false, dmNotificationsOff: { reason: 'dms-closed', at: ctx.now() } },
      ctx.now(),
    );
    return WORDS.dmsOnButClosed[locale];
  }
}

/** The `/settings user` entry for `dms` (settings-command.ts): the preference, and the note when the bot turned it off. */
export const dmsSetting: UserSettingOption = {
  name: 'dms',
  apply(value, patch) {
    patch.dmNotifications = value === true;
    patch.dmNotificationsOff = null;
    return null;
  },
  describe(prefs, _guild, locale) {
    if (prefs.dmNotifications) return WORDS.dmLine(true, null)[locale];
    const off = prefs.dmNotificationsOff;
    return WORDS.dmLine(false, off ? new Date(off.at).toISOString().slice(0, 10) : null)[locale];
  },
};
