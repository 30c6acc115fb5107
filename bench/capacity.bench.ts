// `npm run bench -- capacity`: what one bot process holds (issue 24), the figures behind docs/deploy.md's sizing
// table. The real bot in its own process plays NOVA matches on the fake Discord (bench/bot-latency.ts), once without
// and once with images:
//   1. flat out: CAPACITY_FLAT_MATCHES matches whose players never think: decisions/s the process delivered, and the
//      bot's CPU per decision, so 1000 / that = decisions/s one core gives when nothing else runs on it;
//   2. the ramp: the bot process pinned to one core (CAPACITY_CORE, default 0; `none` leaves it free) and this
//      process (the fake Discord and the players) to the other, players thinking CAPACITY_THINK_MS (± 50%) between
//      decisions, more matches at each step (CAPACITY_STEPS_OFF / _ON) until the ack p99 passes 50 ms or the board
//      p99 passes 250 ms (the aims). The highest decision rate within the aims, divided by one match's rate at a
//      person's pace (CAPACITY_PACE decisions/s per match, default 0.2: a decision every 5 s), is the number of
//      concurrent matches one core holds.
// The ramp compresses people's time (a decision a second per match rather than one in 5 s), so it lifts what would
// otherwise pace a match faster than people play: the bot's per-channel pacing (Discord's 5 messages per 5 s per
// channel, BENCH_CHANNEL_LIMIT=off) and discord.js's 50 requests/s (BENCH_REST_PER_SECOND), which is per bot token
// whatever the cores: step 1 measures the channel requests per decision, and 50 / that is the decisions/s the whole
// bot gets under Discord's global limit (the ceiling for all processes of one token together; docs/deploy.md).
// Both parts lift them; CAPACITY_DISCORD_PACING=on keeps both.
// The machine's load average is printed with every step: on a shared machine the neighbours are in every figure.
// Progress lines go to stderr; the figures to the table.
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { latencyFigures, measureBotLatency } from './bot-latency.ts';
import { type BenchFigure, percentiles } from './figure.ts';

const AREA = 'capacity';
const ACK_AIM_MS = 50;
const BOARD_AIM_MS = 250;

const env = process.env;
const numbers = (value: string | undefined, fallback: number[]) =>
  value ? value.split(',').map((part) => Number(part.trim())) : fallback;
const flatMatches = Number(env.CAPACITY_FLAT_MATCHES ?? 10);
const decisionsPerMatch = Number(env.CAPACITY_DECISIONS ?? 10);
const thinkMs = Number(env.CAPACITY_THINK_MS ?? 1000);
const pace = Number(env.CAPACITY_PACE ?? 0.2);
const core = env.CAPACITY_CORE === 'none' ? undefined : Number(env.CAPACITY_CORE ?? 0);
const steps = {
  off: numbers(env.CAPACITY_STEPS_OFF, [20, 40, 80, 160]),
  on: numbers(env.CAPACITY_STEPS_ON, [10, 20, 40, 80]),
};

const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
const say = (line: string) => process.stderr.write(`[capacity] ${line}\n`);

/** Keeps this process (the fake Discord and every player) off the bot's core, where the machine has another. */
function pinSelfAway(botCore: number): void {
  const other = [...cpus().keys()].find((c) => c !== botCore);
  if (other === undefined) return;
  execFileSync('taskset', ['-a', '-cp', String(other), String(process.pid)], { stdio: 'ignore' });
}

interface Step {
  matches: number;
  rate: number;
  ackP99: number;
  boardP99: number;
  within: boolean;
}

