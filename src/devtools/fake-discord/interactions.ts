import { randomBytes } from 'node:crypto';
import {
  interactionAlreadyAcknowledged,
  invalidFormBody,
  invalidWebhookToken,
  unknownInteraction,
  unknownMessage,
  unknownWebhook,
} from './errors.ts';
import { checkAutocompleteChoices, checkModal } from './limits.ts';
import { type MessageBook, MessageFlag, type MessageInput } from './messages.ts';
import {
  botPermissionsIn,
  channelPayload,
  everyonePermissions,
  memberPayload,
  messagePayload,
  permissionsOf,
  userPayload,
} from './payloads.ts';
import type { InteractionTrigger, MessageRecord, Store } from './store.ts';

/**
 * The interaction lifecycle with Discord's rules: acknowledge once (40060 after that) within 3 s
 * (afterwards the user sees "This interaction failed" and the callback gets 10062), and use the
 * token for follow-ups and edits of @original for 15 minutes (then 50027).
 */

type Json = Record<string, unknown>;

export const InteractionKind = { Command: 2, Component: 3, Autocomplete: 4, ModalSubmit: 5 } as const;
export type InteractionKind = (typeof InteractionKind)[keyof typeof InteractionKind];

export const CallbackType = {
  ChannelMessage: 4,
  DeferredChannelMessage: 5,
  DeferredUpdate: 6,
  UpdateMessage: 7,
  AutocompleteResult: 8,
  Modal: 9,
} as const;

export const ACK_DEADLINE_MS = 3_000;
export const TOKEN_LIFETIME_MS = 15 * 60_000;

const ALLOWED_CALLBACKS: Record<InteractionKind, readonly number[]> = {
  [InteractionKind.Command]: [CallbackType.ChannelMessage, CallbackType.DeferredChannelMessage, CallbackType.Modal],
  [InteractionKind.Component]: [
    CallbackType.ChannelMessage,
    CallbackType.DeferredChannelMessage,
    CallbackType.DeferredUpdate,
    CallbackType.UpdateMessage,
    CallbackType.Modal,
  ],
  [InteractionKind.Autocomplete]: [CallbackType.AutocompleteResult],
  [InteractionKind.ModalSubmit]: [
    CallbackType.ChannelMessage,
    CallbackType.DeferredChannelMessage,
    CallbackType.DeferredUpdate,
    CallbackType.UpdateMessage,
  ],
};

export type InteractionState = 'pending' | 'acknowledged' | 'failed';

export interface InteractionRecord {
  id: string;
  token: string;
  kind: InteractionKind;
  userId: string;
  channelId: string;
  guildId: string | null;
  /** The command name for commands and autocomplete, the custom_id for components and modals. */
  name: string;
  createdAt: number;
  state: InteractionState;
  callbackType: number | null;
  /** The message a component sits on (or the modal was opened from). */
  sourceMessageId: string | null;
  /** What "@original" means once acknowledged: the reply, or the component's message after an update. */
  originalMessageId: string | null;
  choices: Json[] | null;
  modal: Json | null;
  /** The modal is still on the user's screen (shown and not yet submitted). */
  modalOpen: boolean;
  /** A modal submit's: the interaction that showed the modal. */
  trigger: InteractionTrigger | null;
  cancelDeadline: () => void;
}

export interface OpenInteraction {
  kind: InteractionKind;
  userId: string;
  channelId: string;
  name: string;
  data: Json;
  sourceMessage?: MessageRecord;
  /** A modal submit's: the interaction that showed the modal. */
  trigger?: InteractionRecord;
}

export class InteractionBook {
  readonly #byId = new Map<string, InteractionRecord>();
  readonly #byToken = new Map<string, InteractionRecord>();

  constructor(
    private readonly store: Store,
    private readonly messages: MessageBook,
    private readonly app: { applicationId: string; botUserId: string; baseUrl: () => string },
    private readonly dispatch: (data: Json) => void,
  ) {}

  get(id: string): InteractionRecord | undefined {
    return this.#byId.get(id);
  }

  /** Interactions remembered (those of the last 15 minutes). */
  get size(): number {
    return this.#byId.size;
  }

