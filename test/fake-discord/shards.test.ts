// The fake Discord serving several shards (issue 24): /gateway/bot recommends a count, each client IDENTIFYs as one
// shard of it, and receives only its guilds' events ((guild_id >> 22) % count; DMs on shard 0). A shard out of range
// is refused with 4010, as Discord closes the gateway; a second session on a shard is accepted, as on Discord. A shard
// with too many guilds is closed with 4011; IDENTIFYs are paced per `shard_id % max_concurrency` key (issue 23).
import { Client, Events, GatewayCloseCodes, GatewayIntentBits, GatewayOpcodes, type Interaction } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { FakeDiscord, type FakeUser, ManualClock } from '../../src/devtools/fake-discord/index.ts';
import { shardOfGuild } from '../../src/devtools/fake-discord/snowflake.ts';
import { testCommands } from './harness.ts';

type Guild = ReturnType<FakeDiscord['createGuild']>;

/** Guilds made until there is one on each of `count` shards (ids carry the time, so a few ms apart). */
async function guildsOnEveryShard(discord: FakeDiscord, count: number, members: FakeUser[]): Promise<Guild[]> {
  const found: (Guild | undefined)[] = new Array(count).fill(undefined);
  for (let i = 0; found.includes(undefined) && i < 200; i++) {
    const guild = discord.createGuild(`Guild ${i}`, { members });
    const shard = shardOfGuild(guild.id, count);
    found[shard] ??= guild;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  if (found.includes(undefined)) throw new Error('no guild landed on every shard');
  return found as Guild[];
}

interface ShardClient {
  client: Client;
  interactions: Interaction[];
}

async function login(discord: FakeDiscord, shard: number, count: number): Promise<ShardClient> {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: { api: discord.restUrl },
    shards: [shard],
    shardCount: count,
  });
  const interactions: Interaction[] = [];
  client.on(Events.InteractionCreate, (interaction) => {
    interactions.push(interaction);
    if (interaction.isRepliable()) void interaction.reply(`shard ${shard}`);
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(discord.botToken);
  await ready;
  return { client, interactions };
}

/** A raw gateway connection: IDENTIFY with `shard`, resolves with the close code (or 'ready', 'invalid session'). */
function identifyRaw(discord: FakeDiscord, shard: unknown): Promise<number | 'ready' | 'invalid session'> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${discord.gatewayUrl}?v=10&encoding=json`);
    ws.on('message', (raw) => {
      const payload = JSON.parse(String(raw)) as { op: number; t?: string };
      if (payload.op === GatewayOpcodes.Hello) {
        ws.send(JSON.stringify({ op: GatewayOpcodes.Identify, d: { token: discord.botToken, intents: 1, shard } }));
      } else if (payload.op === GatewayOpcodes.InvalidSession) {
        ws.close(1000);
        resolve('invalid session');
      } else if (payload.t === 'READY') {
        ws.close(1000);
        resolve('ready');
      }
    });
    ws.on('close', (code) => resolve(code));
    ws.on('error', reject);
  });
}

describe('fake Discord: several shards', () => {
  let discord: FakeDiscord;
  let alice: FakeUser;
  let guilds: Guild[];
  let shards: ShardClient[];

  beforeAll(async () => {
    discord = await FakeDiscord.start({ shards: 2 });
    alice = discord.createUser('alice');
    guilds = await guildsOnEveryShard(discord, 2, [alice]);
    shards = [await login(discord, 0, 2), await login(discord, 1, 2)];
    await shards[0]?.client.application?.commands.set(testCommands);
  });
  afterAll(async () => {
    for (const shard of shards ?? []) await shard.client.destroy();
    await discord?.close();
  });

  it('recommends its shard count on /gateway/bot', async () => {
    const answer = await shards[0]?.client.rest.get('/gateway/bot');
    expect(answer).toMatchObject({ shards: 2 });
    expect(discord.connectedShards.map((s) => s.join('/')).sort()).toEqual(['0/2', '1/2']);
  });

  it("gives each shard its own guilds only, in READY and GUILD_CREATE, and a later guild's to its shard", async () => {
    for (const [index, shard] of shards.entries()) {
      const ids = [...shard.client.guilds.cache.keys()];
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect(shardOfGuild(id, 2)).toBe(index);
      expect(ids).toContain(guilds[index]?.id);
      expect(shard.client.ws.shards.map((s) => s.id)).toEqual([index]);
    }
    const created = new Promise<string>((resolve, reject) => {
      shards[0]?.client.once(Events.GuildCreate, (g) => resolve(`0:${g.id}`));
      shards[1]?.client.once(Events.GuildCreate, (g) => resolve(`1:${g.id}`));
      setTimeout(() => reject(new Error('no GUILD_CREATE')), 2_000);
    });
    const late = discord.createGuild('Late', { members: [alice] });
    expect(await created).toBe(`${shardOfGuild(late.id, 2)}:${late.id}`);
  });

  it("routes a guild's interactions to its shard, and DMs to shard 0", async () => {
    for (const [index, guild] of guilds.entries()) {
      const before = shards.map((s) => s.interactions.length);
      const outcome = await alice.slash('ping', {}, { in: guild.channel() });
      expect(outcome.reply()?.content).toBe(`shard ${index}`);
      expect(shards.map((s, i) => s.interactions.length - (before[i] ?? 0))).toEqual(index === 0 ? [1, 0] : [0, 1]);
    }
    const inDm = await alice.slash('ping', {}, { in: alice.dm() });
    expect(inDm.reply()?.content).toBe('shard 0');
  });

  it('refuses an invalid shard with 4010; a shard already connected is accepted, as Discord does', async () => {
    expect(await identifyRaw(discord, [2, 2])).toBe(GatewayCloseCodes.InvalidShard);
    expect(await identifyRaw(discord, [-1, 2])).toBe(GatewayCloseCodes.InvalidShard);
    expect(await identifyRaw(discord, [0, 0])).toBe(GatewayCloseCodes.InvalidShard);
    expect(await identifyRaw(discord, 'zero')).toBe(GatewayCloseCodes.InvalidShard);
    expect(await identifyRaw(discord, [2, 3])).toBe('ready');
    // Discord does not refuse a second session on a shard: both get its events (a process run twice answers twice).
    expect(await identifyRaw(discord, [1, 2])).toBe('ready');
  });
});

/** A client of `count` shards (or as many as /gateway/bot recommends) whose ready times are noted per shard. */
async function loginSharded(discord: FakeDiscord, shards: number[] | 'auto', count?: number) {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: { api: discord.restUrl },
    shards,
    ...(count === undefined ? {} : { shardCount: count }),
  });
  const readyAt = new Map<number, number>();
  client.on(Events.ShardReady, (id) => readyAt.set(id, performance.now()));
  await client.login(discord.botToken);
  return { client, readyAt };
}

describe('fake Discord: 4011 Sharding required', () => {
  // Guild ids carry the fake's clock, so guilds made 1 ms apart land on consecutive shards: deterministic counts.
  const clock = new ManualClock();
  let discord: FakeDiscord;
  beforeAll(async () => {
    // Two guilds per shard at most; a high max_concurrency, so discord.js starts its shards without waiting 5 s each.
    discord = await FakeDiscord.start({ clock, maxGuildsPerShard: 2, maxConcurrency: 16 });
    const alice = discord.createUser('alice');
    for (let i = 0; i < 5; i++) {
      discord.createGuild(`Guild ${i}`, { members: [alice] });
      clock.advance(1);
    }
  });
  afterAll(async () => {
    await discord?.close();
  });

  it('closes a session that would serve more guilds than a shard may with 4011', async () => {
    expect(await identifyRaw(discord, [0, 1])).toBe(GatewayCloseCodes.ShardingRequired);
    // Two shards: three guilds on one of them, still too many.
    expect(await identifyRaw(discord, [0, 2])).toBe(GatewayCloseCodes.ShardingRequired);
    expect(await identifyRaw(discord, [0, 3])).toBe('ready');
  });

  it('discord.js with one shard fails to log in; with the recommended count it connects every guild', async () => {
    const one = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: discord.restUrl }, shardCount: 1 });
    await expect(one.login(discord.botToken)).rejects.toThrow(/Sharding is required/);
    await one.destroy();
    // 5 guilds at 2 per shard and Discord's share (0.4 of the limit): ceil(5 / 0.8) = 7 shards recommended.
    const gateway = await fetch(`${discord.restUrl}/v10/gateway/bot`, {
      headers: { authorization: `Bot ${discord.botToken}` },
    });
    expect(await gateway.json()).toMatchObject({ shards: 7, session_start_limit: { max_concurrency: 16 } });
    const auto = await loginSharded(discord, 'auto');
    try {
      expect(auto.client.ws.shards.size).toBe(7);
      await discord.until(() => auto.client.guilds.cache.size === 5, 5_000, 'every guild on its shard');
    } finally {
      await auto.client.destroy();
    }
  });
});

describe('fake Discord: identify pacing by max_concurrency (Discord: one session per key per 5 s)', () => {
  it('discord.js starts two shards 5 s apart at max_concurrency 1, and never identifies too soon', async () => {
    const discord = await FakeDiscord.start({ rateLimits: 'discord', maxConcurrency: 1 });
    discord.createGuild('Only');
    const { client, readyAt } = await loginSharded(discord, [0, 1], 2);
    try {
      await discord.until(() => readyAt.size === 2, 10_000, 'both shards ready');
      const gap = Math.abs((readyAt.get(1) ?? 0) - (readyAt.get(0) ?? 0));
      expect(gap).toBeGreaterThanOrEqual(4_900);
      expect(discord.identifiesTooSoon).toBe(0);
    } finally {
      await client.destroy();
      await discord.close();
    }
  }, 20_000);

  it('at max_concurrency 2 both shards start at once; an IDENTIFY too soon on one key gets op 9 Invalid Session', async () => {
    const discord = await FakeDiscord.start({ rateLimits: 'discord', maxConcurrency: 2 });
    discord.createGuild('Only');
    const { client, readyAt } = await loginSharded(discord, [0, 1], 2);
    try {
      await discord.until(() => readyAt.size === 2, 4_000, 'both shards ready at once');
      expect(discord.identifiesTooSoon).toBe(0);
      // Keys 0 and 1 have just started sessions: shards 2 and 3 of 4 share them and must wait.
      expect(await identifyRaw(discord, [2, 4])).toBe('invalid session');
      expect(await identifyRaw(discord, [3, 4])).toBe('invalid session');
      expect(discord.identifiesTooSoon).toBe(2);
    } finally {
      await client.destroy();
      await discord.close();
    }
  });
});
