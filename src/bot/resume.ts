// A match whose thread (or channel) is deleted is paused, never lost: its log and state stay in the store, the
// store refuses decisions while it is paused, and the players are told where they can still read (the parent
// channel, or the guild's log or system channel). `/match resume`, by a player or a server manager, opens a fresh
// thread with a fresh board and controls, and play continues from the same state.
import {
  ChannelType,
  type ChatInputCommandInteraction,
  type Client,
  MessageFlags,
  PermissionFlagsBits,
  type TextChannel,
} from 'discord.js';
import type { Locale } from '../engine/core/label.ts';
import { isAiPlayerId } from '../store/ai-seats.ts';
import type { PauseReason } from '../store/match-pauses.ts';
import type { MatchInfo } from '../store/match-records.ts';
import type { BotContext } from './context.ts';
import { discordCode, isPermissionError, UNKNOWN_CHANNEL } from './discord-errors.ts';
import { localeOf } from './i18n.ts';
import { botPermissionsIn, matchChannelNeeds, missingBits } from './permissions.ts';
import { seatNames, seatsOf } from './presenter.ts';

const WORDS = {
  paused: (players: string, game: string, reason: PauseReason) => ({
    en: `⏸️ ${reason === 'channel-deleted' ? 'The channel' : 'The thread'} of the match ${players} (${game}) was deleted. The match is paused and nothing is lost: a player or a server manager can continue it with /match resume.`,
    ja: `⏸️ ${players}（${game}）の対戦の${reason === 'channel-deleted' ? 'チャンネル' : 'スレッド'}が削除されました。対戦は一時停止中で、データは失われていません。プレイヤーまたはサーバー管理者が /match resume で再開できます。`,
  }),
  resumedHeader: (players: string, game: string) => ({
    en: `▶️ ${players} (${game}): the match resumes in the thread below.`,
    ja: `▶️ ${players}（${game}）：下のスレッドで対戦を再開します。`,
  }),
  resumed: (thread: string) => ({
    en: `The match resumes in ${thread}, with a fresh board and controls.`,
    ja: `${thread}で対戦を再開しました。新しい盤面と操作ボタンがあります。`,
  }),
  nothingPaused: {
    en: 'There is no paused match of yours in this server.',
    ja: 'このサーバーに一時停止中のあなたの対戦はありません。',
  },
  notPaused: { en: 'That match is not paused.', ja: 'その対戦は一時停止していません。' },
  notYours: {
    en: 'Only its players or a server manager can resume a match.',
    ja: '対戦を再開できるのはそのプレイヤーかサーバー管理者だけです。',
  },
  several: (list: string) => ({
    en: `Several matches are paused; choose one with match:<id>.\n${list}`,
    ja: `一時停止中の対戦が複数あります。match:<id> で指定してください。\n${list}`,
  }),
  noChannel: {
    en: 'Run /match resume in a text channel where the match can get its new thread.',
    ja: '新しいスレッドを作れるテキストチャンネルで /match resume を実行してください。',
  },
  busy: { en: 'This match is already being resumed.', ja: 'この対戦はすでに再開処理中です。' },
} as const;

/** What a click on a paused match answers. */
export const pausedNotice = {
  en: 'This match is paused (its thread was deleted); nothing is lost. A player or a server manager can continue it with /match resume.',
  ja: 'この対戦は一時停止中です（スレッドが削除されました）。データは失われていません。プレイヤーまたはサーバー管理者が /match resume で再開できます。',
} as const;

async function describe(ctx: BotContext, row: MatchInfo, locale: Locale) {
  const names = await seatNames(ctx, row);
  return { players: `${names.p1} vs ${names.p2}`, game: ctx.store.requireGame(row.game).name[locale] };
}

/**
 * Pauses the match and tells its players, once (a second report of the same deletion changes nothing). Called for
 * THREAD_DELETE / CHANNEL_DELETE and when a board update finds the thread gone (10003), e.g. deleted while offline.
 */
