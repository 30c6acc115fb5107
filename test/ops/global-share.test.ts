// Discord's global rate limit is one budget per bot token (src/ops/global-share.ts): two processes running one
// shard each of the same bot, both asking as fast as they may, against a fake Discord holding the token to a global
// limit. With each process at its shard's share, the fake never has to refuse; with each at the whole limit (one
// budget per process: discord.js's default, what the bot did before), it refuses requests for going past it.
// Four OS processes (both cases at once, each against its own fake): 12-14 s at load average 28 on 2 cores, most of
// it the processes starting; 2.5 s of requests each.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FakeDiscord } from '../../src/devtools/fake-discord/index.ts';
import { LIFTED_RATE_LIMITS } from '../../src/devtools/fake-discord/rate-limits.ts';
import { OpsConfigError, opsConfigFromEnv } from '../../src/ops/config.ts';
import { globalShare, SendWindow } from '../../src/ops/global-share.ts';

const child = fileURLToPath(new URL('./global-share-child.ts', import.meta.url));
const DURATION_MS = 2_500;
/**
 * The token's global limit in the fake and the processes: Discord's is 50/s, but the test's is lower so that even
 * a loaded machine answers twice the limit (one budget per process) without its own slowness hiding the excess.
 */
const LIMIT = 20;

interface Sent {
  sent: number;
  failed: number;
}

function runProcess(discord: FakeDiscord, shard: number, share: boolean, channels: string[]): Promise<Sent> {
  const proc = spawn(process.execPath, ['--import', 'tsx', child], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      REST_URL: discord.restUrl,
      TOKEN: discord.botToken,
      SHARD: String(shard),
      SHARDS: '2',
      SHARE: share ? 'on' : 'off',
      LIMIT: String(LIMIT),
      DURATION_MS: String(DURATION_MS),
      CHANNELS: channels.join(','),
    },
  });
  let out = '';
  let err = '';
  proc.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  proc.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  return new Promise((resolve, reject) =>
    proc.once('close', (code) => {
      if (code === 0) resolve(JSON.parse(out.trim()) as Sent);
      else reject(new Error(`global-share child exited with ${code}: ${err}`));
    }),
  );
}

/** Two processes of one token at once; what the fake Discord saw: refusals, and the most requests in a second. */
async function twoProcesses(share: boolean) {
  const discord = await FakeDiscord.start({
    rateLimits: { ...LIFTED_RATE_LIMITS, global: { requests: LIMIT, windowMs: 1_000 } },
  });
  try {
    const guild = discord.createGuild('Busy', { channels: ['a', 'b', 'c', 'd', 'e', 'f'] });
    const channels = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => guild.channel(name).channelId);
    const arrivals: number[] = [];
    discord.onExchange((exchange) => {
      // Every request that reached it, answered or refused: what the processes asked of the one budget.
      if (exchange.pattern === '/channels/:channelId') arrivals.push(performance.now());
    });
    const sent = await Promise.all([0, 1].map((shard) => runProcess(discord, shard, share, channels)));
    let busiestSecond = 0;
    for (let i = 0, j = 0; i < arrivals.length; i++) {
      while ((arrivals[i] as number) - (arrivals[j] as number) >= 1_000) j++;
      busiestSecond = Math.max(busiestSecond, i - j + 1);
    }
    return { sent, refused: discord.rateLimitsExceeded, busiestSecond, answered: arrivals.length };
  } finally {
    await discord.close();
  }
}

describe("Discord's global limit shared by the processes of one bot token", () => {
  it("gives each process its shards' share, at least 1/s, and reads the limit from ARBITER_GLOBAL_RATE_LIMIT", () => {
    expect(globalShare(50, { ids: [0], count: 1 })).toBe(50);
    expect(globalShare(50, { ids: [1], count: 2 })).toBe(25);
    expect(globalShare(50, { ids: [0, 2, 3], count: 4 })).toBe(37);
    expect(globalShare(50, { ids: [7], count: 100 })).toBe(1);
    expect(opsConfigFromEnv({}).globalRateLimit).toBe(50);
    expect(opsConfigFromEnv({ ARBITER_GLOBAL_RATE_LIMIT: '500' }).globalRateLimit).toBe(500);
    expect(() => opsConfigFromEnv({ ARBITER_GLOBAL_RATE_LIMIT: 'lots' })).toThrow(OpsConfigError);
    expect(() => opsConfigFromEnv({ ARBITER_GLOBAL_RATE_LIMIT: 'lots' })).toThrow(/ARBITER_GLOBAL_RATE_LIMIT/);
  });

  it('lets no more than its share leave in any window, on a clock of its own', async () => {
    let now = 0;
    const window = new SendWindow(
      3,
      1_000,
      () => now,
      async (ms) => {
        now += ms;
      },
    );
    const at: number[] = [];
    for (let i = 0; i < 10; i++) {
      if (i === 4) now += 300; // a pause in the middle
      await window.take();
      at.push(now);
    }
    // Any send and the third before it are at least a window apart.
    for (let i = 3; i < at.length; i++) expect((at[i] as number) - (at[i - 3] as number)).toBeGreaterThanOrEqual(1_000);
    expect(at.slice(0, 3)).toEqual([0, 0, 0]);
  });

  it('two processes with one shard each stay within the one budget; one budget each goes past it', async () => {
    // One case after the other: the other case's four processes beside it would delay arrivals, which is what the
    // fake's fixed seconds count against (this file also runs alone: ALONE in vitest.config.ts).
    const shared = await twoProcesses(true);
    const separate = await twoProcesses(false);
    // Shared: both processes got their part and the fake refused nothing for the global limit (at most 2 allowed:
    // it counts fixed seconds at arrival, and a loaded machine delays some arrivals past a second's end; 0 measured).
    for (const process of shared.sent) {
      expect(process.failed).toBe(0);
      expect(process.sent).toBeGreaterThan(LIMIT / 2);
    }
    expect(shared.refused).toBeLessThanOrEqual(2);
    // One budget each (the whole limit in every process): the fake refuses, many times more (24 measured).
    expect(separate.refused).toBeGreaterThanOrEqual(10);
    expect(separate.busiestSecond).toBeGreaterThan(LIMIT);
  }, 60_000);
});
