import { PermissionFlagsBits } from 'discord.js';
import type { CommandRegistry } from './commands.ts';
import {
  cannotEditOthersMessage,
  cannotMessageUser,
  DiscordApiError,
  missingAccess,
  unknownMessage,
} from './errors.ts';
import type { Gateway } from './gateway.ts';
import type { Route } from './http.ts';
import type { InteractionBook } from './interactions.ts';
import type { MessageBook } from './messages.ts';
import { channelPayload, guildPayload, memberPayload, messagePayload, userPayload } from './payloads.ts';
import { hasBotPermissions, requireBotPermissions } from './permissions.ts';
import { ChannelKind, type ChannelRecord, type Store } from './store.ts';
import { threadRoutes } from './threads.ts';

/** The REST routes the bot uses, each a thin call into the store, message book or interaction book. */

type Json = Record<string, unknown>;

export interface RouteContext {
  store: Store;
  messages: MessageBook;
  interactions: InteractionBook;
  commands: CommandRegistry;
  gateway: Gateway;
  applicationId: string;
  botUserId: string;
  botName: string;
  baseUrl(): string;
  gatewayUrl(): string;
  /** What `/gateway/bot` answers as `shards`. */
  recommendedShards: () => number;
  /** What `/gateway/bot` answers as `session_start_limit.max_concurrency`. */
  maxConcurrency: number;
}

export function applicationPayload(ctx: RouteContext): Json {
  return {
    id: ctx.applicationId,
    name: ctx.botName,
    icon: null,
    description: '',
    bot_public: true,
    bot_require_code_grant: false,
    verify_key: '0'.repeat(64),
    flags: 0,
    team: null,
    owner: userPayload(ctx.store.user(ctx.botUserId)),
    bot: userPayload(ctx.store.user(ctx.botUserId)),
  };
}

/** Files need Attach Files; embeds need Embed Links (the fake refuses rather than dropping them). */
function contentPermissions(body: Json, files: readonly unknown[]): bigint {
  let needed = 0n;
  if (files.length > 0) needed |= PermissionFlagsBits.AttachFiles;
  if (Array.isArray(body.embeds) && body.embeds.length > 0) needed |= PermissionFlagsBits.EmbedLinks;
  return needed;
}

