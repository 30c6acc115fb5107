// Round trips through the local fake Discord with the real discord.js client:
// driver sends an interaction → bot answers over REST → driver sees the acknowledgement and message.
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { FakeDiscord } from '../src/devtools/fake-discord/index.ts';
import { latencyFigures, measureBotLatency } from './bot-latency.ts';
import { type BenchFigure, percentiles } from './figure.ts';

const ROUND_TRIPS = 300;

async function timed(times: number, run: () => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples;
}

export async function bench(): Promise<BenchFigure[]> {
  const discord = await FakeDiscord.start();
  const alice = discord.createUser('alice');
  const guild = discord.createGuild('Bench', { members: [alice] });
  // @discordjs/rest throttles itself to 50 requests/s (it exempts only interaction callbacks, not
  // webhook edits); lift that so the deferred figure measures the fake, not the client's throttle.
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: { api: discord.restUrl, globalRequestsPerSecond: 100_000 },
  });
  client.on(Events.InteractionCreate, async (interaction) => {
    if (interaction.isChatInputCommand()) {
      if (interaction.commandName === 'ping') {
        await interaction.reply({
          content: 'pong',
          components: [{ type: 1, components: [{ type: 2, style: 1, custom_id: 'again', label: 'Again' }] }],
        });
      } else {
        await interaction.deferReply();
        await interaction.editReply('done');
      }
    } else if (interaction.isButton()) {
      await interaction.update({ content: 'updated' });
    }
  });
  const loginStart = performance.now();
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(discord.botToken);
  await ready;
  const loginMs = performance.now() - loginStart;
  await client.application?.commands.set([
    { name: 'ping', description: 'Ping' },
    { name: 'slow', description: 'Deferred' },
  ]);
  const channel = guild.channel();

  // Warm up JIT and connection pools before measuring.
  await timed(30, async () => {
    await alice.slash('ping');
  });
  const reply = await timed(ROUND_TRIPS, async () => {
    const outcome = await alice.slash('ping');
    if (outcome.reply()?.content !== 'pong') throw new Error('bench: reply missing');
  });
  const message = alice.lastMessage(channel);
  const update = await timed(ROUND_TRIPS, async () => {
    await alice.click(message, 'again');
  });
  const deferred = await timed(ROUND_TRIPS, async () => {
    const outcome = await alice.slash('slow');
    await outcome.settled();
  });

  await client.destroy();
  await discord.close();
  const figures = (name: string, samples: number[]): BenchFigure[] => {
    const { p50, p99 } = percentiles(samples);
    return [
      { area: 'fake-discord', name: `${name} p50`, value: p50, unit: 'ms' },
      { area: 'fake-discord', name: `${name} p99`, value: p99, unit: 'ms' },
    ];
  };
  // The real bot under load (bench/bot-latency.ts): 50 NOVA matches at once, without and with images.
  const matches = Number(process.env.BENCH_MATCHES ?? 50);
  const decisionsPerMatch = Number(process.env.BENCH_DECISIONS ?? 20);
  const thinkMs = Number(process.env.BENCH_THINK_MS ?? 1000);
  const load: BenchFigure[] = [];
  for (const images of [false, true]) {
    const result = await measureBotLatency({ matches, decisionsPerMatch, thinkMs, images });
    const label = `${matches} NOVA matches, think ${thinkMs} ms, images ${images ? 'on' : 'off'}`;
    load.push(...latencyFigures(label, result));
  }
  return [
    ...load,
    { area: 'fake-discord', name: 'login to ready (real discord.js client)', value: loginMs, unit: 'ms' },
    ...figures(`slash → reply round trip (${ROUND_TRIPS}x)`, reply),
    ...figures(`button → update round trip (${ROUND_TRIPS}x)`, update),
    ...figures(`slash → defer → edit settled (${ROUND_TRIPS}x)`, deferred),
  ];
}
