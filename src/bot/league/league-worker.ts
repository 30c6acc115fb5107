// One league command on a worker thread: receives { league, actor, command, at }, answers { league } or { error }.
// The core is pure (state in, command in, state out), so the thread runs exactly what the bot would run inline.
import { parentPort } from 'node:worker_threads';
import { IllegalAction, InvalidData } from '../../engine/core/errors.ts';
import type { Actor, League } from '../../league/league.ts';
import { applyCommand } from '../../league/league-log.ts';
import type { WorkerReply } from './league-offload.ts';

interface Job {
  league: League;
  actor: Actor;
  command: unknown;
  at: string;
}

const port = parentPort;
if (!port) throw new Error('league-worker.ts runs only as a worker thread');

port.once('message', (job: Job) => {
  let reply: WorkerReply;
  try {
    reply = { league: applyCommand(job.league, job.actor, job.command, job.at) };
  } catch (error) {
    if (error instanceof IllegalAction) reply = { error: { kind: 'illegal', reason: error.reason } };
    else if (error instanceof InvalidData) reply = { error: { kind: 'invalid', message: error.message } };
    else
      reply = {
        error: { kind: 'bug', message: error instanceof Error ? (error.stack ?? error.message) : String(error) },
      };
  }
  port.postMessage(reply);
});
