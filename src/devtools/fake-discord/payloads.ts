import { GatewayIntentBits, PermissionFlagsBits } from 'discord.js';
import {
  type AttachmentRecord,
  ChannelKind,
  type ChannelRecord,
  type GuildRecord,
  type MessageRecord,
  type Store,
  type UserRecord,
} from './store.ts';

/**
 * Turns store records into the JSON Discord's API v10 sends, with the fields discord.js reads
 * when it builds Guild, Channel, Message and Interaction objects.
 */

type Json = Record<string, unknown>;

const iso = (ms: number) => new Date(ms).toISOString();

/** What @everyone may do in a fake guild: the usual permissions of a fresh community server. */
export const everyonePermissions =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.SendMessagesInThreads |
  PermissionFlagsBits.CreatePublicThreads |
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.AttachFiles |
  PermissionFlagsBits.ReadMessageHistory |
  PermissionFlagsBits.AddReactions |
  PermissionFlagsBits.UseApplicationCommands;

/** The bot also manages the threads and messages of its matches. */
export const botPermissions =
  everyonePermissions |
  PermissionFlagsBits.CreatePrivateThreads |
  PermissionFlagsBits.ManageThreads |
  PermissionFlagsBits.ManageMessages;

const allPermissions = Object.values(PermissionFlagsBits).reduce((all, bit) => all | bit, 0n);

export function permissionsOf(store: Store, guild: GuildRecord, userId: string): bigint {
  if (guild.ownerId === userId) return allPermissions;
  return store.user(userId).bot ? botPermissions : everyonePermissions;
}

/** The bot's permissions in one channel: its guild permissions less what the channel (or a thread's parent) denies. */
export function botPermissionsIn(store: Store, channel: ChannelRecord, botUserId = store.botUserId): bigint {
  if (channel.guildId === null) return everyonePermissions;
  const denied = (store.botDenied.get(channel.id) ?? 0n) | (store.botDenied.get(channel.parentId ?? '') ?? 0n);
  return permissionsOf(store, store.guild(channel.guildId), botUserId) & ~denied;
}

export function userPayload(user: UserRecord): Json {
  return {
    id: user.id,
    username: user.username,
    discriminator: '0',
    global_name: user.globalName,
    avatar: null,
    ...(user.bot ? { bot: true } : {}),
    public_flags: 0,
    flags: 0,
    banner: null,
    accent_color: null,
    avatar_decoration_data: null,
    collectibles: null,
    primary_guild: null,
  };
}

export function memberPayload(store: Store, guild: GuildRecord, userId: string): Json {
  const member = store.member(guild.id, userId);
  return {
    user: userPayload(store.user(userId)),
    nick: member.nick,
    avatar: null,
    banner: null,
    // The bot holds its managed role; the others hold none beyond @everyone.
    roles: userId === store.botUserId ? [guild.botRoleId] : [],
    joined_at: iso(member.joinedAt),
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    communication_disabled_until: null,
  };
}

function everyoneRole(guild: GuildRecord): Json {
  return {
    id: guild.id,
    name: '@everyone',
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: 0,
    permissions: everyonePermissions.toString(),
    managed: false,
    mentionable: false,
    flags: 0,
  };
}

/** The bot's managed role: what it may do beyond @everyone (its invite's permissions), tagged with its id. */
function botRole(store: Store, guild: GuildRecord): Json {
  return {
    ...everyoneRole(guild),
    id: guild.botRoleId,
    name: store.user(store.botUserId).username,
    position: 1,
    permissions: botPermissions.toString(),
    managed: true,
    tags: { bot_id: store.botUserId },
  };
}

