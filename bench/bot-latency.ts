// Latency of the real bot under load: N NOVA matches played at once through the fake Discord by 2N simulated
// players, the bot (createBot, real discord.js client) in its own process. Measured at the fake Discord, i.e. as
// Discord would see it:
//   ack:   INTERACTION_CREATE sent → the bot's acknowledgement (defer) received, for every click;
//   board: an option click's INTERACTION_CREATE sent → the match's public board created/edited in the thread;
//   hand:  a "My hand" click's INTERACTION_CREATE sent → its ephemeral (the hand and its controls) shown;
//   hand picture: the same click → that ephemeral shows the hand's picture (with it, or edited in when drawn late:
//          BENCH_HAND_WAIT_MS, default 120 as in production; off waits for the picture before sending anything).
// Players think between decisions (BENCH_THINK_MS, default 1000 ms ± 50%), as people do; 0 is a saturation test.
// BENCH_REST_PER_SECOND lifts discord.js's client-side throttle in the bot; BENCH_PROFILE=<dir> profiles the bot process into <dir>.
import { execFileSync, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FakeDiscord, type FakeUser } from '../src/devtools/fake-discord/index.ts';
import type { MessageRecord } from '../src/devtools/fake-discord/store.ts';
import type { BotProcessCounts } from './bot-process.ts';
import { type BenchFigure, percentiles } from './figure.ts';

export interface LatencyOptions {
  matches: number;
  decisionsPerMatch: number;
  thinkMs: number;
  images: boolean;
  /** discord.js's client-side global throttle (requests/s); undefined keeps its default of 50, as in production. */
  restPerSecond?: number;
  /** Pins the bot process (every thread: main and render workers) to this CPU core with `taskset` (Linux). */
  pinCore?: number;
}

export interface LatencyResult {
  acks: number[];
  boards: number[];
  hands: number[];
  /** "My hand" click → the hand's picture shown (images on only). */
  handPictures: number[];
  /** Of those, how many came in a later edit (drawn after the hand's wait) rather than with the hand. */
  latePictures: number;
  decisions: number;
  missedBoards: number;
  wallMs: number;
  /** What the bot process counted: CPU time, renders and REST requests (by kind) over the whole run. */
  counts: BotProcessCounts | null;
  /** CPU time of this process (the fake Discord and the simulated players) while the matches were played. */
  fakeCpuMs: number;
}

const LOADING = 128; // a deferred reply not filled in yet (MessageFlag.Loading)

type Raw = Record<string, unknown>;

