// The permissions Arbiter needs where it runs matches, checked before anything starts (from the interaction's
// `app_permissions`, which Discord computes for that channel) and named when Discord refuses something later (50013
// does not say which permission; the channel's computed permissions do). The user who hit the problem is told in an
// ephemeral; server managers are told once an hour per channel and problem, in the guild's log channel if one is set,
// otherwise by a DM to the server owner.
import { type Client, PermissionFlagsBits, type PermissionsBitField } from 'discord.js';
import type { Label, Locale } from '../engine/core/label.ts';
import type { StoreContract } from '../store/contract.ts';
import { forgetBefore } from './clock.ts';

const NAMES: [bigint, Label][] = [
  [PermissionFlagsBits.ViewChannel, { en: 'View Channel', ja: 'チャンネルを見る' }],
  [PermissionFlagsBits.SendMessages, { en: 'Send Messages', ja: 'メッセージを送信' }],
  [PermissionFlagsBits.CreatePublicThreads, { en: 'Create Public Threads', ja: '公開スレッドの作成' }],
  [PermissionFlagsBits.SendMessagesInThreads, { en: 'Send Messages in Threads', ja: 'スレッドでメッセージを送信' }],
  [PermissionFlagsBits.EmbedLinks, { en: 'Embed Links', ja: '埋め込みリンク' }],
  [PermissionFlagsBits.AttachFiles, { en: 'Attach Files', ja: 'ファイルを添付' }],
  [PermissionFlagsBits.ReadMessageHistory, { en: 'Read Message History', ja: 'メッセージ履歴を読む' }],
];

/** What a match channel needs: the challenge, its thread, the board (embed + image) and reading the challenge back. */
export function matchChannelNeeds(images: boolean): bigint {
  return (
    PermissionFlagsBits.ViewChannel |
    PermissionFlagsBits.SendMessages |
    PermissionFlagsBits.CreatePublicThreads |
    PermissionFlagsBits.SendMessagesInThreads |
    PermissionFlagsBits.EmbedLinks |
    PermissionFlagsBits.ReadMessageHistory |
    (images ? PermissionFlagsBits.AttachFiles : 0n)
  );
}

/** What a match thread needs for its board. */
export function matchThreadNeeds(images: boolean): bigint {
  return (
    PermissionFlagsBits.ViewChannel |
    PermissionFlagsBits.SendMessagesInThreads |
    PermissionFlagsBits.EmbedLinks |
    (images ? PermissionFlagsBits.AttachFiles : 0n)
  );
}

/** The permissions of `needed` that `have` lacks, as bits (0n: none missing). */
export function missingBits(have: PermissionsBitField | bigint | null | undefined, needed: bigint): bigint {
  if (have === null || have === undefined) return 0n;
  const bits = typeof have === 'bigint' ? have : have.bitfield;
  return needed & ~bits;
}

export function permissionNames(bits: bigint, locale: Locale): string {
  return NAMES.filter(([bit]) => (bits & bit) !== 0n)
    .map(([, name]) => name[locale])
    .join(', ');
}

/** The bot's permissions in a channel (a thread: its parent's), from discord.js's cache of roles and overwrites. */
export async function botPermissionsIn(client: Client, channelId: string): Promise<PermissionsBitField | null> {
  const channel = await client.channels.fetch(channelId).catch(() => null);
  if (!channel || channel.isDMBased() || !client.user) return null;
  return channel.permissionsFor(client.user.id);
}

const WORDS = {
  forUser: (channel: string, names: string) => ({
    en: `I cannot run matches in ${channel}: I am missing the permission(s) **${names}** there. Nothing was started or lost; the server managers have been told.`,
    ja: `${channel}では対戦を進行できません。必要な権限「${names}」がありません。何も開始・消失していません。サーバー管理者に通知しました。`,
  }),
  unknownForUser: (channel: string) => ({
    en: `Discord refused me in ${channel} for lack of a permission (it did not say which). Nothing was lost; the server managers have been told.`,
    ja: `${channel}で権限不足のためDiscordに拒否されました（どの権限かは不明）。何も失われていません。サーバー管理者に通知しました。`,
  }),
  forAdmin: (channel: string, names: string, guild: string) => ({
    en: `Arbiter is missing the permission(s) **${names}** in ${channel} (server ${guild}), which it needs to run matches (threads, boards with images). Please grant them to Arbiter's role or in that channel's permissions. Nothing was lost.`,
    ja: `Arbiterはサーバー「${guild}」の${channel}で権限「${names}」を持っていません（対戦のスレッドと盤面画像に必要です）。Arbiterのロールかチャンネルの権限で許可してください。データは失われていません。`,
  }),
  unknownForAdmin: (channel: string, guild: string) => ({
    en: `Discord refused Arbiter in ${channel} (server ${guild}) for lack of a permission. It needs View Channel, Send Messages, Create Public Threads, Send Messages in Threads, Embed Links, Attach Files and Read Message History there. Nothing was lost.`,
    ja: `サーバー「${guild}」の${channel}で権限不足のためArbiterが拒否されました。チャンネルを見る・メッセージを送信・公開スレッドの作成・スレッドでメッセージを送信・埋め込みリンク・ファイルを添付・メッセージ履歴を読むの権限が必要です。データは失われていません。`,
  }),
};

