// One fuzzing thread (`npm run fuzz -- --jobs N`, parallel.ts): plays the default registry's games by number.
// Receives { index }, answers { index, result } or { index, error }; the game, seed and options come as workerData.
import { parentPort, workerData } from 'node:worker_threads';
import { GAMES } from '../registry.ts';
import type { FuzzWork } from './parallel.ts';
import { registeredFuzzGames } from './run-games.ts';

const port = parentPort;
if (!port) throw new Error('src/engine/fuzz/fuzz-worker.ts runs only as a worker thread');
const work = workerData as FuzzWork;
const gameAt = registeredFuzzGames(GAMES, work.game, work.seed, work.options);

port.on('message', ({ index }: { index: number }) => {
  try {
    port.postMessage({ index, result: gameAt(index) });
  } catch (error) {
    port.postMessage({ index, error: (error as Error).stack ?? String(error) });
  }
});
