import type { Seat } from '../src/engine/core/game.ts';
import { canonicalJson, stateHash } from '../src/engine/core/hash.ts';
import { seedRng } from '../src/engine/core/rng.ts';
import { fuzzGame, randomResponse } from '../src/engine/fuzz/random-play.ts';
import { nova } from '../src/engine/games/nova/index.ts';
import { expandDeck, novaPrecons } from '../src/engine/games/nova/precon.ts';
import type { NovaState } from '../src/engine/games/nova/state.ts';
import { type BenchFigure, percentiles } from './figure.ts';

/** CPU time of this process in ms: steadier than the wall clock on a shared machine. */
function cpuMs(): number {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}

/** One random game from the fuzzer's random player (setup and apply only), with every state it went through. */
function randomGame(setup: Parameters<typeof nova.setup>[0], seed: string, keep?: NovaState[]): number {
  let s = nova.setup(setup, seed);
  let rng = seedRng(`fuzz-${seed}`);
  let decisions = 0;
  while (!s.result && decisions < 50_000) {
    const p = nova.pending(s);
    if (!p) throw new Error(`bench game ${seed}: nothing pending`);
    const [r, next] = randomResponse(p, rng, 0.7);
    rng = next;
    s = nova.apply(s, p.player as Seat, r);
    decisions += 1;
    keep?.push(s);
  }
  return decisions;
}

/**
 * NOVA engine speed on one core: random full games (the engine alone: setup and apply, no invariant or view checks),
 * decisions per second, the state hash the store records after every decision, and the state size.
 */
export async function bench(): Promise<BenchFigure[]> {
  const [a, b] = novaPrecons();
  if (!a || !b) throw new Error('no decks');
  const setup = { game: 'nova' as const, decks: { p1: expandDeck(a), p2: expandDeck(b) } };
  for (let i = 0; i < 3; i++) randomGame(setup, `warm-${i}`); // let the JIT settle first
  const gameMs: number[] = [];
  const gameCpuMs: number[] = [];
  let decisions = 0;
  const games = 40;
  const started = performance.now();
  for (let i = 0; i < games; i++) {
    const t = performance.now();
    const c = cpuMs();
    decisions += randomGame(setup, `bench-${i}`);
    gameCpuMs.push(cpuMs() - c);
    gameMs.push(performance.now() - t);
  }
  const totalSeconds = (performance.now() - started) / 1000;
  // The engine's checks on a few games, untimed: invariants after every decision and the replay's hash.
  for (let i = 0; i < 3; i++) {
    const r = fuzzGame(nova, setup, `bench-${i}`, { checkViews: false, maxDecisions: 50_000, activity: 0.7 });
    if (r.failures.length > 0) throw new Error(`bench game ${i} failed: ${r.failures[0]}`);
  }
  // State hash: of every state of one game in order, as the store hashes each new state once.
  const states: NovaState[] = [];
  randomGame(setup, 'hash', states);
  const h = cpuMs();
  for (const s of states) stateHash(s);
  const hashMs = (cpuMs() - h) / states.length;
  // State size: a mid-game state, serialised canonically (what snapshots and hashes see).
  let s = nova.setup(setup, 'size');
  let rng = seedRng('size');
  for (let i = 0; i < 400 && !s.result; i++) {
    const p = nova.pending(s);
    if (!p) break;
    const [r, next] = randomResponse(p, rng, 0.7);
    rng = next;
    s = nova.apply(s, p.player, r);
  }
  const { p50, p99 } = percentiles(gameMs);
  return [
    { area: 'engine/nova', name: 'random full game, median', value: p50, unit: 'ms' },
    { area: 'engine/nova', name: 'random full game, p99', value: p99, unit: 'ms' },
    { area: 'engine/nova', name: 'random full game, median CPU time', value: percentiles(gameCpuMs).p50, unit: 'ms' },
    { area: 'engine/nova', name: 'full games per second (one core)', value: games / totalSeconds, unit: 'games/s' },
    {
      area: 'engine/nova',
      name: 'decisions per second (one core)',
      value: decisions / totalSeconds,
      unit: 'decisions/s',
    },
    { area: 'engine/nova', name: 'decisions per random game, mean', value: decisions / games, unit: 'decisions' },
    { area: 'engine/nova', name: 'state hash of each new state, mean CPU', value: hashMs, unit: 'ms' },
    {
      area: 'engine/nova',
      name: 'serialized mid-game state',
      value: Buffer.byteLength(canonicalJson(s)),
      unit: 'bytes',
    },
  ];
}