export async function pauseMatch(ctx: BotContext, row: MatchInfo, reason: PauseReason): Promise<void> {
  if (!(await ctx.store.pauses.pause(row.matchId, reason, ctx.now()))) return;
  await ctx.boards.forget(row.matchId);
  ctx.notifier.forget(row.matchId);
  ctx.log(`match ${row.matchId} paused: ${reason}`);
  const settings = await ctx.store.guilds.get(row.guildId);
  const { players, game } = await describe(ctx, row, settings.locale);
  const guild = ctx.client.guilds.cache.get(row.guildId);
  const gone = new Set([row.threadId, row.matchId, ...(reason === 'channel-deleted' ? [row.channelId] : [])]);
  const places = [row.channelId, settings.channels.log, guild?.systemChannelId].filter(
    (id): id is string => typeof id === 'string' && !gone.has(id),
  );
  // People only: an AI seat's player id (`ai:<level>`) is no Discord user, and Discord refuses a message naming it.
  const mentions = [...new Set([row.players.p1, row.players.p2])].filter((id) => !isAiPlayerId(id));
  const content = `${mentions.map((id) => `<@${id}>`).join(' ')} ${WORDS.paused(players, game, reason)[settings.locale]}`;
  for (const id of new Set(places)) {
    try {
      const channel = await ctx.client.channels.fetch(id);
      if (!channel?.isSendable()) continue;
      await channel.send({ content, allowedMentions: { users: mentions } });
      return;
    } catch (error) {
      ctx.log(`pause notice for match ${row.matchId} in ${id}: ${(error as Error).message}`);
    }
  }
}

/** THREAD_DELETE / CHANNEL_DELETE: pause every active match that lived there. */
export async function onChannelDeleted(ctx: BotContext, guildId: string | null, channelId: string): Promise<void> {
  if (!guildId) return;
  for (const row of await ctx.store.matches.guildMatches(guildId, 'active')) {
    if (row.threadId === channelId || (row.threadId === null && row.matchId === channelId)) {
      await pauseMatch(ctx, row, 'thread-deleted');
    } else if (row.channelId === channelId) {
      await pauseMatch(ctx, row, 'channel-deleted');
    }
  }
}

/**
 * At boot: a match whose thread was deleted while the bot was down is paused now, not at its next board update.
 * Threads Discord listed at login are in the cache (no request); the others are fetched once (10003: gone).
 */
export async function checkThreadsAtBoot(ctx: BotContext): Promise<void> {
  for (const guildId of ctx.client.guilds.cache.keys()) {
    for (const row of await ctx.store.matches.guildMatches(guildId, 'active')) {
      if (await ctx.store.pauses.isPaused(row.matchId)) continue;
      try {
        await ctx.client.channels.fetch(row.threadId ?? row.matchId);
      } catch (error) {
        if (discordCode(error) === UNKNOWN_CHANNEL) await pauseMatch(ctx, row, 'thread-deleted');
        else ctx.log(`boot check of match ${row.matchId}: ${(error as Error).message}`);
      }
    }
  }
}

/** The text channel for the new thread: the match's own channel if it is still there, else where the command ran. */
async function targetChannel(client: Client, row: MatchInfo, here: ChatInputCommandInteraction) {
  const own = await client.channels.fetch(row.channelId).catch(() => null);
  if (own?.type === ChannelType.GuildText) return { channel: own as TextChannel, here: own.id === here.channelId };
  const current = here.channel;
  if (current?.type === ChannelType.GuildText) return { channel: current as TextChannel, here: true };
  if (current?.isThread() && current.parent?.type === ChannelType.GuildText) {
    return { channel: current.parent as TextChannel, here: false };
  }
  return null;
}

