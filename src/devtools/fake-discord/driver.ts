import type { FakeDiscord } from './fake-discord.ts';
import { InteractionKind, type InteractionRecord, type OpenInteraction } from './interactions.ts';
import { channelPayload, memberPayload, permissionsOf, userPayload } from './payloads.ts';
import type { CommandRecord, GuildRecord, MessageRecord, UserRecord } from './store.ts';
import type { MessageView } from './view.ts';

/**
 * The test driver: people in one line, and what they do in the Discord client (run a slash
 * command, click, pick from a select, submit a modal, type a message). Each action checks what
 * the client itself would refuse (unknown command, missing required option, a button that is not
 * on the message, a value not in the select) and throws a clear error instead of sending it.
 */

type Json = Record<string, unknown>;

/** What an option may be given as: users and channels by handle or id. */
export type OptionValue = string | number | boolean | FakeUser | { channelId: string } | FileUpload;

/** A file the user attaches to an ATTACHMENT option (e.g. a deck list). */
export interface FileUpload {
  filename: string;
  bytes: Uint8Array;
  contentType?: string;
}

/** Anything that names a message: a view, a record, or `{ id, channelId }`. */
export type MessageRef = { id: string; channelId: string };

const OptionType = {
  Subcommand: 1,
  SubcommandGroup: 2,
  String: 3,
  Integer: 4,
  Boolean: 5,
  User: 6,
  Channel: 7,
  Role: 8,
  Mentionable: 9,
  Number: 10,
  Attachment: 11,
} as const;

/** One interaction as the user experiences it; resolves once the bot acknowledged it or it failed. */
export class InteractionOutcome {
  constructor(
    private readonly discord: FakeDiscord,
    readonly record: InteractionRecord,
    private readonly viewerId: string,
  ) {}

  get id(): string {
    return this.record.id;
  }

  /** 'failed' means the user saw "This interaction failed" (no acknowledgement within 3 s). */
  get state(): InteractionRecord['state'] {
    return this.record.state;
  }

  /** The callback type the bot answered with (4 reply, 5 deferred, 6 deferred update, 7 update, 8, 9). */
  get callbackType(): number | null {
    return this.record.callbackType;
  }

  /** The reply (or, after an update, the component's message) as this user sees it now. */
  reply(): MessageView | undefined {
    const id = this.record.originalMessageId;
    return id ? this.discord.messagesAs(this.record.channelId, this.viewerId).find((m) => m.id === id) : undefined;
  }

  /** The messages this interaction's webhook posted besides "@original" (follow-ups), as this user sees them. */
  followUps(): MessageView[] {
    const ids = new Set(
      (this.discord.store.messages.get(this.record.channelId) ?? [])
        .filter((m) => m.interaction?.id === this.record.id && m.id !== this.record.originalMessageId)
        .map((m) => m.id),
    );
    return this.discord.messagesAs(this.record.channelId, this.viewerId).filter((m) => ids.has(m.id));
  }

  /**
   * What the user got back: after a deferred update (the component's message stays as it was), the first follow-up;
   * otherwise the reply.
   */
  answer(): MessageView | undefined {
    return this.record.callbackType === 6 ? this.followUps()[0] : this.reply();
  }

  /** Autocomplete choices the bot offered. */
  get choices(): Json[] {
    return this.record.choices ?? [];
  }

  /** The modal the bot opened, if it answered with one. */
  get modal(): Json | null {
    return this.record.modal;
  }

  /** Waits until the reply exists and is no longer "thinking" (a deferred reply got its edit). */
  async settled(timeoutMs = 2_000): Promise<MessageView> {
    await this.discord.until(() => this.reply()?.loading === false, timeoutMs, `the reply to interaction ${this.id}`);
    return this.reply() as MessageView;
  }
}

export class FakeGuild {
  constructor(
    private readonly discord: FakeDiscord,
    readonly record: GuildRecord,
  ) {}

  get id(): string {
    return this.record.id;
  }

  /** A text channel by name ('general' exists by default). */
  channel(name = 'general'): { channelId: string; id: string } {
    for (const channel of this.discord.store.channels.values()) {
      if (channel.guildId === this.id && channel.name === name && channel.parentId === null) {
        return { channelId: channel.id, id: channel.id };
      }
    }
    throw new Error(`guild ${this.record.name} has no channel #${name}`);
  }

