// "Your decision" mentions (and the deletion of the one before) give way to boards (issue 26 item 8): at every
// hand-over they took a thread's pacing slots and the global bucket, and new turns' boards waited for them (50 matches
// with images: board p99 1.4-2.4 s with mentions, 128 ms without). A mention takes a slot only when one is left for
// the next board, and one replaced before it found room is never sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BotHarness, startBotHarness } from './bot-harness.ts';

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness({ boardChannelLimit: { requests: 3, windowMs: 60_000 } });
});
afterAll(async () => {
  await h?.close();
});

const settled = async <T>(p: Promise<T>, ms = 150): Promise<T | 'pending'> =>
  Promise.race([p, new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms))]);

describe('requests that give way to boards', () => {
  it('wait while only the next board has room, and stop when no longer wanted; the board still gets its slot', async () => {
    const boards = h.bot.context.boards;
    const channel = 'thread-under-test';
    await boards.pacedSlot(channel);
    // Two of three slots left: a mention may take one (one stays for the board).
    expect(await settled(boards.spareSlot(channel, 'm1', () => true))).toBe(true);
    // One left: the mention waits; the board takes it at once.
    let wanted = true;
    const mention = boards.spareSlot(channel, 'm1', () => wanted);
    expect(await settled(mention)).toBe('pending');
    expect(await settled(boards.pacedSlot(channel).then(() => 'board'))).toBe('board');
    // The decision changed hands again: the waiting mention gives up without taking anything.
    wanted = false;
    expect(await settled(mention, 500)).toBe(false);
  });
});
