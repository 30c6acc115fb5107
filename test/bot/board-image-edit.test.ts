// The board's "same image" edit (issue 23, item 2). Discord resolves an embed's attachment://board.png against the
// files the request uploads or keeps by id, shows that file inside the embed and leaves it out of `attachments`. An
// edit that re-sends attachment://board.png naming no file leaves the reference unresolved and the old file listed on
// its own (reported as the image shown twice, discord-api-docs#5675): the board must keep its file by id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagePayload } from '../../src/devtools/fake-discord/payloads.ts';
import {
  type BotHarness,
  challengeAndAccept,
  current,
  latestBoard,
  openHand,
  refreshed,
  startBotHarness,
  thread,
} from './bot-harness.ts';

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness({ images: true, mentions: false });
});
afterAll(async () => {
  await h?.close();
});

/** The board as Discord answers it to the bot (REST shape): its embeds and its listed attachments. */
function asSent(matchId: string, messageId: string) {
  const record = h.discord.store.message(thread(h, matchId).channelId, messageId);
  const payload = messagePayload(h.discord.store, record, h.discord.baseUrl) as {
    embeds: { image?: { url: string } }[];
    attachments: { filename: string }[];
  };
  return { imageUrl: payload.embeds[0]?.image?.url ?? null, listed: payload.attachments.map((a) => a.filename) };
}

describe('the board keeps an unchanged image by id', () => {
  it('every board shows its image in the embed, never as a separate file, also after a same-image edit', async () => {
    const matchId = await challengeAndAccept(h);
    let sameImageEdits = 0;
    for (let i = 0; i < 10; i++) {
      const seat = current(h, matchId).pendingSeat;
      if (!seat) break;
      const user = seat === 'p1' ? h.alice : h.bob;
      const hand = refreshed(user, await openHand(h, user, matchId));
      const options = hand.buttons.filter((b) => b.customId?.startsWith('a:') && !b.disabled);
      const pass = options.find((b) => /pass|パス/i.test(b.label)) ?? options[0];
      const before = latestBoard(h, h.carol, matchId);
      await user.click(hand, pass?.customId as string);
      await h.bot.idle();
      const board = latestBoard(h, h.carol, matchId);
      const file = board.attachments.find((a) => a.filename === 'board.png');
      if (board.id === before.id && file && before.attachments[0]?.id === file.id) sameImageEdits += 1;
      const sent = asSent(matchId, board.id);
      expect(sent.listed).toEqual([]);
      expect(sent.imageUrl).toMatch(/\/attachments\/\d+\/\d+\/board\.png\?/);
    }
    // The path under test ran: at least one edit kept the file instead of uploading it again.
    expect(sameImageEdits).toBeGreaterThan(0);
  });
});