  /** Creates the interaction, starts its 3 s clock and sends INTERACTION_CREATE to the bot. */
  open(request: OpenInteraction): InteractionRecord {
    const channel = this.store.channel(request.channelId);
    const record: InteractionRecord = {
      id: this.store.ids.next(),
      token: `aW50ZXJhY3Rpb24${randomBytes(24).toString('base64url')}`,
      kind: request.kind,
      userId: request.userId,
      channelId: channel.id,
      guildId: channel.guildId,
      name: request.name,
      createdAt: this.store.clock.now(),
      state: 'pending',
      callbackType: null,
      sourceMessageId: request.sourceMessage?.id ?? null,
      originalMessageId: null,
      choices: null,
      modal: null,
      modalOpen: false,
      trigger: request.trigger
        ? {
            id: request.trigger.id,
            type: request.trigger.kind,
            userId: request.trigger.userId,
            sourceMessageId: request.trigger.sourceMessageId,
          }
        : null,
      cancelDeadline: () => {},
    };
    record.cancelDeadline = this.store.clock.setTimer(ACK_DEADLINE_MS, () => {
      if (record.state !== 'pending') return;
      record.state = 'failed';
      this.announce(record);
    });
    // Interactions past their token's lifetime can do nothing more: forgotten, oldest first, so the book stays
    // bounded over a long session. (An outcome a test holds keeps its own record.)
    for (const old of this.#byId.values()) {
      if (!this.expired(old)) break;
      old.cancelDeadline();
      this.#byId.delete(old.id);
      this.#byToken.delete(old.token);
    }
    this.#byId.set(record.id, record);
    this.#byToken.set(record.token, record);
    this.dispatch(this.payload(record, request));
    return record;
  }

  /** The latest still-open modal `customId` the bot showed this user. */
  openModal(userId: string, customId: string): InteractionRecord | undefined {
    let latest: InteractionRecord | undefined;
    for (const record of this.#byId.values()) {
      if (record.userId === userId && record.modalOpen && record.modal?.custom_id === customId) latest = record;
    }
    return latest;
  }

  /** POST /interactions/{id}/{token}/callback */
  callback(id: string, token: string, input: MessageInput, withResponse: boolean): Json | null {
    const record = this.#byId.get(id);
    if (!record || record.token !== token || record.state === 'failed' || this.expired(record)) {
      throw unknownInteraction();
    }
    if (record.state === 'acknowledged') throw interactionAlreadyAcknowledged();
    const type = input.body.type;
    if (typeof type !== 'number' || !ALLOWED_CALLBACKS[record.kind].includes(type)) {
      throw invalidFormBody([
        {
          path: 'type',
          code: 'INTERACTION_RESPONSE_TYPE_INVALID',
          message: `Callback type ${String(type)} is not valid for this interaction`,
        },
      ]);
    }
    const data = (input.body.data ?? {}) as Json;
    const message = this.respond(record, type, { body: data, files: input.files });
    record.state = 'acknowledged';
    record.callbackType = type;
    record.cancelDeadline();
    this.announce(record);
    if (!withResponse) return null;
    return {
      interaction: {
        id: record.id,
        type: record.kind,
        activity_instance_id: null,
        ...(message
          ? {
              response_message_id: message.id,
              response_message_loading: (message.flags & MessageFlag.Loading) !== 0,
              response_message_ephemeral: (message.flags & MessageFlag.Ephemeral) !== 0,
            }
          : {}),
      },
      // Discord returns a resource with the message only for a reply (4) or an update (7), not for the deferred types.
      ...(message && (type === 4 || type === 7)
        ? { resource: { type, message: messagePayload(this.store, message, this.app.baseUrl()) } }
        : {}),
    };
  }

  /** The interaction behind a webhook token, for follow-ups and @original (15-minute rule). */
  byToken(applicationId: string, token: string): InteractionRecord {
    if (applicationId !== this.app.applicationId) throw unknownWebhook();
    const record = this.#byToken.get(token);
    if (!record || this.expired(record)) throw invalidWebhookToken();
    // Discord knows no webhook for an interaction that was never acknowledged.
    if (record.state !== 'acknowledged') throw unknownWebhook();
    return record;
  }

  followUp(record: InteractionRecord, input: MessageInput): MessageRecord {
    const original = record.originalMessageId ? this.findMessage(record, record.originalMessageId) : null;
    // The first follow-up after a deferred reply fills the "thinking…" placeholder.
    if (original && (original.flags & MessageFlag.Loading) !== 0) return this.messages.edit(original, input);
    const ephemeral = typeof input.body.flags === 'number' && (input.body.flags & MessageFlag.Ephemeral) !== 0;
    return this.messages.create(record.channelId, input, {
      ...this.origin(record),
      ...(ephemeral ? { visibleTo: record.userId } : {}),
    });
  }