const NOTICE_INTERVAL_MS = 60 * 60_000;

/** Tells users and server managers about missing permissions; remembers what managers were told, to not spam them. */
export class PermissionNotices {
  private readonly told = new Map<string, number>();

  constructor(
    private readonly deps: { client: Client; store: StoreContract; now: () => number; log: (message: string) => void },
  ) {}

  /** The ephemeral text for the user who ran into the problem (`missing` 0n: Discord did not say which). */
  userText(channelId: string, missing: bigint, locale: Locale): string {
    const where = `<#${channelId}>`;
    return missing === 0n
      ? WORDS.unknownForUser(where)[locale]
      : WORDS.forUser(where, permissionNames(missing, locale))[locale];
  }

  /** Tells the server's managers (once an hour per channel and problem). Never throws. */
  async tellAdmins(guildId: string, channelId: string, missing: bigint): Promise<void> {
    const key = `${guildId}:${channelId}:${missing}`;
    const last = this.told.get(key);
    if (last !== undefined && this.deps.now() - last < NOTICE_INTERVAL_MS) return;
    forgetBefore(this.told, this.deps.now() - NOTICE_INTERVAL_MS);
    this.told.set(key, this.deps.now());
    const locale = (await this.deps.store.guilds.get(guildId)).locale;
    const guild = this.deps.client.guilds.cache.get(guildId);
    const where = `<#${channelId}>`;
    const guildName = guild?.name ?? guildId;
    const content =
      missing === 0n
        ? WORDS.unknownForAdmin(where, guildName)[locale]
        : WORDS.forAdmin(where, permissionNames(missing, locale), guildName)[locale];
    this.deps.log(`missing permissions in guild ${guildId} channel ${channelId}: ${permissionNames(missing, 'en')}`);
    try {
      const logChannelId = (await this.deps.store.guilds.get(guildId)).channels.log;
      if (logChannelId && logChannelId !== channelId) {
        const logChannel = await this.deps.client.channels.fetch(logChannelId);
        if (logChannel?.isSendable()) {
          await logChannel.send({ content, allowedMentions: { parse: [] } });
          return;
        }
      }
      const ownerId = guild?.ownerId ?? (await this.deps.client.guilds.fetch(guildId)).ownerId;
      const owner = await this.deps.client.users.fetch(ownerId);
      await owner.send({ content, allowedMentions: { parse: [] } });
    } catch (error) {
      this.deps.log(`could not tell the managers of guild ${guildId}: ${(error as Error).message}`);
    }
  }
}

/**
 * Checks the bot's permissions in the interaction's channel (Discord's `app_permissions`) before a match starts or
 * resumes there. When some are missing, the user gets `reply(text)` and the managers are told; returns true.
 */
export async function refusedForPermissions(
  deps: { permissions: PermissionNotices; renderer: unknown },
  interaction: { guildId: string | null; channelId: string | null; appPermissions: PermissionsBitField | null },
  locale: Locale,
  reply: (text: string) => Promise<unknown>,
): Promise<boolean> {
  const missing = missingBits(interaction.appPermissions, matchChannelNeeds(deps.renderer !== null));
  if (missing === 0n || !interaction.guildId || !interaction.channelId) return false;
  // Answer first (Discord's 3 seconds), then tell the managers.
  await reply(deps.permissions.userText(interaction.channelId, missing, locale));
  await deps.permissions.tellAdmins(interaction.guildId, interaction.channelId, missing);
  return true;
}
