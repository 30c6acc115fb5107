import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Clock } from './clock.ts';
import { unknownChannel, unknownGuild, unknownMember, unknownMessage, unknownUser } from './errors.ts';
import { SnowflakeFactory } from './snowflake.ts';

/**
 * The fake's whole world in memory: users, guilds, channels, messages and registered commands.
 * Everything else (REST, gateway, driver) reads and changes Discord only through this store, and
 * every message change is announced on `events` so a sandbox page or a test can follow it.
 */

/** The interaction that opened a modal, as a modal submit's message metadata names it. */
export interface InteractionTrigger {
  id: string;
  type: number;
  userId: string;
  /** The message a component was on (the modal was opened from a button on it). */
  sourceMessageId: string | null;
}

export const ChannelKind = { GuildText: 0, DM: 1, PublicThread: 11, PrivateThread: 12 } as const;
export type ChannelKind = (typeof ChannelKind)[keyof typeof ChannelKind];

export interface UserRecord {
  id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
  locale: string;
  /** When false, the bot cannot open or write to a DM with this user (50007). */
  dmsOpen: boolean;
}

export interface MemberRecord {
  userId: string;
  joinedAt: number;
  nick: string | null;
}

export interface GuildRecord {
  id: string;
  name: string;
  ownerId: string;
  members: Map<string, MemberRecord>;
  /** The role Discord makes for a bot added with permissions: managed, tagged with the bot, given to the bot only. */
  botRoleId: string;
}

export interface ChannelRecord {
  id: string;
  type: ChannelKind;
  name: string | null;
  guildId: string | null;
  /** For threads: the text channel it hangs from. */
  parentId: string | null;
  /** For DMs: the one human on the other side. */
  recipientId: string | null;
  /** For threads: who has joined it; a private thread is visible only to them. */
  threadMemberIds: Set<string>;
  ownerId: string | null;
  createdAt: number;
  /** For threads: archived (closed; a new message reopens it unless locked) and locked (only moderators reopen). */
  archived: boolean;
  locked: boolean;
  /** For threads: minutes without activity after which Discord archives it (60, 1440, 4320 or 10080). */
  autoArchiveMinutes: number;
  /** For threads: the last activity (creation, a message, a reopening), or when it was archived. */
  activeAt: number;
}

/** The auto-archive durations Discord accepts, in minutes. */
export const AUTO_ARCHIVE_MINUTES = [60, 1440, 4320, 10_080];

export interface AttachmentRecord {
  id: string;
  filename: string;
  contentType: string;
  bytes: Uint8Array;
  description: string | null;
}

export interface MessageRecord {
  id: string;
  channelId: string;
  authorId: string;
  /** Interaction responses and follow-ups are sent through the application's webhook. */
  webhookId: string | null;
  type: number;
  content: string;
  embeds: unknown[];
  components: unknown[];
  attachments: AttachmentRecord[];
  /**
   * Attachments an embed shows through `attachment://filename` (resolved against the files the request uploaded or
   * kept by id); Discord serves them at the embed's URL and leaves them out of `attachments`. Absent in messages
   * saved before it existed (the sandbox's world file): none.
   */
  embedAttachmentIds?: string[];
  flags: number;
  /** An ephemeral message is seen by this user only; null means everyone who can see the channel. */
  visibleTo: string | null;
  interaction: {
    id: string;
    type: number;
    userId: string;
    name: string | null;
    /** The message a component interaction was on. */
    sourceMessageId?: string | null;
    /** A modal submit's: the command or component interaction that opened the modal. */
    trigger?: InteractionTrigger | null;
  } | null;
  createdAt: number;
  editedAt: number | null;
}

export interface CommandRecord {
  id: string;
  /** null for a global command. */
  guildId: string | null;
  version: string;
  body: Record<string, unknown> & { name: string; type: number };
}

export type MessageEvent =
  | { kind: 'create'; channelId: string; message: MessageRecord }
  | { kind: 'update'; channelId: string; message: MessageRecord }
  | { kind: 'delete'; channelId: string; message: MessageRecord };

export type StoreEvents = {
  message: [MessageEvent];
  channel: [ChannelRecord];
  /** An interaction was acknowledged, or failed (the user's client shows "This interaction failed"). */
  interaction: [{ id: string; userId: string; channelId: string; state: 'acknowledged' | 'failed' }];
  /** Anything observable changed (messages, acknowledgements); used by waiters. */
  change: [];
};

export class Store {
  /**
   * Signs attachment URLs, as Discord's CDN does (its `hm` parameter): a URL is handed out only in payloads of messages
   * the recipient may see, so knowing an attachment's id (a time-based snowflake) is not enough to fetch it.
   */
  readonly #attachmentKey = randomBytes(32);
  readonly ids: SnowflakeFactory;
  readonly events = new EventEmitter<StoreEvents>();
  readonly users = new Map<string, UserRecord>();
  readonly guilds = new Map<string, GuildRecord>();
  readonly channels = new Map<string, ChannelRecord>();
  /** Messages per channel, oldest first. */
  readonly messages = new Map<string, MessageRecord[]>();
  readonly commands = new Map<string, CommandRecord>();
  /** Permissions taken from the bot per text channel (a member overwrite); its threads lose them too. */
  readonly botDenied = new Map<string, bigint>();
  /** Files users attached to command options, by attachment id (not part of any message). */
  readonly uploads = new Map<string, AttachmentRecord & { channelId: string }>();

  constructor(readonly clock: Clock) {
    this.ids = new SnowflakeFactory(() => clock.now());
    this.events.setMaxListeners(0);
  }

  /** The application's bot user (the first bot user created: FakeDiscord creates it first). */
  get botUserId(): string {
    for (const user of this.users.values()) if (user.bot) return user.id;
    throw unknownUser();
  }

