import { GatewayIntentBits } from 'discord.js';
import { emptyMessage } from './errors.ts';
import { checkMessageBody, hasVisibleContent } from './limits.ts';
import { messagePayload } from './payloads.ts';
import { type AttachmentRecord, ChannelKind, type MessageRecord, type Store } from './store.ts';

/**
 * Creating, editing and deleting messages, whoever asks (a channel POST, an interaction callback,
 * a webhook follow-up or a simulated user): limits are checked here once, then the store changes
 * and the bot is told over the gateway.
 */

type Json = Record<string, unknown>;

/** A file from a multipart request: `files[N]` in discord.js's form data. */
export interface UploadedFile {
  index: number;
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface MessageInput {
  body: Json;
  files: UploadedFile[];
}

export interface MessageOrigin {
  authorId: string;
  webhookId?: string;
  visibleTo?: string;
  interaction?: MessageRecord['interaction'];
  type?: number;
  /** Where the message body sits in the request, for error paths ('data' in interaction callbacks). */
  fieldPrefix?: string;
}

export type Dispatch = (event: string, data: Json | ((intents: number) => Json), intent: number) => void;

export const MessageFlag = { SuppressEmbeds: 4, Ephemeral: 64, Loading: 128, SuppressNotifications: 4096 } as const;
const SETTABLE_FLAGS =
  MessageFlag.SuppressEmbeds | MessageFlag.Ephemeral | MessageFlag.SuppressNotifications | (1 << 15);

export class MessageBook {
  constructor(
    private readonly store: Store,
    private readonly baseUrl: () => string,
    private readonly dispatch: Dispatch,
    private readonly botUserId: () => string,
  ) {}

  create(channelId: string, input: MessageInput, origin: MessageOrigin): MessageRecord {
    this.store.channel(channelId);
    checkMessageBody(input.body, origin.fieldPrefix ?? '', { isCreate: true, fileCount: input.files.length });
    const { body } = input;
    let flags = typeof body.flags === 'number' ? body.flags & SETTABLE_FLAGS : 0;
    // Only interaction responses can be ephemeral; elsewhere Discord ignores the flag.
    if (origin.visibleTo === undefined) flags &= ~MessageFlag.Ephemeral;
    const embeds = normaliseEmbeds(body.embeds);
    const attachments = this.newAttachments(input, []);
    const message: MessageRecord = {
      id: this.store.ids.next(),
      channelId,
      authorId: origin.authorId,
      webhookId: origin.webhookId ?? null,
      type: origin.type ?? 0,
      content: typeof body.content === 'string' ? body.content : '',
      embeds,
      components: numberComponents(body.components),
      attachments,
      embedAttachmentIds: embedAttachments(embeds, attachments),
      flags,
      visibleTo: origin.visibleTo ?? null,
      interaction: origin.interaction ?? null,
      createdAt: this.store.clock.now(),
      editedAt: null,
    };
    this.store.addMessage(message);
    this.announce('MESSAGE_CREATE', message);
    return message;
  }

  /** A deferred reply's placeholder: "Bot is thinking…" until the first edit of @original. */
  createLoading(channelId: string, origin: MessageOrigin & { ephemeral: boolean }): MessageRecord {
    const message: MessageRecord = {
      id: this.store.ids.next(),
      channelId,
      authorId: origin.authorId,
      webhookId: origin.webhookId ?? null,
      type: origin.type ?? 0,
      content: '',
      embeds: [],
      components: [],
      attachments: [],
      embedAttachmentIds: [],
      flags: MessageFlag.Loading | (origin.ephemeral ? MessageFlag.Ephemeral : 0),
      visibleTo: origin.visibleTo ?? null,
      interaction: origin.interaction ?? null,
      createdAt: this.store.clock.now(),
      editedAt: null,
    };
    this.store.addMessage(message);
    this.announce('MESSAGE_CREATE', message);
    return message;
  }

