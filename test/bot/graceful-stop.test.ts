// A graceful stop drains work in flight before it closes the store (issue 25 item 7; reliability review D7): a click
// acknowledged just before `stop()` is committed, and its ephemeral and board are updated, with no "database
// connection is not open" in the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BotHarness,
  challengeAndAccept,
  current,
  openHand,
  refreshed,
  startBotHarness,
  userFor,
} from './bot-harness.ts';

let h: BotHarness;
beforeAll(async () => {
  // A slow renderer keeps the board update of a click in flight for a while after the click is acknowledged.
  const slowImages = async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return Buffer.from('not really a png');
  };
  h = await startBotHarness({ images: slowImages });
});
afterAll(async () => {
  await h?.close();
});

describe('stop()', () => {
  it('lets a click in flight finish before the store closes', async () => {
    const matchId = await challengeAndAccept(h);
    const { pendingSeat } = current(h, matchId);
    if (!pendingSeat) throw new Error('nobody to decide');
    const user = userFor(h, pendingSeat);
    const hand = await openHand(h, user, matchId);
    const option = hand.buttons.find((b) => b.customId?.startsWith('a:'))?.customId;
    if (!option) throw new Error('no option button');
    const before = h.bot.store.matches.match(matchId)?.decisionCount ?? 0;

    // Acknowledged (deferred) but not yet done: stop at once, with no idle() in between.
    await user.click(hand, option);
    const store = h.bot.store;
    await h.bot.stop();
    // Anything still running after stop() returned would fail now, against the closed store.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(h.logs.filter((l) => /not open/.test(l))).toEqual([]);
    // The store is closed now; what was committed is on disk.
    expect(store.db.open).toBe(false);
    await h.restart();
    expect(h.bot.store.matches.match(matchId)?.decisionCount).toBe(before + 1);
    // The clicker's ephemeral was edited past the old decision (no longer the same controls).
    expect(refreshed(user, hand).buttons.map((b) => b.customId)).not.toContain(option);
  });
});
