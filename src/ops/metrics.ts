// The bot's metrics (prom-client), in a registry of their own (none of prom-client's global one): what an operator
// watches to know whether players wait. Served as /metrics by the admin server (admin-server.ts).
//
// The bot reports events (an interaction received and acknowledged, a board shown, a render, a commit, a rate limit,
// a refusal); counts of matches and the render queue are read when scraped (`watch`).
import type { Client, RateLimitData } from 'discord.js';
import { RESTEvents } from 'discord.js';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Latency buckets in seconds: Discord's 3 s acknowledgement deadline and the bot's aims (50 ms ack, 250 ms board). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** SQLite commits take micro- to milliseconds. */
const COMMIT_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1, 0.5];

/** Interactions not acknowledged within this time are forgotten (Discord's deadline is 3 s). */
const ACK_FORGET_MS = 15_000;

export type InteractionKind = 'command' | 'component' | 'modal' | 'autocomplete' | 'other';

/** What the scrape reads from the running bot. */
export interface MetricsSources {
  /** Active and paused matches (paused: their thread was deleted). */
  matches(): Promise<{ active: number; paused: number }>;
  /** Render jobs waiting for a worker (0 without images). */
  renderQueue(): number;
  /** The gateway shards this process runs, and whether each is connected and ready. */
  shards?(): { id: number; ready: boolean }[];
}

export class Metrics {
  readonly registry = new Registry();
  private readonly ackSeconds: Histogram<'kind' | 'shard'>;
  private readonly boardSeconds: Histogram;
  private readonly decisions: Counter<'game'>;
  private readonly commitSeconds: Histogram;
  private readonly renderSeconds: Histogram<'kind'>;
  private readonly rateLimitSeconds: Histogram<'scope'>;
  private readonly refusals: Counter<'status' | 'code'>;
  private readonly interactions: Counter<'kind' | 'outcome' | 'shard'>;
  /** Interactions received and not yet acknowledged: id -> (kind, shard, when). */
  private readonly unacknowledged = new Map<string, { kind: InteractionKind; shard: string; at: number }>();
  private sources: MetricsSources | null = null;