  /** Threads of this guild, newest last, e.g. to find the one the bot opened for a match. */
  threads(): { channelId: string; id: string; name: string }[] {
    return [...this.discord.store.channels.values()]
      .filter((c) => c.guildId === this.id && c.parentId !== null)
      .map((c) => ({ channelId: c.id, id: c.id, name: c.name ?? '' }));
  }

  /** Adds a member; the bot hears of it (GUILD_MEMBER_ADD) if it has the GuildMembers intent. */
  join(user: FakeUser): this {
    if (this.record.members.has(user.id)) return this;
    this.admit(user);
    this.discord.announceMember(this.id, user.id);
    return this;
  }

  /** The member leaves the server; the bot hears of it (GUILD_MEMBER_REMOVE) only with the GuildMembers intent. */
  leave(user: FakeUser): this {
    if (!this.record.members.delete(user.id)) return this;
    this.discord.announceMemberLeft(this.id, user.id);
    return this;
  }

  /** Membership without the announcement, for members who are there before the bot sees the guild. */
  admit(user: FakeUser): void {
    this.discord.store.addMember(this.id, user.id);
    const firstText = [...this.discord.store.channels.values()].find(
      (c) => c.guildId === this.id && c.parentId === null,
    );
    user.defaultChannelId ??= firstText?.id;
  }
}

export class FakeUser {
  /** Where `slash` runs when no channel is given: #general of the first guild joined. */
  defaultChannelId: string | undefined;

  constructor(
    private readonly discord: FakeDiscord,
    readonly record: UserRecord,
  ) {}

  get id(): string {
    return this.record.id;
  }

  get name(): string {
    return this.record.username;
  }

  /** Closes (or reopens) this user's DMs: the bot's DMs then fail with 50007. */
  setDmsOpen(open: boolean): void {
    this.record.dmsOpen = open;
  }

  /** The DM channel between this user and the bot. */
  dm(): { channelId: string; id: string } {
    const channel = this.discord.store.dmChannel(this.id);
    return { channelId: channel.id, id: channel.id };
  }

  /** Runs `/duel challenge opponent:@bob game:nova` as `slash('duel challenge', { opponent: bob, game: 'nova' })`. */
  slash(command: string, options: Record<string, OptionValue> = {}, where: { in?: { channelId: string } } = {}) {
    const channelId = this.channelFor(where);
    const { record, path, schema } = this.resolveCommand(command, channelId);
    const built = this.buildOptions(schema, options, command, null, channelId);
    return this.open({
      kind: InteractionKind.Command,
      channelId,
      // A message's interaction names the command with its subcommand ("duel challenge"), as Discord's does.
      name: [record.body.name, ...path].join(' '),
      data: this.commandData(record, path, built),
    });
  }

  /** Types into an autocomplete option; resolves to the choices the bot offered. */
  async autocomplete(
    command: string,
    options: Record<string, OptionValue>,
    focused: string,
    where: { in?: { channelId: string } } = {},
  ): Promise<Json[]> {
    const channelId = this.channelFor(where);
    const { record, path, schema } = this.resolveCommand(command, channelId);
    const built = this.buildOptions(schema, options, command, focused, channelId);
    const outcome = await this.open({
      kind: InteractionKind.Autocomplete,
      channelId,
      name: record.body.name,
      data: this.commandData(record, path, built),
    });
    if (outcome.state !== 'acknowledged') throw new Error(`autocomplete for /${command} got no answer within 3 s`);
    return outcome.choices;
  }

  /** Clicks the button `customId` on a message this user can see. */
  click(message: MessageRef, customId: string) {
    const record = this.visibleMessage(message);
    const button = findComponent(record, customId);
    if (button?.type !== 2) throw new Error(`message ${record.id} has no button "${customId}"${listIds(record)}`);
    if (button.disabled === true) throw new Error(`button "${customId}" is disabled`);
    return this.open({
      kind: InteractionKind.Component,
      channelId: record.channelId,
      name: customId,
      data: { custom_id: customId, component_type: 2 },
      sourceMessage: record,
    });
  }

