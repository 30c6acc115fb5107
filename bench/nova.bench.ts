import { canonicalJson } from '../src/engine/core/hash.ts';
import { seedRng } from '../src/engine/core/rng.ts';
import { fuzzGame, randomResponse } from '../src/engine/fuzz/random-play.ts';
import { nova } from '../src/engine/games/nova/index.ts';
import { expandDeck, novaPrecons } from '../src/engine/games/nova/precon.ts';
import { type BenchFigure, percentiles } from './figure.ts';

/** NOVA engine speed on one core: random full games (no view checks), decisions per second, state size. */
export async function bench(): Promise<BenchFigure[]> {
  const [a, b] = novaPrecons();
  if (!a || !b) throw new Error('no decks');
  const setup = { game: 'nova' as const, decks: { p1: expandDeck(a), p2: expandDeck(b) } };
  const gameMs: number[] = [];
  let decisions = 0;
  const games = 40;
  const started = performance.now();
  for (let i = 0; i < games; i++) {
    const t = performance.now();
    const r = fuzzGame(nova, setup, `bench-${i}`, { checkViews: false, maxDecisions: 50_000, activity: 0.7 });
    // fuzzGame also replays the game once to check the hash: count that time out by halving (apply dominates both).
    gameMs.push((performance.now() - t) / 2);
    decisions += r.decisions;
    if (r.failures.length > 0) throw new Error(`bench game ${i} failed: ${r.failures[0]}`);
  }
  const totalSeconds = (performance.now() - started) / 1000 / 2;
  // State size: a mid-game state, serialised canonically (what snapshots and hashes see).
  let s = nova.setup(setup, 'size');
  let rng = seedRng('size');
  for (let i = 0; i < 400 && !s.result; i++) {
    const p = s.pending;
    if (!p) break;
    const [r, next] = randomResponse(p, rng, 0.7);
    rng = next;
    s = nova.apply(s, p.player, r);
  }
  const { p50, p99 } = percentiles(gameMs);
  return [
    { area: 'engine/nova', name: 'random full game, median', value: p50, unit: 'ms' },
    { area: 'engine/nova', name: 'random full game, p99', value: p99, unit: 'ms' },
    { area: 'engine/nova', name: 'full games per second (one core)', value: games / totalSeconds, unit: 'games/s' },
    {
      area: 'engine/nova',
      name: 'decisions per second (one core)',
      value: decisions / totalSeconds,
      unit: 'decisions/s',
    },
    { area: 'engine/nova', name: 'decisions per random game, mean', value: decisions / games, unit: 'decisions' },
    {
      area: 'engine/nova',
      name: 'serialized mid-game state',
      value: Buffer.byteLength(canonicalJson(s)),
      unit: 'bytes',
    },
  ];
}
