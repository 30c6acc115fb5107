import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { createDeflate, type Deflate, constants as zlibConstants } from 'node:zlib';
import { GatewayCloseCodes, GatewayOpcodes } from 'discord.js';
import { type WebSocket, WebSocketServer } from 'ws';
import { shardOfGuild } from './snowflake.ts';

/**
 * The gateway half of the fake: HELLO, heartbeat/ACK, IDENTIFY → READY + GUILD_CREATE, RESUME →
 * replay + RESUMED, and numbered dispatches. A session outlives its socket (as on Discord) so a
 * client that drops can resume and receive what it missed.
 *
 * Shards: IDENTIFY may carry `shard: [id, count]` (default [0, 1]); a session then receives only the events of the
 * guilds with `(guild_id >> 22) % count === id` (events without a guild, DMs among them, go to shard 0). A shard id
 * out of range is refused with 4010 Invalid shard. A shard another session already holds is accepted, as Discord
 * accepts it: both sessions then receive the same events (two processes running one shard both see every click).
 * A shard that would serve more than `maxGuildsPerShard` guilds is closed with 4011 Sharding required.
 *
 * Identify pacing: shards share a rate-limit key `shard_id % max_concurrency`, and each key may start one session per
 * `identifyWindowMs` (Discord: 5 s). An IDENTIFY sooner than that gets op 9 Invalid Session (`d: false`), as Discord
 * answers an identify over its concurrency limit; discord.js then waits and identifies again. Real time, since
 * discord.js paces itself with real timers.
 */

type Json = Record<string, unknown>;

export interface GatewayWorld {
  token: string;
  /** READY's `d` minus session fields: user, application, stubs of the guilds this shard serves. */
  readyPayload(shard: Shard): Json;
  /** GUILD_CREATE payloads for every guild the bot is in that this shard serves. */
  guildCreates(shard: Shard, intents: number): Json[];
  /** GUILD_MEMBERS_CHUNK answer to a Request Guild Members (op 8). */
  membersChunk(request: Json): Json;
  /** How many guilds a session on this shard would serve. */
  guildCount(shard: Shard): number;
}

export interface GatewayOptions {
  heartbeatIntervalMs: number;
  resumeUrl: () => string;
  /** `session_start_limit.max_concurrency`: how many rate-limit keys identify in parallel. */
  maxConcurrency: number;
  /** The least time between two IDENTIFYs on one rate-limit key; 0: not enforced. */
  identifyWindowMs: number;
  /** More guilds than this on one shard: 4011 Sharding required (Discord: 2,500). */
  maxGuildsPerShard: number;
}

/** `[shard id, shard count]`, as IDENTIFY and READY carry it. */
export type Shard = readonly [number, number];

/** Whether a guild's events go to this shard (null: an event outside guilds, which shard 0 receives). */
export function shardServes(shard: Shard, guildId: string | null): boolean {
  return shardOfGuild(guildId, shard[1]) === shard[0];
}

interface Session {
  id: string;
  intents: number;
  shard: Shard;
  seq: number;
  connection: Connection | null;
  /** Dispatches already numbered, kept so a RESUME can replay what the client missed. */
  history: { s: number; frame: string }[];
}

const HISTORY_LIMIT = 2000;
const SUPPORTED_VERSIONS = new Set(['9', '10']);

export class Gateway {
  readonly #server = new WebSocketServer({ noServer: true });
  readonly #sessions = new Map<string, Session>();
  readonly #sockets = new Set<WebSocket>();
  #nextSessionNumber = 0;
  /** Per rate-limit key (`shard_id % max_concurrency`), when its last session started (performance.now()). */
  readonly #lastIdentify = new Map<number, number>();
  /** IDENTIFYs answered with Invalid Session because they came sooner than their key's window allowed. */
  identifiesTooSoon = 0;

  constructor(
    private readonly world: GatewayWorld,
    private readonly options: GatewayOptions,
  ) {}

  /** Hands an HTTP upgrade on the gateway path to the WebSocket server. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.#server.handleUpgrade(request, socket, head, (ws) => this.accept(ws, request));
  }

  /**
   * Sends a dispatch to every session whose intents include `intent` (0 = always sent). `data` may
   * depend on the session's intents (message content is blanked without the MessageContent intent).
   */
  dispatch(event: string, data: Json | ((intents: number) => Json), intent = 0): void {
    for (const session of this.#sessions.values()) {
      if (intent !== 0 && (session.intents & intent) === 0) continue;
      const payload = typeof data === 'function' ? data(session.intents) : data;
      if (!shardServes(session.shard, guildOfEvent(event, payload))) continue;
      this.sendDispatch(session, event, payload);
    }
  }

