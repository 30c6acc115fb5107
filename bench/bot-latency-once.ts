// One configuration of the 50-match latency bench, with the bot's counts and the load average before and after:
//   npx tsx bench/bot-latency-once.ts [images on|off]   (BENCH_MATCHES, BENCH_DECISIONS, BENCH_THINK_MS, ...)
// `npm run bench` runs both configurations (bench/fake-discord.bench.ts); this is for comparing changes.
import { loadavg } from 'node:os';
import { measureBotLatency } from './bot-latency.ts';
import { percentiles } from './figure.ts';

const images = (process.argv[2] ?? 'off') === 'on';
const matches = Number(process.env.BENCH_MATCHES ?? 50);
const decisionsPerMatch = Number(process.env.BENCH_DECISIONS ?? 20);
const thinkMs = Number(process.env.BENCH_THINK_MS ?? 1000);
const restPerSecond = process.env.BENCH_REST_PER_SECOND ? Number(process.env.BENCH_REST_PER_SECOND) : undefined;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const loadBefore = load();
const result = await measureBotLatency({
  matches,
  decisionsPerMatch,
  thinkMs,
  images,
  ...(restPerSecond ? { restPerSecond } : {}),
});
const ack = percentiles(result.acks);
const board = percentiles(result.boards);
const hand = percentiles(result.hands);
const picture = percentiles(result.handPictures);
const c = result.counts;
const perDecision = (n: number) => (n / Math.max(1, result.decisions)).toFixed(2);
const ms = (x: number) => x.toFixed(0);
console.log(
  [
    `images ${images ? 'on' : 'off'}, ${matches} matches × ${decisionsPerMatch}, think ${thinkMs} ms; load ${loadBefore} → ${load()}`,
    `ack p50/p99 ${ms(ack.p50)}/${ms(ack.p99)} ms; board p50/p99 ${ms(board.p50)}/${ms(board.p99)} ms; ` +
      `hand shown p50/p99 ${ms(hand.p50)}/${ms(hand.p99)} ms; ` +
      (images
        ? `hand picture p50/p99 ${ms(picture.p50)}/${ms(picture.p99)} ms (n=${result.handPictures.length}, ${result.latePictures} edited in late); `
        : '') +
      `${result.decisions} decisions, ${result.missedBoards} boards missed, wall ${ms(result.wallMs)} ms`,
    ...(c
      ? [
          `bot CPU ${ms(c.cpuMs)} ms (${perDecision(c.cpuMs)} ms/decision), main thread busy ${ms(c.mainBusyMs)} ms (${perDecision(c.mainBusyMs)} ms/decision)` +
            (c.mainRunDelayMs !== null ? `, waiting for a core ${perDecision(c.mainRunDelayMs)} ms/decision; ` : '; ') +
            `fake Discord + players CPU ${perDecision(result.fakeCpuMs)} ms/decision (same 2 cores)`,
          `renders per decision: ${
            Object.entries(c.renders)
              .map(([k, n]) => `${k} ${perDecision(n)}`)
              .join(', ') || 'none'
          }`,
          ...Object.entries(c.renderTimes).map(([kind, t]) => {
            const wait = percentiles(t.waitMs);
            const render = percentiles(t.renderMs);
            const total = t.renderMs.reduce((a, b) => a + b, 0);
            return (
              `  ${kind}: ${t.renderMs.length} renders, queue wait p50/p99 ${ms(wait.p50)}/${ms(wait.p99)} ms, ` +
              `on the worker p50/p99 ${ms(render.p50)}/${ms(render.p99)} ms (${ms(total)} ms in all, ${((100 * total) / result.wallMs).toFixed(0)}% of the wall time), ` +
              `worker CPU ${t.cpuMs.length > 0 ? `p50 ${percentiles(t.cpuMs).p50.toFixed(1)} ms, ${ms(t.cpuMs.reduce((a, b) => a + b, 0))} ms in all (${perDecision(t.cpuMs.reduce((a, b) => a + b, 0))} ms/decision)` : 'not known here'}`
            );
          }),
          `board renders that changed only the phase: ${perDecision(c.phaseOnlyBoards)} per decision; by what changed: ${Object.entries(
            c.boardChanges,
          )
            .sort((a, b) => b[1] - a[1])
            .map(([k, n]) => `${k} ${n}`)
            .join(', ')}`,
          `hand renders that changed only what is playable: ${perDecision(c.playableOnlyHands)} per decision`,
          `image lookups per decision: ${Object.entries(c.imageLookups)
            .map(
              ([k, n]) =>
                `${k} drawn ${perDecision(n.drawn)}, ready ${perDecision(n.ready)}, joined ${perDecision(n.joined)}`,
            )
            .join('; ')}`,
          `REST per decision: ${Object.entries(c.requests)
            .sort((a, b) => b[1] - a[1])
            .map(([k, n]) => `${k} ${perDecision(n)}`)
            .join(', ')}`,
          ...(Object.keys(c.calls).length > 0
            ? [
                `engine and store calls per decision: ${Object.entries(c.calls)
                  .sort((a, b) => b[1] - a[1])
                  .map(([k, n]) => `${k} ${perDecision(n)}`)
                  .join(', ')}`,
              ]
            : []),
          `throttled by discord.js: global ${c.throttled.global}× (${ms(c.throttled.globalMs)} ms announced), per route ${c.throttled.route}× (${ms(c.throttled.routeMs)} ms)`,
        ]
      : []),
  ].join('\n'),
);
