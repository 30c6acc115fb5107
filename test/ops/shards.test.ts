// ARBITER_SHARDS and ARBITER_SHARD_IDS (src/ops/shards.ts): parsed with a sentence per mistake, turned into the
// discord.js client's shard options, and a process's guilds told apart by Discord's (guild_id >> 22) % count.
import { Client } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { OpsConfigError, opsConfigFromEnv } from '../../src/ops/config.ts';
import { clientShardOptions, ownsGuild, parseShardSetting, shardOf } from '../../src/ops/shards.ts';

/** A guild id whose top bits (the creation time) are `ms`: its shard is ms % count. */
const guildAt = (ms: number) => (BigInt(ms) << 22n).toString();

describe('shard settings', () => {
  it('defaults to one shard, and reads auto, a count and a list of ids', () => {
    expect(opsConfigFromEnv({}).shards).toEqual({ count: 1, ids: 'all' });
    expect(opsConfigFromEnv({ ARBITER_SHARDS: 'auto' }).shards).toEqual({ count: 'auto', ids: 'all' });
    expect(opsConfigFromEnv({ ARBITER_SHARDS: '4', ARBITER_SHARD_IDS: '0, 2' }).shards).toEqual({
      count: 4,
      ids: [0, 2],
    });
    expect(parseShardSetting('AUTO', '3')).toEqual({ count: 'auto', ids: [3] });
  });

  it('refuses each mistake with the variable named', () => {
    const problems = (shards?: string, ids?: string) => {
      const parsed = parseShardSetting(shards, ids);
      return Array.isArray(parsed) ? parsed.join('\n') : 'accepted';
    };
    expect(problems('0')).toMatch(/ARBITER_SHARDS: "0" is not "auto" or a whole number/);
    expect(problems('two')).toMatch(/ARBITER_SHARDS/);
    expect(problems('2', '0,2')).toMatch(/ARBITER_SHARD_IDS: 2 not below ARBITER_SHARDS=2/);
    expect(problems('4', '1,1')).toMatch(/names a shard twice/);
    expect(problems('4', '1;2')).toMatch(/comma-separated list/);
    expect(problems(undefined, '0')).toMatch(/ARBITER_SHARD_IDS needs ARBITER_SHARDS/);
    expect(() => opsConfigFromEnv({ ARBITER_SHARDS: '-1', ARBITER_LOG_LEVEL: 'loud' })).toThrow(OpsConfigError);
    try {
      opsConfigFromEnv({ ARBITER_SHARDS: '-1', ARBITER_LOG_LEVEL: 'loud' });
    } catch (error) {
      // Every bad variable at once.
      expect((error as OpsConfigError).problems.join('\n')).toMatch(/ARBITER_LOG_LEVEL[\s\S]*ARBITER_SHARDS/);
    }
  });

  it("gives discord.js its shards and total, and 'auto' as is", () => {
    expect(clientShardOptions({ count: 1, ids: 'all' })).toEqual({ shards: [0], shardCount: 1 });
    expect(clientShardOptions({ count: 3, ids: 'all' })).toEqual({ shards: [0, 1, 2], shardCount: 3 });
    expect(clientShardOptions({ count: 4, ids: [1, 3] })).toEqual({ shards: [1, 3], shardCount: 4 });
    expect(clientShardOptions({ count: 'auto', ids: 'all' })).toEqual({ shards: 'auto' });
  });

  it('owns the guilds of its shards only (DMs are shard 0), and every guild with one shard', async () => {
    expect(shardOf(guildAt(10), 4)).toBe(2);
    expect(shardOf(guildAt(13), 4)).toBe(1);
    expect(shardOf(null, 4)).toBe(0);
    const some = new Client({ intents: [], ...clientShardOptions({ count: 4, ids: [1, 3] }) });
    const all = new Client({ intents: [], ...clientShardOptions({ count: 1, ids: 'all' }) });
    try {
      expect([8, 9, 10, 11].map((ms) => ownsGuild(some, guildAt(ms)))).toEqual([false, true, false, true]);
      expect([8, 9, 10, 11].every((ms) => ownsGuild(all, guildAt(ms)))).toBe(true);
    } finally {
      await some.destroy();
      await all.destroy();
    }
  });
});
