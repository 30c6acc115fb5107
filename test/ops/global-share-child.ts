// One process of a bot token for test/ops/global-share.test.ts: the bot's REST manager (src/bot/rest.ts), with its
// shard's share of the token's global limit LIMIT (SHARE=on, as createBot gives it) or all of it (SHARE=off),
// asking for channels as fast as it may for DURATION_MS; prints what it sent and what failed.
import { Routes } from 'discord.js';
import { InteractionAwareRest } from '../../src/bot/rest.ts';
import { globalShare, shareGlobalLimit } from '../../src/ops/global-share.ts';

const env = process.env;
const limit = Number(env.LIMIT);
const rest = new InteractionAwareRest({ api: env.REST_URL ?? '', globalRequestsPerSecond: limit }, () => null);
rest.setToken(env.TOKEN ?? '');
if (env.SHARE === 'on') {
  const running = { ids: [Number(env.SHARD)], count: Number(env.SHARDS) };
  shareGlobalLimit(rest, globalShare(limit, running));
}
const until = Date.now() + Number(env.DURATION_MS ?? 2_000);
let sent = 0;
let failed = 0;
// One loop per channel: discord.js sends one request at a time per route and channel, so several channels keep
// several requests in flight, more than the limit allows.
await Promise.all(
  (env.CHANNELS ?? '').split(',').map(async (channelId) => {
    while (Date.now() < until) {
      try {
        await rest.get(Routes.channel(channelId));
        sent += 1;
      } catch {
        failed += 1;
      }
    }
  }),
);
process.stdout.write(`${JSON.stringify({ sent, failed })}\n`);
process.exit(0);
