// `npm run fuzz -- --game nova --games N --seed S [--jobs N] [--no-views] [--max-decisions N]`: random legal games of
// any game in the registry that has an engine, with its own fuzz decks, and invariant, hidden-information and replay
// checks after every decision. `--jobs N` plays the games on N threads (the same report for the same seed whatever
// N). Exit 1 on the first failing game, 2 for a game that cannot be fuzzed.
import { parseArgs } from 'node:util';
import { DEFAULT_GAME_ID } from '../src/engine/core/game.ts';
import { fuzzInParallel } from '../src/engine/fuzz/parallel.ts';
import type { FuzzOptions } from '../src/engine/fuzz/random-play.ts';
import { type FuzzRun, fuzzRegisteredGame } from '../src/engine/fuzz/run-games.ts';
import { GAMES } from '../src/engine/registry.ts';
import { oneLineErrors } from './cli.ts';

oneLineErrors('fuzz');

const { values } = parseArgs({
  options: {
    game: { type: 'string', default: DEFAULT_GAME_ID },
    games: { type: 'string', default: '100' },
    seed: { type: 'string', default: 'fuzz' },
    'no-views': { type: 'boolean', default: false },
    'max-decisions': { type: 'string', default: '20000' },
    jobs: { type: 'string', default: '1' },
  },
});
const jobs = Number(values.jobs);
if (!Number.isInteger(jobs) || jobs < 1) {
  console.error(`--jobs must be a whole number of threads, 1 or more (got "${values.jobs}")`);
  process.exit(2);
}
const total = Number(values.games);
const started = performance.now();
const options: FuzzOptions = {
  checkViews: !values['no-views'],
  maxDecisions: Number(values['max-decisions']),
  activity: 0.7,
};
let run: FuzzRun;
try {
  run =
    jobs === 1
      ? fuzzRegisteredGame(GAMES, values.game, total, values.seed, options)
      : await fuzzInParallel({ game: values.game, seed: values.seed, options }, total, jobs);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
if (run.failed) {
  const { index, result } = run.failed;
  console.error(`game ${index} (seed ${result.seed}) failed after ${result.decisions} decisions:`);
  for (const f of result.failures.slice(0, 10)) console.error(`  - ${f}`);
  console.log(`${index} passed, 1 failed`);
  process.exit(1);
}
const seconds = (performance.now() - started) / 1000;
console.log(
  `${total} games (${run.finished} finished), ${run.decisions} decisions in ${seconds.toFixed(1)} s; invariants, views and replay checked`,
);
console.log(`${total} passed, 0 failed`);
