// The AI's decision time per game and level (issue 21): median and p99 wall time of one AI decision, at the bot's
// budgets (normal ~1 s, hard ~3 s, easy no budget), over real choices (more than one candidate) taken from seeded
// random games of every game with search hooks; and the search iterations the budgets buy.
// `ARBITER_BENCH_AI_POSITIONS` sets how many positions per game (default 4; normal and hard take their whole budget
// on each, so about 16 s a game). With `ARBITER_BENCH_AI_ITERATIONS=N` (and `ARBITER_BENCH_AI_DEPTH`, default 30)
// normal searches N iterations and hard 3N, with no time limit, as `npm run arena -- --iterations N --depth D` does:
// the CPU time per decision then is what an arena game's decisions cost, whatever the machine's load (the arena's
// 200-game aims are planned from it: docs/ai.md).
import { candidates } from '../src/ai/candidates.ts';
import type { SearchBudget } from '../src/ai/ismcts.ts';
import type { AiLevel } from '../src/ai/levels.ts';
import { BOT_BUDGETS, decide } from '../src/ai/player.ts';
import { aiGame } from '../src/ai/world.ts';
import type { BaseState, PendingDecision } from '../src/engine/core/game.ts';
import { type RngState, seedRng } from '../src/engine/core/rng.ts';
import { isForced } from '../src/engine/core/search.ts';
import { randomResponse } from '../src/engine/fuzz/random-play.ts';
import { preconDeckList } from '../src/engine/precons.ts';
import { GAMES } from '../src/engine/registry.ts';
import { type BenchFigure, percentiles } from './figure.ts';

export async function bench(): Promise<BenchFigure[]> {
  const wanted = Number(process.env.ARBITER_BENCH_AI_POSITIONS ?? 4);
  const fixed = process.env.ARBITER_BENCH_AI_ITERATIONS ? Number(process.env.ARBITER_BENCH_AI_ITERATIONS) : null;
  const depth = Number(process.env.ARBITER_BENCH_AI_DEPTH ?? 30);
  const budgets: Record<'normal' | 'hard', SearchBudget> = fixed
    ? {
        normal: { iterations: fixed, playoutDepth: depth, ...leafOf('normal') },
        hard: { iterations: 3 * fixed, playoutDepth: depth, ...leafOf('hard') },
      }
    : BOT_BUDGETS;
  const figures: BenchFigure[] = [];
  for (const definition of GAMES.playableGames().filter((d) => d.play.module.search)) {
    const id = definition.id;
    const g = aiGame(definition);
    const positions = positionsOf(id, wanted);
    for (const level of ['easy', 'normal', 'hard'] as const satisfies readonly AiLevel[]) {
      const times: number[] = [];
      const cpuTimes: number[] = [];
      const iterations: number[] = [];
      positions.forEach((state, i) => {
        const seat = (g.module.pending(state) as PendingDecision).player;
        const t = performance.now();
        const cpu = process.cpuUsage();
        const answer = decide({
          game: g,
          state,
          seat,
          level,
          seed: `bench-${i}`,
          ...(level === 'easy' ? {} : { budget: budgets[level] }),
        });
        const used = process.cpuUsage(cpu);
        times.push(performance.now() - t);
        cpuTimes.push((used.user + used.system) / 1000);
        iterations.push(answer.iterations);
      });
      const { p50, p99 } = percentiles(times);
      const budget = level === 'easy' ? null : budgets[level];
      const name = !budget
        ? `${id} easy (no budget)`
        : budget.millis !== undefined
          ? `${id} ${level} (budget ${budget.millis} ms)`
          : `${id} ${level} (${budget.iterations} iterations, depth ${budget.playoutDepth})`;
      figures.push(
        { area: 'ai', name: `${name}: decision, median`, value: p50, unit: 'ms' },
        { area: 'ai', name: `${name}: decision, p99`, value: p99, unit: 'ms' },
        { area: 'ai', name: `${name}: CPU per decision, median`, value: percentiles(cpuTimes).p50, unit: 'ms' },
      );
      if (level !== 'easy')
        figures.push({
          area: 'ai',
          name: `${id} ${level}: search iterations per decision, median`,
          value: percentiles(iterations).p50,
          unit: 'iterations',
        });
    }
  }
  return figures;
}

/** The bot's kind of leaf for a level (random or easy's look-ahead), kept with a fixed iteration count. */
function leafOf(level: 'normal' | 'hard'): Pick<SearchBudget, 'leaf'> {
  const leaf = BOT_BUDGETS[level].leaf;
  return leaf === undefined ? {} : { leaf };
}

/** Every 40th decision that is a real choice, from the middle of seeded random games (turn 3 on). */
function positionsOf(id: string, wanted: number): BaseState[] {
  const definition = GAMES.playable(id);
  const module = definition.play.module;
  const precons = definition.precons();
  const positions: BaseState[] = [];
  for (let game = 0; positions.length < wanted && game < 20; game++) {
    const decks = {
      p1: preconDeckList(precons[game % precons.length] as (typeof precons)[number]),
      p2: preconDeckList(precons[(game + 1) % precons.length] as (typeof precons)[number]),
    };
    let s = module.setup({ game: id, decks }, `ai-bench-${game}`);
    let rng: RngState = seedRng(`ai-bench-${game}`);
    for (let n = 0; n < 3000 && !s.result && positions.length < wanted; n++) {
      const p = module.pending(s) as PendingDecision;
      if (n % 40 === 0 && !isForced(p) && candidates(p).length > 1 && definition.play.steps.position(s).turn >= 3)
        positions.push(s);
      const [r, next] = randomResponse(p, rng, 0.7);
      rng = next;
      s = module.apply(s, p.player, r);
    }
  }
  return positions;
}