/** A message's components, rows flattened. */
function rawComponents(message: MessageRecord): Raw[] {
  return (message.components as Raw[]).flatMap((row) => (row.components as Raw[] | undefined) ?? []);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rng(seed: number): (n: number) => number {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

export async function measureBotLatency(options: LatencyOptions): Promise<LatencyResult> {
  const discord = await FakeDiscord.start();
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-bench-'));
  const pairs: [FakeUser, FakeUser][] = [];
  for (let i = 0; i < options.matches; i++) {
    pairs.push([discord.createUser(`a${i}`), discord.createUser(`b${i}`)]);
  }
  discord.createGuild('Bench', { members: pairs.flat() });
  const bot = fork(fileURLToPath(new URL('./bot-process.ts', import.meta.url)), [], {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    ],
    env: {
      ...process.env,
      BENCH_TOKEN: discord.botToken,
      BENCH_REST_URL: discord.restUrl,
      BENCH_DB: join(dir, 'bench.db'),
      BENCH_IMAGES: options.images ? 'on' : 'off',
      ...(options.restPerSecond ? { BENCH_REST_PER_SECOND: String(options.restPerSecond) } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // Pinned before it has loaded anything: threads started later (the render workers) inherit the affinity.
  if (options.pinCore !== undefined && bot.pid !== undefined) {
    execFileSync('taskset', ['-a', '-cp', String(options.pinCore), String(bot.pid)], { stdio: 'ignore' });
  }
  await new Promise<void>((resolve, reject) => {
    bot.once('message', () => resolve());
    bot.once('exit', (code) => reject(new Error(`bench bot exited with ${code}`)));
  });
  await discord.until(() => discord.store.commands.size > 0, 10_000, 'commands');

  // Everything the players need is followed from the fake's events (no scans of whole threads: with 50 matches
  // those would cost the fake more than the bot): acknowledgements, each thread's newest board, each filled-in hand.
  const ackWaiters = new Map<string, (at: number) => void>();
  discord.events.on('interaction', (event) => {
    if (event.state === 'acknowledged') ackWaiters.get(event.userId)?.(performance.now());
  });
  const boardOf = new Map<string, MessageRecord>();
  const boardWaiters = new Map<string, (at: number) => void>();
  const handWaiters = new Map<string, (message: MessageRecord) => void>();
  const pictureWaiters = new Map<string, (at: number, late: boolean) => void>();
  const hasPicture = (m: MessageRecord) => m.attachments.length > 0 || (m.embedAttachmentIds?.length ?? 0) > 0;
  discord.events.on('message', (event) => {
    const m = event.message;
    if (event.kind === 'delete' || m.authorId !== discord.botUserId) return;
    if (m.visibleTo !== null) {
      if ((m.flags & LOADING) === 0 && hasPicture(m))
        pictureWaiters.get(m.visibleTo)?.(performance.now(), event.kind !== 'create');
      // The hand comes as a new ephemeral (the "My hand" click's follow-up); an edit of an earlier ephemeral (the
      // previous click's answer landing late) is not it.
      if (event.kind === 'create' && (m.flags & LOADING) === 0) handWaiters.get(m.visibleTo)?.(m);
      return;
    }
    if (m.embeds.length === 0) return;
    if (rawComponents(m).some((c) => c.custom_id === `h:${event.channelId}`)) boardOf.set(event.channelId, m);
    boardWaiters.get(event.channelId)?.(performance.now());
  });

  const acks: number[] = [];
  const boards: number[] = [];
  const hands: number[] = [];
  const handPictures: number[] = [];
  let latePictures = 0;
  let missedAcks = 0;
  let decisions = 0;
  let missedBoards = 0;

  /** Runs one interaction and returns when it is acknowledged, timing the acknowledgement. */
  async function timedClick(user: FakeUser, run: () => Promise<unknown>): Promise<void> {
    const started = performance.now();
    // Never waits for ever: one run hung here on an acknowledgement that did not come (session 9).
    const acked = new Promise<number | null>((resolve) => {
      ackWaiters.set(user.id, resolve);
      setTimeout(() => resolve(null), 10_000);
    });
    await run();
    const at = await acked;
    if (at !== null) acks.push(at - started);
    else missedAcks++;
    ackWaiters.delete(user.id);
  }

  async function startMatch(a: FakeUser, b: FakeUser): Promise<string> {
    const challenge = await a.slash('duel challenge', { opponent: b, game: 'nova' });
    const message = challenge.reply();
    const accept = message?.buttons.find((x) => x.customId?.startsWith('c:accept:'))?.customId;
    if (!message || !accept) throw new Error(`bench: no challenge (${message?.content ?? challenge.state})`);
    await b.click(message, accept);
    const threadId = message.id;
    await discord.until(() => boardOf.has(threadId), 60_000, `the board of ${threadId}`);
    return threadId;
  }

  async function play(index: number, a: FakeUser, b: FakeUser, threadId: string): Promise<void> {
    const pick = rng(index + 1);
    const byName = new Map([
      [a.name, a],
      [b.name, b],
    ]);
    for (let n = 0; n < options.decisionsPerMatch; n++) {
      if (options.thinkMs > 0) await sleep(options.thinkMs * (0.5 + pick(1000) / 1000));
      const board = boardOf.get(threadId);
      if (!board) return;
      const description = String((board.embeds[0] as { description?: string } | undefined)?.description ?? '');
      const user = byName.get(/\*\*Decision\*\* (\S+)/.exec(description)?.[1] ?? '');
      if (!user) return; // the match ended
      const filled = new Promise<MessageRecord | null>((resolve) => {
        handWaiters.set(user.id, resolve);
        setTimeout(() => resolve(null), 10_000);
      });
      const pictured = new Promise<{ at: number; late: boolean } | null>((resolve) => {
        pictureWaiters.set(user.id, (at, late) => resolve({ at, late }));
        setTimeout(() => resolve(null), 10_000);
      });
      const opened = performance.now();
      await timedClick(user, () => user.click({ id: board.id, channelId: threadId }, `h:${threadId}`));
      const hand = await filled;
      handWaiters.delete(user.id);
      if (!hand) {
        pictureWaiters.delete(user.id);
        continue;
      }
      hands.push(performance.now() - opened);
      if (options.images) {
        // The player looks at the picture before acting (so an edit bringing it is never raced by their click).
        const shown = await pictured;
        if (shown !== null) {
          handPictures.push(shown.at - opened);
          if (shown.late) latePictures++;
        }
      }
      pictureWaiters.delete(user.id);
      const components = rawComponents(hand);
      const controls = components
        .filter((c) => c.type === 2 && c.disabled !== true && /^[anod]:/.test(String(c.custom_id ?? '')))
        .map((c) => String(c.custom_id));
      const select = components.find((c) => c.type === 3 && String(c.custom_id).startsWith('m:'));
      const ref = { id: hand.id, channelId: threadId };
      const started = performance.now();
      const boarded = new Promise<number | null>((resolve) => {
        boardWaiters.set(threadId, resolve);
        setTimeout(() => resolve(null), 10_000);
      });
      if (select && (controls.length === 0 || pick(2) === 0)) {
        const values = ((select.options as { value: string }[] | undefined) ?? []).map((o) => o.value);
        const min = Number(select.min_values ?? 1);
        const max = Number(select.max_values ?? 1);
        const count = Math.min(values.length, min + pick(max - min + 1));
        await timedClick(user, () => user.select(ref, String(select.custom_id), values.slice(0, count)));
      } else if (controls.length > 0) {
        await timedClick(user, () => user.click(ref, controls[pick(controls.length)] as string));
      } else {
        boardWaiters.delete(threadId);
        continue;
      }
      const at = await boarded;
      boardWaiters.delete(threadId);
      if (at === null) missedBoards++;
      else boards.push(at - started);
      decisions++;
    }
  }

  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  const threads = await Promise.all(pairs.map(([a, b]) => startMatch(a, b)));
  await Promise.all(pairs.map(([a, b], i) => play(i, a, b, threads[i] as string)));
  const wallMs = performance.now() - started;
  const fakeCpu = process.cpuUsage(cpuAtStart);
  const fakeCpuMs = (fakeCpu.user + fakeCpu.system) / 1000;
  if (missedAcks > 0) console.warn(`bench: ${missedAcks} acknowledgements not seen within 10 s`);

  let counts: BotProcessCounts | null = null;
  bot.on('message', (message: BotProcessCounts) => {
    if (message?.type === 'counts') counts = message;
  });
  bot.send('stop');
  await new Promise((resolve) => bot.once('exit', resolve));
  await discord.close();
  rmSync(dir, { recursive: true, force: true });
  return { acks, boards, hands, handPictures, latePictures, decisions, missedBoards, wallMs, counts, fakeCpuMs };
}

export function latencyFigures(label: string, result: LatencyResult): BenchFigure[] {
  const ack = percentiles(result.acks);
  const board = percentiles(result.boards);
  const hand = percentiles(result.hands);
  const picture = percentiles(result.handPictures);
  const area = 'bot';
  return [
    { area, name: `${label}: ack p50`, value: ack.p50, unit: 'ms' },
    { area, name: `${label}: ack p99`, value: ack.p99, unit: 'ms' },
    { area, name: `${label}: board updated p50`, value: board.p50, unit: 'ms' },
    { area, name: `${label}: board updated p99`, value: board.p99, unit: 'ms' },
    { area, name: `${label}: hand shown p50`, value: hand.p50, unit: 'ms' },
    { area, name: `${label}: hand shown p99`, value: hand.p99, unit: 'ms' },
    ...(result.handPictures.length > 0
      ? [
          { area, name: `${label}: hand picture shown p50`, value: picture.p50, unit: 'ms' },
          { area, name: `${label}: hand picture shown p99`, value: picture.p99, unit: 'ms' },
        ]
      : []),
    { area, name: `${label}: decisions (boards missed)`, value: result.decisions, unit: `(${result.missedBoards})` },
    ...countFigures(label, result),
  ];
}

/** What the bot process counted, per decision: CPU time, renders, and the requests the global limit counts. */
function countFigures(label: string, result: LatencyResult): BenchFigure[] {
  const c = result.counts;
  if (!c) return [];
  const per = (n: number) => n / Math.max(1, result.decisions);
  const sum = (record: Record<string, number>, keep: (kind: string) => boolean) =>
    Object.entries(record).reduce((total, [kind, n]) => (keep(kind) ? total + n : total), 0);
  const area = 'bot';
  return [
    { area, name: `${label}: bot CPU per decision`, value: per(c.cpuMs), unit: 'ms' },
    { area, name: `${label}: fake Discord + players CPU per decision`, value: per(result.fakeCpuMs), unit: 'ms' },
    { area, name: `${label}: renders per decision`, value: per(sum(c.renders, () => true)), unit: 'images' },
    {
      area,
      name: `${label}: channel requests per decision`,
      value: per(sum(c.requests, (kind) => kind.includes('/channels/'))),
      unit: 'requests',
    },
    { area, name: `${label}: discord.js global-limit waits`, value: c.throttled.global, unit: 'waits' },
  ];
}
