// The other formats and paths through the bot: an open ladder (any bot game between members counts; ratings by
// the week), a best-of-three Swiss table decided by two games hosted in the bot, the round timer's time call,
// a round robin with check-in, closed registration, several leagues in one server, and rating seasons.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bot } from '../../src/bot/create-bot.ts';
import { FakeDiscord, type FakeUser, type MessageView } from '../../src/devtools/fake-discord/index.ts';
import { concedeConfirmed } from './bot-harness.ts';
import { leagueTestBot, stopLeagueTest } from './league-bot.ts';

let clock = Date.UTC(2026, 4, 4, 12, 0);
let discord: FakeDiscord;
let bot: Bot;
let organiser: FakeUser;
let ann: FakeUser;
let ben: FakeUser;
let cat: FakeUser;
let dan: FakeUser;
let outsider: FakeUser;
let guild: ReturnType<FakeDiscord['createGuild']>;
let dir: string;

beforeAll(async () => {
  discord = await FakeDiscord.start();
  organiser = discord.createUser('olga');
  [ann, ben, cat, dan, outsider] = ['ann', 'ben', 'cat', 'dan', 'otto'].map((n) => discord.createUser(n)) as [
    FakeUser,
    FakeUser,
    FakeUser,
    FakeUser,
    FakeUser,
  ];
  guild = discord.createGuild('Formats', { owner: organiser, members: [ann, ben, cat, dan, outsider] });
  organiser.defaultChannelId = guild.channel('general').channelId;
  dir = mkdtempSync(join(tmpdir(), 'arbiter-league-formats-'));
  bot = leagueTestBot(discord, dir, () => clock);
  await bot.start();
});

afterAll(() => stopLeagueTest(bot, discord, dir));

const general = () => guild.channel('general');

async function run(
  user: FakeUser,
  command: string,
  options: Record<string, unknown> = {},
  where?: { channelId: string },
) {
  const outcome = await user.slash(command, options as never, where ? { in: where } : {});
  await bot.idle();
  await outcome.settled();
  expect(outcome.state).toBe('acknowledged');
  return outcome.reply() as MessageView;
}

async function playInBot(winner: FakeUser, loser: FakeUser): Promise<void> {
  const challenge = await winner.slash('duel challenge', { opponent: loser, game: 'nova' });
  await bot.idle();
  const message = challenge.reply() as MessageView;
  const accept = message.buttons.find((b) => b.customId?.startsWith('c:accept:'))?.customId as string;
  await loser.click(message, accept);
  await bot.idle();
  await concedeConfirmed(loser, { channelId: message.id }, () => bot.idle());
  expect(bot.store.matches.match(message.id)?.status).toBe('finished');
}

const leagueNamed = (name: string) => bot.store.leagues.find(guild.id, name)?.league;

