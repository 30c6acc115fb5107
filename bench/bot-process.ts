// The bot for the latency bench, in its own process (as in production, apart from Discord): started by
// bench/bot-latency.ts with the fake Discord's address, it reports "ready" over IPC and stops on "stop".
import { createBot } from '../src/bot/create-bot.ts';

const env = process.env;
const bot = createBot({
  token: env.BENCH_TOKEN ?? '',
  restUrl: env.BENCH_REST_URL ?? '',
  dbPath: env.BENCH_DB ?? '',
  images: env.BENCH_IMAGES === 'on',
  registerCommands: true,
  challengeCooldownMs: 0,
  log: (message) => {
    if (env.BENCH_VERBOSE) console.warn(`[bot] ${message}`);
  },
  // discord.js keeps its default 50 requests/s client-side throttle unless told otherwise, like production.
  ...(env.BENCH_REST_PER_SECOND ? { rest: { globalRequestsPerSecond: Number(env.BENCH_REST_PER_SECOND) } } : {}),
});
await bot.start();
process.send?.('ready');
process.on('message', (message) => {
  if (message !== 'stop') return;
  void bot.stop().then(() => process.exit(0));
});
