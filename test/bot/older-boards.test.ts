// Issue 26 item 6: a new board is posted every turn, so the thread became a scroll of boards. When a newer board
// replaces one, the older one shrinks to a one-line summary (its turn and the lives), without embed, image or button,
// by the edit that used to remove only its button (so no request is added and the pacing is the same).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BotHarness,
  challengeAndAccept,
  latestBoard,
  playRandomly,
  startBotHarness,
  thread,
} from './bot-harness.ts';

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness({ images: true });
});
afterAll(async () => {
  await h?.close();
});

describe('older boards', () => {
  it('shrink to one line when a newer board is posted; only the newest is a board', async () => {
    const matchId = await challengeAndAccept(h);
    await playRandomly(h, matchId, { seed: 7, stop: (turn) => turn >= 4 });
    await h.bot.idle();
    const messages = h.carol.messages(thread(h, matchId)).filter((m) => !m.ephemeral);
    const boards = messages.filter((m) => m.embeds.some((e) => e.fields.some((f) => f.name === 'Log')));
    const older = messages.filter((m) => /an older board/.test(m.content));
    // Only the newest board is still a board, and it keeps its buttons and picture.
    expect(boards.map((m) => m.id)).toEqual([latestBoard(h, h.carol, matchId).id]);
    expect(boards[0]?.embeds[0]?.image).toMatch(/board\.png/);
    // Every older one is a line: its turn and each player's life, nothing else.
    expect(older.length).toBeGreaterThanOrEqual(3);
    for (const m of older) {
      expect(m.content).toMatch(/^Turn \d+ ended · alice Life \d+ · bob Life \d+ · an older board/);
      expect(m.embeds).toEqual([]);
      expect(m.buttons).toEqual([]);
      expect(m.attachments).toEqual([]);
    }
  }, 120_000);
});
