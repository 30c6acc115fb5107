// Renders on worker threads so that drawing and rasterising never hold the bot's event loop: the main thread
// only posts the model and receives the PNG. Jobs queue when every worker is busy, and the job due first is drawn
// first (a caller says when someone will look at its image); each worker renders one at a time.
// (Stop 23 kept a second, yielding worker at nice +19 beside the ordinary one; measured, it gained nothing and cost
// CPU, so it went: docs/bot.md, item 8.)
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { GameId } from '../engine/core/game.ts';
import { styleForModel } from './render.ts';
import type { RenderKind } from './render-job.ts';
import type { GameStyle } from './styles/game-style.ts';
import { styleOf as defaultStyleOf } from './styles/index.ts';
import type { Rendered } from './table-model.ts';

/**
 * When a queued image is wanted, as a `performance.now()` time. The pool draws the job due first, and jobs due at
 * the same time in the order they came. It is read when a worker is free, so a caller who starts waiting for an
 * image already queued may lower `at` and the job moves up (image-cache.ts does, for a click that joins an image
 * drawn ahead).
 */
export interface RenderDue {
  at: number;
  /** Nobody wants the image any more: if still queued it is not drawn, and its render fails with `RenderWithdrawn`. */
  withdrawn?: boolean;
}

/** The error of a render withdrawn while it was queued (`RenderDue.withdrawn`). */
export class RenderWithdrawn extends Error {
  constructor(kind: RenderKind) {
    super(`the ${kind} image was withdrawn before it was drawn`);
    this.name = 'RenderWithdrawn';
  }
}

interface Pending {
  id: number;
  due: RenderDue;
  kind: RenderKind;
  model: unknown;
  /** The model as JSON, when the caller has it already: posted instead of the object (a string is cheap to clone). */
  json: string | undefined;
  style: GameStyle | null;
  resolve: (r: Rendered) => void;
  reject: (e: Error) => void;
  /** When it was queued (performance.now()), for the wait. */
  queuedAt: number;
}

type Reply = { id: number; png: Uint8Array; drawnText: string[]; cpuMs: number | null } | { id: number; error: string };

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
  /** Each busy worker's job and when it was sent (performance.now()). */
  private readonly running = new Map<Worker, { job: Pending; sentAt: number }>();
  private nextId = 0;
  private closed = false;

  /** `styleOf` finds a model's style on this thread, to send with the job: the default registry's unless given. */
  constructor(
    size: number = defaultPoolSize(),
    private readonly styleOf: (game: GameId) => GameStyle = defaultStyleOf,
    /**
     * Told the time each image took on its worker, how long it waited for one, and the worker thread's CPU time for it
     * (null where the platform does not say; an error's too) (metrics, the latency bench).
     */
    private readonly onRendered?: (kind: RenderKind, ms: number, waitedMs: number, cpuMs: number | null) => void,
  ) {
    for (let i = 0; i < size; i += 1) this.spawn();
  }

  /**
   * Queues a render, due at `due.at` (now unless given: in the order they came). `json`, when given, is
   * `JSON.stringify(model)` (the image cache has it for its key): the worker gets it instead of a clone of the model.
   */
  render(kind: RenderKind, model: unknown, json?: string, due?: RenderDue): Promise<Rendered> {
    if (this.closed) return Promise.reject(new Error('render pool is closed'));
    let style: GameStyle | null;
    try {
      style = styleForModel(model, this.styleOf);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return new Promise((resolve, reject) => {
      this.nextId += 1;
      const queuedAt = performance.now();
      this.queue.push({
        id: this.nextId,
        due: due ?? { at: queuedAt },
        kind,
        model,
        json,
        style,
        resolve,
        reject,
        queuedAt,
      });
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
    for (let i = this.queue.length - 1; i >= 0; i -= 1) {
      const job = this.queue[i]!;
      if (!job.due.withdrawn) continue;
      this.queue.splice(i, 1);
      job.reject(new RenderWithdrawn(job.kind));
    }
    while (this.idle.length > 0 && this.queue.length > 0) this.send(this.idle.pop()!, this.nextJob());
  }

  /** The queued job due first (the earliest queued among equals), taken from the queue. */
  private nextJob(): Pending {
    let index = 0;
    for (let i = 1; i < this.queue.length; i += 1) if (this.queue[i]!.due.at < this.queue[index]!.due.at) index = i;
    return this.queue.splice(index, 1)[0]!;
  }

  private send(worker: Worker, job: Pending): void {
    this.running.set(worker, { job, sentAt: performance.now() });
    worker.ref(); // a running job keeps the process alive; an idle worker does not
    // A JSON string is copied whole, where structured-cloning the model walks every object of it on this thread
    // (the bot's); the worker parses it.
    worker.postMessage(
      job.json !== undefined
        ? { id: job.id, kind: job.kind, json: job.json, style: job.style }
        : { id: job.id, kind: job.kind, model: job.model, style: job.style },
    );
  }

  private settle(worker: Worker, reply: Reply): void {
    const running = this.running.get(worker);
    this.running.delete(worker);
    worker.unref();
    this.idle.push(worker);
    const job = running?.job;
    if (running && job && job.id === reply.id) {
      const now = performance.now();
      const cpuMs = 'error' in reply ? null : reply.cpuMs;
      this.onRendered?.(job.kind, now - running.sentAt, running.sentAt - job.queuedAt, cpuMs);
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
    const job = this.running.get(worker)?.job;
    this.running.delete(worker);
    this.all.splice(this.all.indexOf(worker), 1);
    job?.reject(error);
    if (!this.closed) {
      this.spawn();
      this.pump();
    }
  }
}
