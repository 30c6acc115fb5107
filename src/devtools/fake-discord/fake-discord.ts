import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GatewayIntentBits } from 'discord.js';
import { type Clock, realClock } from './clock.ts';
import { CommandRegistry } from './commands.ts';
import { ConformanceRecorder } from './conformance.ts';
import { FakeGuild, FakeUser } from './driver.ts';
import { Gateway, type Shard, shardServes } from './gateway.ts';
import { type Exchange, RestRouter } from './http.ts';
import { InteractionBook, type InteractionRecord } from './interactions.ts';
import { type Dispatch, MessageBook } from './messages.ts';
import { attachmentPayload, channelPayload, guildCreatePayload, memberPayload, userPayload } from './payloads.ts';
import { RateLimiter, type RateLimitSetting, resolveRateLimits } from './rate-limits.ts';
import { buildRoutes, type RouteContext } from './routes.ts';
import { ChannelKind, type ChannelRecord, Store } from './store.ts';
import { type MessageView, transcript, viewMessage } from './view.ts';

/**
 * A local Discord (REST API v10 + gateway) on 127.0.0.1 that the real discord.js client logs in
 * to, plus the handles tests use to act as people (FakeUser) and to read what they would see.
 *
 *   const discord = await FakeDiscord.start();
 *   const client = new Client({ intents, rest: { api: discord.restUrl } });
 *   await client.login(discord.botToken);
 */

export interface FakeDiscordOptions {
  /** Inject a ManualClock to test the 3-second and 15-minute rules without waiting. */
  clock?: Clock;
  botName?: string;
  /** HELLO's heartbeat interval; Discord uses 41.25 s. */
  heartbeatIntervalMs?: number;
  /**
   * The rate limits announced in `X-RateLimit-*` headers and enforced with 429: 'discord' (Discord's numbers),
   * 'lifted' (same buckets, limits no test reaches) or a table. Default: lifted, unless the environment has
   * `FAKE_DISCORD_RATE_LIMITS=discord`.
   */
  rateLimits?: RateLimitSetting;
  /**
   * The shard count `/gateway/bot` recommends. Default: one per 1,000 guilds the bot is in, at least one (our reading
   * of Discord's advice; 2.5 times below the 4011 limit). Clients may IDENTIFY with any `[id, count]`; each session
   * receives the events of its shard's guilds only (gateway.ts).
   */
  shards?: number;
  /**
   * A session that would serve more guilds than this is closed with 4011 Sharding required (Discord: 2,500). The
   * default recommendation scales with it: one shard per `maxGuildsPerShard * 0.4` guilds.
   */
  maxGuildsPerShard?: number;
  /**
   * `session_start_limit.max_concurrency` on `/gateway/bot` (default 1): shards with the same `id % maxConcurrency`
   * start one session per 5 s when rate limits are Discord's (`rateLimits: 'discord'`); sooner gets op 9.
   */
  maxConcurrency?: number;
}

/** Discord refuses a session over this many guilds with 4011 and recommends about one shard per 1,000. */
const DISCORD_MAX_GUILDS_PER_SHARD = 2_500;
const RECOMMENDED_SHARE_OF_MAX = 0.4;

/**
 * With `FAKE_DISCORD_CONFORMANCE_DIR` set, every fake checks its traffic against Discord's API spec and writes the
 * counts and violations to a JSON file there when it closes. vitest's global setup sets it for every run and sums the
 * files at the end (test/fake-discord/conformance-setup.ts). Read when a fake starts and closes, not at import.
 */
const conformanceDir = (): string | undefined => process.env.FAKE_DISCORD_CONFORMANCE_DIR || undefined;

export class FakeDiscord {
  readonly store: Store;
  readonly botToken: string;
  readonly applicationId: string;
  readonly botUserId: string;
  readonly botName: string;
  readonly messages: MessageBook;
  readonly interactions: InteractionBook;
  readonly commands: CommandRegistry;
  readonly #gateway: Gateway;
  readonly #router: RestRouter;
  readonly #http: Server;
  readonly #limiter: RateLimiter;
  readonly #exchangeListeners = new Set<(exchange: Exchange) => void>();
  readonly #eventListeners = new Set<(event: string, data: Record<string, unknown>) => void>();
  #conformance: ConformanceRecorder | null = null;

