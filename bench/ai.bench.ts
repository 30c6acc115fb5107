// The AI's decision time per game and level (issue 21): median and p99 wall time of one AI decision, at the bot's
// budgets (normal ~1 s, hard ~3 s, easy no budget), over real choices (more than one candidate) taken from seeded
// random games of every game with search hooks; and the search iterations the budgets buy.
// `ARBITER_BENCH_AI_POSITIONS` sets how many positions per game (default 4; normal and hard take their whole budget
// on each, so about 16 s a game).
import { candidates } from '../src/ai/candidates.ts';
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
  const figures: BenchFigure[] = [];
  for (const definition of GAMES.playableGames().filter((d) => d.play.module.search)) {
    const id = definition.id;
    const g = aiGame(definition);
    const positions = positionsOf(id, wanted);
    for (const level of ['easy', 'normal', 'hard'] as const satisfies readonly AiLevel[]) {
      const times: number[] = [];
      const iterations: number[] = [];
      positions.forEach((state, i) => {
        const seat = (g.module.pending(state) as PendingDecision).player;
        const t = performance.now();
        const answer = decide({ game: g, state, seat, level, seed: `bench-${i}` });
        times.push(performance.now() - t);
        iterations.push(answer.iterations);
      });
      const { p50, p99 } = percentiles(times);
      const name =
        level === 'easy' ? `${id} easy (no budget)` : `${id} ${level} (budget ${BOT_BUDGETS[level].millis} ms)`;
      figures.push(
        { area: 'ai', name: `${name}: decision, median`, value: p50, unit: 'ms' },
        { area: 'ai', name: `${name}: decision, p99`, value: p99, unit: 'ms' },
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
