// One AI thread: receives { id, job }, answers { id, response, how, iterations } or { id, error }. The search runs
// here, never on the bot's event loop (issue 21). The games are the default registry's.
import { parentPort } from 'node:worker_threads';
import { GAMES } from '../engine/registry.ts';
import { type AiJob, runJob } from './job.ts';

const port = parentPort;
if (!port) throw new Error('src/ai/worker.ts runs only as a worker thread');

port.on('message', (message: { id: number; job: AiJob }) => {
  try {
    port.postMessage({ id: message.id, ...runJob(GAMES, message.job) });
  } catch (error) {
    port.postMessage({ id: message.id, error: (error as Error).stack ?? String(error) });
  }
});