  private constructor(options: FakeDiscordOptions) {
    this.store = new Store(options.clock ?? realClock);
    const rateLimits = resolveRateLimits(options.rateLimits);
    const maxConcurrency = Math.max(1, options.maxConcurrency ?? 1);
    const maxGuildsPerShard = options.maxGuildsPerShard ?? DISCORD_MAX_GUILDS_PER_SHARD;
    this.botName = options.botName ?? 'Arbiter';
    const bot = this.store.addUser({
      username: this.botName,
      globalName: null,
      bot: true,
      locale: 'en-US',
      dmsOpen: false,
    });
    this.botUserId = bot.id;
    this.applicationId = bot.id;
    this.botToken = `${Buffer.from(bot.id).toString('base64url')}.fake.${randomBytes(16).toString('base64url')}`;
    this.#gateway = new Gateway(
      {
        token: this.botToken,
        readyPayload: (shard) => ({
          user: { ...userPayload(bot), verified: true, mfa_enabled: false },
          application: { id: this.applicationId, flags: 0 },
          guilds: this.botGuilds(shard).map((g) => ({ id: g.id, unavailable: true })),
        }),
        guildCreates: (shard, intents) =>
          this.botGuilds(shard).map((g) => guildCreatePayload(this.store, g, this.botUserId, intents)),
        membersChunk: (request) => this.membersChunk(request),
        guildCount: (shard) => this.botGuilds(shard).length,
      },
      {
        heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
        resumeUrl: () => this.gatewayUrl,
        maxConcurrency,
        identifyWindowMs: rateLimits.identifyWindowMs ?? 0,
        maxGuildsPerShard,
      },
    );
    const dispatch: Dispatch = (event, data, intent) => this.#gateway.dispatch(event, data, intent);
    this.messages = new MessageBook(
      this.store,
      () => this.baseUrl,
      dispatch,
      () => this.botUserId,
    );
    this.commands = new CommandRegistry(this.store, this.applicationId);
    this.interactions = new InteractionBook(
      this.store,
      this.messages,
      { applicationId: this.applicationId, botUserId: this.botUserId, baseUrl: () => this.baseUrl },
      (data) => dispatch('INTERACTION_CREATE', data, 0),
    );
    const context: RouteContext = {
      store: this.store,
      messages: this.messages,
      interactions: this.interactions,
      commands: this.commands,
      gateway: this.#gateway,
      applicationId: this.applicationId,
      botUserId: this.botUserId,
      botName: this.botName,
      baseUrl: () => this.baseUrl,
      gatewayUrl: () => this.gatewayUrl,
      recommendedShards: () =>
        options.shards ??
        Math.max(1, Math.ceil(this.botGuilds([0, 1]).length / (maxGuildsPerShard * RECOMMENDED_SHARE_OF_MAX))),
      maxConcurrency,
    };
    this.#gateway.onDispatch = (event, data) => {
      for (const listener of this.#eventListeners) listener(event, data);
    };
    this.#limiter = new RateLimiter(rateLimits);
    this.#router = new RestRouter(
      buildRoutes(context),
      this.botToken,
      (req, res) => this.serveAttachment(req, res),
      this.#limiter,
      (exchange) => {
        for (const listener of this.#exchangeListeners) listener(exchange);
      },
    );
    this.#http = createServer((req, res) => void this.#router.handle(req, res));
    this.#http.on('upgrade', (req, socket, head) => {
      if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname === '/gateway') this.#gateway.upgrade(req, socket, head);
      else socket.destroy();
    });
  }

  /** Starts the fake on an OS-assigned loopback port. */
  static async start(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
    const discord = new FakeDiscord(options);
    if (conformanceDir()) discord.checkConformance();
    await new Promise<void>((resolve, reject) => {
      discord.#http.once('error', reject);
      discord.#http.listen(0, '127.0.0.1', () => resolve());
    });
    return discord;
  }

  /** 'message' (create/update/delete per channel), 'channel' and 'change' events, for a sandbox page. */
  get events(): Store['events'] {
    return this.store.events;
  }

  get port(): number {
    return (this.#http.address() as AddressInfo).port;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Pass as `new Client({ rest: { api: discord.restUrl } })`. */
  get restUrl(): string {
    return `${this.baseUrl}/api`;
  }

  get gatewayUrl(): string {
    return `ws://127.0.0.1:${this.port}/gateway`;
  }

  /** Gateway sessions with a live socket (after a drop, 0 until the client resumes). */
  get connectedSessions(): number {
    return this.#gateway.connectedSessions;
  }

  /** `[id, count]` of each gateway session with a live socket. */
  get connectedShards(): Shard[] {
    return this.#gateway.connectedShards;
  }

  createUser(username: string, options: { globalName?: string; locale?: string; dmsOpen?: boolean } = {}): FakeUser {
    const record = this.store.addUser({
      username,
      globalName: options.globalName ?? null,
      bot: false,
      locale: options.locale ?? 'en-US',
      dmsOpen: options.dmsOpen ?? true,
    });
    return new FakeUser(this, record);
  }

  /** A guild with a #general text channel; the bot is a member, and is told at once if connected. */
  createGuild(name: string, options: { owner?: FakeUser; members?: FakeUser[]; channels?: string[] } = {}): FakeGuild {
    const owner = options.owner ?? this.createUser(`${name.toLowerCase().replace(/\W+/g, '-')}-owner`);
    const guild = this.store.addGuild(name, owner.id);
    this.store.addMember(guild.id, this.botUserId);
    for (const channelName of options.channels ?? ['general']) {
      this.store.addChannel({ type: ChannelKind.GuildText, name: channelName, guildId: guild.id });
    }
    const handle = new FakeGuild(this, guild);
    // Members already there are part of GUILD_CREATE, not separate GUILD_MEMBER_ADD events.
    for (const member of options.members ?? []) handle.admit(member);
    this.#gateway.dispatch('GUILD_CREATE', (intents) => guildCreatePayload(this.store, guild, this.botUserId, intents));
    return handle;
  }

  /** Called by FakeGuild.join: tells the bot (GUILD_MEMBER_ADD needs the GuildMembers intent). */
  announceMember(guildId: string, userId: string): void {
    const payload = { ...memberPayload(this.store, this.store.guild(guildId), userId), guild_id: guildId };
    this.#gateway.dispatch('GUILD_MEMBER_ADD', payload, GatewayIntentBits.GuildMembers);
  }

  announceMemberLeft(guildId: string, userId: string): void {
    const payload = { guild_id: guildId, user: userPayload(this.store.user(userId)) };
    this.#gateway.dispatch('GUILD_MEMBER_REMOVE', payload, GatewayIntentBits.GuildMembers);
  }

  /** IDENTIFYs answered with op 9 Invalid Session because their rate-limit key had started a session too recently. */
  get identifiesTooSoon(): number {
    return this.#gateway.identifiesTooSoon;
  }

  /** 429s answered because the client went past a limit its headers announced (injected ones not counted). */
  get rateLimitsExceeded(): number {
    return this.#limiter.exceeded;
  }

  /** Calls `listener` with every REST request and its answer (the conformance recorder); returns an unsubscribe. */
  onExchange(listener: (exchange: Exchange) => void): () => void {
    this.#exchangeListeners.add(listener);
    return () => this.#exchangeListeners.delete(listener);
  }

  /**
   * Checks every request, answer and gateway event from now on against Discord's API spec (conformance.ts); the
   * recorder's `snapshot()` gives the counts and violations.
   */
  checkConformance(): ConformanceRecorder {
    if (this.#conformance) return this.#conformance;
    const recorder = new ConformanceRecorder();
    this.#conformance = recorder;
    this.#exchangeListeners.add((exchange) => recorder.exchange(exchange));
    this.#eventListeners.add((event, data) => recorder.event(event, data));
    return recorder;
  }

  /**
   * A test is about to send `count` requests that break Discord's rules on purpose, to see the fake refuse them: if
   * the fake refuses them, the conformance check records them as expected rather than as violations (conformance.ts).
   * Does nothing when conformance is not being checked.
   */
  expectRefusal(count = 1): void {
    this.#conformance?.expectRefusal(count);
  }

  /** Makes the next `times` requests to `method pattern` (e.g. 'POST', '/channels/:id/messages') answer 429. */
  rateLimit(
    method: string,
    pattern: string,
    options: { times?: number; retryAfterSeconds?: number; global?: boolean } = {},
  ): void {
    this.#router.rateLimit({
      method,
      pattern,
      times: options.times ?? 1,
      retryAfterSeconds: options.retryAfterSeconds ?? 0.05,
      global: options.global ?? false,
    });
  }

  /**
   * Deletes a channel or thread as a moderator would: its messages go, a text channel takes its threads with it,
   * REST calls on it answer 10003 Unknown Channel, and the bot gets THREAD_DELETE / CHANNEL_DELETE.
   */
  deleteChannel(channel: { id: string }): void {
    const removed = this.store.removeChannel(channel.id);
    for (const c of removed) {
      if (c.parentId !== null) {
        this.#gateway.dispatch('THREAD_DELETE', { id: c.id, guild_id: c.guildId, parent_id: c.parentId, type: c.type });
      } else {
        this.#gateway.dispatch('CHANNEL_DELETE', channelPayload(this.store, c));
      }
      this.store.events.emit('channel', c);
    }
  }

  /**
   * Takes permissions from the bot in a text channel (and its threads), as a member overwrite: e.g.
   * `PermissionFlagsBits.CreatePublicThreads | PermissionFlagsBits.AttachFiles`; `0n` gives them back. Interactions
   * there carry the reduced `app_permissions`, the bot gets CHANNEL_UPDATE, and REST answers 50013 (50001 without
   * View Channel) to what needs them.
   */
  denyBotPermissions(channel: { id: string }, permissions: bigint): void {
    const record = this.store.channel(channel.id);
    if (record.parentId !== null || record.type !== ChannelKind.GuildText) {
      throw new Error('permissions are denied on text channels; threads inherit them');
    }
    this.store.botDenied.set(record.id, permissions);
    this.#gateway.dispatch('CHANNEL_UPDATE', channelPayload(this.store, record));
    this.store.notifyChange();
  }

  /** Drops every gateway socket with a resumable close code; discord.js reconnects and RESUMEs. */
  dropConnections(code = 4000): void {
    this.#gateway.dropConnections(code);
  }

  interaction(id: string): InteractionRecord | undefined {
    return this.interactions.get(id);
  }

  /**
   * Resolves once `check()` is true; re-checks on every change in the fake and every 5 ms (for
   * conditions on the bot's side). Rejects after `timeoutMs` of real time.
   */
  until(check: () => boolean, timeoutMs = 2_000, what = 'condition'): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const recheck = () => {
        if (!check()) return;
        cleanup();
        resolve();
      };
      const poll = setInterval(recheck, 5);
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`fake Discord: timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      const cleanup = () => {
        clearInterval(poll);
        clearTimeout(timer);
        this.store.events.off('change', recheck);
      };
      this.store.events.on('change', recheck);
    });
  }

  /** The channel's messages, oldest first, as `viewerId` sees them (ephemerals only for their owner). */
  messagesAs(channelId: string, viewerId: string): MessageView[] {
    const channel = this.store.channel(channelId);
    if (!this.store.canSeeChannel(viewerId, channel)) {
      throw new Error(`user ${viewerId} cannot see channel ${channel.name ?? channel.id}`);
    }
    return this.store
      .messagesIn(channelId)
      .filter((m) => this.store.canSeeMessage(viewerId, m))
      .map((m) => viewMessage(this.store, m));
  }

  /** The channel as plain text for `viewerId` (see `transcript`). */
  read(channelId: string, viewerId: string): string {
    return transcript(this.messagesAs(channelId, viewerId));
  }

  /** Channels and threads `viewerId` can see, for a sandbox's channel list. */
  channelsVisibleTo(viewerId: string): ChannelRecord[] {
    return [...this.store.channels.values()].filter((c) => this.store.canSeeChannel(viewerId, c));
  }

  /** The bytes of an attachment, by its id or file name, from a message the viewer can see. */
  attachmentBytes(message: { id: string; channelId: string }, idOrFilename: string): Uint8Array {
    const record = this.store.message(message.channelId, message.id);
    const found = record.attachments.find((a) => a.id === idOrFilename || a.filename === idOrFilename);
    if (!found) {
      const names = record.attachments.map((a) => a.filename).join(', ') || 'none';
      throw new Error(`message ${message.id} has no attachment "${idOrFilename}" (it has: ${names})`);
    }
    return found.bytes;
  }

  /** Stores a file a user attached to a command option; returns its attachment payload. */
  upload(
    file: { filename: string; bytes: Uint8Array; contentType?: string },
    channelId: string,
  ): Record<string, unknown> & { id: string } {
    const record = {
      id: this.store.ids.next(),
      filename: file.filename,
      contentType: file.contentType ?? 'application/octet-stream',
      bytes: file.bytes,
      description: null,
      channelId,
    };
    this.store.uploads.set(record.id, record);
    return { ...attachmentPayload(this.store, record, channelId, this.baseUrl), id: record.id };
  }

  async close(): Promise<void> {
    const dir = conformanceDir();
    if (dir && this.#conformance) {
      mkdirSync(dir, { recursive: true });
      const file = `${dir}/${process.pid}-${randomBytes(6).toString('hex')}.json`;
      writeFileSync(file, JSON.stringify(this.#conformance.snapshot()));
    }
    await this.#gateway.close();
    this.#http.closeAllConnections();
    await new Promise<void>((resolve) => this.#http.close(() => resolve()));
  }

  private botGuilds(shard: Shard) {
    return [...this.store.guilds.values()].filter((g) => g.members.has(this.botUserId) && shardServes(shard, g.id));
  }

  private membersChunk(request: Record<string, unknown>): Record<string, unknown> {
    const guild = this.store.guild(String(request.guild_id));
    const query = typeof request.query === 'string' ? request.query.toLowerCase() : '';
    const wanted = Array.isArray(request.user_ids) ? new Set(request.user_ids.map(String)) : null;
    const ids = [...guild.members.keys()].filter((id) =>
      wanted ? wanted.has(id) : this.store.user(id).username.toLowerCase().startsWith(query),
    );
    return {
      guild_id: guild.id,
      members: ids.map((id) => memberPayload(this.store, guild, id)),
      chunk_index: 0,
      chunk_count: 1,
      ...(request.nonce !== undefined ? { nonce: request.nonce } : {}),
      ...(wanted ? { not_found: [...wanted].filter((id) => !guild.members.has(id)) } : {}),
    };
  }

  /**
   * GET /attachments/{channel}/{attachment}/{filename}?hm=…: the signed URL put in attachment payloads. Without its
   * signature it is not found, so only those whose payloads carried the URL (who may see the message) can fetch it.
   */
  private serveAttachment(request: IncomingMessage, response: ServerResponse): boolean {
    const url = new URL(request.url ?? '/', 'http://x');
    const match = /^\/attachments\/(\d+)\/(\d+)\/[^/]+$/.exec(url.pathname);
    if (!match) return false;
    if (
      !this.store.validAttachmentSignature(match[1] as string, match[2] as string, url.searchParams.get('hm') ?? '')
    ) {
      response.writeHead(404).end();
      return true;
    }
    const attachment =
      this.store.uploads.get(match[2] as string) ??
      this.store.messages
        .get(match[1] as string)
        ?.flatMap((m) => m.attachments)
        .find((a) => a.id === match[2]);
    if (!attachment) {
      response.writeHead(404).end();
      return true;
    }
    response.writeHead(200, { 'content-type': attachment.contentType }).end(Buffer.from(attachment.bytes));
    return true;
  }
}
