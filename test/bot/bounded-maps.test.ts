// What the bot keeps per match or channel does not grow with finished matches (issue 25 item 10; reliability review
// D11): board posts, board handles, the channel pacer, the turn notifier, discord.js's message caches of match
// threads and the fake Discord's interactions are held
// only for matches still going or for the last few minutes. ARBITER_MATCHES=1000 runs the long version and prints the
// heap after each quarter (measured after a full GC).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/devtools/fake-discord/clock.ts';
import {
  type BotHarness,
  challengeAndAccept,
  concedeConfirmed,
  openHand,
  startBotHarness,
  thread,
} from './bot-harness.ts';

const MATCHES = Number(process.env.ARBITER_MATCHES ?? 120);
const MINUTE = 60_000;

let h: BotHarness;
let now = Date.UTC(2026, 0, 1);
const clock = new ManualClock(now);
beforeAll(async () => {
  h = await startBotHarness({ now: () => now, discordClock: clock });
});
afterAll(async () => {
  await h?.close();
});

function heapMb(): number {
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
      if (i % Math.max(1, Math.floor(MATCHES / 4)) === 0) heap.push(heapMb());
    }
    if (MATCHES >= 500)
      console.log(`heap after each quarter of ${MATCHES} matches: ${heap.map((m) => m.toFixed(1)).join(', ')} MB`);
    // The channel pacer forgets a channel once it has been quiet for its window of real time (5 s, performance.now),
    // at its next request: on a fast machine all 120 matches fit in one window. Let the window pass, then play one
    // more match so the pacer sweeps; what it still holds is bounded, however fast the matches came.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
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
