// League commands through the real bot and discord.js client on the fake Discord: the round trip of /league join,
// /league report and /league standings (slash → deferred reply edited), and pairing a 64-player round with its
// announcement and 32 threads. Loopback only, so these are the bot's and SQLite's costs plus discord.js's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBot } from '../src/bot/create-bot.ts';
import { FakeDiscord, type FakeUser } from '../src/devtools/fake-discord/index.ts';
import { type BenchFigure, percentiles } from './figure.ts';

const PLAYERS = 64;

export async function bench(): Promise<BenchFigure[]> {
  const discord = await FakeDiscord.start();
  const organiser = discord.createUser('organiser');
  const players = Array.from({ length: PLAYERS }, (_, i) => discord.createUser(`player${i}`));
  const guild = discord.createGuild('Bench', { owner: organiser, members: players });
  organiser.defaultChannelId = guild.channel('general').channelId;
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-league-bench-'));
  const bot = createBot({
    token: discord.botToken,
    restUrl: discord.restUrl,
    rest: { globalRequestsPerSecond: 10_000 },
    dbPath: join(dir, 'arbiter.db'),
    images: false,
    registerCommands: true,
    // Players challenge each other back to back; the challenger cooldown is tested in test/bot.
    challengeCooldownMs: 0,
    log: () => {},
  });
  await bot.start();
  const timed = async (user: FakeUser, command: string, options: Record<string, unknown> = {}) => {
    const t = performance.now();
    const outcome = await user.slash(command, options as never);
    await outcome.settled();
    const ms = performance.now() - t;
    await bot.idle();
    return ms;
  };
  try {
    await timed(organiser, 'league create', { name: 'Bench', game: 'nova', format: 'swiss', 'match-length': 'bo1' });
    const joins: number[] = [];
    for (const p of players) joins.push(await timed(p, 'league join'));
    const t = performance.now();
    await timed(organiser, 'league next-round');
    const pairRound = performance.now() - t;
    const record = bot.store.leagues.find(guild.id, 'Bench');
    const byId = new Map(players.map((p) => [p.id, p]));
    const reports: number[] = [];
    for (const table of record?.league.rounds[0]?.tables ?? []) {
      if (table.b === null) continue;
      reports.push(await timed(byId.get(table.a) as FakeUser, 'league report', { won: 1, lost: 0 }));
      reports.push(await timed(byId.get(table.b) as FakeUser, 'league report', { won: 0, lost: 1 }));
    }
    const standings: number[] = [];
    for (let i = 0; i < 20; i++)
      standings.push(await timed(players[i] as FakeUser, 'league standings', { image: false }));
    const figures: BenchFigure[] = [];
    const add = (name: string, samples: number[]) => {
      const { p50, p99 } = percentiles(samples);
      figures.push({ area: 'league-bot', name: `${name} p50`, value: p50, unit: 'ms' });
      figures.push({ area: 'league-bot', name: `${name} p99`, value: p99, unit: 'ms' });
    };
    add(`/league join round trip (${joins.length}x)`, joins);
    add(`/league report round trip (${reports.length}x)`, reports);
    add(`/league standings, 64 players, embed (${standings.length}x)`, standings);
    figures.push({
      area: 'league-bot',
      name: `/league next-round, ${PLAYERS} players, 32 threads`,
      value: pairRound,
      unit: 'ms',
    });
    return figures;
  } finally {
    await bot.idle();
    await bot.stop();
    await discord.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