describe('leagues in other formats', () => {
  it('an open ladder counts any bot game between members and rates each finished week', async () => {
    await run(organiser, 'league create', { name: 'Ladder', game: 'nova', format: 'ladder' });
    for (const p of [ann, ben, cat]) await run(p, 'league join');
    await run(organiser, 'league next-round', { league: 'Ladder' }).then((r) =>
      expect(r.content).toBe('A ladder has no rounds.'),
    );
    await playInBot(ann, ben);
    await playInBot(ann, cat);
    await playInBot(outsider, ann); // otto is not a member: not a ladder game
    expect(leagueNamed('Ladder')?.ladder.map((g) => [g.a, g.b, g.score.gamesWonA, g.score.gamesWonB])).toEqual([
      [ann.id, ben.id, 1, 0],
      [ann.id, cat.id, 1, 0],
    ]);
    // The week is not over: nothing rated yet.
    await bot.leagues.tick();
    expect(bot.store.ratings.table(guild.id, 'nova')).toEqual({});
    clock += 8 * 24 * 60 * 60_000;
    await bot.leagues.tick();
    const table = bot.store.ratings.table(guild.id, 'nova');
    expect(Object.keys(table).sort()).toEqual([ann.id, ben.id, cat.id].sort());
    expect(table[ann.id]?.rating).toBeGreaterThan(1500);
    expect(table[ann.id]?.games).toBe(2);
    await bot.leagues.tick(); // rated once only
    expect(bot.store.ratings.table(guild.id, 'nova')[ann.id]?.games).toBe(2);
    const board = await run(ben, 'rating leaderboard', { game: 'nova' });
    expect(board.embeds[0]?.description).toMatch(/\(provisional\) ann: \d+ ±\d+ · 2/);
  });

  it('needs the league named once a server has several, and refuses closed registration', async () => {
    await run(organiser, 'league create', {
      name: 'Best of Three',
      game: 'nova',
      format: 'swiss',
      rounds: 1,
      'top-cut': 0,
      'round-minutes': 30,
    });
    expect((await run(dan, 'league join')).content).toMatch(/several open leagues/);
    expect((await run(dan, 'league join', { league: 'No Such' })).content).toMatch(/no league named "No Such"/);
    await run(dan, 'league join', { league: 'best of three' });
    await run(cat, 'league join', { league: 'best of three' });
    await run(organiser, 'league registration', { open: false, league: 'Best of Three' });
    expect((await run(ben, 'league join', { league: 'Best of Three' })).content).toBe('Registration is closed.');
  });

  it('records a best-of-three table once a player has won two games hosted in the bot, and calls time', async () => {
    await run(organiser, 'league next-round', { league: 'Best of Three' });
    const table = leagueNamed('Best of Three')?.rounds[0]?.tables[0];
    expect([table?.a, table?.b].sort()).toEqual([cat.id, dan.id].sort());
    await playInBot(dan, cat);
    expect(organiser.read(general())).toMatch(/won a game here; the match stands at (1-0|0-1) \(best of three\)/);
    expect(leagueNamed('Best of Three')?.rounds[0]?.tables[0]?.result).toBeNull();
    clock += 31 * 60_000;
    await bot.leagues.tick();
    expect(organiser.read(general())).toMatch(/Time is up for round 1\. Still playing: Table 1\./);
    await playInBot(dan, cat);
    const result = leagueNamed('Best of Three')?.rounds[0]?.tables[0]?.result;
    expect(result?.source).toBe('bot');
    const danWins = table?.a === dan.id ? result?.score.gamesWonA : result?.score.gamesWonB;
    expect(danWins).toBe(2);
    // A third game between them is not counted again.
    await playInBot(cat, dan);
    expect(leagueNamed('Best of Three')?.rounds[0]?.tables[0]?.result).toEqual(result);
    await run(organiser, 'league finish', { league: 'Best of Three' });
  });

  it('a round robin with check-in drops who did not check in and pairs the rest by Berger tables', async () => {
    await run(organiser, 'league create', {
      name: 'Robin',
      game: 'nova',
      format: 'round-robin',
      'check-in': true,
      threads: false,
    });
    for (const p of [ann, ben, cat, dan]) await run(p, 'league join', { league: 'Robin' });
    for (const p of [ann, ben, cat])
      expect((await run(p, 'league checkin', { league: 'Robin' })).content).toMatch(/checked in/);
    expect((await run(ann, 'league checkin', { league: 'Robin' })).content).toBe('You are already checked in.');
    const threadsBefore = guild.threads().length;
    await run(organiser, 'league next-round', { league: 'Robin' });
    const robin = leagueNamed('Robin');
    expect(robin?.players.find((p) => p.id === dan.id)?.droppedAfterRound).toBe(0);
    expect(robin?.plannedRounds).toBe(3);
    expect(robin?.rounds[0]?.tables).toHaveLength(2); // one match and one bye (3 players)
    expect(guild.threads().length).toBe(threadsBefore);
    expect((await run(ben, 'league join', { league: 'Robin' })).content).toBe('You are already registered.');
  });

  it('starts and ends rating seasons (server managers only)', async () => {
    expect((await run(ann, 'rating season-start', { game: 'nova', name: 'Spring' })).content).toMatch(
      /Only the league organiser or a server manager/,
    );
    const before = bot.store.ratings.table(guild.id, 'nova')[ann.id]?.rating as number;
    const started = await run(organiser, 'rating season-start', { game: 'nova', name: 'Spring' });
    expect(started.content).toMatch(/Season 1 "Spring" started/);
    expect(started.ephemeral).toBe(false);
    expect(bot.store.ratings.table(guild.id, 'nova')[ann.id]?.rating).toBeCloseTo(1500 + (before - 1500) / 2, 6);
    expect((await run(ann, 'rating leaderboard', { game: 'nova' })).embeds[0]?.title).toBe('NOVA ratings · Spring');
    expect((await run(organiser, 'rating season-end', { game: 'nova' })).content).toMatch(/Season 1 "Spring" ended/);
    expect((await run(organiser, 'rating season-end', { game: 'nova' })).content).toBe(
      'No season is running for this game.',
    );
  });
});
