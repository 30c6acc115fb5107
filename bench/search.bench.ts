import type { DecisionResponse, Seat } from '../src/engine/core/game.ts';
import { stateHash } from '../src/engine/core/hash.ts';
import { seedRng } from '../src/engine/core/rng.ts';
import { randomResponse } from '../src/engine/fuzz/random-play.ts';
import { determinizeNova } from '../src/engine/games/nova/determinize.ts';
import { evaluateNova } from '../src/engine/games/nova/evaluate.ts';
import { nova } from '../src/engine/games/nova/index.ts';
import type { NovaState } from '../src/engine/games/nova/state.ts';
import { gamePrecons, preconDeckList } from '../src/engine/precons.ts';
import type { BenchFigure } from './figure.ts';

/** CPU time of this process in ms: steadier than the wall clock on a shared machine. */
function cpuMs(): number {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}

type Step = (s: NovaState, seat: Seat, r: DecisionResponse) => NovaState;
interface Recorded {
  setup: Parameters<typeof nova.setup>[0];
  seed: string;
  decisions: { seat: Seat; response: DecisionResponse }[];
}

/** Seeded random games (the fuzzer's player), recorded so every mode replays exactly the same decisions. */
function record(games: number): Recorded[] {
  const precons = gamePrecons('nova');
  const out: Recorded[] = [];
  for (let i = 0; i < games; i++) {
    const a = precons[i % precons.length] as (typeof precons)[number];
    const b = precons[(i + 1) % precons.length] as (typeof precons)[number];
    const setup = { game: 'nova' as const, decks: { p1: preconDeckList(a), p2: preconDeckList(b) } };
    const seed = `search-bench-${i}`;
    let s = nova.setup(setup, seed);
    let rng = seedRng(seed);
    const decisions: Recorded['decisions'] = [];
    while (!s.result && decisions.length < 50_000) {
      const p = nova.pending(s);
      if (!p) throw new Error(`${seed}: nothing pending`);
      const [response, next] = randomResponse(p, rng, 0.7);
      rng = next;
      decisions.push({ seat: p.player, response });
      s = nova.apply(s, p.player, response);
    }
    out.push({ setup, seed, decisions });
  }
  return out;
}

/** Replays every recorded game with `step`; returns CPU ms and each game's final state. */
function replayAll(games: readonly Recorded[], step: Step): { ms: number; finals: NovaState[] } {
  const finals: NovaState[] = [];
  const c = cpuMs();
  for (const g of games) {
    let s = nova.setup(g.setup, g.seed);
    for (const d of g.decisions) s = step(s, d.seat, d.response);
    finals.push(s);
  }
  return { ms: cpuMs() - c, finals };
}

/** The rules state's hash: everything but the log, which the simulation does not write. */
function rulesHash(s: NovaState): string {
  const { log, ...rules } = s;
  return stateHash(rules);
}

/**
 * Search hooks (core/search.ts) for NOVA: decisions per second with `apply` and with `simulate` over the same
 * recorded games (best of four rounds, alternating which goes first; CPU time), and the cost of one determinisation and one
 * evaluation. Fails if the two modes end any game in a different rules state.
 */
export async function bench(): Promise<BenchFigure[]> {
  const simulate = nova.search?.simulate;
  if (!simulate) throw new Error('NOVA has no simulate hook');
  const games = record(16);
  const decisions = games.reduce((n, g) => n + g.decisions.length, 0);
  replayAll(games.slice(0, 3), nova.apply); // warm up both paths
  replayAll(games.slice(0, 3), simulate);
  let applyMs = Number.POSITIVE_INFINITY;
  let simulateMs = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 4; round++) {
    // Alternate which mode goes first, so neither pays for the other's garbage.
    const b = round % 2 === 0 ? replayAll(games, simulate) : undefined;
    const a = replayAll(games, nova.apply);
    const b2 = b ?? replayAll(games, simulate);
    applyMs = Math.min(applyMs, a.ms);
    simulateMs = Math.min(simulateMs, b2.ms);
    a.finals.forEach((s, i) => {
      const t = b2.finals[i] as NovaState;
      if (rulesHash(s) !== rulesHash(t)) throw new Error(`game ${i}: simulate reached another rules state`);
    });
  }
  // Determinisation and evaluation on states from the middle of a game.
  const g = games[0] as Recorded;
  let s = nova.setup(g.setup, g.seed);
  const samples: NovaState[] = [];
  g.decisions.forEach((d, i) => {
    s = nova.apply(s, d.seat, d.response);
    if (i % 25 === 0 && !s.result) samples.push(s);
  });
  const rounds = 20;
  let c = cpuMs();
  for (let r = 0; r < rounds; r++) for (const x of samples) determinizeNova(x, 'p1', `d${r}`);
  const determinizeMs = (cpuMs() - c) / (rounds * samples.length);
  c = cpuMs();
  let sum = 0;
  for (let r = 0; r < rounds * 10; r++) for (const x of samples) sum += evaluateNova(x, 'p1');
  const evaluateMs = (cpuMs() - c) / (rounds * 10 * samples.length);
  if (!Number.isFinite(sum)) throw new Error('evaluate gave a non-number');
  return [
    {
      area: 'search',
      name: `apply over ${games.length} recorded games`,
      value: decisions / (applyMs / 1000),
      unit: 'decisions/s',
    },
    {
      area: 'search',
      name: 'simulate over the same games',
      value: decisions / (simulateMs / 1000),
      unit: 'decisions/s',
    },
    { area: 'search', name: 'determinize one mid-game state', value: determinizeMs * 1000, unit: 'µs' },
    { area: 'search', name: 'evaluate one mid-game state', value: evaluateMs * 1000, unit: 'µs' },
  ];
}