  edit(message: MessageRecord, input: MessageInput, fieldPrefix = ''): MessageRecord {
    checkMessageBody(input.body, fieldPrefix, { isCreate: false, fileCount: input.files.length });
    const { body } = input;
    // An edit that would leave nothing to show is refused like an empty message (50006). A deferred reply's
    // placeholder is not content: its first edit must bring some.
    const after = {
      content: body.content === undefined ? message.content : body.content,
      embeds: body.embeds === undefined ? message.embeds : body.embeds,
      components: body.components === undefined ? message.components : body.components,
    };
    const keptFiles = Array.isArray(body.attachments) ? body.attachments.length : message.attachments.length;
    if (!hasVisibleContent(after, keptFiles + input.files.length)) throw emptyMessage();
    if (typeof body.content === 'string' || body.content === null) message.content = body.content ?? '';
    if (Array.isArray(body.embeds) || body.embeds === null) message.embeds = normaliseEmbeds(body.embeds);
    if (Array.isArray(body.components) || body.components === null)
      message.components = numberComponents(body.components);
    // The files this request names (uploaded, or kept by id in `attachments`): what `attachment://` can refer to.
    const namesFiles = Array.isArray(body.attachments) || input.files.length > 0;
    if (namesFiles) message.attachments = this.newAttachments(input, message.attachments);
    if (Array.isArray(body.embeds) || body.embeds === null) {
      // New embeds that name a file the request does not: the reference stays unresolved (Discord shows no image
      // in the embed) and the message's file is listed on its own (discord-api-docs#5675).
      message.embedAttachmentIds = embedAttachments(message.embeds, namesFiles ? message.attachments : []);
    } else {
      const present = new Set(message.attachments.map((a) => a.id));
      message.embedAttachmentIds = (message.embedAttachmentIds ?? []).filter((id) => present.has(id));
    }
    // Discord: an edit may only change SUPPRESS_EMBEDS; other flags in it (ephemeral, ...) are ignored.
    if (typeof body.flags === 'number') {
      message.flags = (message.flags & ~MessageFlag.SuppressEmbeds) | (body.flags & MessageFlag.SuppressEmbeds);
    }
    message.flags &= ~MessageFlag.Loading;
    this.store.updateMessage(message);
    this.announce('MESSAGE_UPDATE', message);
    return message;
  }

  delete(message: MessageRecord): void {
    this.store.deleteMessage(message);
    if (message.visibleTo !== null) return;
    const channel = this.store.channel(message.channelId);
    this.dispatch(
      'MESSAGE_DELETE',
      { id: message.id, channel_id: message.channelId, ...(channel.guildId ? { guild_id: channel.guildId } : {}) },
      intentFor(channel.type),
    );
  }

  /**
   * Attachments after a create or edit: `body.attachments` lists existing ones to keep (by id) and
   * new ones (by the index N of their `files[N]` part); without it every uploaded file is added.
   */
  private newAttachments(input: MessageInput, existing: AttachmentRecord[]): AttachmentRecord[] {
    const listed = Array.isArray(input.body.attachments) ? (input.body.attachments as Json[]) : null;
    const fromFile = (file: UploadedFile, description: unknown, filename: unknown): AttachmentRecord => ({
      id: this.store.ids.next(),
      filename: typeof filename === 'string' ? filename : file.filename,
      contentType: file.contentType,
      bytes: file.bytes,
      description: typeof description === 'string' ? description : null,
    });
    if (listed === null) return [...existing, ...input.files.map((f) => fromFile(f, undefined, undefined))];
    const result: AttachmentRecord[] = [];
    for (const entry of listed) {
      const kept = existing.find((a) => a.id === String(entry.id));
      const file = input.files.find((f) => String(f.index) === String(entry.id));
      if (kept) result.push(kept);
      else if (file) result.push(fromFile(file, entry.description, entry.filename));
    }
    return result;
  }

