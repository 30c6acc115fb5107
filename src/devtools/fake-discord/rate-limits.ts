import { createHash } from 'node:crypto';

/**
 * Discord's rate limits as its responses announce them: every answer carries `X-RateLimit-Limit`, `-Remaining`,
 * `-Reset`, `-Reset-After` and `-Bucket` for the route's bucket (per major parameter: the channel, the guild, the
 * webhook and its token), so discord.js queues ahead of a limit instead of running into it. A client that ignores the
 * headers gets 429 with `X-RateLimit-Scope: user`; more than the global limit per second of bot-token requests
 * (interaction callbacks and interaction webhooks are exempt, as on Discord) gets a global 429.
 *
 * Windows run on real time, not the fake's clock: discord.js waits for them with real timers.
 */

export interface BucketLimit {
  /** Requests per window. */
  requests: number;
  windowMs: number;
}

export interface RateLimitTable {
  /** Bot-token requests per second over all routes; null: no global limit. */
  global: BucketLimit | null;
  /** Posting or editing a message in one channel (Discord: 5 per 5 s). */
  channelMessages: BucketLimit;
  /** One interaction token's webhook routes (follow-ups, edits of @original). */
  webhookToken: BucketLimit;
  /** Any other route, per major parameter. */
  route: BucketLimit;
  /**
   * The gateway's identify pacing: the least time between two sessions started on one rate-limit key
   * (`shard_id % max_concurrency`; Discord: 5 s). Absent: not enforced.
   */
  identifyWindowMs?: number;
}

/**
 * Discord's numbers: 50 requests/s global and 5 messages per 5 s per channel are documented; the webhook (5 per 2 s)
 * and other-route (50 per s) buckets are what Discord commonly answers, not documented limits (our choice).
 */
export const DISCORD_RATE_LIMITS: RateLimitTable = {
  global: { requests: 50, windowMs: 1_000 },
  channelMessages: { requests: 5, windowMs: 5_000 },
  webhookToken: { requests: 5, windowMs: 2_000 },
  route: { requests: 50, windowMs: 1_000 },
  identifyWindowMs: 5_000,
};

/** The same buckets and headers with limits no test reaches: for suites that play faster than people. */
export const LIFTED_RATE_LIMITS: RateLimitTable = {
  global: null,
  channelMessages: { requests: 100_000, windowMs: 5_000 },
  webhookToken: { requests: 100_000, windowMs: 2_000 },
  route: { requests: 100_000, windowMs: 1_000 },
};

export type RateLimitSetting = RateLimitTable | 'discord' | 'lifted';

/**
 * The default when `FakeDiscord.start` is not told: `FAKE_DISCORD_RATE_LIMITS=discord` gives Discord's numbers to
 * every fake in the process (to run a suite as Discord would pace it); otherwise the limits are lifted.
 */
export function resolveRateLimits(setting: RateLimitSetting | undefined): RateLimitTable {
  const chosen = setting ?? (process.env.FAKE_DISCORD_RATE_LIMITS === 'discord' ? 'discord' : 'lifted');
  if (chosen === 'discord') return DISCORD_RATE_LIMITS;
  if (chosen === 'lifted') return LIFTED_RATE_LIMITS;
  return chosen;
}

/** How a route is limited: which bucket, keyed by which major parameter, and whether it counts globally. */
export interface RouteLimitKey {
  method: string;
  pattern: string;
  params: Record<string, string>;
  /** Bot-token routes count towards the global limit; interaction callbacks and webhooks do not. */
  global: boolean;
}

interface BucketState {
  count: number;
  resetAt: number;
}

export type RateLimitVerdict =
  | { allowed: true; headers: Record<string, string> }
  | { allowed: false; headers: Record<string, string>; retryAfterSeconds: number; global: boolean };

const MAJOR_PARAMETERS = ['channelId', 'guildId'] as const;
/** Buckets kept before the expired ones are swept. */
const SWEEP_AT = 2_000;

export class RateLimiter {
  readonly #buckets = new Map<string, BucketState>();
  #global: BucketState = { count: 0, resetAt: 0 };
  /** 429s answered because a client went past a limit (not the injected ones). */
  exceeded = 0;

  constructor(
    readonly table: RateLimitTable,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Counts the request in its bucket (and the global one) and says whether it may go ahead, with the headers. */
  take(key: RouteLimitKey): RateLimitVerdict {
    const now = this.now();
    const { limit, hash, major } = this.bucketOf(key);
    const bucketKey = `${hash}:${major}`;
    if (this.#buckets.size > SWEEP_AT) {
      for (const [k, state] of this.#buckets) if (state.resetAt <= now) this.#buckets.delete(k);
    }
    let state = this.#buckets.get(bucketKey);
    if (!state || state.resetAt <= now) {
      state = { count: 0, resetAt: now + limit.windowMs };
      this.#buckets.set(bucketKey, state);
    }
    const resetAfterMs = state.resetAt - now;
    const headers = (remaining: number): Record<string, string> => ({
      'x-ratelimit-limit': String(limit.requests),
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': ((Date.now() + resetAfterMs) / 1000).toFixed(3),
      'x-ratelimit-reset-after': (resetAfterMs / 1000).toFixed(3),
      'x-ratelimit-bucket': hash,
    });
    if (state.count >= limit.requests) {
      this.exceeded += 1;
      return {
        allowed: false,
        headers: { ...headers(0), 'x-ratelimit-scope': 'user', 'retry-after': String(Math.ceil(resetAfterMs / 1000)) },
        retryAfterSeconds: Number((resetAfterMs / 1000).toFixed(3)),
        global: false,
      };
    }
    const global = this.table.global;
    if (key.global && global) {
      if (this.#global.resetAt <= now) this.#global = { count: 0, resetAt: now + global.windowMs };
      if (this.#global.count >= global.requests) {
        this.exceeded += 1;
        const waitMs = this.#global.resetAt - now;
        return {
          allowed: false,
          headers: { 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global', 'retry-after': '1' },
          retryAfterSeconds: Number((waitMs / 1000).toFixed(3)),
          global: true,
        };
      }
      this.#global.count += 1;
    }
    state.count += 1;
    return { allowed: true, headers: headers(limit.requests - state.count) };
  }

  /**
   * The bucket of a route: posting and editing messages share a channel's message limit on Discord (each with its
   * own bucket hash); webhook routes are per token; anything else is per route and major parameter.
   */
  private bucketOf(key: RouteLimitKey): { limit: BucketLimit; hash: string; major: string } {
    const { method, pattern, params } = key;
    const hash = createHash('sha1').update(`${method} ${pattern}`).digest('hex').slice(0, 16);
    if (pattern.startsWith('/webhooks/')) {
      return { limit: this.table.webhookToken, hash, major: `${params.applicationId}/${params.token}` };
    }
    if (pattern.startsWith('/interactions/')) {
      return { limit: this.table.route, hash, major: params.interactionId ?? '' };
    }
    const major = MAJOR_PARAMETERS.map((name) => params[name])
      .filter((value) => value !== undefined)
      .join('/');
    const isMessageWrite =
      pattern === '/channels/:channelId/messages' ||
      (pattern === '/channels/:channelId/messages/:messageId' && method === 'PATCH');
    return { limit: isMessageWrite ? this.table.channelMessages : this.table.route, hash, major };
  }
}
