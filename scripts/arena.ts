// `npm run arena -- --game nova --a easy --b random --games 200 --seed S [--from K] [--iterations N] [--millis N] [--depth N]`:
// AI against AI (or the random player), seats alternating and precon pairs rotating; prints A's win rate with a
// Wilson 95% interval, and the AI's decision times. Without --millis the run is deterministic for its seed.
// --leaf random|lookahead says how search scores a new node (ismcts.ts SearchBudget.leaf).
// --from K plays games K..games-1 only (a long run split over processes). --iterations/--millis/--depth replace the
// bot's search budgets (normal and hard; hard gets 3x the iterations). --log K,L prints those games' logs (everything
// visible, both hands included) to stderr, to read how a game was lost.
import { parseArgs } from 'node:util';
import { type Contender, runArena } from '../src/ai/arena.ts';
import type { SearchBudget } from '../src/ai/ismcts.ts';
import { AI_LEVELS } from '../src/ai/levels.ts';
import { BOT_BUDGETS } from '../src/ai/player.ts';
import { DEFAULT_GAME_ID } from '../src/engine/core/game.ts';
import { GAMES } from '../src/engine/registry.ts';

const { values } = parseArgs({
  options: {
    game: { type: 'string', default: DEFAULT_GAME_ID },
    a: { type: 'string', default: 'easy' },
    b: { type: 'string', default: 'random' },
    games: { type: 'string', default: '20' },
    from: { type: 'string', default: '0' },
    seed: { type: 'string', default: 'arena' },
    iterations: { type: 'string' },
    millis: { type: 'string' },
    depth: { type: 'string' },
    leaf: { type: 'string' },
    'max-decisions': { type: 'string', default: '6000' },
    log: { type: 'string', default: '' },
  },
});

function contender(raw: string): Contender {
  if (raw === 'random' || (AI_LEVELS as readonly string[]).includes(raw)) return raw as Contender;
  console.error(`unknown player "${raw}" (one of: ${[...AI_LEVELS, 'random'].join(', ')})`);
  process.exit(2);
}

function budget(level: 'normal' | 'hard', scale: number): SearchBudget {
  const base = BOT_BUDGETS[level];
  const iterations = values.iterations ? Number(values.iterations) * scale : base.iterations;
  const depth = values.depth ? Number(values.depth) : base.playoutDepth;
  const millis = values.millis ? Number(values.millis) * scale : values.iterations ? undefined : base.millis;
  const leaf = values.leaf === 'random' || values.leaf === 'lookahead' ? values.leaf : base.leaf;
  return {
    iterations,
    playoutDepth: depth,
    ...(millis === undefined ? {} : { millis }),
    ...(leaf === undefined ? {} : { leaf }),
  };
}

if (values.leaf !== undefined && values.leaf !== 'random' && values.leaf !== 'lookahead') {
  console.error(`unknown leaf "${values.leaf}" (one of: random, lookahead)`);
  process.exit(2);
}
const a = contender(values.a);
const b = contender(values.b);
const budgets = { normal: budget('normal', 1), hard: budget('hard', 3) };
const logged = new Set(
  values.log
    .split(',')
    .filter((x) => x !== '')
    .map(Number),
);
const started = performance.now();
let result: ReturnType<typeof runArena>;
try {
  result = runArena(GAMES, {
    game: values.game,
    a,
    b,
    games: Number(values.games),
    from: Number(values.from),
    seed: values.seed,
    budgets,
    maxDecisions: Number(values['max-decisions']),
    progress: (i, o, last) => {
      process.stderr.write(
        `game ${i}: ${o.winner ?? (o.finished ? 'draw' : 'unfinished')} (${o.decisions} decisions; ${a} was ${o.aSeat}${Object.entries(
          o.cpu,
        )
          .map(([level, c]) => `; ${level} ${c.decisions} decisions, ${(c.ms / 1000).toFixed(1)} s CPU`)
          .join('')})\n`,
      );
      if (!logged.has(i)) return;
      const module = GAMES.playable(values.game).play.module;
      for (const line of module.log(last, { kind: 'omniscient' })) process.stderr.write(`  ${line.text.en}\n`);
    },
  });
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};
console.log(
  `${values.game}: ${a} vs ${b}, ${result.games} games (seed ${values.seed}; budgets normal ${JSON.stringify(budgets.normal)}, hard ${JSON.stringify(budgets.hard)})`,
);
console.log(
  `${a} wins ${result.aWins}, ${b} wins ${result.bWins}, neither ${result.neither}: ${a} ${pct(result.rate)} [95% ${pct(result.low)}–${pct(result.high)}]`,
);
for (const [level, times] of Object.entries(result.decisionMs)) {
  const cpu = result.decisionCpuMs[level as keyof typeof result.decisionCpuMs] ?? [];
  console.log(
    `${level}: ${times.length} decisions, wall median ${quantile(times, 0.5).toFixed(1)} ms, p99 ${quantile(times, 0.99).toFixed(1)} ms; CPU median ${quantile(cpu, 0.5).toFixed(1)} ms, p99 ${quantile(cpu, 0.99).toFixed(1)} ms, total ${(cpu.reduce((x, y) => x + y, 0) / 1000).toFixed(1)} s`,
  );
}
console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`);
