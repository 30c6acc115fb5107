// Leagues: Swiss pairing time at 128 and 512 players, the cost of one command on a big league, undo's replay,
// and re-rating a corrected round through the rating journal.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nextInt, type RngState, seedRng } from '../src/engine/core/rng.ts';
import type { League } from '../src/league/league.ts';
import { applyCommand, createLeague, replay } from '../src/league/league-log.ts';
import { roundPairings } from '../src/league/league-queries.ts';
import { applyRatingPeriod, DEFAULT_RATING_SETTINGS, type RatedGame } from '../src/league/ratings.ts';
import { pairSwissRound, type SwissEntrant } from '../src/league/swiss.ts';
import { MTR_TIEBREAKERS } from '../src/league/tiebreakers.ts';
import { openStore } from '../src/store/store.ts';
import { type BenchFigure, percentiles } from './figure.ts';

const organiser = { userId: 'org', role: 'organiser' as const };
const bot = { userId: 'bot', role: 'bot' as const };
const at = '2026-01-01T00:00:00.000Z';

function time(f: () => void): number {
  const t = performance.now();
  f();
  return performance.now() - t;
}

/** Pairs `rounds` Swiss rounds of `players` with random results; returns the pairing time of each round. */
function swissEvent(players: number, rounds: number, seed: string): number[] {
  let rng: RngState = seedRng(seed);
  const field = Array.from({ length: players }, (_, i) => ({
    id: `p${i}`,
    points: 0,
    opponents: [] as string[],
    byes: 0,
  }));
  const byId = new Map(field.map((p) => [p.id, p]));
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const entrants: SwissEntrant[] = [...field].sort((a, b) => b.points - a.points);
    let pairing: ReturnType<typeof pairSwissRound> | undefined;
    times.push(time(() => (pairing = pairSwissRound(entrants, `${seed}-${r}`))));
    for (const t of pairing!.tables) {
      const [a, b] = [byId.get(t.a)!, byId.get(t.b)!];
      a.opponents.push(b.id);
      b.opponents.push(a.id);
      let roll: number;
      [roll, rng] = nextInt(rng, 2);
      (roll === 0 ? a : b).points += 3;
    }
    if (pairing!.bye) byId.get(pairing!.bye)!.points += 3;
  }
  return times;
}

function bigLeague(players: number, rounds: number): League {
  let l = createLeague(
    {
      id: 'bench',
      name: 'Bench',
      game: 'mtg',
      format: { kind: 'swiss', rounds, topCut: 0 },
      matchLength: 'bo3',
      startsAt: null,
      endsAt: null,
      settings: { tiebreakers: MTR_TIEBREAKERS, checkInRequired: false, noShowMinutes: null },
      seed: 'bench',
    },
    organiser,
    at,
  );
  for (let i = 0; i < players; i++)
    l = applyCommand(l, { userId: `p${i}`, role: 'player' as const }, { type: 'join', player: `p${i}` }, at);
  for (let r = 0; r < rounds - 1; r++) {
    l = applyCommand(l, organiser, { type: 'start-round' }, at);
    for (const t of roundPairings(l)) {
      if (t.b === null) continue;
      const score = { gamesWonA: 2, gamesWonB: (t.number % 2) as 0 | 1, gamesDrawn: 0 };
      l = applyCommand(l, bot, { type: 'bot-result', a: t.a, b: t.b, score }, at);
    }
  }
  return l;
}

export async function bench(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  const add = (name: string, value: number, unit = 'ms') => figures.push({ area: 'league', name, value, unit });

  for (const [players, rounds, events] of [
    [128, 7, 5],
    [512, 9, 3],
  ] as const) {
    const samples: number[] = [];
    for (let e = 0; e < events; e++) samples.push(...swissEvent(players, rounds, `bench-${players}-${e}`));
    const { p50, p99 } = percentiles(samples);
    add(`pair one Swiss round, ${players} players (p50)`, p50);
    add(`pair one Swiss round, ${players} players (max of ${samples.length})`, p99);
  }

  const league = bigLeague(512, 9);
  add('league of 512 after 8 rounds: log entries', league.log.length, 'entries');
  add('league of 512: JSON size', JSON.stringify(league).length / 1024, 'KiB');
  add(
    'league of 512: start round 9 (standings + pairing)',
    time(() => applyCommand(league, organiser, { type: 'start-round' }, at)),
  );
  const started = applyCommand(league, organiser, { type: 'start-round' }, at);
  const t = roundPairings(started)[0]!;
  const score = { gamesWonA: 2, gamesWonB: 0, gamesDrawn: 0 };
  add(
    'league of 512: apply one result',
    time(() => applyCommand(started, bot, { type: 'bot-result', a: t.a, b: t.b!, score }, at)),
  );
  add(
    'league of 512: replay whole log (what undo costs)',
    time(() => replay(started.log)),
  );

  const games: RatedGame[] = Array.from({ length: 2000 }, (_, i) => ({
    a: `r${i % 300}`,
    b: `r${(i * 7 + 1) % 300}`,
    scoreA: ((i % 3) / 2) as 0 | 0.5 | 1,
  })).filter((g) => g.a !== g.b);
  add(
    'Glicko-2 period: 300 players, ~2000 games',
    time(() => applyRatingPeriod({}, games, DEFAULT_RATING_SETTINGS)),
  );
  figures.push(...rerating(add));
  return figures;
}

/** Re-rating: a journal of 40 league rounds of 300 players (150 games each); the first round is corrected. */
function rerating(add: (name: string, value: number, unit?: string) => void): BenchFigure[] {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-bench-rerate-'));
  try {
    const store = openStore({ path: join(dir, 'bench.db') }, () => undefined);
    const round = (r: number, flip = false): RatedGame[] =>
      Array.from({ length: 150 }, (_, i) => ({
        a: `r${(2 * i + r) % 300}`,
        b: `r${(2 * i + 1 + 3 * r) % 300}`,
        scoreA: (((i + r) % 2 === 0) !== flip ? 1 : 0) as 0 | 1,
      })).filter((g) => g.a !== g.b);
    for (let r = 1; r <= 40; r++) store.ratings.setPeriods('g', 'nova', [{ source: `L:${r}`, games: round(r) }]);
    add(
      're-rate: correct round 1 of 40 (300 players), replay all',
      time(() => store.ratings.setPeriods('g', 'nova', [{ source: 'L:1', games: round(1, true) }])),
    );
    add(
      're-rate: correct round 40 of 40 (replay one)',
      time(() => store.ratings.setPeriods('g', 'nova', [{ source: 'L:40', games: round(40, true) }])),
    );
    store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return [];
}
