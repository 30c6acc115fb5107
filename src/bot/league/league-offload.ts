// Large leagues apply their heavy commands (pairing a round, undo's replay) on a worker thread, so the bot's event
// loop keeps answering other interactions within Discord's 3 seconds (issue 22, D8). The thread's heap is capped, so
// a pathological event fails that one command instead of taking the bot's memory.
import { Worker } from 'node:worker_threads';
import { IllegalAction, InvalidData } from '../../engine/core/errors.ts';
import type { Label } from '../../engine/core/label.ts';
import { type Actor, isActive, type League } from '../../league/league.ts';

/** Commands whose cost grows with the field: pairing (Swiss matching is cubic) and undo (a replay of every round). */
const HEAVY_COMMANDS: ReadonlySet<string> = new Set(['start-round', 'repair-round', 'undo']);

/** From this many active players a heavy command runs on a worker (below, it takes a few milliseconds inline). */
export const OFF_THREAD_PLAYERS = 256;

/** The worker's heap limit: 4,096 players pair in under 0.5 GB. */
const WORKER_HEAP_MB = 1024;

export type WorkerReply =
  | { league: League }
  | {
      error:
        | { kind: 'illegal'; reason: Label }
        | { kind: 'invalid'; message: string }
        | { kind: 'bug'; message: string };
    };

export function runsOffThread(league: League, commandType: string): boolean {
  return HEAVY_COMMANDS.has(commandType) && league.players.filter(isActive).length >= OFF_THREAD_PLAYERS;
}

const WORKER_URL = new URL('./league-worker.ts', import.meta.url).href;
/** The worker is TypeScript: a short bootstrap registers tsx in the thread, whatever runner started us. */
const TSX_API = import.meta.resolve('tsx/esm/api');
const BOOTSTRAP = `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL)}); });`;

/**
 * `applyCommand` on a worker thread of its own (one per command: large pairings are rare, and the thread's memory is
 * returned as soon as it ends). Refusals come back as the same IllegalAction / InvalidData the core throws.
 */
export function applyCommandOffThread(league: League, actor: Actor, command: unknown, at: string): Promise<League> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(BOOTSTRAP, { eval: true, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      outcome();
    };
    worker.once('message', (reply: WorkerReply) =>
      finish(() => {
        if ('league' in reply) resolve(reply.league);
        else if (reply.error.kind === 'illegal') reject(new IllegalAction(reply.error.reason));
        else if (reply.error.kind === 'invalid') reject(new InvalidData(reply.error.message));
        else reject(new Error(`league worker: ${reply.error.message}`));
      }),
    );
    worker.once('error', (error) => finish(() => reject(error)));
    worker.once('exit', (code) => finish(() => reject(new Error(`league worker stopped (exit code ${code})`))));
    worker.postMessage({ league, actor, command, at });
  });
}