export function channelPayload(store: Store, channel: ChannelRecord): Json {
  const lastMessageId = store.messages.get(channel.id)?.at(-1)?.id ?? null;
  if (channel.type === ChannelKind.DM) {
    return {
      id: channel.id,
      type: channel.type,
      last_message_id: lastMessageId,
      flags: 0,
      recipients: channel.recipientId ? [userPayload(store.user(channel.recipientId))] : [],
    };
  }
  const base = {
    id: channel.id,
    type: channel.type,
    guild_id: channel.guildId,
    name: channel.name,
    last_message_id: lastMessageId,
    rate_limit_per_user: 0,
    flags: 0,
  };
  if (channel.type === ChannelKind.GuildText) {
    // What the bot is denied here, as Discord shows it: a member overwrite (type 1) on the channel.
    const denied = store.botDenied.get(channel.id) ?? 0n;
    const overwrites = denied === 0n ? [] : [{ id: store.botUserId, type: 1, allow: '0', deny: denied.toString() }];
    return { ...base, position: 0, permission_overwrites: overwrites, topic: null, nsfw: false, parent_id: null };
  }
  const count = store.messages.get(channel.id)?.length ?? 0;
  return {
    ...base,
    parent_id: channel.parentId,
    owner_id: channel.ownerId,
    message_count: count,
    total_message_sent: count,
    member_count: channel.threadMemberIds.size,
    thread_metadata: {
      archived: channel.archived,
      auto_archive_duration: channel.autoArchiveMinutes,
      archive_timestamp: iso(channel.activeAt),
      locked: channel.locked,
      create_timestamp: iso(channel.createdAt),
      ...(channel.type === ChannelKind.PrivateThread ? { invitable: false } : {}),
    },
  };
}

/**
 * The GUILD_CREATE payload: the guild with its channels and threads, as the bot sees them. Its members: everyone with
 * the GuildPresences intent; without it, as Discord sends it, the bot's own member only (and people in voice
 * channels, which the fake has none of). `member_count` counts everyone either way.
 */