  constructor(options: { defaultMetrics?: boolean } = {}) {
    const registers = [this.registry];
    // Process metrics, among them the event-loop delay (nodejs_eventloop_lag_p99_seconds and its siblings).
    if (options.defaultMetrics ?? true)
      collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    this.ackSeconds = new Histogram({
      name: 'arbiter_interaction_ack_seconds',
      help: 'From an interaction reaching the bot to its acknowledgement (callback) being answered by Discord',
      labelNames: ['kind', 'shard'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.boardSeconds = new Histogram({
      name: 'arbiter_board_update_seconds',
      help: "From a board update being asked for (after a commit) to the match's public board showing it",
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.decisions = new Counter({
      name: 'arbiter_decisions_committed_total',
      help: 'Decisions committed to the store (answers, timeouts, automatic passes, concessions)',
      labelNames: ['game'],
      registers,
    });
    this.commitSeconds = new Histogram({
      name: 'arbiter_db_commit_seconds',
      help: 'The database transaction of one decision (log row, match row, snapshot when due)',
      buckets: COMMIT_BUCKETS,
      registers,
    });
    this.renderSeconds = new Histogram({
      name: 'arbiter_render_seconds',
      help: 'One image on a render worker, from the job being sent to the worker to its PNG coming back',
      labelNames: ['kind'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.rateLimitSeconds = new Histogram({
      name: 'arbiter_discord_rate_limit_wait_seconds',
      help: "Waits imposed by Discord's rate limits before a request (global or per route)",
      labelNames: ['scope'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.refusals = new Counter({
      name: 'arbiter_discord_refusals_total',
      help: 'Discord API answers with status 4xx or 5xx, by status and JSON error code (none: no code)',
      labelNames: ['status', 'code'],
      registers,
    });
    this.interactions = new Counter({
      name: 'arbiter_interactions_total',
      help: 'Interactions received, by kind, outcome (handled, failed, refused while stopping) and gateway shard',
      labelNames: ['kind', 'outcome', 'shard'],
      registers,
    });
    const sourcesOf = () => this.sources;
    // Read at each scrape; registered in the registry, so nothing else holds them.
    new Gauge({
      name: 'arbiter_matches',
      help: 'Matches by status: active (playable) and paused (their thread was deleted)',
      labelNames: ['status'],
      registers,
      async collect() {
        const counts = await sourcesOf()?.matches();
        if (!counts) return;
        this.set({ status: 'active' }, counts.active);
        this.set({ status: 'paused' }, counts.paused);
      },
    });
    new Gauge({
      name: 'arbiter_gateway_shard_ready',
      help: "The gateway shards this process runs: 1 while the shard's connection is ready, 0 otherwise",
      labelNames: ['shard'],
      registers,
      collect() {
        for (const shard of sourcesOf()?.shards?.() ?? []) this.set({ shard: String(shard.id) }, shard.ready ? 1 : 0);
      },
    });
    new Gauge({
      name: 'arbiter_render_queue_depth',
      help: 'Render jobs waiting for a worker',
      registers,
      collect() {
        this.set(sourcesOf()?.renderQueue() ?? 0);
      },
    });
  }

  /** What the gauges read at each scrape. */
  watch(sources: MetricsSources): void {
    this.sources = sources;
  }

  /** Listens to the client's REST manager: acknowledgements, rate-limit waits and refusals. */
  listen(client: Client): void {
    client.rest.on(RESTEvents.RateLimited, (limit: RateLimitData) => this.rateLimited(limit));
    client.rest.on(RESTEvents.Response, (request, response) => {
      const ack = /^\/interactions\/(\d+)\/[^/]+\/callback/.exec(request.path);
      if (ack?.[1] && response.status < 300) this.acknowledged(ack[1]);
      if (response.status >= 400) void this.refused(response);
      else discardBody(response.body);
    });
  }

  /** An interaction arrived through gateway shard `shard`. */
  interactionReceived(id: string, kind: InteractionKind, shard: number, now = performance.now()): void {
    if (this.unacknowledged.size > 1000) {
      for (const [key, entry] of this.unacknowledged)
        if (now - entry.at > ACK_FORGET_MS) this.unacknowledged.delete(key);
    }
    this.unacknowledged.set(id, { kind, shard: String(shard), at: now });
  }

  interactionDone(kind: InteractionKind, outcome: 'handled' | 'failed' | 'refused', shard: number): void {
    this.interactions.inc({ kind, outcome, shard: String(shard) });
  }

  acknowledged(id: string, now = performance.now()): void {
    const entry = this.unacknowledged.get(id);
    if (!entry) return;
    this.unacknowledged.delete(id);
    this.ackSeconds.observe({ kind: entry.kind, shard: entry.shard }, (now - entry.at) / 1000);
  }

  boardShown(ms: number): void {
    this.boardSeconds.observe(ms / 1000);
  }

  committed(game: string, ms: number): void {
    this.decisions.inc({ game });
    this.commitSeconds.observe(ms / 1000);
  }

  rendered(kind: string, ms: number): void {
    this.renderSeconds.observe({ kind }, ms / 1000);
  }

  rateLimited(limit: Pick<RateLimitData, 'global' | 'timeToReset'>): void {
    this.rateLimitSeconds.observe({ scope: limit.global ? 'global' : 'route' }, limit.timeToReset / 1000);
  }

  private async refused(response: { status: number; json(): Promise<unknown> }): Promise<void> {
    let code = 'none';
    try {
      const body = await response.json();
      if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'number') code = String(body.code);
    } catch {
      // Not JSON (a proxy's error page): counted without a code.
    }
    this.refusals.inc({ status: String(response.status), code });
  }

  /** The text exposition of every metric. */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}

/** The listener's copy of a response body is not read when the answer was a success: release it. */
function discardBody(body: unknown): void {
  if (body && typeof body === 'object' && 'cancel' in body && typeof body.cancel === 'function') {
    (body as ReadableStream).cancel().catch(() => {});
  }
}
