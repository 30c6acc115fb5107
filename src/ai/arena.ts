// AI against AI (or the fuzzer's random player), for `npm run arena`: seats alternate and precon pairings rotate, so
// neither side keeps the first turn or the better deck; win rates come with a Wilson 95% interval.
import { InvalidData } from '../engine/core/errors.ts';
import type { BaseState, DecisionResponse, GameId, Seat } from '../engine/core/game.ts';
import { nextInt, type RngState, seedRng } from '../engine/core/rng.ts';
import { randomResponse } from '../engine/fuzz/random-play.ts';
import { preconDeckList } from '../engine/precons.ts';
import type { GameRegistry } from '../engine/registry.ts';
import type { SearchBudget } from './ismcts.ts';
import { AI_LEVELS, type AiLevel } from './levels.ts';
import { decide } from './player.ts';
import { type AiGame, aiGame } from './world.ts';

export type Contender = AiLevel | 'random';

export interface ArenaOptions {
  game: GameId;
  a: Contender;
  b: Contender;
  games: number;
  /** The first game's index (default 0): a long run split over processes plays the same games as one run. */
  from?: number;
  seed: string;
  /** Search budgets per level for this run (an arena on a loaded machine uses smaller ones: say so). */
  budgets: Record<Exclude<AiLevel, 'easy'>, SearchBudget>;
  /** A game still running after this many decisions is stopped and counted as neither side's win. */
  maxDecisions: number;
  /** Called after each game, with its last state (for its log). */
  progress?: (index: number, outcome: GameOutcome, last: BaseState) => void;
}

export type GameOutcome = {
  winner: 'a' | 'b' | null;
  decisions: number;
  finished: boolean;
  aSeat: Seat;
  /** This game's AI decisions per level (forced and single-answer ones left out) and their CPU time in ms. */
  cpu: Partial<Record<AiLevel, { decisions: number; ms: number }>>;
};

export interface ArenaResult {
  games: number;
  aWins: number;
  bWins: number;
  /** Draws and unfinished games. */
  neither: number;
  /** A's win rate and its Wilson 95% interval (a game A did not win counts against A). */
  rate: number;
  low: number;
  high: number;
  /** Wall time of AI decisions (not random ones) per level, in ms. */
  decisionMs: Partial<Record<AiLevel, number[]>>;
  /**
   * CPU time of the same decisions (this process's user + system time, the search being single-threaded), in ms: on
   * a shared machine wall time measures the load, CPU time the search (at a fixed iteration budget it is the cost).
   */
  decisionCpuMs: Partial<Record<AiLevel, number[]>>;
}

/** Wilson score interval at 95% for `wins` successes in `n` trials. */
export function wilson(wins: number, n: number, z = 1.959964): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = wins / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** One game between two contenders; `seats` says who sits where. */
export function playGame<S extends BaseState>(
  g: AiGame<S>,
  start: S,
  seats: Record<Seat, Contender>,
  seed: string,
  budgets: ArenaOptions['budgets'],
  maxDecisions: number,
  timings?: Partial<Record<AiLevel, number[]>>,
  cpuTimings?: Partial<Record<AiLevel, number[]>>,
): { state: S; decisions: number } {
  let s = start;
  let rng: RngState = seedRng(`arena-random:${seed}`);
  let decisions = 0;
  while (!s.result && decisions < maxDecisions) {
    const p = g.module.pending(s);
    if (!p) break;
    const who = seats[p.player];
    let response: DecisionResponse;
    if (who === 'random') {
      [response, rng] = randomResponse(p, rng, 0.7);
    } else {
      const t = performance.now();
      const cpu = process.cpuUsage();
      const answer = decide({
        game: g,
        state: s,
        seat: p.player,
        level: who,
        seed: `${seed}:${s.version}`,
        ...(who === 'easy' ? {} : { budget: budgets[who] }),
      });
      response = answer.response;
      if (answer.how !== 'forced' && answer.how !== 'only') {
        const used = process.cpuUsage(cpu);
        if (timings) (timings[who] ??= []).push(performance.now() - t);
        if (cpuTimings) (cpuTimings[who] ??= []).push((used.user + used.system) / 1000);
      }
    }
    s = g.module.apply(s, p.player, response);
    decisions += 1;
  }
  return { state: s, decisions };
}

export function runArena(registry: GameRegistry, o: ArenaOptions): ArenaResult {
  const definition = registry.playable(o.game);
  const g = aiGame(definition);
  const precons = definition.precons();
  if (precons.length === 0) throw new InvalidData(`${definition.name.en} has no precons to play the arena with`);
  const result: ArenaResult = {
    games: 0,
    aWins: 0,
    bWins: 0,
    neither: 0,
    rate: 0,
    low: 0,
    high: 1,
    decisionMs: {},
    decisionCpuMs: {},
  };
  for (let i = o.from ?? 0; i < o.games; i++) {
    // Games 2k and 2k+1 play the same pair of precons (drawn from the seed) and the same shuffles, seats swapped.
    const pairIndex = Math.floor(i / 2);
    const [x, afterX] = nextInt(seedRng(`arena-pair:${o.seed}:${pairIndex}`), precons.length);
    const [y] = nextInt(afterX, precons.length);
    const aSeat: Seat = i % 2 === 0 ? 'p1' : 'p2';
    const seats: Record<Seat, Contender> = aSeat === 'p1' ? { p1: o.a, p2: o.b } : { p1: o.b, p2: o.a };
    // The same decks stay with the same contender across the swap: A plays deck x both times.
    const aDeck = preconDeckList(precons[x] as (typeof precons)[number]);
    const bDeck = preconDeckList(precons[y] as (typeof precons)[number]);
    const decks = aSeat === 'p1' ? { p1: aDeck, p2: bDeck } : { p1: bDeck, p2: aDeck };
    const gameSeed = `${o.seed}-${pairIndex}`;
    const start = g.module.setup({ game: o.game, decks }, gameSeed);
    const before = Object.fromEntries(AI_LEVELS.map((l) => [l, result.decisionCpuMs[l]?.length ?? 0]));
    const { state, decisions } = playGame(
      g,
      start,
      seats,
      `${gameSeed}-${i}`,
      o.budgets,
      o.maxDecisions,
      result.decisionMs,
      result.decisionCpuMs,
    );
    const r = state.result;
    const winner = r?.kind === 'win' ? (r.winner === aSeat ? 'a' : 'b') : null;
    if (winner === 'a') result.aWins += 1;
    else if (winner === 'b') result.bWins += 1;
    else result.neither += 1;
    result.games += 1;
    const cpu: GameOutcome['cpu'] = {};
    for (const level of AI_LEVELS) {
      const mine = (result.decisionCpuMs[level] ?? []).slice(before[level]);
      if (mine.length > 0) cpu[level] = { decisions: mine.length, ms: mine.reduce((x, y) => x + y, 0) };
    }
    o.progress?.(i, { winner, decisions, finished: r !== null, aSeat, cpu }, state);
  }
  result.rate = result.games === 0 ? 0 : result.aWins / result.games;
  Object.assign(result, wilson(result.aWins, result.games));
  return result;
}