  user(id: string): UserRecord {
    const user = this.users.get(id);
    if (!user) throw unknownUser();
    return user;
  }

  guild(id: string): GuildRecord {
    const guild = this.guilds.get(id);
    if (!guild) throw unknownGuild();
    return guild;
  }

  member(guildId: string, userId: string): MemberRecord {
    const member = this.guild(guildId).members.get(userId);
    if (!member) throw unknownMember();
    return member;
  }

  channel(id: string): ChannelRecord {
    const channel = this.channels.get(id);
    if (!channel) throw unknownChannel();
    return channel;
  }

  /** The signature of an attachment's URL (the `hm` query parameter). */
  attachmentSignature(channelId: string, attachmentId: string): string {
    return createHmac('sha256', this.#attachmentKey).update(`${channelId}/${attachmentId}`).digest('hex');
  }

  /** Whether `signature` is the one handed out for this attachment. */
  validAttachmentSignature(channelId: string, attachmentId: string, signature: string): boolean {
    const expected = Buffer.from(this.attachmentSignature(channelId, attachmentId), 'hex');
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  message(channelId: string, messageId: string): MessageRecord {
    const message = this.messages.get(channelId)?.find((m) => m.id === messageId);
    if (!message) throw unknownMessage();
    return message;
  }

  addUser(fields: Omit<UserRecord, 'id'>): UserRecord {
    const user = { id: this.ids.next(), ...fields };
    this.users.set(user.id, user);
    return user;
  }

  addGuild(name: string, ownerId: string): GuildRecord {
    const guild: GuildRecord = { id: this.ids.next(), name, ownerId, members: new Map(), botRoleId: this.ids.next() };
    this.guilds.set(guild.id, guild);
    this.addMember(guild.id, ownerId);
    return guild;
  }

  addMember(guildId: string, userId: string): MemberRecord {
    this.user(userId);
    const guild = this.guild(guildId);
    const existing = guild.members.get(userId);
    if (existing) return existing;
    const member = { userId, joinedAt: this.clock.now(), nick: null };
    guild.members.set(userId, member);
    return member;
  }

  addChannel(fields: Partial<ChannelRecord> & { type: ChannelKind }): ChannelRecord {
    const channel: ChannelRecord = {
      id: this.ids.next(),
      name: null,
      guildId: null,
      parentId: null,
      recipientId: null,
      threadMemberIds: new Set(),
      ownerId: null,
      createdAt: this.clock.now(),
      archived: false,
      locked: false,
      autoArchiveMinutes: 1440,
      activeAt: this.clock.now(),
      ...fields,
    };
    this.channels.set(channel.id, channel);
    this.messages.set(channel.id, []);
    this.events.emit('channel', channel);
    return channel;
  }

  /**
   * Archives a thread that has had no activity for its auto-archive duration, as Discord does; true if it did now.
   * Checked when the thread is used (the fake has no background sweep), so the caller announces THREAD_UPDATE.
   */
  archiveIfIdle(channel: ChannelRecord): boolean {
    if (channel.parentId === null || channel.archived) return false;
    const idleSince = Math.max(channel.activeAt, this.messages.get(channel.id)?.at(-1)?.createdAt ?? 0);
    const due = idleSince + channel.autoArchiveMinutes * 60_000;
    if (this.clock.now() < due) return false;
    channel.archived = true;
    channel.activeAt = due;
    return true;
  }

  /** The DM channel between the bot and a user, created on first use as Discord does. */
  dmChannel(userId: string): ChannelRecord {
    for (const channel of this.channels.values()) {
      if (channel.type === ChannelKind.DM && channel.recipientId === userId) return channel;
    }
    return this.addChannel({ type: ChannelKind.DM, recipientId: userId });
  }

  addMessage(message: MessageRecord): void {
    this.messagesIn(message.channelId).push(message);
    this.announce({ kind: 'create', channelId: message.channelId, message });
  }

  updateMessage(message: MessageRecord): void {
    message.editedAt = this.clock.now();
    this.announce({ kind: 'update', channelId: message.channelId, message });
  }

  deleteMessage(message: MessageRecord): void {
    const list = this.messagesIn(message.channelId);
    const index = list.indexOf(message);
    if (index >= 0) list.splice(index, 1);
    this.announce({ kind: 'delete', channelId: message.channelId, message });
  }

  /** Removes a channel with its messages (and, for a text channel, its threads); returns what was removed. */
  removeChannel(id: string): ChannelRecord[] {
    const channel = this.channel(id);
    const removed = [...[...this.channels.values()].filter((c) => c.parentId === channel.id), channel];
    for (const c of removed) {
      this.channels.delete(c.id);
      this.messages.delete(c.id);
      this.botDenied.delete(c.id);
    }
    this.notifyChange();
    return removed;
  }

  messagesIn(channelId: string): MessageRecord[] {
    const list = this.messages.get(channelId);
    if (!list) throw unknownChannel();
    return list;
  }

  /** Whether `userId` can see the channel at all (guild membership, DM recipient, private thread member). */
  canSeeChannel(userId: string, channel: ChannelRecord): boolean {
    const user = this.users.get(userId);
    if (user?.bot) return true;
    if (channel.type === ChannelKind.DM) return channel.recipientId === userId;
    if (channel.type === ChannelKind.PrivateThread) return channel.threadMemberIds.has(userId);
    return channel.guildId !== null && this.guilds.get(channel.guildId)?.members.has(userId) === true;
  }

  canSeeMessage(userId: string, message: MessageRecord): boolean {
    return message.visibleTo === null || message.visibleTo === userId;
  }

  notifyChange(): void {
    this.events.emit('change');
  }

  private announce(event: MessageEvent): void {
    this.events.emit('message', event);
    this.events.emit('change');
  }
}
