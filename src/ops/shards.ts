// Shards (docs/deploy.md, "Shards"): Discord splits a bot's guilds over gateway connections by
// `(guild_id >> 22) % shard_count`; one process may run all of them or a subset, so several processes (or machines)
// share the load. `ARBITER_SHARDS` is the total (`auto`: Discord's recommendation from /gateway/bot, a number, or
// unset: one shard); `ARBITER_SHARD_IDS` the ids this process runs (all of them when unset).
//
// A process does the per-guild timer work (turn clocks, the AI's answers after a restart, inactivity, league rounds,
// result announcements after a crash) only for the guilds of its shards, since those guilds' clicks reach it and no
// other process; work that belongs to no guild's gateway (deleting departed guilds' data) runs in shard 0's process.
import { type Client, Routes, ShardClientUtil } from 'discord.js';

export interface ShardSetting {
  /** The total number of shards, or 'auto' to take Discord's recommendation. */
  count: number | 'auto';
  /** The shard ids this process runs, or 'all'. */
  ids: readonly number[] | 'all';
}

/** One process, one shard: what `npm start` does with nothing configured. */
export const SINGLE_SHARD: ShardSetting = { count: 1, ids: 'all' };

/** Reads `ARBITER_SHARDS` and `ARBITER_SHARD_IDS`; returns the problems (for the ops config's error) or the setting. */
export function parseShardSetting(shards: string | undefined, ids: string | undefined): ShardSetting | string[] {
  const problems: string[] = [];
  let count: ShardSetting['count'] = 1;
  if (shards !== undefined) {
    if (shards.toLowerCase() === 'auto') count = 'auto';
    else if (/^\d+$/.test(shards) && Number(shards) >= 1 && Number(shards) <= 100_000) count = Number(shards);
    else problems.push(`ARBITER_SHARDS: "${shards}" is not "auto" or a whole number of shards (1 or more)`);
  }
  let list: ShardSetting['ids'] = 'all';
  if (ids !== undefined) {
    const parts = ids.split(',').map((part) => part.trim());
    if (parts.some((part) => !/^\d+$/.test(part))) {
      problems.push(`ARBITER_SHARD_IDS: "${ids}" is not a comma-separated list of shard ids (e.g. 0,2)`);
    } else {
      const numbers = parts.map(Number);
      if (new Set(numbers).size !== numbers.length) problems.push(`ARBITER_SHARD_IDS: "${ids}" names a shard twice`);
      if (shards === undefined) problems.push('ARBITER_SHARD_IDS needs ARBITER_SHARDS (the total number of shards)');
      if (typeof count === 'number') {
        const total = count;
        const outside = numbers.filter((n) => n >= total);
        if (outside.length > 0) {
          problems.push(`ARBITER_SHARD_IDS: ${outside.join(', ')} not below ARBITER_SHARDS=${total} (ids start at 0)`);
        }
      }
      list = numbers;
    }
  }
  return problems.length > 0 ? problems : { count, ids: list };
}

/** The discord.js client options for a setting (`auto` with ids is settled at start: `settleShards`). */
export function clientShardOptions(setting: ShardSetting): { shards: number[] | 'auto'; shardCount?: number } {
  if (setting.count === 'auto') return { shards: 'auto' };
  const shards = setting.ids === 'all' ? Array.from({ length: setting.count }, (_, i) => i) : [...setting.ids];
  return { shards, shardCount: setting.count };
}

/**
 * Before login: with `auto` and a list of ids, asks Discord (/gateway/bot) for the shard count, checks the ids
 * against it and gives the client both (discord.js needs the total when it runs a subset).
 */
export async function settleShards(client: Client, token: string, setting: ShardSetting): Promise<void> {
  if (setting.count !== 'auto' || setting.ids === 'all') return;
  client.rest.setToken(token);
  const answer = (await client.rest.get(Routes.gatewayBot())) as { shards: number };
  const outside = setting.ids.filter((id) => id >= answer.shards);
  if (outside.length > 0) {
    throw new Error(
      `ARBITER_SHARD_IDS: ${outside.join(', ')} not below the ${answer.shards} shard(s) Discord recommends (ARBITER_SHARDS=auto); set ARBITER_SHARDS to the total you split`,
    );
  }
  client.options.shards = [...setting.ids];
  client.options.shardCount = answer.shards;
}

/** The shards a logged-in client runs and their total (after login; discord.js settled `auto` by then). */
export function runningShards(client: Client): { ids: number[]; count: number } {
  const ids = Array.isArray(client.options.shards) ? client.options.shards : [0];
  return { ids, count: client.options.shardCount ?? 1 };
}

/** The shard a guild's events come through (DMs: shard 0). */
export function shardOf(guildId: string | null, count: number): number {
  return guildId === null ? 0 : ShardClientUtil.shardIdForGuildId(guildId, count);
}

/** Whether the guild's gateway events (its clicks) reach this process: then its timers run here too. */
export function ownsGuild(client: Client, guildId: string): boolean {
  const { ids, count } = runningShards(client);
  return count === 1 || ids.includes(shardOf(guildId, count));
}