export function guildCreatePayload(store: Store, guild: GuildRecord, botUserId: string, intents: number): Json {
  const everyone = (intents & GatewayIntentBits.GuildPresences) !== 0;
  const memberIds = everyone ? [...guild.members.keys()] : [botUserId];
  const channels = [...store.channels.values()].filter((c) => c.guildId === guild.id);
  const textChannels = channels.filter((c) => c.type === ChannelKind.GuildText);
  return {
    ...guildPayload(store, guild, textChannels[0]?.id ?? null),
    joined_at: iso(store.member(guild.id, botUserId).joinedAt),
    large: false,
    unavailable: false,
    member_count: guild.members.size,
    voice_states: [],
    members: memberIds.map((userId) => memberPayload(store, guild, userId)),
    channels: textChannels.map((c) => channelPayload(store, c)),
    threads: channels.filter((c) => c.type !== ChannelKind.GuildText).map((c) => channelPayload(store, c)),
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

export function guildPayload(store: Store, guild: GuildRecord, systemChannelId: string | null): Json {
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: [everyoneRole(guild), botRole(store, guild)],
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: systemChannelId,
    system_channel_flags: 0,
    rules_channel_id: null,
    public_updates_channel_id: null,
    safety_alerts_channel_id: null,
    vanity_url_code: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    premium_progress_bar_enabled: false,
    preferred_locale: 'en-US',
    nsfw_level: 0,
    nsfw: false,
    max_video_channel_users: 25,
    max_stage_video_channel_users: 50,
    max_members: 250_000,
    max_presences: null,
    region: 'deprecated',
    home_header: null,
    widget_enabled: false,
    widget_channel_id: null,
    incidents_data: null,
  };
}

/** An attachment as payloads carry it; its URL is signed for this attachment (`Store.attachmentSignature`). */
export function attachmentPayload(
  store: Store,
  attachment: AttachmentRecord,
  channelId: string,
  baseUrl: string,
): Json {
  const path = `${channelId}/${attachment.id}/${encodeURIComponent(attachment.filename)}`;
  const url = `${baseUrl}/attachments/${path}?hm=${store.attachmentSignature(channelId, attachment.id)}`;
  return {
    id: attachment.id,
    filename: attachment.filename,
    size: attachment.bytes.byteLength,
    url,
    proxy_url: url,
    content_type: attachment.contentType,
    ...(attachment.description !== null ? { description: attachment.description } : {}),
  };
}

/** The embeds with each resolved `attachment://filename` replaced by the file's CDN URL. */
function embedsWithUrls(store: Store, message: MessageRecord, baseUrl: string): unknown[] {
  const shown = message.attachments.filter((a) => message.embedAttachmentIds?.includes(a.id));
  if (shown.length === 0) return message.embeds;
  const rewrite = (part: unknown, key: 'url' | 'icon_url'): unknown => {
    if (typeof part !== 'object' || part === null) return part;
    const url = (part as Json)[key];
    if (typeof url !== 'string' || !url.startsWith('attachment://')) return part;
    const file = shown.find((a) => a.filename === url.slice('attachment://'.length));
    if (!file) return part;
    const cdn = attachmentPayload(store, file, message.channelId, baseUrl).url;
    const proxyKey = key === 'url' ? 'proxy_url' : 'proxy_icon_url';
    return { ...(part as Json), [key]: cdn, [proxyKey]: cdn };
  };
  return (message.embeds as Json[]).map((embed) => ({
    ...embed,
    ...(embed.image ? { image: rewrite(embed.image, 'url') } : {}),
    ...(embed.thumbnail ? { thumbnail: rewrite(embed.thumbnail, 'url') } : {}),
    ...(embed.author ? { author: rewrite(embed.author, 'icon_url') } : {}),
    ...(embed.footer ? { footer: rewrite(embed.footer, 'icon_url') } : {}),
  }));
}

/** A message as REST returns it; gateway events add `guild_id` and `member` (`forGateway`). */
export function messagePayload(store: Store, message: MessageRecord, baseUrl: string, forGateway = false): Json {
  const channel = store.channel(message.channelId);
  const author = store.user(message.authorId);
  const payload: Json = {
    id: message.id,
    channel_id: message.channelId,
    author: userPayload(author),
    content: message.content,
    timestamp: iso(message.createdAt),
    edited_timestamp: message.editedAt === null ? null : iso(message.editedAt),
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    // An attachment an embed shows is served at the embed's URL and left out of `attachments`, as Discord does.
    attachments: message.attachments
      .filter((a) => !message.embedAttachmentIds?.includes(a.id))
      .map((a) => attachmentPayload(store, a, message.channelId, baseUrl)),
    embeds: embedsWithUrls(store, message, baseUrl),
    pinned: false,
    type: message.type,
    flags: message.flags,
    components: message.components,
  };
  if (message.webhookId !== null) {
    payload.webhook_id = message.webhookId;
    payload.application_id = message.webhookId;
  }
  if (message.interaction) {
    const user = userPayload(store.user(message.interaction.userId));
    const owners = channel.guildId ? { '0': channel.guildId } : { '1': message.interaction.userId };
    const trigger = message.interaction.trigger;
    payload.interaction_metadata = trigger
      ? {
          // A modal submit's metadata names the command or component interaction that showed the modal.
          id: message.interaction.id,
          type: message.interaction.type,
          user,
          authorizing_integration_owners: owners,
          triggering_interaction_metadata: {
            id: trigger.id,
            type: trigger.type,
            user: userPayload(store.user(trigger.userId)),
            authorizing_integration_owners: owners,
            ...(trigger.sourceMessageId ? { interacted_message_id: trigger.sourceMessageId } : {}),
          },
        }
      : {
          id: message.interaction.id,
          type: message.interaction.type,
          user,
          authorizing_integration_owners: owners,
          // A component interaction's metadata names the message it was on.
          ...(message.interaction.sourceMessageId
            ? { interacted_message_id: message.interaction.sourceMessageId }
            : {}),
        };
    payload.interaction = {
      id: message.interaction.id,
      type: message.interaction.type,
      name: message.interaction.name ?? '',
      user,
    };
  }
  if (channel.type === ChannelKind.PublicThread || channel.type === ChannelKind.PrivateThread) {
    payload.position = store.messagesIn(channel.id).indexOf(message);
  }
  if (forGateway && channel.guildId !== null) {
    payload.guild_id = channel.guildId;
    const guild = store.guild(channel.guildId);
    if (guild.members.has(message.authorId)) {
      const { user: _user, ...member } = memberPayload(store, guild, message.authorId);
      payload.member = member;
    }
  }
  return payload;
}
