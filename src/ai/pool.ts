// AI decisions on worker threads (issue 21: search never runs on the bot's event loop). Jobs queue when every
// thread is busy, in order; each thread decides one at a time. Threads start on the first job and stop with `close`.
// A job taken while others wait searches for its share of its budget (queue-budget.ts), so the wait stays bounded.
import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SearchBudget } from './ismcts.ts';
import type { AiJob } from './job.ts';
import type { AiLevel } from './levels.ts';
import { type AiAnswer, BOT_BUDGETS } from './player.ts';
import { jobForQueue } from './queue-budget.ts';

const WORKER_URL = new URL('./worker.ts', import.meta.url).href;
/** The worker is TypeScript: a short bootstrap registers tsx in the thread, whatever runner started us. */
const TSX_API = import.meta.resolve('tsx/esm/api');
const BOOTSTRAP = `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL)}); });`;

/** A search budget for each searching level. */
export type AiBudgets = Record<Exclude<AiLevel, 'easy'>, SearchBudget>;

type Reply = { id: number } & (AiAnswer | { error: string });

interface Waiting {
  id: number;
  job: AiJob;
  resolve: (answer: AiAnswer) => void;
  reject: (error: Error) => void;
}

export class AiPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Waiting>();
  private readonly queue: Waiting[] = [];
  private readonly live = new Set<Worker>();
  private nextId = 0;
  private closed = false;
  private pumpScheduled = false;

  /**
   * One thread per core beyond the first (the bot and the renderer keep one), at least one. `budgets` replaces the
   * bot's search budgets (BOT_BUDGETS) for jobs that bring none: tests play whole matches at normal and hard on them.
   */
  constructor(
    private readonly size = Math.max(1, Math.min(2, cpus().length - 1)),
    private readonly budgets: AiBudgets = BOT_BUDGETS,
  ) {}

  decide(job: AiJob): Promise<AiAnswer> {
    if (this.closed) return Promise.reject(new Error('the AI pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job, resolve, reject });
      // Jobs asked in the same tick are queued together before any is taken, so the first sees the others waiting.
      if (!this.pumpScheduled) {
        this.pumpScheduled = true;
        queueMicrotask(() => {
          this.pumpScheduled = false;
          if (!this.closed) this.pump();
        });
      }
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.queue.splice(0)) w.reject(new Error('the AI pool is closed'));
    const workers = [...this.idle.splice(0), ...this.busy.keys()];
    for (const [, w] of this.busy) w.reject(new Error('the AI pool is closed'));
    this.busy.clear();
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let worker = this.idle.pop();
      if (!worker && this.live.size < this.size) worker = this.spawn();
      if (!worker) return;
      const next = this.queue.shift() as Waiting;
      this.busy.set(worker, next);
      worker.postMessage({ id: next.id, job: jobForQueue(next.job, this.queue.length, this.size, this.budgets) });
    }
  }

  private spawn(): Worker {
    const worker = new Worker(BOOTSTRAP, { eval: true });
    this.live.add(worker);
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = this.busy.get(worker);
      this.busy.delete(worker);
      if (!this.closed) this.idle.push(worker);
      if (waiting && waiting.id === reply.id) {
        if ('error' in reply) waiting.reject(new Error(`AI worker: ${reply.error}`));
        else waiting.resolve(reply);
      }
      this.pump();
    });
    worker.on('error', (error) => this.lose(worker, error));
    worker.on('exit', (code) => {
      if (!this.closed) this.lose(worker, new Error(`AI worker stopped (exit code ${code})`));
    });
    return worker;
  }

  /** A thread died: its job fails (the bot logs it and asks again later), and a new thread takes its place. */
  private lose(worker: Worker, error: Error): void {
    if (!this.live.delete(worker)) return; // 'error' and then 'exit': once
    const waiting = this.busy.get(worker);
    this.busy.delete(worker);
    const i = this.idle.indexOf(worker);
    if (i >= 0) this.idle.splice(i, 1);
    waiting?.reject(error);
    this.pump();
  }
}
