// Renders on worker threads so that drawing and rasterising never hold the bot's event loop: the main thread
// only posts the model and receives the PNG. Jobs queue when every worker is busy (boards first, then the rest, each
// in order); each worker renders one at a time.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { GameId } from '../engine/core/game.ts';
import { styleForModel } from './render.ts';
import type { RenderKind } from './render-job.ts';
import type { GameStyle } from './styles/game-style.ts';
import { styleOf as defaultStyleOf } from './styles/index.ts';
import type { Rendered } from './table-model.ts';

interface Pending {
  id: number;
  kind: RenderKind;
  model: unknown;
  /** The model as JSON, when the caller has it already: posted instead of the object (a string is cheap to clone). */
  json: string | undefined;
  style: GameStyle | null;
  resolve: (r: Rendered) => void;
  reject: (e: Error) => void;
  /** When a worker took it (performance.now()), for the render time. */
  sentAt?: number;
}

type Reply = { id: number; png: Uint8Array; drawnText: string[] } | { id: number; error: string };

const WORKER_URL = new URL('./render-worker.ts', import.meta.url).href;
/** The worker is TypeScript: a two-line bootstrap registers tsx in the thread, whatever runner started us. */
const TSX_API = import.meta.resolve('tsx/esm/api');
const BOOTSTRAP = `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL)}); });`;

/** One worker per core, leaving one core to the bot when there are several. */
export function defaultPoolSize(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

export class RenderPool {
  private readonly idle: Worker[] = [];
  private readonly all: Worker[] = [];
  private readonly queue: Pending[] = [];
  private readonly running = new Map<Worker, Pending>();
  private nextId = 0;
  private closed = false;

  /** `styleOf` finds a model's style on this thread, to send with the job: the default registry's unless given. */
  constructor(
    size: number = defaultPoolSize(),
    private readonly styleOf: (game: GameId) => GameStyle = defaultStyleOf,
    /** Told the time each image took on its worker (metrics). */
    private readonly onRendered?: (kind: RenderKind, ms: number) => void,
  ) {
    for (let i = 0; i < size; i += 1) this.spawn();
  }

  /**
   * Queues a render. A board goes before every queued job that is not a board: both players and every spectator wait
   * for it, a hand or a card only the one who asked (with 50 matches on one worker, a board queued behind hands was
   * the board's longest wait). Boards among themselves, and the rest, keep their order. `json`, when given, is
   * `JSON.stringify(model)` (the image cache has it for its key): the worker gets it instead of a clone of the model.
   */
  render(kind: RenderKind, model: unknown, json?: string): Promise<Rendered> {
    if (this.closed) return Promise.reject(new Error('render pool is closed'));
    let style: GameStyle | null;
    try {
      style = styleForModel(model, this.styleOf);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return new Promise((resolve, reject) => {
      this.nextId += 1;
      const job = { id: this.nextId, kind, model, json, style, resolve, reject };
      const before = kind === 'board' ? this.queue.findIndex((queued) => queued.kind !== 'board') : -1;
      if (before === -1) this.queue.push(job);
      else this.queue.splice(before, 0, job);
      this.pump();
    });
  }

  /** Jobs waiting for a worker. */
  get queued(): number {
    return this.queue.length;
  }

  /** Resolves once no job is queued or running (a graceful stop), or after `timeoutMs`; true when it emptied. */
  async flush(timeoutMs: number): Promise<boolean> {
    const until = performance.now() + timeoutMs;
    while (this.queue.length + this.running.size > 0) {
      if (performance.now() >= until) return false;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('render pool is closed'));
    await Promise.all(this.all.map((w) => w.terminate()));
  }

  private spawn(): void {
    const worker = new Worker(BOOTSTRAP, { eval: true });
    worker.on('message', (reply: Reply) => this.settle(worker, reply));
    worker.on('error', (error) => this.fail(worker, error));
    worker.unref();
    this.all.push(worker);
    this.idle.push(worker);
  }

  private pump(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop()!;
      const job = this.queue.shift()!;
      job.sentAt = performance.now();
      this.running.set(worker, job);
      worker.ref(); // a running job keeps the process alive; an idle worker does not
      // A JSON string is copied whole, where structured-cloning the model walks every object of it on this thread
      // (the bot's); the worker parses it.
      worker.postMessage(
        job.json !== undefined
          ? { id: job.id, kind: job.kind, json: job.json, style: job.style }
          : { id: job.id, kind: job.kind, model: job.model, style: job.style },
      );
    }
  }

  private settle(worker: Worker, reply: Reply): void {
    const job = this.running.get(worker);
    this.running.delete(worker);
    worker.unref();
    this.idle.push(worker);
    if (job && job.id === reply.id) {
      if (job.sentAt !== undefined) this.onRendered?.(job.kind, performance.now() - job.sentAt);
      if ('error' in reply) job.reject(new Error(reply.error));
      else
        job.resolve({
          png: Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength),
          drawnText: reply.drawnText,
        });
    }
    this.pump();
  }

  /** A crashed worker fails its job and is replaced. */
  private fail(worker: Worker, error: Error): void {
    const job = this.running.get(worker);
    this.running.delete(worker);
    this.all.splice(this.all.indexOf(worker), 1);
    job?.reject(error);
    if (!this.closed) {
      this.spawn();
      this.pump();
    }
  }
}