  /** The shards of the sessions with a live socket, e.g. `[[0, 2], [1, 2]]`. */
  get connectedShards(): Shard[] {
    return [...this.#sessions.values()].filter((s) => s.connection !== null).map((s) => s.shard);
  }

  /** Number of sessions with a live socket; tests wait on this after a reconnect. */
  get connectedSessions(): number {
    return [...this.#sessions.values()].filter((s) => s.connection !== null).length;
  }

  /** Closes every socket with a resumable code, as when Discord's edge drops a connection. */
  dropConnections(code = 4000): void {
    for (const socket of this.#sockets) socket.close(code, 'fake Discord dropped the connection');
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.terminate();
    this.#sessions.clear();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  private accept(ws: WebSocket, request: IncomingMessage): void {
    const params = new URL(request.url ?? '/', 'ws://localhost').searchParams;
    if (!SUPPORTED_VERSIONS.has(params.get('v') ?? '10')) {
      ws.close(GatewayCloseCodes.InvalidAPIVersion, 'Invalid API version');
      return;
    }
    if ((params.get('encoding') ?? 'json') !== 'json') {
      ws.close(GatewayCloseCodes.DecodeError, 'The fake gateway speaks encoding=json only');
      return;
    }
    const compress = params.get('compress');
    if (compress !== null && compress !== 'zlib-stream') {
      ws.close(GatewayCloseCodes.DecodeError, `Unsupported compress=${compress}`);
      return;
    }
    const connection = new Connection(ws, compress === 'zlib-stream' ? createDeflate() : null);
    this.#sockets.add(ws);
    let session: Session | null = null;
    ws.on('close', (code) => {
      this.#sockets.delete(ws);
      if (session?.connection === connection) session.connection = null;
      // Discord forgets a session its client closed normally; other closes leave it resumable.
      if (session && (code === 1000 || code === 1001)) this.#sessions.delete(session.id);
    });
    ws.on('message', (raw) => {
      let payload: Json;
      try {
        payload = JSON.parse(String(raw)) as Json;
      } catch {
        ws.close(GatewayCloseCodes.DecodeError, 'Error while decoding payload.');
        return;
      }
      const d = (payload.d ?? {}) as Json;
      switch (payload.op) {
        case GatewayOpcodes.Heartbeat:
          connection.send({ op: GatewayOpcodes.HeartbeatAck });
          break;
        case GatewayOpcodes.Identify:
          if (session) return ws.close(GatewayCloseCodes.AlreadyAuthenticated, 'Already authenticated.');
          if (d.token !== this.world.token)
            return ws.close(GatewayCloseCodes.AuthenticationFailed, 'Authentication failed.');
          {
            const shard = this.checkShard(d.shard);
            if (typeof shard === 'string') return ws.close(GatewayCloseCodes.InvalidShard, shard);
            if (this.world.guildCount(shard) > this.options.maxGuildsPerShard) {
              return ws.close(GatewayCloseCodes.ShardingRequired, 'Sharding required.');
            }
            if (!this.identifyAllowed(shard)) {
              this.identifiesTooSoon += 1;
              connection.send({ op: GatewayOpcodes.InvalidSession, d: false });
              break;
            }
            session = this.identify(connection, typeof d.intents === 'number' ? d.intents : 0, shard);
            break;
          }
        case GatewayOpcodes.Resume:
          session = this.resume(connection, d);
          break;
        case GatewayOpcodes.RequestGuildMembers:
          if (session) this.sendDispatch(session, 'GUILD_MEMBERS_CHUNK', this.world.membersChunk(d));
          break;
        case GatewayOpcodes.PresenceUpdate:
        case GatewayOpcodes.VoiceStateUpdate:
          break;
        default:
          ws.close(GatewayCloseCodes.UnknownOpcode, 'Unknown opcode.');
      }
    });
    connection.send({ op: GatewayOpcodes.Hello, d: { heartbeat_interval: this.options.heartbeatIntervalMs } });
  }

  /** IDENTIFY's `shard` field checked: the shard, or why it is refused (4010 Invalid shard). */
  private checkShard(field: unknown): Shard | string {
    if (field === undefined) return [0, 1];
    if (!Array.isArray(field) || field.length !== 2 || !field.every((n) => Number.isInteger(n))) {
      return 'Invalid shard: expected [shard_id, num_shards].';
    }
    const [id, count] = field as [number, number];
    if (count < 1 || id < 0 || id >= count) return `Invalid shard: [${id}, ${count}].`;
    return [id, count];
  }

  /** Whether this shard's rate-limit key may start a session now; if so, its window starts. */
  private identifyAllowed(shard: Shard): boolean {
    const key = shard[0] % this.options.maxConcurrency;
    const now = performance.now();
    const last = this.#lastIdentify.get(key);
    if (this.options.identifyWindowMs > 0 && last !== undefined && now - last < this.options.identifyWindowMs) {
      return false;
    }
    this.#lastIdentify.set(key, now);
    return true;
  }

  private identify(connection: Connection, intents: number, shard: Shard): Session {
    const id = `fake-session-${++this.#nextSessionNumber}`;
    const session: Session = { id, intents, shard, seq: 0, connection, history: [] };
    this.#sessions.set(session.id, session);
    this.sendDispatch(session, 'READY', {
      v: 10,
      ...this.world.readyPayload(shard),
      session_id: session.id,
      session_type: 'normal',
      resume_gateway_url: this.options.resumeUrl(),
      shard: [...shard],
      private_channels: [],
      presences: [],
      relationships: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      user_settings: {},
      _trace: ['["fake-discord",{}]'],
    });
    for (const guild of this.world.guildCreates(shard, intents)) this.sendDispatch(session, 'GUILD_CREATE', guild);
    return session;
  }

  private resume(connection: Connection, d: Json): Session | null {
    const session = typeof d.session_id === 'string' ? this.#sessions.get(d.session_id) : undefined;
    if (!session || d.token !== this.world.token) {
      connection.send({ op: GatewayOpcodes.InvalidSession, d: false });
      return null;
    }
    session.connection?.ws.close(4009, 'Session resumed elsewhere');
    session.connection = connection;
    const lastSeen = typeof d.seq === 'number' ? d.seq : 0;
    for (const entry of session.history) {
      if (entry.s > lastSeen) connection.sendRaw(entry.frame);
    }
    this.sendDispatch(session, 'RESUMED', {});
    return session;
  }

  /** Called with every dispatch sent (the conformance recorder). */
  onDispatch: (event: string, data: Json) => void = () => {};

  private sendDispatch(session: Session, event: string, data: Json): void {
    this.onDispatch(event, data);
    session.seq += 1;
    const frame = JSON.stringify({ op: GatewayOpcodes.Dispatch, t: event, s: session.seq, d: data });
    session.history.push({ s: session.seq, frame });
    if (session.history.length > HISTORY_LIMIT) session.history.shift();
    session.connection?.sendRaw(frame);
  }
}

/** The guild an event belongs to, which decides its shard: GUILD_* events carry it as `id`, the others as `guild_id`. */
function guildOfEvent(event: string, data: Json): string | null {
  const field =
    event === 'GUILD_CREATE' || event === 'GUILD_UPDATE' || event === 'GUILD_DELETE' ? data.id : data.guild_id;
  return typeof field === 'string' ? field : null;
}

/** One socket's outbound side: plain JSON text frames, or one zlib stream flushed per payload. */
class Connection {
  /** zlib-stream frames must leave in order, one flush at a time. */
  #queue = Promise.resolve();

  constructor(
    readonly ws: WebSocket,
    private readonly deflate: Deflate | null,
  ) {}

  send(payload: Json): void {
    this.sendRaw(JSON.stringify(payload));
  }

  sendRaw(frame: string): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    const deflate = this.deflate;
    if (!deflate) {
      this.ws.send(frame);
      return;
    }
    // zlib-stream: one deflate context per connection; each payload ends with a sync flush (00 00 ff ff).
    this.#queue = this.#queue.then(
      () =>
        new Promise<void>((resolve) => {
          const chunks: Buffer[] = [];
          const collect = (chunk: Buffer) => chunks.push(chunk);
          deflate.on('data', collect);
          deflate.write(frame);
          deflate.flush(zlibConstants.Z_SYNC_FLUSH, () => {
            deflate.off('data', collect);
            if (this.ws.readyState === this.ws.OPEN) this.ws.send(Buffer.concat(chunks));
            resolve();
          });
        }),
    );
  }
}