  /**
   * Picks `values` in the select `customId`: option values for a string select, user ids (or
   * handles) for a user select, channel ids for a channel select.
   */
  select(message: MessageRef, customId: string, values: (string | FakeUser)[]) {
    const record = this.visibleMessage(message);
    const select = findComponent(record, customId);
    const type = select?.type;
    if (!select || (type !== 3 && type !== 5 && type !== 8)) {
      throw new Error(`message ${record.id} has no string, user or channel select "${customId}"${listIds(record)}`);
    }
    if (select.disabled === true) throw new Error(`select "${customId}" is disabled`);
    const ids = values.map((v) => (v instanceof FakeUser ? v.id : v));
    const min = typeof select.min_values === 'number' ? select.min_values : 1;
    const max = typeof select.max_values === 'number' ? select.max_values : 1;
    if (ids.length < min || ids.length > max) {
      throw new Error(`select "${customId}" takes ${min}–${max} values, got ${ids.length}`);
    }
    const data: Json = { custom_id: customId, component_type: type, values: ids };
    if (type === 3) {
      const allowed = (select.options as Json[]).map((o) => String(o.value));
      const bad = ids.filter((v) => !allowed.includes(v));
      if (bad.length > 0)
        throw new Error(`select "${customId}" has no option ${bad.join(', ')} (options: ${allowed.join(', ')})`);
    } else {
      data.resolved = this.resolveSelected(type === 5 ? 'users' : 'channels', ids, record.channelId);
    }
    return this.open({
      kind: InteractionKind.Component,
      channelId: record.channelId,
      name: customId,
      data,
      sourceMessage: record,
    });
  }

  /** Fills and submits the modal `customId` that the bot showed this user. */
  submitModal(customId: string, fields: Record<string, string>) {
    const opener = this.discord.interactions.openModal(this.id, customId);
    if (!opener?.modal || !opener.modalOpen) throw new Error(`no modal "${customId}" is open for ${this.name}`);
    const inputs = modalInputs(opener.modal);
    for (const input of inputs) {
      const value = fields[input.customId];
      if (value === undefined && input.required) throw new Error(`modal "${customId}" needs field "${input.customId}"`);
      if (value !== undefined && (value.length < input.minLength || value.length > input.maxLength)) {
        throw new Error(
          `field "${input.customId}" takes ${input.minLength}–${input.maxLength} characters, got ${value.length}`,
        );
      }
    }
    const unknown = Object.keys(fields).filter((k) => !inputs.some((i) => i.customId === k));
    if (unknown.length > 0) throw new Error(`modal "${customId}" has no field ${unknown.join(', ')}`);
    opener.modalOpen = false;
    const source = opener.sourceMessageId
      ? this.discord.store.messages.get(opener.channelId)?.find((m) => m.id === opener.sourceMessageId)
      : undefined;
    return this.open({
      kind: InteractionKind.ModalSubmit,
      channelId: opener.channelId,
      name: customId,
      data: {
        custom_id: customId,
        components: inputs.map((input) => input.submitted(fields[input.customId] ?? '')),
      },
      ...(source ? { sourceMessage: source } : {}),
      trigger: opener,
    });
  }

  /** Posts a plain message as this user (MESSAGE_CREATE reaches the bot with the right intents). */
  say(channel: { channelId: string }, content: string): MessageView {
    if (!this.discord.store.canSeeChannel(this.id, this.discord.store.channel(channel.channelId))) {
      throw new Error(`${this.name} cannot post in channel ${channel.channelId}`);
    }
    const message = this.discord.messages.create(
      channel.channelId,
      { body: { content }, files: [] },
      { authorId: this.id },
    );
    return this.discord.messagesAs(channel.channelId, this.id).find((m) => m.id === message.id) as MessageView;
  }

  /** The channel's messages as this user sees them. */
  messages(channel: { channelId: string }): MessageView[] {
    return this.discord.messagesAs(channel.channelId, this.id);
  }

  /** The channel as text, as this user sees it. */
  read(channel: { channelId: string }): string {
    return this.discord.read(channel.channelId, this.id);
  }

  /** The newest message in the channel this user can see. */
  lastMessage(channel: { channelId: string }): MessageView {
    const last = this.messages(channel).at(-1);
    if (!last) throw new Error(`${this.name} sees no messages in channel ${channel.channelId}`);
    return last;
  }

  private async open(request: Omit<OpenInteraction, 'userId'>): Promise<InteractionOutcome> {
    const record = this.discord.interactions.open({ ...request, userId: this.id });
    const outcome = new InteractionOutcome(this.discord, record, this.id);
    await this.discord.until(() => record.state !== 'pending', 10_000, `acknowledgement of interaction ${record.id}`);
    return outcome;
  }

  private channelFor(where: { in?: { channelId: string } }): string {
    const channelId = where.in?.channelId ?? this.defaultChannelId;
    if (!channelId) throw new Error(`${this.name} is in no guild; pass { in: channel } or join a guild first`);
    const channel = this.discord.store.channel(channelId);
    if (!this.discord.store.canSeeChannel(this.id, channel))
      throw new Error(`${this.name} cannot see channel ${channelId}`);
    return channelId;
  }

