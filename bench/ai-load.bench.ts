// Ten AI matches at once (issue 21): ten positions, two from each game, each asked of the normal AI at the bot's
// budget (about 1 s) through the bot's own worker pool (`AiPool`: one thread per core beyond the first), all at once,
// for `ARBITER_BENCH_AI_ROUNDS` rounds (default 2). Prints the wait from asking to the answer (queueing included:
// what a person waits for) median and p99, and the main thread's event-loop delay meanwhile (p99, max), which says
// whether the bot stays free to acknowledge clicks while ten searches run.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { candidates } from '../src/ai/candidates.ts';
import { AiPool } from '../src/ai/pool.ts';
import type { BaseState, PendingDecision } from '../src/engine/core/game.ts';
import { type RngState, seedRng } from '../src/engine/core/rng.ts';
import { isForced } from '../src/engine/core/search.ts';
import { randomResponse } from '../src/engine/fuzz/random-play.ts';
import { preconDeckList } from '../src/engine/precons.ts';
import { GAMES } from '../src/engine/registry.ts';
import { type BenchFigure, percentiles } from './figure.ts';

const MATCHES = 10;

/** A mid-game position where the player to move has a real choice, reached by seeded random play. */
function position(game: string, index: number): BaseState {
  const definition = GAMES.playable(game);
  const module = definition.play.module;
  const precons = definition.precons();
  const decks = {
    p1: preconDeckList(precons[index % precons.length] as (typeof precons)[number]),
    p2: preconDeckList(precons[(index + 1) % precons.length] as (typeof precons)[number]),
  };
  let s = module.setup({ game, decks }, `ai-load-${game}-${index}`);
  let rng: RngState = seedRng(`ai-load-${game}-${index}`);
  let last: BaseState | null = null;
  for (let n = 0; n < 3000 && !s.result; n++) {
    const p = module.pending(s) as PendingDecision;
    if (!isForced(p) && candidates(p).length > 1 && definition.play.steps.position(s).turn >= 3) {
      last = s;
      if (n % 3 === 0) return s;
    }
    const [r, next] = randomResponse(p, rng, 0.7);
    rng = next;
    s = module.apply(s, p.player, r);
  }
  if (!last) throw new Error(`no position with a choice in ${game}`);
  return last;
}

export async function bench(): Promise<BenchFigure[]> {
  const rounds = Number(process.env.ARBITER_BENCH_AI_ROUNDS ?? 2);
  const games = GAMES.playableGames()
    .filter((g) => g.play.module.search)
    .map((g) => g.id);
  const positions = Array.from({ length: MATCHES }, (_, i) => {
    const game = games[i % games.length] as string;
    return { game, state: position(game, i) };
  });
  const pool = new AiPool();
  const waits: number[] = [];
  const delay = monitorEventLoopDelay({ resolution: 10 });
  try {
    // One warm-up decision starts the thread (and its TypeScript loader) outside the measurement.
    const first = positions[0] as (typeof positions)[number];
    await pool.decide({ ...job(first), level: 'easy', seed: 'warm' });
    delay.enable();
    for (let round = 0; round < rounds; round++)
      await Promise.all(
        positions.map(async (p, i) => {
          const t = performance.now();
          await pool.decide({ ...job(p), level: 'normal', seed: `load-${round}-${i}` });
          waits.push(performance.now() - t);
        }),
      );
    delay.disable();
  } finally {
    await pool.close();
  }
  const { p50, p99 } = percentiles(waits);
  const ms = (ns: number) => ns / 1e6;
  return [
    { area: 'ai', name: `${MATCHES} matches at once, normal: answer wait, median`, value: p50, unit: 'ms' },
    { area: 'ai', name: `${MATCHES} matches at once, normal: answer wait, p99`, value: p99, unit: 'ms' },
    {
      area: 'ai',
      name: `${MATCHES} matches at once: event-loop delay, p99`,
      value: ms(delay.percentile(99)),
      unit: 'ms',
    },
    { area: 'ai', name: `${MATCHES} matches at once: event-loop delay, max`, value: ms(delay.max), unit: 'ms' },
  ];
}

function job(p: { game: string; state: BaseState }) {
  const seat = (GAMES.playable(p.game).play.module.pending(p.state) as PendingDecision).player;
  return { game: p.game, state: p.state, seat };
}
