// Issue 22, D8: a 2,048-player round is paired on a worker thread, so the bot keeps answering other interactions
// meanwhile; the pairing is the one the core gives inline, and a refusal from the worker reads as usual.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCORD_CHANNEL_LIMIT } from '../../src/bot/channel-pacer.ts';
import type { Bot } from '../../src/bot/create-bot.ts';
import { FakeDiscord, type FakeUser, type MessageView } from '../../src/devtools/fake-discord/index.ts';
import type { League } from '../../src/league/league.ts';
import { applyCommand, createLeague } from '../../src/league/league-log.ts';
import { tiebreakersForMatchLength } from '../../src/league/tiebreakers.ts';
import { leagueTestBot, stopLeagueTest } from './league-bot.ts';

const PLAYERS = 2048;
const at = '2026-01-01T00:00:00.000Z';
let discord: FakeDiscord;
let bot: Bot;
let organiser: FakeUser;
let other: FakeUser;
let channelId: string;
let guildId: string;
let dir: string;

beforeAll(async () => {
  discord = await FakeDiscord.start();
  organiser = discord.createUser('olga');
  other = discord.createUser('ann');
  const guild = discord.createGuild('large', { owner: organiser, members: [other], channels: ['general'] });
  channelId = guild.channel('general').channelId;
  guildId = guild.id;
  dir = mkdtempSync(join(tmpdir(), 'arbiter-league-large-'));
  // Discord's own per-channel pacing, as before the other league tests lifted it: this file measures the event loop
  // under the load a round's posts make.
  bot = leagueTestBot(discord, dir, () => Date.UTC(2026, 0, 1), { boardChannelLimit: DISCORD_CHANNEL_LIMIT });
  await bot.start();
});

afterAll(() => stopLeagueTest(bot, discord, dir));

/** 2,048 players after one round; round 1's results are written into the state (1,024 commands would be slow). */
function largeLeague(): League {
  const org = { userId: organiser.id, role: 'organiser' as const };
  let league = createLeague(
    {
      id: 'large',
      name: 'Large',
      game: 'nova',
      format: { kind: 'swiss', rounds: 9, topCut: 0 },
      matchLength: 'bo3',
      startsAt: null,
      endsAt: null,
      settings: { tiebreakers: tiebreakersForMatchLength('bo3'), checkInRequired: false, noShowMinutes: null },
      cap: 4096,
      seed: 'large',
    },
    org,
    at,
  );
  for (let i = 0; i < PLAYERS; i++) {
    const id = `200000000${String(i).padStart(9, '0')}`;
    league = applyCommand(league, { userId: id, role: 'player' }, { type: 'join', player: id }, at);
  }
  league = applyCommand(league, org, { type: 'start-round' }, at);
  for (const [n, t] of (league.rounds[0]?.tables ?? []).entries()) {
    const score =
      n % 3 === 0 ? { gamesWonA: 1, gamesWonB: 2, gamesDrawn: 0 } : { gamesWonA: 2, gamesWonB: 0, gamesDrawn: 0 };
    t.result ??= { score, bothLose: false, source: 'organiser' };
  }
  return league;
}

describe('pairing a 2,048-player round (issue 22, D8)', () => {
  it('runs off the event loop: others are answered meanwhile, and the pairing is the inline one', async () => {
    const league = largeLeague();
    const org = { userId: organiser.id, role: 'organiser' as const };
    let t = performance.now();
    const inline = applyCommand(league, org, { type: 'start-round' }, at);
    const inlineMs = performance.now() - t;

    const [creation, ...rest] = league.log;
    const stored = bot.store.leagues.create({
      guildId,
      channelId,
      ownerId: organiser.id,
      roundMinutes: null,
      threads: false,
      league: { ...league, log: [creation as League['log'][number]] },
    });
    bot.store.leagues.commit(stored, { ...league, log: [creation as League['log'][number], ...rest] });

    const stall = monitorEventLoopDelay({ resolution: 5 });
    stall.enable();
    t = performance.now();
    let done = false;
    const pairing = organiser
      .slash('league next-round', {}, { in: { channelId } })
      .then(async (o) => {
        await o.settled();
        return o;
      })
      .finally(() => {
        done = true; // a reply Discord never got ends the loop below too, so the test fails at once instead of spinning
      });
    const answeredMeanwhile: string[] = [];
    while (!done) {
      const outcome = await other.slash('league info', {}, { in: { channelId } });
      await outcome.settled();
      if (!done && outcome.state === 'acknowledged')
        answeredMeanwhile.push((outcome.reply() as MessageView).embeds[0]?.title ?? '');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const paired = await pairing;
    stall.disable();
    await bot.idle();
    expect((paired.reply() as MessageView).content).toBe('Round 2 is paired.');
    const after = bot.store.leagues.require(stored.leagueId).league;
    expect(after.rounds[1]?.tables).toEqual(inline.rounds[1]?.tables);
    expect(answeredMeanwhile.length).toBeGreaterThan(0);
    expect(answeredMeanwhile[0]).toBe('Large');
    // Inline, the loop is held at least for the whole command (and then stores and announces); on the worker it only
    // stores and announces the round (measured: 0.12 s against 0.5 s inline).
    expect(stall.max / 1e6).toBeLessThan(inlineMs * 0.75);

    const again = await organiser.slash('league next-round', {}, { in: { channelId } });
    await again.settled();
    await bot.idle();
    expect((again.reply() as MessageView).content).toBe('Round 2 still has matches without a result.');
  }, 120_000);
});