export function buildRoutes(ctx: RouteContext): Route[] {
  const { store } = ctx;
  const message = (m: Parameters<typeof messagePayload>[1]) => messagePayload(store, m, ctx.baseUrl());
  const botChannel = (id: string): ChannelRecord => {
    const channel = store.channel(id);
    // A thread idle past its auto-archive duration is archived by now (Discord does it in the background).
    if (store.archiveIfIdle(channel)) ctx.gateway.dispatch('THREAD_UPDATE', channelPayload(store, channel));
    if (channel.guildId !== null && !store.guild(channel.guildId).members.has(ctx.botUserId)) throw missingAccess();
    if (channel.guildId !== null && !hasBotPermissions(ctx, channel, PermissionFlagsBits.ViewChannel)) {
      throw missingAccess();
    }
    return channel;
  };
  const guildId = (params: Record<string, string>) => params.guildId ?? null;
  const commandRoutes = (prefix: string): Route[] => [
    {
      method: 'GET',
      pattern: `${prefix}/commands`,
      auth: true,
      handle: ({ params }) => ctx.commands.list(guildId(params)).map((c) => ctx.commands.payload(c)),
    },
    {
      method: 'PUT',
      pattern: `${prefix}/commands`,
      auth: true,
      handle: ({ params, body }) => {
        const list = Array.isArray(body) ? (body as Json[]) : [];
        return ctx.commands.overwrite(list, guildId(params)).map((c) => ctx.commands.payload(c));
      },
    },
    {
      method: 'POST',
      pattern: `${prefix}/commands`,
      auth: true,
      handle: ({ params, body }) => ctx.commands.payload(ctx.commands.upsert(body, guildId(params))),
    },
    {
      method: 'GET',
      pattern: `${prefix}/commands/:commandId`,
      auth: true,
      handle: ({ params }) => ctx.commands.payload(ctx.commands.get(params.commandId as string, guildId(params))),
    },
    {
      method: 'DELETE',
      pattern: `${prefix}/commands/:commandId`,
      auth: true,
      handle: ({ params }) => {
        ctx.commands.remove(params.commandId as string, guildId(params));
        return null;
      },
    },
  ];

  return [
    {
      method: 'GET',
      pattern: '/gateway/bot',
      auth: true,
      handle: () => ({
        url: ctx.gatewayUrl(),
        shards: ctx.recommendedShards(),
        session_start_limit: {
          total: 1000,
          remaining: 1000,
          reset_after: 86_400_000,
          max_concurrency: ctx.maxConcurrency,
        },
      }),
    },
    { method: 'GET', pattern: '/gateway', auth: false, handle: () => ({ url: ctx.gatewayUrl() }) },
    { method: 'GET', pattern: '/users/@me', auth: true, handle: () => userPayload(store.user(ctx.botUserId)) },
    {
      method: 'GET',
      pattern: '/users/:userId',
      auth: true,
      handle: ({ params }) => userPayload(store.user(params.userId as string)),
    },
    {
      method: 'POST',
      pattern: '/users/@me/channels',
      auth: true,
      handle: ({ body }) => {
        const recipient = store.user(String(body.recipient_id));
        return channelPayload(store, store.dmChannel(recipient.id));
      },
    },
    { method: 'GET', pattern: '/applications/@me', auth: true, handle: () => applicationPayload(ctx) },
    { method: 'GET', pattern: '/oauth2/applications/@me', auth: true, handle: () => applicationPayload(ctx) },
    ...commandRoutes('/applications/:applicationId'),
    ...commandRoutes('/applications/:applicationId/guilds/:guildId'),
    {
      method: 'GET',
      pattern: '/guilds/:guildId',
      auth: true,
      handle: ({ params }) => {
        const guild = store.guild(params.guildId as string);
        const first = [...store.channels.values()].find(
          (c) => c.guildId === guild.id && c.type === ChannelKind.GuildText,
        );
        return {
          ...guildPayload(store, guild, first?.id ?? null),
          approximate_member_count: guild.members.size,
          approximate_presence_count: 0,
        };
      },
    },
    {
      method: 'GET',
      pattern: '/guilds/:guildId/channels',
      auth: true,
      handle: ({ params }) => {
        const guild = store.guild(params.guildId as string);
        return [...store.channels.values()]
          .filter((c) => c.guildId === guild.id && c.type === ChannelKind.GuildText)
          .map((c) => channelPayload(store, c));
      },
    },
    {
      method: 'GET',
      pattern: '/guilds/:guildId/threads/active',
      auth: true,
      handle: ({ params }) => {
        const guild = store.guild(params.guildId as string);
        const threads = [...store.channels.values()].filter((c) => c.guildId === guild.id && c.parentId !== null);
        return { threads: threads.map((c) => channelPayload(store, c)), members: [] };
      },
    },
    {
      method: 'GET',
      pattern: '/guilds/:guildId/members/search',
      auth: true,
      handle: ({ params, query }) => {
        const guild = store.guild(params.guildId as string);
        const text = (query.get('query') ?? '').toLowerCase();
        const limit = Number(query.get('limit') ?? 1);
        return [...guild.members.keys()]
          .filter((id) => store.user(id).username.toLowerCase().startsWith(text))
          .slice(0, limit)
          .map((id) => memberPayload(store, guild, id));
      },
    },
    {
      method: 'GET',
      pattern: '/guilds/:guildId/members/:userId',
      auth: true,
      handle: ({ params }) => {
        const guild = store.guild(params.guildId as string);
        store.member(guild.id, params.userId as string);
        return memberPayload(store, guild, params.userId as string);
      },
    },
    {
      method: 'GET',
      pattern: '/guilds/:guildId/members',
      auth: true,
      handle: ({ params, query }) => {
        const guild = store.guild(params.guildId as string);
        const after = BigInt(query.get('after') ?? '0');
        const limit = Number(query.get('limit') ?? 1);
        return [...guild.members.keys()]
          .filter((id) => BigInt(id) > after)
          .sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1))
          .slice(0, limit)
          .map((id) => memberPayload(store, guild, id));
      },
    },
    {
      method: 'GET',
      pattern: '/channels/:channelId',
      auth: true,
      handle: ({ params }) => channelPayload(store, botChannel(params.channelId as string)),
    },
    {
      method: 'GET',
      pattern: '/channels/:channelId/messages',
      auth: true,
      handle: ({ params, query }) => {
        const channel = botChannel(params.channelId as string);
        requireBotPermissions(ctx, channel, PermissionFlagsBits.ReadMessageHistory);
        const limit = Math.min(100, Number(query.get('limit') ?? 50));
        const before = query.get('before');
        const after = query.get('after');
        const visible = store.messagesIn(channel.id).filter((m) => m.visibleTo === null);
        const picked = visible
          .filter((m) => (before ? BigInt(m.id) < BigInt(before) : true))
          .filter((m) => (after ? BigInt(m.id) > BigInt(after) : true));
        const window = after ? picked.slice(0, limit) : picked.slice(-limit);
        return window.reverse().map(message);
      },
    },
    {
      method: 'GET',
      pattern: '/channels/:channelId/messages/:messageId',
      auth: true,
      handle: ({ params }) => {
        const channel = botChannel(params.channelId as string);
        requireBotPermissions(ctx, channel, PermissionFlagsBits.ReadMessageHistory);
        const found = store.message(channel.id, params.messageId as string);
        if (found.visibleTo !== null) throw unknownMessage();
        return message(found);
      },
    },
    {
      method: 'POST',
      pattern: '/channels/:channelId/messages',
      auth: true,
      handle: ({ params, body, files }) => {
        const channel = botChannel(params.channelId as string);
        if (channel.type === ChannelKind.DM && channel.recipientId && !store.user(channel.recipientId).dmsOpen) {
          throw cannotMessageUser();
        }
        const inThread = channel.parentId !== null;
        if (inThread && channel.archived) {
          // Discord: a message reopens an archived thread, unless it is locked.
          if (channel.locked) throw new DiscordApiError(400, 50083, 'Thread is archived');
          channel.archived = false;
          channel.activeAt = store.clock.now();
          ctx.gateway.dispatch('THREAD_UPDATE', channelPayload(store, channel));
        }
        requireBotPermissions(
          ctx,
          channel,
          (inThread ? PermissionFlagsBits.SendMessagesInThreads : PermissionFlagsBits.SendMessages) |
            contentPermissions(body, files),
        );
        return message(ctx.messages.create(channel.id, { body, files }, { authorId: ctx.botUserId }));
      },
    },
    {
      method: 'PATCH',
      pattern: '/channels/:channelId/messages/:messageId',
      auth: true,
      handle: ({ params, body, files }) => {
        const channel = botChannel(params.channelId as string);
        const found = store.message(channel.id, params.messageId as string);
        if (found.authorId !== ctx.botUserId || found.visibleTo !== null) throw cannotEditOthersMessage();
        // Discord: a message in an archived thread cannot be edited until the thread is reopened.
        if (channel.parentId !== null && channel.archived) throw new DiscordApiError(400, 50083, 'Thread is archived');
        requireBotPermissions(ctx, store.channel(found.channelId), contentPermissions(body, files));
        return message(ctx.messages.edit(found, { body, files }));
      },
    },
    {
      method: 'DELETE',
      pattern: '/channels/:channelId/messages/:messageId',
      auth: true,
      handle: ({ params }) => {
        const found = store.message(botChannel(params.channelId as string).id, params.messageId as string);
        if (found.visibleTo !== null) throw unknownMessage();
        ctx.messages.delete(found);
        return null;
      },
    },
    { method: 'POST', pattern: '/channels/:channelId/typing', auth: true, handle: () => null },
    ...threadRoutes(ctx, botChannel),
    {
      method: 'POST',
      pattern: '/interactions/:interactionId/:token/callback',
      auth: false,
      handle: ({ params, body, files, query }) =>
        ctx.interactions.callback(
          params.interactionId as string,
          params.token as string,
          { body, files },
          query.get('with_response') === 'true',
        ),
    },
    {
      method: 'POST',
      pattern: '/webhooks/:applicationId/:token',
      auth: false,
      handle: ({ params, body, files, query }) => {
        const record = ctx.interactions.byToken(params.applicationId as string, params.token as string);
        const sent = ctx.interactions.followUp(record, { body, files });
        return query.get('wait') === 'false' ? null : message(sent);
      },
    },
    {
      method: 'GET',
      pattern: '/webhooks/:applicationId/:token/messages/:messageId',
      auth: false,
      handle: ({ params }) => {
        const record = ctx.interactions.byToken(params.applicationId as string, params.token as string);
        return message(ctx.interactions.webhookMessage(record, params.messageId as string));
      },
    },
    {
      method: 'PATCH',
      pattern: '/webhooks/:applicationId/:token/messages/:messageId',
      auth: false,
      handle: ({ params, body, files }) => {
        const record = ctx.interactions.byToken(params.applicationId as string, params.token as string);
        const target = ctx.interactions.webhookMessage(record, params.messageId as string);
        return message(ctx.messages.edit(target, { body, files }));
      },
    },
    {
      method: 'DELETE',
      pattern: '/webhooks/:applicationId/:token/messages/:messageId',
      auth: false,
      handle: ({ params }) => {
        const record = ctx.interactions.byToken(params.applicationId as string, params.token as string);
        ctx.messages.delete(ctx.interactions.webhookMessage(record, params.messageId as string));
        return null;
      },
    },
  ];
}
