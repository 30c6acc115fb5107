// What the bot keeps per match or channel does not grow with finished matches (issue 25 item 10; reliability review
// D11): board posts, board handles, the channel pacer, the turn notifier (players' ephemerals), discord.js's message
// caches of match threads and the fake Discord's interactions are held only for matches still going or for the last
// few minutes. The heap is measured after a full GC at each quarter, the fake Discord's share apart: it keeps every
// message, as Discord does, so the messages of finished threads are dropped from the fake before each measurement.
// discord.js's REST buckets are swept on real time (hourly), which the run compresses into minutes: the test runs that
// sweep itself before measuring. ARBITER_MATCHES=1000 runs the long version and prints the heap after each quarter.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InteractionAwareRest } from '../../src/bot/rest.ts';
import { ManualClock } from '../../src/devtools/fake-discord/clock.ts';
import {
  type BotHarness,
  challengeAndAccept,
  concedeConfirmed,
  LIFTED_CHANNEL_LIMIT,
  openHand,
  startBotHarness,
  thread,
} from './bot-harness.ts';

const MATCHES = Number(process.env.ARBITER_MATCHES ?? 120);
const MINUTE = 60_000;
/** Heap growth per finished match allowed over the second half of a long run (see the end of the test). */
const BOUND_KB_PER_MATCH = 8;

let h: BotHarness;
let now = Date.UTC(2026, 0, 1);
const clock = new ManualClock(now);
beforeAll(async () => {
  h = await startBotHarness({ now: () => now, discordClock: clock });
});
afterAll(async () => {
  await h?.close();
});

/** The bot's heap in MB: after discord.js's periodic REST sweep and without the fake's messages of ended matches. */
function botHeapMb(): number {
  const rest = h.bot.client.rest;
  // What @discordjs/rest's hourly handler sweep does (REST#setupSweepers): idle per-route queues go.
  for (const manager of rest instanceof InteractionAwareRest ? [rest, rest.interactions] : [rest]) {
    manager.handlers.sweep((handler) => handler.inactive);
  }
  for (const channelId of [...h.discord.store.messages.keys()]) {
    if (h.bot.store.matches.match(channelId)?.status === 'finished') h.discord.store.messages.delete(channelId);
  }
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

describe('per-match maps', () => {
  it(`stay bounded over ${MATCHES} finished matches`, async () => {
    const heap: number[] = [];
    for (let i = 1; i <= MATCHES; i++) {
      const matchId = await challengeAndAccept(h);
      // A click on the board leaves a board handle (its token edits the board for 14 minutes).
      await openHand(h, h.alice, matchId);
      await concedeConfirmed(h.alice, thread(h, matchId), () => h.bot.idle());
      expect(h.bot.store.matches.match(matchId)?.status).toBe('finished');
      if (i % 10 === 0) {
        // Ten matches every 16 minutes: handles and interaction tokens of earlier rounds have expired.
        now += 16 * MINUTE;
        clock.advance(16 * MINUTE);
      }
      if (i % Math.max(1, Math.floor(MATCHES / 4)) === 0) heap.push(botHeapMb());
    }
    // The second half: what fills up to a fixed size early (the gateway's replay history, the ended matches kept, the
    // fake's rate-limit buckets) is full by then, so what still grows is what grows per match.
    const perMatchKb = (((heap.at(-1) ?? 0) - (heap[1] ?? 0)) * 1024) / (MATCHES / 2);
    console.log(
      `bot heap after each quarter of ${MATCHES} matches: ${heap.map((m) => m.toFixed(1)).join(', ')} MB; ` +
        `${perMatchKb.toFixed(1)} KB per match over the second half`,
    );
    // Before the fixes it grew ~19 KB per finished match (players' ephemerals alone ~5 KB). What still grows is
    // discord.js's cache of match threads (~2 KB each: the fake archives idle threads only when they are next used,
    // so discord.js's hourly sweep of archived threads has nothing to take) and the bot's challenge expiry timers
    // (10 minutes of real time each). Too few matches measure noise, so the bound applies to the long run.
    if (MATCHES >= 500) expect(perMatchKb).toBeLessThan(BOUND_KB_PER_MATCH);
    // The channel pacer forgets a channel once it has been quiet for its window of real time (performance.now; the
    // harness's window, 1 s), at its next request: on a fast machine all 120 matches fit in one window. Let the window
    // pass, then play one more match so the pacer sweeps; what it still holds is bounded, however fast they came.
    await new Promise((resolve) => setTimeout(resolve, LIFTED_CHANNEL_LIMIT.windowMs + 100));
    const last = await challengeAndAccept(h);
    await concedeConfirmed(h.alice, thread(h, last), () => h.bot.idle());
    const held = h.bot.context.boards.held();
    expect(held).toMatchObject({ boards: 0, refused: 0, staleButtons: 0 });
    expect(held.handles).toBeLessThanOrEqual(10);
    expect(held.channels).toBeLessThanOrEqual(65);
    expect(h.bot.context.notifier.watching).toBe(0);
    // discord.js's own caches: a finished match's thread keeps no messages (about five each before).
    const threadMessages = [...h.bot.client.channels.cache.values()]
      .filter((channel) => channel.isThread())
      .reduce((n, channel) => n + channel.messages.cache.size, 0);
    expect(threadMessages).toBeLessThanOrEqual(10);
    expect(h.bot.store.matches.endedKept()).toBeLessThanOrEqual(32);
    expect(h.bot.store.matches.guildMatches(h.guild.id, 'active')).toEqual([]);
    // Five interactions a match (challenge, a refused accept, accept, hand, concede), of the last 16 minutes only.
    expect(h.discord.interactions.size).toBeLessThanOrEqual(50);
  }, 600_000);
});