/** `/match resume [match]`: a paused match gets a new thread, board and controls. */
export async function matchResume(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const guildId = interaction.guildId;
  if (!guildId) return;
  const manager = interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
  const userId = interaction.user.id;
  const given = interaction.options.getString('match');
  const named = await ctx.store.matches.matchIn(given ?? interaction.channelId);
  let paused = await ctx.store.pauses.inGuild(guildId);
  if (named && named.guildId === guildId) {
    if (!paused.some((p) => p.matchId === named.matchId)) {
      await interaction.editReply(WORDS.notPaused[locale]);
      return;
    }
    if (!manager && seatsOf(named, userId).length === 0) {
      await interaction.editReply(WORDS.notYours[locale]);
      return;
    }
    paused = paused.filter((p) => p.matchId === named.matchId);
  } else if (given) {
    paused = [];
  } else if (!manager) {
    const mine: typeof paused = [];
    for (const p of paused) {
      const row = await ctx.store.matches.match(p.matchId);
      if (row !== null && seatsOf(row, userId).length > 0) mine.push(p);
    }
    paused = mine;
  }
  if (paused.length === 0) {
    await interaction.editReply(WORDS.nothingPaused[locale]);
    return;
  }
  if (paused.length > 1) {
    const lines = await Promise.all(
      paused.slice(0, 20).map(async (p) => {
        const { players, game } = await describe(ctx, (await ctx.store.matches.match(p.matchId)) as MatchInfo, locale);
        return `· \`${p.matchId}\` ${players} (${game})`;
      }),
    );
    await interaction.editReply(WORDS.several(lines.join('\n'))[locale]);
    return;
  }
  const matchId = (paused[0] as { matchId: string }).matchId;
  if (ctx.resuming.has(matchId)) {
    await interaction.editReply(WORDS.busy[locale]);
    return;
  }
  ctx.resuming.add(matchId);
  try {
    await resume(ctx, interaction, (await ctx.store.matches.match(matchId)) as MatchInfo, locale);
  } finally {
    ctx.resuming.delete(matchId);
  }
}

async function resume(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  row: MatchInfo,
  locale: Locale,
): Promise<void> {
  const target = await targetChannel(ctx.client, row, interaction);
  if (!target) {
    await interaction.editReply(WORDS.noChannel[locale]);
    return;
  }
  const needs = matchChannelNeeds(ctx.renderer !== null);
  const have = target.here ? interaction.appPermissions : await botPermissionsIn(ctx.client, target.channel.id);
  const missing = missingBits(have, needs);
  if (missing !== 0n) {
    await ctx.permissions.tellAdmins(row.guildId, target.channel.id, missing);
    await interaction.editReply(ctx.permissions.userText(target.channel.id, missing, locale));
    return;
  }
  const shared = (await ctx.store.guilds.get(row.guildId)).locale;
  const { players, game } = await describe(ctx, row, shared);
  let threadId: string;
  try {
    const header = await target.channel.send({ content: WORDS.resumedHeader(players, game)[shared] });
    const thread = await header.startThread({ name: players.slice(0, 100) });
    const people = [...new Set([row.players.p1, row.players.p2])].filter((id) => !isAiPlayerId(id));
    await Promise.all(people.map((id) => thread.members.add(id)));
    threadId = thread.id;
  } catch (error) {
    if (!isPermissionError(error)) throw error;
    // Still paused: nothing changed in the store.
    const missingNow = missingBits(await botPermissionsIn(ctx.client, target.channel.id), needs);
    await ctx.permissions.tellAdmins(row.guildId, target.channel.id, missingNow);
    await interaction.editReply(ctx.permissions.userText(target.channel.id, missingNow, locale));
    return;
  }
  await ctx.store.pauses.resume(row.matchId, { channelId: target.channel.id, threadId }, ctx.now());
  await ctx.boards.forget(row.matchId);
  ctx.notifier.forget(row.matchId);
  // The decision under way gets a fresh deadline: the pause was nobody's time.
  const clock = await ctx.store.clocks.get(row.matchId);
  if (clock?.timing) {
    clock.timing = null;
    await ctx.store.clocks.put(row.matchId, clock, ctx.now());
  }
  await ctx.flow.changed(row.matchId);
  await interaction.editReply(WORDS.resumed(`<#${threadId}>`)[locale]);
}