  private announce(event: 'MESSAGE_CREATE' | 'MESSAGE_UPDATE', message: MessageRecord): void {
    // Ephemeral messages exist only for their user's client; bots never receive them.
    if (message.visibleTo !== null) return;
    const channel = this.store.channel(message.channelId);
    const payload = messagePayload(this.store, message, this.baseUrl(), true);
    const forSession = (intents: number) =>
      (intents & GatewayIntentBits.MessageContent) !== 0 || this.contentAlwaysVisible(message)
        ? payload
        : { ...payload, content: '', embeds: [], attachments: [], components: [] };
    this.dispatch(event, forSession, intentFor(channel.type));
  }

  /**
   * Without the privileged MessageContent intent a bot still sees the content of its own messages,
   * of DMs, and of messages that mention it (Discord's rule); other messages arrive blank.
   */
  private contentAlwaysVisible(message: MessageRecord): boolean {
    const botId = this.botUserId();
    return (
      message.authorId === botId ||
      this.store.channel(message.channelId).type === ChannelKind.DM ||
      message.content.includes(`<@${botId}>`)
    );
  }
}

function intentFor(type: number): number {
  return type === ChannelKind.DM ? GatewayIntentBits.DirectMessages : GatewayIntentBits.GuildMessages;
}

/** The URL fields of an embed that may say `attachment://filename`. */
export const EMBED_IMAGE_FIELDS = ['image', 'thumbnail', 'author', 'footer'] as const;

export function embedImageUrl(embed: Json, field: (typeof EMBED_IMAGE_FIELDS)[number]): unknown {
  const part = embed[field] as Json | undefined;
  return field === 'author' || field === 'footer' ? part?.icon_url : part?.url;
}

/** The attachments the embeds show: `attachment://filename` resolved against `named`. */
function embedAttachments(embeds: readonly unknown[], named: readonly AttachmentRecord[]): string[] {
  const used = new Set<string>();
  for (const embed of embeds as Json[]) {
    for (const field of EMBED_IMAGE_FIELDS) {
      const url = embedImageUrl(embed, field);
      if (typeof url !== 'string' || !url.startsWith('attachment://')) continue;
      const found = named.find((a) => a.filename === url.slice('attachment://'.length));
      if (found) used.add(found.id);
    }
  }
  return [...used];
}

/** Embeds as Discord stores them: type 'rich', and every field's `inline` set (false when not sent). */
function normaliseEmbeds(embeds: unknown): unknown[] {
  if (!Array.isArray(embeds)) return [];
  return embeds.map((embed) => {
    const fields = (embed as Json).fields;
    return {
      type: 'rich',
      ...(embed as Json),
      ...(Array.isArray(fields) ? { fields: (fields as Json[]).map((f) => ({ inline: false, ...f })) } : {}),
    };
  });
}

/** Select menus: string, user, role, mentionable and channel. */
const SELECT_TYPES = new Set([3, 5, 6, 7, 8]);

/**
 * Components as Discord stores them: each has a numeric `id`; those sent without one are numbered in order from 1,
 * skipping the ids the request used. A select sent without `min_values` or `max_values` is stored with Discord's
 * default of 1 for each, which the message object then always carries.
 */
export function numberComponents(components: unknown): unknown[] {
  if (!Array.isArray(components)) return [];
  const used = new Set<number>();
  const collect = (list: unknown[]) => {
    for (const c of list as Json[]) {
      if (typeof c.id === 'number') used.add(c.id);
      if (Array.isArray(c.components)) collect(c.components);
    }
  };
  collect(components);
  let next = 1;
  const number = (list: unknown[]): unknown[] =>
    (list as Json[]).map((c) => {
      let id = c.id;
      if (typeof id !== 'number') {
        while (used.has(next)) next += 1;
        id = next;
        next += 1;
      }
      const defaults = SELECT_TYPES.has(Number(c.type)) ? { min_values: 1, max_values: 1 } : {};
      return {
        ...defaults,
        ...c,
        id,
        ...(Array.isArray(c.components) ? { components: number(c.components) } : {}),
      };
    });
  return number(components);
}
