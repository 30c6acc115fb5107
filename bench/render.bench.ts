// `npx tsx bench/run.ts render`: milliseconds per board, hand and card image (median, p99), PNG bytes, how long a
// render holds the event loop in-process, and the same board through the worker pool (what the bot should use).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type RenderKind, renderAny } from '../src/render/render.ts';
import { RenderPool } from '../src/render/worker-pool.ts';
import { novaFaceJa } from '../test/render/fixtures/faces.ts';
import { novaHand } from '../test/render/fixtures/hand.ts';
import { novaBoard } from '../test/render/fixtures/nova-board.ts';
import { type BenchFigure, percentiles } from './figure.ts';

const RUNS = 40;
const WARMUP = 5;

function figure(name: string, value: number, unit: string): BenchFigure {
  return { area: 'render', name, value, unit };
}

async function inProcess(kind: RenderKind, model: unknown, label: string): Promise<BenchFigure[]> {
  for (let i = 0; i < WARMUP; i += 1) await renderAny(kind, model);
  const total: number[] = [];
  const hold: number[] = [];
  let bytes = 0;
  // CPU time is what a render costs the machine; wall time also counts waiting for a core others are using.
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    const pending = renderAny(kind, model);
    hold.push(performance.now() - start); // drawing and rasterising are synchronous; compression is not
    bytes = (await pending).png.length;
    total.push(performance.now() - start);
  }
  const cpu = process.cpuUsage(cpuBefore);
  const t = percentiles(total);
  const h = percentiles(hold);
  return [
    figure(
      `${label}: CPU ms per image, mean (less load-sensitive than wall time)`,
      (cpu.user + cpu.system) / 1000 / RUNS,
      'ms',
    ),
    figure(`${label}: ms per image, median`, t.p50, 'ms'),
    figure(`${label}: ms per image, p99`, t.p99, 'ms'),
    figure(`${label}: event-loop hold in-process, median`, h.p50, 'ms'),
    figure(`${label}: event-loop hold in-process, p99`, h.p99, 'ms'),
    figure(`${label}: PNG size`, bytes, 'bytes'),
  ];
}

/** The machine's own event-loop delay with nothing to do, to read the pool's figures against. */
async function idleDelay(ms: number): Promise<{ p99: number; max: number }> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  await new Promise((resolve) => setTimeout(resolve, ms));
  delay.disable();
  return { p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 };
}

async function pooled(model: unknown, label: string): Promise<BenchFigure[]> {
  const started = performance.now();
  const pool = new RenderPool();
  try {
    await pool.render('board', model);
    const startup = performance.now() - started;
    for (let i = 0; i < WARMUP; i += 1) await pool.render('board', model);
    const latency: number[] = [];
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    for (let i = 0; i < RUNS; i += 1) {
      const start = performance.now();
      await pool.render('board', model);
      latency.push(performance.now() - start);
    }
    delay.disable();
    const elapsed = latency.reduce((a, b) => a + b, 0);
    const baseline = await idleDelay(elapsed);
    const l = percentiles(latency);
    return [
      figure('pool start-up and first board (create the pool at boot)', startup, 'ms'),
      figure(`${label} via pool: ms per image, median`, l.p50, 'ms'),
      figure(`${label} via pool: ms per image, p99`, l.p99, 'ms'),
      figure(`${label} via pool: event-loop delay while rendering, p99`, delay.percentile(99) / 1e6, 'ms'),
      figure(`${label} via pool: event-loop delay while rendering, max`, delay.max / 1e6, 'ms'),
      figure('idle event-loop delay (same duration, no rendering), p99', baseline.p99, 'ms'),
      figure('idle event-loop delay (same duration, no rendering), max', baseline.max, 'ms'),
    ];
  } finally {
    await pool.close();
  }
}

export async function bench(): Promise<BenchFigure[]> {
  const board = novaBoard();
  return [
    ...(await inProcess('board', board, 'board (NOVA, 20+ cards a side)')),
    ...(await pooled(board, 'board')),
    ...(await inProcess('hand', novaHand(), 'hand (5 + 1 private)')),
    ...(await inProcess('card', novaFaceJa(), 'card (Japanese text)')),
  ];
}
