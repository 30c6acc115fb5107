// Rate-limit headers as Discord sends them: discord.js reads them and waits before a bucket runs out, so a bot
// that respects them never sees a 429; a client that ignores them gets one (per bucket, or global).
import { RESTEvents } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeDiscord } from '../../src/devtools/fake-discord/index.ts';
import { DISCORD_RATE_LIMITS, type RateLimitTable } from '../../src/devtools/fake-discord/rate-limits.ts';
import { type Harness, startHarness } from './harness.ts';

// Short windows so the test waits a few hundred milliseconds, not Discord's 5 seconds.
const QUICK: RateLimitTable = {
  global: { requests: 1_000, windowMs: 1_000 },
  channelMessages: { requests: 2, windowMs: 400 },
  webhookToken: { requests: 2, windowMs: 400 },
  route: { requests: 1_000, windowMs: 1_000 },
};

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

describe('rate-limit headers', () => {
  it('every answer names its bucket, limit, remaining and reset (Discord numbers for channel messages)', async () => {
    h = await startHarness({ rateLimits: 'discord' });
    const url = `${h.discord.restUrl}/v10/channels/${h.guild.channel().id}/messages`;
    const send = (content: string) =>
      fetch(url, {
        method: 'POST',
        headers: { authorization: `Bot ${h?.discord.botToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content }),
      });
    const first = await send('one');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe(String(DISCORD_RATE_LIMITS.channelMessages.requests));
    expect(first.headers.get('x-ratelimit-remaining')).toBe('4');
    expect(Number(first.headers.get('x-ratelimit-reset-after'))).toBeGreaterThan(4);
    expect(Number(first.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    const bucket = first.headers.get('x-ratelimit-bucket');
    expect(bucket).toMatch(/^[0-9a-f]{16}$/);
    for (const n of [2, 3, 4, 5]) expect((await send(`message ${n}`)).headers.get('x-ratelimit-bucket')).toBe(bucket);
    // The sixth within 5 s: a client that ignored the headers is refused for this bucket only.
    const refused = await send('six');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-scope')).toBe('user');
    const body = (await refused.json()) as { retry_after: number; global: boolean; code: number };
    expect(body.global).toBe(false);
    expect(body.code).toBe(0);
    expect(body.retry_after).toBeGreaterThan(3);
    expect(h.discord.rateLimitsExceeded).toBe(1);
  });

  it('discord.js waits on the headers: a burst in one channel lands in order with no 429', async () => {
    h = await startHarness({ rateLimits: QUICK });
    const statuses: number[] = [];
    const waits: number[] = [];
    h.client.rest.on(RESTEvents.Response, (_request, response) => statuses.push(response.status));
    h.client.rest.on(RESTEvents.RateLimited, (info) => waits.push(info.timeToReset));
    const channel = await h.client.channels.fetch(h.guild.channel().id);
    if (!channel?.isSendable()) throw new Error('not sendable');
    statuses.length = 0;
    const started = performance.now();
    await Promise.all([1, 2, 3, 4, 5].map((n) => channel.send(`burst ${n}`)));
    const elapsed = performance.now() - started;
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(h.discord.rateLimitsExceeded).toBe(0);
    // Two per 400 ms: the fifth waits for the third window.
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(elapsed).toBeGreaterThan(700);
    const seen = h.alice.messages(h.guild.channel()).map((m) => m.content);
    expect(seen.slice(-5)).toEqual(['burst 1', 'burst 2', 'burst 3', 'burst 4', 'burst 5']);
  });

  it('the global limit counts bot-token requests over every route and answers a global 429', async () => {
    const discord = await FakeDiscord.start({ rateLimits: { ...QUICK, global: { requests: 3, windowMs: 60_000 } } });
    try {
      const get = (path: string) =>
        fetch(`${discord.restUrl}/v10${path}`, { headers: { authorization: `Bot ${discord.botToken}` } });
      // Three different routes, each with room in its own bucket: the global bucket is what runs out.
      for (const path of ['/users/@me', '/gateway/bot', '/applications/@me'])
        expect((await get(path)).status).toBe(200);
      const refused = await get(`/users/${discord.botUserId}`);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('x-ratelimit-global')).toBe('true');
      expect(refused.headers.get('x-ratelimit-scope')).toBe('global');
      expect(((await refused.json()) as { global: boolean }).global).toBe(true);
      // Routes without the bot token (GET /gateway, interaction callbacks, webhooks) are not counted.
      expect((await fetch(`${discord.restUrl}/v10/gateway`)).status).toBe(200);
    } finally {
      await discord.close();
    }
  });
});