  private visibleMessage(ref: MessageRef): MessageRecord {
    const record = this.discord.store.message(ref.channelId, ref.id);
    const channel = this.discord.store.channel(ref.channelId);
    if (!this.discord.store.canSeeChannel(this.id, channel) || !this.discord.store.canSeeMessage(this.id, record)) {
      throw new Error(`${this.name} cannot see message ${ref.id}`);
    }
    return record;
  }

  private resolveCommand(command: string, channelId: string) {
    const [name, ...rest] = command.trim().split(/\s+/);
    const guildId = this.discord.store.channel(channelId).guildId;
    const record = this.discord.commands.find(name ?? '', guildId);
    if (!record) {
      const known = [...this.discord.store.commands.values()].map((c) => c.body.name).join(', ') || 'none';
      throw new Error(`no slash command /${name} is registered for this channel (registered: ${known})`);
    }
    let schema = (record.body.options as Json[] | undefined) ?? [];
    const path: string[] = [];
    for (const part of rest) {
      const sub = schema.find(
        (o) => o.name === part && (o.type === OptionType.Subcommand || o.type === OptionType.SubcommandGroup),
      );
      if (!sub) throw new Error(`/${name} has no subcommand "${part}"`);
      path.push(part);
      schema = (sub.options as Json[] | undefined) ?? [];
    }
    if (schema.some((o) => o.type === OptionType.Subcommand || o.type === OptionType.SubcommandGroup)) {
      throw new Error(`/${command} needs a subcommand: ${schema.map((o) => o.name).join(', ')}`);
    }
    return { record, path, schema };
  }

  private buildOptions(
    schema: Json[],
    given: Record<string, OptionValue>,
    command: string,
    focused: string | null,
    channelId: string,
  ) {
    const options: Json[] = [];
    const resolved: Record<string, Record<string, Json>> = {};
    const guildId = this.discord.store.channel(channelId).guildId;
    for (const [key, value] of Object.entries(given)) {
      const def = schema.find((o) => o.name === key);
      if (!def)
        throw new Error(
          `/${command} has no option "${key}" (options: ${schema.map((o) => o.name).join(', ') || 'none'})`,
        );
      const isFocused = key === focused;
      options.push({
        name: key,
        type: def.type,
        value: isFocused ? String(value) : this.optionValue(def, value, command, { resolved, guildId, channelId }),
        ...(isFocused ? { focused: true } : {}),
      });
    }
    if (focused === null) {
      const missing = schema.filter((o) => o.required === true && !(String(o.name) in given)).map((o) => o.name);
      if (missing.length > 0) throw new Error(`/${command} needs option(s) ${missing.join(', ')}`);
    } else if (!(focused in given)) {
      throw new Error(`the focused option "${focused}" needs a (partial) value`);
    }
    return { options, resolved };
  }

  private optionValue(
    def: Json,
    value: OptionValue,
    command: string,
    context: { resolved: Record<string, Record<string, Json>>; guildId: string | null; channelId: string },
  ): unknown {
    const { resolved, guildId } = context;
    const where = `option "${String(def.name)}" of /${command}`;
    const choices = Array.isArray(def.choices) ? (def.choices as Json[]).map((c) => c.value) : null;
    if (choices && !choices.includes(value as never)) throw new Error(`${where} must be one of ${choices.join(', ')}`);
    switch (def.type) {
      case OptionType.String:
        if (typeof value !== 'string') throw new Error(`${where} takes a string`);
        return value;
      case OptionType.Integer:
      case OptionType.Number:
        if (typeof value !== 'number' || (def.type === OptionType.Integer && !Number.isInteger(value))) {
          throw new Error(`${where} takes ${def.type === OptionType.Integer ? 'an integer' : 'a number'}`);
        }
        if (typeof def.min_value === 'number' && value < def.min_value)
          throw new Error(`${where} is at least ${def.min_value}`);
        if (typeof def.max_value === 'number' && value > def.max_value)
          throw new Error(`${where} is at most ${def.max_value}`);
        return value;
      case OptionType.Boolean:
        if (typeof value !== 'boolean') throw new Error(`${where} takes true or false`);
        return value;
      case OptionType.User:
      case OptionType.Mentionable: {
        const id = value instanceof FakeUser ? value.id : String(value);
        const user = this.discord.store.user(id);
        (resolved.users ??= {})[id] = userPayload(user);
        const guild = guildId ? this.discord.store.guild(guildId) : null;
        if (guild?.members.has(id)) {
          const { user: _user, ...member } = memberPayload(this.discord.store, guild, id);
          (resolved.members ??= {})[id] = {
            ...member,
            permissions: permissionsOf(this.discord.store, guild, id).toString(),
          };
        }
        return id;
      }
      case OptionType.Attachment: {
        if (typeof value !== 'object' || !('bytes' in value))
          throw new Error(`${where} takes a file { filename, bytes }`);
        const upload = this.discord.upload(value, context.channelId);
        (resolved.attachments ??= {})[upload.id] = upload;
        return upload.id;
      }
      case OptionType.Channel: {
        const id = typeof value === 'object' && 'channelId' in value ? value.channelId : String(value);
        const channel = this.discord.store.channel(id);
        (resolved.channels ??= {})[id] = { ...channelPayload(this.discord.store, channel), permissions: '0' };
        return id;
      }
      default:
        throw new Error(`${where}: option type ${String(def.type)} is not supported by the fake driver yet`);
    }
  }

