import { PermissionFlagsBits } from 'discord.js';
import { DiscordApiError, invalidFormBody, missingAccess } from './errors.ts';
import type { Route } from './http.ts';
import { channelPayload } from './payloads.ts';
import { requireBotPermissions } from './permissions.ts';
import type { RouteContext } from './routes.ts';
import { AUTO_ARCHIVE_MINUTES, ChannelKind, type ChannelRecord } from './store.ts';

/** Threads: the bot opens one per match (public, private, or from a message) and adds the players. */

type Json = Record<string, unknown>;

export function threadRoutes(ctx: RouteContext, botChannel: (id: string) => ChannelRecord): Route[] {
  const { store } = ctx;
  return [
    {
      method: 'POST',
      pattern: '/channels/:channelId/threads',
      auth: true,
      status: 201,
      handle: ({ params, body }) => startThread(ctx, botChannel(params.channelId as string), body, null),
    },
    {
      method: 'POST',
      pattern: '/channels/:channelId/messages/:messageId/threads',
      auth: true,
      status: 201,
      handle: ({ params, body }) => {
        const parent = botChannel(params.channelId as string);
        const from = store.message(parent.id, params.messageId as string);
        return startThread(ctx, parent, { ...body, type: ChannelKind.PublicThread }, from.id);
      },
    },
    {
      // Modify a thread: archive or lock it (Discord: MANAGE_THREADS, except reopening an unlocked one, which only
      // needs SEND_MESSAGES), or rename it. Other channels cannot be modified here.
      method: 'PATCH',
      pattern: '/channels/:channelId',
      auth: true,
      handle: ({ params, body }) => {
        const thread = botChannel(params.channelId as string);
        if (thread.parentId === null) throw new DiscordApiError(403, 50013, 'Missing Permissions');
        // An archived thread changes only by being reopened in the same request (Discord: 50083 otherwise).
        if (thread.archived && body.archived !== false) {
          throw new DiscordApiError(400, 50083, 'Thread is archived');
        }
        const reopening = body.archived === false && body.locked !== true && !thread.locked;
        requireBotPermissions(
          ctx,
          thread,
          reopening && body.name === undefined ? PermissionFlagsBits.SendMessages : PermissionFlagsBits.ManageThreads,
        );
        if (typeof body.name === 'string') {
          if (body.name.length < 1 || body.name.length > 100)
            throw invalidFormBody([
              { path: 'name', code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 100 in length.' },
            ]);
          thread.name = body.name;
        }
        if (body.auto_archive_duration !== undefined) thread.autoArchiveMinutes = autoArchiveMinutes(body);
        if (typeof body.locked === 'boolean') thread.locked = body.locked;
        if (typeof body.archived === 'boolean' && body.archived !== thread.archived) {
          thread.archived = body.archived;
          thread.activeAt = store.clock.now();
        }
        const payload = channelPayload(store, thread);
        ctx.gateway.dispatch('THREAD_UPDATE', payload);
        store.notifyChange();
        return payload;
      },
    },
    {
      method: 'PUT',
      pattern: '/channels/:channelId/thread-members/:userId',
      auth: true,
      handle: ({ params }) => {
        const thread = botChannel(params.channelId as string);
        const userId = params.userId === '@me' ? ctx.botUserId : (params.userId as string);
        if (thread.parentId === null || thread.guildId === null) throw missingAccess();
        store.member(thread.guildId, userId);
        thread.threadMemberIds.add(userId);
        store.notifyChange();
        return null;
      },
    },
    {
      method: 'DELETE',
      pattern: '/channels/:channelId/thread-members/:userId',
      auth: true,
      handle: ({ params }) => {
        const thread = botChannel(params.channelId as string);
        thread.threadMemberIds.delete(params.userId === '@me' ? ctx.botUserId : (params.userId as string));
        store.notifyChange();
        return null;
      },
    },
    {
      method: 'GET',
      pattern: '/channels/:channelId/thread-members',
      auth: true,
      handle: ({ params }) => {
        const thread = botChannel(params.channelId as string);
        return [...thread.threadMemberIds].map((userId) => ({
          id: thread.id,
          user_id: userId,
          join_timestamp: new Date(thread.createdAt).toISOString(),
          flags: 0,
        }));
      },
    },
  ];
}

function startThread(ctx: RouteContext, parent: ChannelRecord, body: Json, fromMessageId: string | null): Json {
  if (parent.type !== ChannelKind.GuildText) {
    throw new DiscordApiError(400, 50024, 'Cannot execute action on this channel type');
  }
  const name = typeof body.name === 'string' ? body.name : '';
  if (name.length < 1 || name.length > 100) {
    throw invalidFormBody([
      { path: 'name', code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 100 in length.' },
    ]);
  }
  const minutes = body.auto_archive_duration === undefined ? 1440 : autoArchiveMinutes(body);
  // Discord (API v9+): a thread created without a message and without `type` is private.
  const type = body.type === ChannelKind.PublicThread ? ChannelKind.PublicThread : ChannelKind.PrivateThread;
  requireBotPermissions(
    ctx,
    parent,
    type === ChannelKind.PrivateThread
      ? PermissionFlagsBits.CreatePrivateThreads
      : PermissionFlagsBits.CreatePublicThreads,
  );
  const thread = ctx.store.addChannel({
    // Discord gives a thread started from a message the message's id.
    ...(fromMessageId ? { id: fromMessageId } : {}),
    type,
    name,
    guildId: parent.guildId,
    parentId: parent.id,
    ownerId: ctx.botUserId,
    threadMemberIds: new Set([ctx.botUserId]),
    autoArchiveMinutes: minutes,
  });
  const payload = channelPayload(ctx.store, thread);
  ctx.gateway.dispatch('THREAD_CREATE', { ...payload, newly_created: true });
  return payload;
}

/** `auto_archive_duration` checked: one of Discord's four durations (minutes), else 50035. */
function autoArchiveMinutes(body: Json): number {
  const value = body.auto_archive_duration;
  if (typeof value === 'number' && AUTO_ARCHIVE_MINUTES.includes(value)) return value;
  throw invalidFormBody([
    {
      path: 'auto_archive_duration',
      code: 'BASE_TYPE_CHOICES',
      message: `Value must be one of {${AUTO_ARCHIVE_MINUTES.join(', ')}}.`,
    },
  ]);
}
