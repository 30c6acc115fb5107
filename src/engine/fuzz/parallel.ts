// `npm run fuzz -- --jobs N`: a run's games played on N worker threads, each taking the next game number when it
// finishes one. Game i is the same game in any thread (run-games.ts), and the report reads the results in order of
// number (`runReport`), so the same seed gives the same report whatever N.
import { Worker } from 'node:worker_threads';
import type { GameId } from '../core/game.ts';
import { GAMES } from '../registry.ts';
import type { FuzzGameResult, FuzzOptions } from './random-play.ts';
import { type FuzzRun, registeredFuzzGames, runReport } from './run-games.ts';

/** What every thread of a run plays. */
export interface FuzzWork {
  game: GameId;
  seed: string;
  options: FuzzOptions;
}

const WORKER_URL = new URL('./fuzz-worker.ts', import.meta.url).href;
/** The worker is TypeScript: a short bootstrap registers tsx in the thread, whatever runner started us. */
const TSX_API = import.meta.resolve('tsx/esm/api');
const BOOTSTRAP = `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL)}); });`;

type Reply = { index: number } & ({ result: FuzzGameResult } | { error: string });

/**
 * Plays `count` games of `game` (the default registry's) on `jobs` threads. Once a game fails, no game numbered
 * after it is started; those already started finish, and the report stops at the first failure as a run one game
 * after another would (an earlier game still playing may fail too, and then it is the one reported).
 */
export async function fuzzInParallel(work: FuzzWork, count: number, jobs: number): Promise<FuzzRun> {
  registeredFuzzGames(GAMES, work.game, work.seed, work.options); // refuses a game that cannot be fuzzed, here
  const results = new Map<number, FuzzGameResult>();
  let next = 0;
  let firstFailure = Number.POSITIVE_INFINITY;
  const threads = Math.max(1, Math.min(jobs, count));
  const workers: Worker[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let running = 0;
      const feed = (worker: Worker) => {
        if (next < count && next < firstFailure) {
          worker.postMessage({ index: next });
          next += 1;
          running += 1;
        }
      };
      const done = () => {
        if (running === 0) resolve();
      };
      for (let t = 0; t < threads; t++) {
        const worker = new Worker(BOOTSTRAP, { eval: true, workerData: work });
        workers.push(worker);
        worker.on('message', (reply: Reply) => {
          running -= 1;
          if ('error' in reply) {
            reject(new Error(`fuzz game ${reply.index} threw in its thread: ${reply.error}`));
            return;
          }
          results.set(reply.index, reply.result);
          if (reply.result.failures.length > 0) firstFailure = Math.min(firstFailure, reply.index);
          feed(worker);
          done();
        });
        worker.on('error', reject);
        worker.on('exit', (code) => reject(new Error(`a fuzz thread stopped (exit code ${code})`)));
        feed(worker);
      }
      done();
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return runReport(count, (i) => results.get(i));
}