  /** A message this interaction's webhook may read or change: '@original' or one of its follow-ups. */
  webhookMessage(record: InteractionRecord, messageId: string): MessageRecord {
    const id = messageId === '@original' ? record.originalMessageId : messageId;
    if (id === null) throw unknownMessage();
    const message = this.findMessage(record, id);
    const ours = message && (message.id === record.originalMessageId || message.interaction?.id === record.id);
    if (!message || !ours) throw unknownMessage();
    return message;
  }

  private announce(record: InteractionRecord): void {
    if (record.state === 'pending') return;
    const { id, userId, channelId, state } = record;
    this.store.events.emit('interaction', { id, userId, channelId, state });
    this.store.notifyChange();
  }

  private findMessage(record: InteractionRecord, messageId: string): MessageRecord | null {
    return this.store.messages.get(record.channelId)?.find((m) => m.id === messageId) ?? null;
  }

  private expired(record: InteractionRecord): boolean {
    return this.store.clock.now() - record.createdAt > TOKEN_LIFETIME_MS;
  }

  private origin(record: InteractionRecord) {
    return {
      authorId: this.app.botUserId,
      webhookId: this.app.applicationId,
      interaction: {
        id: record.id,
        type: record.kind,
        userId: record.userId,
        name: record.kind === InteractionKind.Command ? record.name : null,
        sourceMessageId: record.sourceMessageId,
        trigger: record.trigger,
      },
      type: record.kind === InteractionKind.Command ? 20 : 0,
    };
  }

  private respond(record: InteractionRecord, type: number, input: MessageInput): MessageRecord | null {
    const ephemeral = typeof input.body.flags === 'number' && (input.body.flags & MessageFlag.Ephemeral) !== 0;
    const visibility = ephemeral ? { visibleTo: record.userId } : {};
    switch (type) {
      case CallbackType.ChannelMessage: {
        const message = this.messages.create(record.channelId, input, {
          ...this.origin(record),
          ...visibility,
          fieldPrefix: 'data',
        });
        record.originalMessageId = message.id;
        return message;
      }
      case CallbackType.DeferredChannelMessage: {
        const message = this.messages.createLoading(record.channelId, {
          ...this.origin(record),
          ...visibility,
          ephemeral,
        });
        record.originalMessageId = message.id;
        return message;
      }
      case CallbackType.DeferredUpdate:
      case CallbackType.UpdateMessage: {
        const source = record.sourceMessageId ? this.findMessage(record, record.sourceMessageId) : null;
        if (!source) throw unknownMessage();
        record.originalMessageId = source.id;
        return type === CallbackType.UpdateMessage ? this.messages.edit(source, input, 'data') : source;
      }
      case CallbackType.AutocompleteResult:
        checkAutocompleteChoices(input.body);
        record.choices = Array.isArray(input.body.choices) ? (input.body.choices as Json[]) : [];
        return null;
      case CallbackType.Modal:
        checkModal(input.body);
        record.modal = input.body;
        record.modalOpen = true;
        return null;
      default:
        return null;
    }
  }

  /** The INTERACTION_CREATE payload discord.js turns into a ChatInputCommandInteraction, ButtonInteraction, … */
  private payload(record: InteractionRecord, request: OpenInteraction): Json {
    const channel = this.store.channel(record.channelId);
    const user = this.store.user(record.userId);
    const guild = channel.guildId ? this.store.guild(channel.guildId) : null;
    const payload: Json = {
      id: record.id,
      application_id: this.app.applicationId,
      type: record.kind,
      data: request.data,
      channel: channelPayload(this.store, channel),
      channel_id: channel.id,
      token: record.token,
      version: 1,
      locale: user.locale,
      entitlements: [],
      attachment_size_limit: 10 * 1024 * 1024,
      context: guild ? 0 : 1,
      authorizing_integration_owners: guild ? { '0': guild.id } : { '1': user.id },
    };
    if (guild) {
      payload.guild_id = guild.id;
      payload.guild = { id: guild.id, locale: 'en-US', features: [] };
      payload.guild_locale = 'en-US';
      payload.member = {
        ...memberPayload(this.store, guild, user.id),
        permissions: permissionsOf(this.store, guild, user.id).toString(),
      };
      payload.app_permissions = botPermissionsIn(this.store, channel, this.app.botUserId).toString();
    } else {
      payload.user = userPayload(user);
      payload.app_permissions = everyonePermissions.toString();
    }
    if (request.sourceMessage) payload.message = messagePayload(this.store, request.sourceMessage, this.app.baseUrl());
    return payload;
  }
}
