// One render thread of the worker pool: receives { id, kind, model or json, style }, answers { id, png, drawnText,
// cpuMs } or { id, error }. The style comes with the job, so the thread never loads the game registry (every engine and card
// pool) to find it: that load was most of a worker's start.
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { type RenderJob, renderJob } from './render-job.ts';
import { setBeforeReadout } from './surface.ts';
import { collectYoung } from './young-gc.ts';

/** A job as posted: the model itself, or its JSON (worker-pool.ts sends the string when it has one). */
type Job = Omit<RenderJob, 'model'> & { id: number } & ({ model: unknown } | { json: string });

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs only as a worker thread');
// Frees the previous image's pixel buffer before each readout instead of leaving it to a full collection (young-gc.ts).
setBeforeReadout(collectYoung);

/**
 * This thread's CPU time so far in ms (Linux's /proc/thread-self/schedstat), null elsewhere: a render's CPU, which the
 * machine's load changes far less than its wall time (the latency bench compares renders by it).
 */
function threadCpuMs(): number | null {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

port.on('message', (job: Job) => {
  const cpuAtStart = threadCpuMs();
  const parse = (): RenderJob => ({
    kind: job.kind,
    style: job.style,
    model: 'json' in job ? (JSON.parse(job.json) as unknown) : job.model,
  });
  Promise.resolve()
    .then(() => renderJob(parse()))
    .then(
      ({ png, drawnText }) => {
        // The PNG writer gives the image an ArrayBuffer of its own, so it is transferred, not cloned or copied.
        const { buffer } = png;
        const owns = buffer instanceof ArrayBuffer && png.byteOffset === 0 && png.byteLength === buffer.byteLength;
        const bytes = owns ? new Uint8Array(buffer) : new Uint8Array(png);
        const cpuNow = threadCpuMs();
        const cpuMs = cpuNow !== null && cpuAtStart !== null ? cpuNow - cpuAtStart : null;
        port.postMessage({ id: job.id, png: bytes, drawnText, cpuMs }, [bytes.buffer]);
      },
      (error: unknown) =>
        port.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) }),
    );
});