  private resolveSelected(kind: 'users' | 'channels', ids: string[], channelId: string): Json {
    const store = this.discord.store;
    const guildId = store.channel(channelId).guildId;
    if (kind === 'channels') {
      return {
        channels: Object.fromEntries(
          ids.map((id) => [id, { ...channelPayload(store, store.channel(id)), permissions: '0' }]),
        ),
      };
    }
    const guild = guildId ? store.guild(guildId) : null;
    const members: Record<string, Json> = {};
    for (const id of ids) {
      if (!guild?.members.has(id)) continue;
      const { user: _user, ...member } = memberPayload(store, guild, id);
      members[id] = { ...member, permissions: permissionsOf(store, guild, id).toString() };
    }
    return { users: Object.fromEntries(ids.map((id) => [id, userPayload(store.user(id))])), members };
  }

  private commandData(record: CommandRecord, path: string[], built: { options: Json[]; resolved: Json }): Json {
    let options = built.options;
    for (const name of [...path].reverse()) {
      const type = name === path.at(-1) ? OptionType.Subcommand : OptionType.SubcommandGroup;
      options = [{ name, type, options }];
    }
    return {
      id: record.id,
      name: record.body.name,
      type: 1,
      options,
      ...(Object.keys(built.resolved).length > 0 ? { resolved: built.resolved } : {}),
      ...(record.guildId ? { guild_id: record.guildId } : {}),
    };
  }
}

function findComponent(message: MessageRecord, customId: string): Json | undefined {
  const stack = [...(message.components as Json[])];
  while (stack.length > 0) {
    const component = stack.pop() as Json;
    if (component.custom_id === customId) return component;
    if (Array.isArray(component.components)) stack.push(...(component.components as Json[]));
    if (component.accessory) stack.push(component.accessory as Json);
  }
  return undefined;
}

function listIds(message: MessageRecord): string {
  const ids: string[] = [];
  const walk = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const c of list as Json[]) {
      if (typeof c.custom_id === 'string') ids.push(c.custom_id);
      walk(c.components);
    }
  };
  walk(message.components);
  return ids.length > 0 ? ` (it has: ${ids.join(', ')})` : ' (it has no components)';
}

interface ModalInput {
  customId: string;
  required: boolean;
  minLength: number;
  maxLength: number;
  submitted(value: string): Json;
}

/** The text inputs of a modal, in either layout: action rows (type 1) or labels (type 18). */
function modalInputs(modal: Json): ModalInput[] {
  return ((modal.components as Json[] | undefined) ?? []).map((row) => {
    const inLabel = row.type === 18;
    const input = (inLabel ? row.component : (row.components as Json[])[0]) as Json;
    const customId = String(input.custom_id);
    const answer = (value: string) => ({ type: 4, custom_id: customId, value, ...(input.id ? { id: input.id } : {}) });
    return {
      customId,
      required: input.required !== false,
      minLength: typeof input.min_length === 'number' ? input.min_length : 0,
      maxLength: typeof input.max_length === 'number' ? input.max_length : 4000,
      submitted: (value) =>
        inLabel
          ? { type: 18, ...(row.id ? { id: row.id } : {}), component: answer(value) }
          : { type: 1, components: [answer(value)] },
    };
  });
}
