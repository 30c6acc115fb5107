// The bot for the latency bench, in its own process (as in production, apart from Discord): started by
// bench/bot-latency.ts with the fake Discord's address, it reports "ready" over IPC and, on "stop", its counts
// (CPU time, renders, REST requests by kind) before it exits.
import { readFileSync } from 'node:fs';
import { createBot } from '../src/bot/create-bot.ts';
import { GAMES } from '../src/engine/registry.ts';
import { RenderPool } from '../src/render/worker-pool.ts';

export interface BotProcessCounts {
  type: 'counts';
  /** CPU time of the whole process (main thread and render workers) and the main thread's busy time. */
  cpuMs: number;
  mainBusyMs: number;
  /**
   * How long the main thread was ready to run but waited for a core (Linux's /proc/thread-self/schedstat; null
   * elsewhere): what render threads and everything else on the machine cost the acknowledgements.
   */
  mainRunDelayMs: number | null;
  renders: Record<string, number>;
  /** Per render kind, each job's wait in the pool's queue, its time on a worker and the worker thread's CPU for it (ms). */
  renderTimes: Record<string, { waitMs: number[]; renderMs: number[]; cpuMs: number[] }>;
  /** Board renders that changed nothing drawn but the phase. */
  phaseOnlyBoards: number;
  /** Board renders by which parts of the model changed since the match's previous board render ("turn+phase", ...). */
  boardChanges: Record<string, number>;
  /** Hand renders whose model differs from its seat's previous hand render only in which cards are playable. */
  playableOnlyHands: number;
  /** The image cache's lookups per kind: drawn, found drawn, found still drawing. */
  imageLookups: Record<string, { drawn: number; ready: number; joined: number }>;
  requests: Record<string, number>;
  /** discord.js waiting for a rate limit before sending: how often, and the waits announced, in ms. */
  throttled: { global: number; globalMs: number; route: number; routeMs: number };
  /**
   * Calls of the games' engine, presenter and step functions and of the store, by name (BENCH_CALLS=on only; empty
   * otherwise); BENCH_CALL_STACKS=<n> also counts them by their n nearest callers.
   */
  calls: Record<string, number>;
}

const env = process.env;
const calls: Record<string, number> = {};
/** Counts every call of these functions of `target` under `prefix.name` (what the bot asks of the engines). */
function countCalls(target: object, prefix: string, names: string[]): void {
  const record = target as Record<string, unknown>;
  for (const name of names) {
    const original = record[name];
    if (typeof original !== 'function') continue;
    const key = `${prefix}.${name}`;
    record[name] = function (this: unknown, ...args: unknown[]) {
      calls[key] = (calls[key] ?? 0) + 1;
      if (env.BENCH_CALL_STACKS) {
        const frames = (new Error().stack ?? '').split('\n').slice(2, 2 + Number(env.BENCH_CALL_STACKS));
        const where = `${key} <- ${frames
          .map((f) =>
            f
              .trim()
              .replace(/\(.*\/(src|bench)\//, '(')
              .replace(/^at /, ''),
          )
          .join(' <- ')}`;
        calls[where] = (calls[where] ?? 0) + 1;
      }
      return original.apply(this, args);
    };
  }
}
// BENCH_CALLS=on: counts what the bot asks of the engines per decision (pending decisions, views, presenter models)
// and, once the bot is made, of the store (reads and commits).
if (env.BENCH_CALLS === 'on') {
  for (const game of GAMES.playableGames()) {
    countCalls(game.play.module, 'module', ['pending', 'apply', 'view', 'log', 'concede']);
    countCalls(game.play.presenter, 'presenter', ['table', 'hand', 'log', 'handNames']);
    countCalls(game.play.steps, 'steps', ['position']);
  }
}
/** The calling thread's wait for a core so far, in ms (Linux), else null. */
function runDelayMs(): number | null {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return null;
  }
}
const renders: Record<string, number> = {};
const renderTimes: BotProcessCounts['renderTimes'] = {};
/** Board renders whose model differs from the match's previous board render only in its phase (and step). */
let phaseOnlyBoards = 0;
const lastBoardOf = new Map<string, string>();
const boardChanges: Record<string, number> = {};
const lastBoardPartsOf = new Map<string, Record<string, string>>();
function countPhaseOnly(model: unknown): void {
  if (typeof model !== 'object' || model === null || !('players' in model)) return;
  const { phase: _phase, ...rest } = model as { phase?: unknown; players: Record<string, { name?: unknown }> };
  const match = JSON.stringify([rest.players.p1?.name, rest.players.p2?.name]); // the bench's names are unique
  const withoutPhase = JSON.stringify(rest);
  if (lastBoardOf.get(match) === withoutPhase) phaseOnlyBoards += 1;
  lastBoardOf.set(match, withoutPhase);
  const parts = Object.fromEntries(Object.entries(model).map(([k, v]) => [k, JSON.stringify(v)]));
  const before = lastBoardPartsOf.get(match);
  const changed = before
    ? [...new Set([...Object.keys(before), ...Object.keys(parts)])].filter((k) => before[k] !== parts[k]).sort()
    : ['first'];
  const what = changed.join('+') || 'nothing';
  boardChanges[what] = (boardChanges[what] ?? 0) + 1;
  lastBoardPartsOf.set(match, parts);
}
let playableOnlyHands = 0;
const lastHandOf = new Map<string, string>();
function countPlayableOnly(model: unknown): void {
  const m = model as { playerName?: string; seat?: string };
  const lane = `${m.playerName}:${m.seat}`;
  const withoutPlayable = JSON.stringify(model, (k, v) => (k === 'playable' ? undefined : v));
  if (lastHandOf.get(lane) === withoutPlayable) playableOnlyHands += 1;
  lastHandOf.set(lane, withoutPlayable);
}
// BENCH_RENDER_WORKERS: the pool's size (default: one per core minus one, as in production).
const pool =
  env.BENCH_IMAGES === 'on'
    ? new RenderPool(Number(env.BENCH_RENDER_WORKERS) || undefined, undefined, (kind, ms, waitedMs, cpuMs) => {
        const times = renderTimes[kind] ?? { waitMs: [], renderMs: [], cpuMs: [] };
        times.waitMs.push(waitedMs);
        times.renderMs.push(ms);
        if (cpuMs !== null) times.cpuMs.push(cpuMs);
        renderTimes[kind] = times;
      })
    : null;
