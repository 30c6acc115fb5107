import { cloneJson } from '../src/engine/core/clone.ts';
import type { BaseState, GameModule, MatchSetup } from '../src/engine/core/game.ts';
import { canonicalJson, stateHash } from '../src/engine/core/hash.ts';
import { seedRng } from '../src/engine/core/rng.ts';
import { fuzzGame, randomResponse } from '../src/engine/fuzz/random-play.ts';
import { GAMES, type PlayableGame } from '../src/engine/registry.ts';
import { type BenchFigure, percentiles } from './figure.ts';

/** CPU time of this process in ms: steadier than the wall clock on a shared machine. */
function cpuMs(): number {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}

/**
 * One random game from the fuzzer's random player (setup and apply only), with every state it went through. `owned`:
 * through the owned-state path (search hooks' `simulateInPlace`: the game owns its state, no copy per decision), as
 * search's playouts play; otherwise through `apply`, which copies, as the bot plays.
 */
function randomGame(game: GameModule, setup: MatchSetup, seed: string, keep?: BaseState[], owned = false): number {
  const inPlace = owned ? game.search?.simulateInPlace : undefined;
  if (owned && !inPlace) throw new Error(`${game.id} has no owned-state path`);
  // Setup's state may share objects with the deck lists, which every game of the bench reuses: one copy makes it ours.
  let s = inPlace ? cloneJson(game.setup(setup, seed)) : game.setup(setup, seed);
  let rng = seedRng(`fuzz-${seed}`);
  let decisions = 0;
  while (!s.result && decisions < 50_000) {
    const p = game.pending(s);
    if (!p) throw new Error(`bench game ${seed}: nothing pending`);
    const [r, next] = randomResponse(p, rng, 0.7);
    rng = next;
    s = inPlace ? inPlace(s, p.player, r) : game.apply(s, p.player, r);
    decisions += 1;
    keep?.push(s);
  }
  return decisions;
}

/** Wall and CPU time of each game, and the decisions and wall seconds of all. */
interface Timed {
  gameMs: number[];
  gameCpuMs: number[];
  decisions: number;
  seconds: number;
}

function timedGame(into: Timed, play: () => number): void {
  const t = performance.now();
  const c = cpuMs();
  into.decisions += play();
  into.gameCpuMs.push(cpuMs() - c);
  const ms = performance.now() - t;
  into.gameMs.push(ms);
  into.seconds += ms / 1000;
}

function gameFigures(area: string, how: string, games: number, t: Timed): BenchFigure[] {
  const { p50, p99 } = percentiles(t.gameMs);
  return [
    { area, name: `random full game${how}, median`, value: p50, unit: 'ms' },
    { area, name: `random full game${how}, p99`, value: p99, unit: 'ms' },
    { area, name: `random full game${how}, median CPU time`, value: percentiles(t.gameCpuMs).p50, unit: 'ms' },
    { area, name: `full games per second${how} (one core)`, value: games / t.seconds, unit: 'games/s' },
    { area, name: `decisions per second${how} (one core)`, value: t.decisions / t.seconds, unit: 'decisions/s' },
  ];
}

/**
 * Engine speed on one core, for every game with an engine: random full games (the engine alone: setup and apply, no
 * invariant or view checks), decisions per second, the state hash the store records after every decision, and the
 * state size. The first two fuzz decks of each game play. Each game is played twice, through `apply` (a copy per
 * decision, the bot's path) and, where the game has one, through the owned-state path ("in place": search's
 * playouts, issue 17's random-game aim), alternating which goes first so both see the same load.
 */
export async function bench(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  for (const game of GAMES.playableGames()) figures.push(...benchGame(game));
  return figures;
}

function benchGame(definition: PlayableGame): BenchFigure[] {
  const game = definition.play.module;
  const area = `engine/${definition.id}`;
  const [a, b] = definition.play.fuzzDecks();
  if (!a || !b) throw new Error(`${definition.id}: no decks`);
  const setup: MatchSetup = { game: definition.id, decks: { p1: a, p2: b } };
  const owned = game.search?.simulateInPlace !== undefined;
  for (let i = 0; i < 3; i++) {
    // Let the JIT settle first.
    randomGame(game, setup, `warm-${i}`);
    if (owned) randomGame(game, setup, `warm-${i}`, undefined, true);
  }
  const copying: Timed = { gameMs: [], gameCpuMs: [], decisions: 0, seconds: 0 };
  const inPlace: Timed = { gameMs: [], gameCpuMs: [], decisions: 0, seconds: 0 };
  const games = 40;
  for (let i = 0; i < games; i++) {
    const seed = `bench-${i}`;
    if (owned && i % 2 === 1) timedGame(inPlace, () => randomGame(game, setup, seed, undefined, true));
    timedGame(copying, () => randomGame(game, setup, seed));
    if (owned && i % 2 === 0) timedGame(inPlace, () => randomGame(game, setup, seed, undefined, true));
  }
  if (owned && inPlace.decisions !== copying.decisions)
    throw new Error(
      `${definition.id}: the owned-state path played ${inPlace.decisions} decisions, apply ${copying.decisions}`,
    );
  // The engine's checks on a few games, untimed: invariants after every decision and the replay's hash.
  for (let i = 0; i < 3; i++) {
    const r = fuzzGame(game, setup, `bench-${i}`, { checkViews: false, maxDecisions: 50_000, activity: 0.7 });
    if (r.failures.length > 0) throw new Error(`bench game ${i} failed: ${r.failures[0]}`);
  }
  // State hash: of every state of one game in order, as the store hashes each new state once.
  const states: BaseState[] = [];
  randomGame(game, setup, 'hash', states);
  const h = cpuMs();
  for (const s of states) stateHash(s);
  const hashMs = (cpuMs() - h) / states.length;
  // State size: a mid-game state, serialised canonically (what snapshots and hashes see).
  let s = game.setup(setup, 'size');
  let rng = seedRng('size');
  for (let i = 0; i < 400 && !s.result; i++) {
    const p = game.pending(s);
    if (!p) break;
    const [r, next] = randomResponse(p, rng, 0.7);
    rng = next;
    s = game.apply(s, p.player, r);
  }
  return [
    ...gameFigures(area, '', games, copying),
    ...(owned ? gameFigures(area, ' in place', games, inPlace) : []),
    { area, name: 'decisions per random game, mean', value: copying.decisions / games, unit: 'decisions' },
    { area, name: 'state hash of each new state, mean CPU', value: hashMs, unit: 'ms' },
    {
      area,
      name: 'serialized mid-game state',
      value: Buffer.byteLength(canonicalJson(s)),
      unit: 'bytes',
    },
  ];
}
