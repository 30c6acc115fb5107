// Pairing a 2,048-player Swiss round (issue 22, D8): inline in the core, then through the real bot on the fake
// Discord, where the pairing runs on a worker thread while another user keeps running /league list. The figures are
// the round's time, how long the bot's event loop stalled meanwhile, and how fast the other interactions were
// acknowledged (Discord wants an acknowledgement within 3 s).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createBot } from '../src/bot/create-bot.ts';
import { FakeDiscord } from '../src/devtools/fake-discord/index.ts';
import { nextInt, type RngState, seedRng } from '../src/engine/core/rng.ts';
import type { League } from '../src/league/league.ts';
import { applyCommand, createLeague } from '../src/league/league-log.ts';
import { tiebreakersForMatchLength } from '../src/league/tiebreakers.ts';
import { type BenchFigure, percentiles } from './figure.ts';

const PLAYERS = 2048;
/** Rounds played before the timed one: later rounds have score groups and rematches to avoid, as in a real event. */
const ROUNDS_BEFORE = 3;
const at = '2026-01-01T00:00:00.000Z';

/**
 * A league of PLAYERS after ROUNDS_BEFORE rounds. Joins and pairings go through the core; results are written into
 * the state directly (1,024 commands a round would each copy the whole state), so only the pairing is measured.
 */
function playedLeague(organiser: string): League {
  const org = { userId: organiser, role: 'organiser' as const };
  let league = createLeague(
    {
      id: 'bench-2048',
      name: 'Bench 2048',
      game: 'nova',
      format: { kind: 'swiss', rounds: 9, topCut: 0 },
      matchLength: 'bo3',
      startsAt: null,
      endsAt: null,
      settings: { tiebreakers: tiebreakersForMatchLength('bo3'), checkInRequired: false, noShowMinutes: null },
      cap: 4096,
      seed: 'bench-2048',
    },
    org,
    at,
  );
  for (let i = 0; i < PLAYERS; i++) {
    const player = { userId: `100000000${String(i).padStart(9, '0')}`, role: 'player' as const };
    league = applyCommand(league, player, { type: 'join', player: player.userId }, at);
  }
  let rng: RngState = seedRng('bench-2048-results');
  for (let r = 0; r < ROUNDS_BEFORE; r++) {
    league = applyCommand(league, org, { type: 'start-round' }, at);
    for (const t of league.rounds.at(-1)?.tables ?? []) {
      if (t.result) continue;
      let roll: number;
      [roll, rng] = nextInt(rng, 10);
      const score =
        roll < 1
          ? { gamesWonA: 1, gamesWonB: 1, gamesDrawn: 0 }
          : roll < 6
            ? { gamesWonA: 2, gamesWonB: 1, gamesDrawn: 0 }
            : { gamesWonA: 0, gamesWonB: 2, gamesDrawn: 0 };
      t.result = { score, bothLose: false, source: 'organiser' };
    }
  }
  return league;
}

export async function bench(): Promise<BenchFigure[]> {
  const discord = await FakeDiscord.start();
  const organiser = discord.createUser('organiser');
  const other = discord.createUser('other');
  const guild = discord.createGuild('Bench', { owner: organiser, members: [other] });
  const channelId = guild.channel('general').channelId;
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-league-pairing-bench-'));
  const bot = createBot({
    token: discord.botToken,
    restUrl: discord.restUrl,
    rest: { globalRequestsPerSecond: 10_000 },
    dbPath: join(dir, 'arbiter.db'),
    images: false,
    registerCommands: true,
    log: () => {},
  });
  await bot.start();
  const figures: BenchFigure[] = [];
  const add = (name: string, value: number, unit = 'ms') => figures.push({ area: 'league-pair', name, value, unit });
  try {
    const league = playedLeague(organiser.id);
    const org = { userId: organiser.id, role: 'organiser' as const };

    // Inline, as before issue 22: the whole command holds the event loop.
    let t = performance.now();
    applyCommand(league, org, { type: 'start-round' }, at);
    add(`round ${ROUNDS_BEFORE + 1} of ${PLAYERS} players, inline (event loop held)`, performance.now() - t);

    // Through the bot: the league as stored, then /league next-round while someone else uses the bot.
    const [creation, ...rest] = league.log;
    const stored = bot.store.leagues.create({
      guildId: guild.id,
      channelId,
      ownerId: organiser.id,
      roundMinutes: null,
      threads: false,
      league: { ...league, log: [creation as League['log'][number]] },
    });
    bot.store.leagues.commit(stored, { ...league, log: [creation as League['log'][number], ...rest] });

    const stall = monitorEventLoopDelay({ resolution: 10 });
    stall.enable();
    t = performance.now();
    const pairing = organiser.slash('league next-round', {}, { in: { channelId } }).then(async (o) => {
      await o.settled();
      return performance.now() - t;
    });
    let done = false;
    void pairing.then(() => {
      done = true;
    });
    const acks: number[] = [];
    while (!done) {
      const s = performance.now();
      const outcome = await other.slash('league list', {}, { in: { channelId } });
      await outcome.settled();
      if (outcome.state === 'acknowledged') acks.push(performance.now() - s);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const roundMs = await pairing;
    stall.disable();
    await bot.idle();
    const paired = bot.store.leagues.require(stored.leagueId).league.rounds.length;
    if (paired !== ROUNDS_BEFORE + 1) throw new Error(`the bot did not pair round ${ROUNDS_BEFORE + 1}`);
    add(`/league next-round, ${PLAYERS} players (worker thread)`, roundMs);
    add('longest event-loop stall meanwhile', stall.max / 1e6);
    add('/league list by another user meanwhile, acknowledged', acks.length, 'count');
    const { p50, p99 } = percentiles(acks);
    add('/league list round trip meanwhile p50', p50);
    add('/league list round trip meanwhile max', p99);
    return figures;
  } finally {
    await bot.idle();
    await bot.stop();
    await discord.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