const bot = createBot({
  token: env.BENCH_TOKEN ?? '',
  restUrl: env.BENCH_REST_URL ?? '',
  dbPath: env.BENCH_DB ?? '',
  // The production renderer (a RenderPool), counted.
  // BENCH_RENDER_JSON=off posts the model object to the worker (a structured clone) instead of its JSON text.
  images: pool
    ? async (kind, model, json, due) => {
        renders[kind] = (renders[kind] ?? 0) + 1;
        if (kind === 'board') countPhaseOnly(model);
        if (kind === 'hand') countPlayableOnly(model);
        // BENCH_RENDER_ORDER=boards-first: the order before due times (every board, then the rest, each in order).
        const order =
          env.BENCH_RENDER_ORDER === 'boards-first' ? { at: performance.now() - (kind === 'board' ? 1e9 : 0) } : due;
        return (await pool.render(kind, model, env.BENCH_RENDER_JSON === 'off' ? undefined : json, order)).png;
      }
    : false,
  registerCommands: true,
  challengeCooldownMs: 0,
  // BENCH_HAND_WAIT_MS: how long "My hand" waits for its picture (production's 120 ms by default; off: always waits).
  ...(env.BENCH_HAND_WAIT_MS === 'off' ? {} : { handPictureWaitMs: Number(env.BENCH_HAND_WAIT_MS ?? 120) }),
  // BENCH_CHANNEL_LIMIT=off lifts the board's per-channel pacing (Discord's 5 per 5 s), to see what it costs.
  ...(env.BENCH_CHANNEL_LIMIT === 'off' ? { boardChannelLimit: { requests: 1_000_000, windowMs: 1_000 } } : {}),
  log: (message) => {
    if (env.BENCH_VERBOSE) console.warn(`[bot] ${message}`);
  },
  // discord.js keeps its default 50 requests/s client-side throttle unless told otherwise, like production.
  ...(env.BENCH_REST_PER_SECOND ? { rest: { globalRequestsPerSecond: Number(env.BENCH_REST_PER_SECOND) } } : {}),
});
if (env.BENCH_CALLS === 'on') {
  const store = bot.context.store as unknown as Record<string, unknown>;
  for (const [part, methods] of Object.entries(store)) {
    if (typeof methods === 'object' && methods !== null) countCalls(methods, `store.${part}`, Object.keys(methods));
  }
}
// BENCH_MENTIONS=off: no "your decision" mentions in the threads (each takes channel requests), to see what they cost.
if (env.BENCH_MENTIONS === 'off') bot.context.notifier.setMentions(false);
const requests: Record<string, number> = {};
/** Counts every REST response the bot's clients got, by kind of route. */
function countRequest(method: string, route: string): void {
  const kind = route.startsWith('/interactions/')
    ? 'interaction callback'
    : route.startsWith('/webhooks/')
      ? `${method} interaction webhook`
      : `${method} ${route}`;
  requests[kind] = (requests[kind] ?? 0) + 1;
}
// The bot's REST client also re-emits the responses of its interaction manager (src/bot/rest.ts).
bot.client.rest.on('response', (request) => countRequest(request.method, request.route));
const throttled = { global: 0, globalMs: 0, route: 0, routeMs: 0 };
bot.client.rest.on('rateLimited', (info) => {
  if (info.global) {
    throttled.global += 1;
    throttled.globalMs += info.timeToReset;
  } else {
    throttled.route += 1;
    throttled.routeMs += info.timeToReset;
  }
});
await bot.start();
const cpuAtStart = process.cpuUsage();
const eluAtStart = performance.eventLoopUtilization();
const runDelayAtStart = runDelayMs();
process.send?.('ready');
process.on('message', (message) => {
  if (message !== 'stop') return;
  const cpu = process.cpuUsage(cpuAtStart);
  const mainBusyMs = performance.eventLoopUtilization(eluAtStart).active;
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const runDelay = runDelayMs();
  const mainRunDelayMs = runDelay !== null && runDelayAtStart !== null ? runDelay - runDelayAtStart : null;
  const counts: BotProcessCounts = {
    type: 'counts',
    cpuMs,
    mainBusyMs,
    mainRunDelayMs,
    renders,
    renderTimes,
    imageLookups: { ...bot.context.images?.lookups },
    phaseOnlyBoards,
    boardChanges,
    playableOnlyHands,
    requests,
    throttled,
    calls,
  };
  process.send?.(counts);
  void bot
    .stop()
    .then(() => pool?.close())
    .then(() => process.exit(0));
});