async function ramp(images: boolean): Promise<{ figures: BenchFigure[]; best: Step | null }> {
  const label = `images ${images ? 'on' : 'off'}`;
  const figures: BenchFigure[] = [];
  let best: Step | null = null;
  for (const matches of steps[images ? 'on' : 'off']) {
    const before = load();
    const result = await measureBotLatency({
      matches,
      decisionsPerMatch,
      thinkMs,
      images,
      ...(core === undefined ? {} : { pinCore: core }),
    });
    const ack = percentiles(result.acks).p99;
    const board = percentiles(result.boards).p99;
    const step: Step = {
      matches,
      rate: result.decisions / (result.wallMs / 1000),
      ackP99: ack,
      boardP99: board,
      within: ack <= ACK_AIM_MS && board <= BOARD_AIM_MS && result.missedBoards === 0,
    };
    say(
      `${label}, ${matches} matches: ${step.rate.toFixed(1)} decisions/s, ack p99 ${ack.toFixed(0)} ms, board p99 ${board.toFixed(0)} ms, ` +
        `${result.missedBoards} boards missed, ${step.within ? 'within' : 'past'} the aims; load ${before} → ${load()}`,
    );
    const name = `${label}, one core, ${matches} matches`;
    figures.push(
      { area: AREA, name: `${name}: decisions/s`, value: step.rate, unit: '/s' },
      { area: AREA, name: `${name}: ack p99`, value: ack, unit: 'ms' },
      { area: AREA, name: `${name}: board p99`, value: board, unit: 'ms' },
    );
    if (!step.within) break;
    best = step;
  }
  return { figures, best };
}

export async function bench(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  if (env.CAPACITY_DISCORD_PACING !== 'on') {
    env.BENCH_CHANNEL_LIMIT = 'off';
    env.BENCH_REST_PER_SECOND = '100000';
  }
  say(`load average at start ${load()} on ${cpus().length} cores`);
  for (const images of [false, true]) {
    const label = `images ${images ? 'on' : 'off'}`;
    const before = load();
    const flat = await measureBotLatency({ matches: flatMatches, decisionsPerMatch, thinkMs: 0, images });
    const cpuPerDecision = (flat.counts?.cpuMs ?? Number.NaN) / Math.max(1, flat.decisions);
    // Requests Discord's global limit counts: all but interaction callbacks and interaction webhooks.
    const globalRequests = Object.entries(flat.counts?.requests ?? {})
      .filter(([kind]) => !kind.includes('interaction'))
      .reduce((sum, [, n]) => sum + n, 0);
    const globalPerDecision = globalRequests / Math.max(1, flat.decisions);
    say(
      `${label}, flat out (${flatMatches} matches, no think): ${(flat.decisions / (flat.wallMs / 1000)).toFixed(1)} decisions/s, ` +
        `bot CPU ${cpuPerDecision.toFixed(1)} ms/decision, ${globalPerDecision.toFixed(2)} requests under the global limit per decision; load ${before} → ${load()}`,
    );
    figures.push(
      {
        area: AREA,
        name: `${label}: decisions/s flat out (${flatMatches} matches)`,
        value: flat.decisions / (flat.wallMs / 1000),
        unit: '/s',
      },
      { area: AREA, name: `${label}: bot CPU per decision`, value: cpuPerDecision, unit: 'ms' },
      {
        area: AREA,
        name: `${label}: decisions/s one core gives (1000 / CPU)`,
        value: 1000 / cpuPerDecision,
        unit: '/s',
      },
      {
        area: AREA,
        name: `${label}: requests under the global limit per decision`,
        value: globalPerDecision,
        unit: '',
      },
      {
        area: AREA,
        name: `${label}: decisions/s per bot token at 50 requests/s global`,
        value: 50 / globalPerDecision,
        unit: '/s',
      },
      ...latencyFigures(`${label} flat out`, flat).filter((f) => f.name.includes('p99')),
    );
  }
  if (core !== undefined) pinSelfAway(core);
  for (const images of [false, true]) {
    const label = `images ${images ? 'on' : 'off'}`;
    const { figures: stepFigures, best } = await ramp(images);
    figures.push(...stepFigures);
    figures.push(
      {
        area: AREA,
        name: `${label}: highest decisions/s within the aims, one core`,
        value: best?.rate ?? 0,
        unit: '/s',
      },
      {
        area: AREA,
        name: `${label}: concurrent matches one core holds (at ${pace} decisions/s each)`,
        value: Math.floor((best?.rate ?? 0) / pace),
        unit: 'matches',
      },
    );
  }
  say(`load average at the end ${load()}`);
  return figures;
}
