// An edit of a player's ephemeral that shows the same hand picture keeps its file by id instead of uploading it again
// (issue 26 item 8: fewer uploads on the hand's path; boards do the same, board-image-edit.test.ts). The picture must
// still be shown inside the embed, never listed as a separate file, and a changed picture is uploaded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageView } from '../../src/devtools/fake-discord/index.ts';
import { messagePayload } from '../../src/devtools/fake-discord/payloads.ts';
import {
  type BotHarness,
  challengeAndAccept,
  current,
  openHand,
  refreshed,
  startBotHarness,
  thread,
  userFor,
} from './bot-harness.ts';

let h: BotHarness;
let uploads = 0;
beforeAll(async () => {
  // A tiny stand-in picture per model (its text), so the test spends no time drawing; equal models, equal bytes.
  h = await startBotHarness({
    mentions: false,
    images: async (_kind, _model, json) => {
      uploads += 1;
      return Buffer.from(json ?? '');
    },
  });
});
afterAll(async () => {
  await h?.close();
});

function shown(matchId: string, message: MessageView) {
  const record = h.discord.store.message(thread(h, matchId).channelId, message.id);
  const payload = messagePayload(h.discord.store, record, h.discord.baseUrl) as {
    embeds: { image?: { url: string } }[];
    attachments: { filename: string }[];
  };
  const url = payload.embeds[0]?.image?.url ?? null;
  return {
    attachmentId: url ? (/\/attachments\/\d+\/(\d+)\//.exec(url)?.[1] ?? null) : null,
    listed: payload.attachments.map((a) => a.filename),
  };
}

describe('the hand picture on ephemeral edits', () => {
  it('an edit while the owner still decides keeps the same picture by id; a new picture is uploaded', async () => {
    const matchId = await challengeAndAccept(h);
    // Answer the first option until a priority decision, whose ephemeral has "Hold priority".
    let found: { user: ReturnType<typeof userFor>; hand: MessageView; toggle: string } | null = null;
    for (let i = 0; i < 30 && !found; i++) {
      const seat = current(h, matchId).pendingSeat;
      if (!seat) break;
      const user = userFor(h, seat);
      const hand = await openHand(h, user, matchId);
      const toggle = hand.buttons.find((b) => b.customId?.startsWith('x:') && b.customId.endsWith(':h'))?.customId;
      if (toggle) found = { user, hand, toggle };
      else {
        const option = hand.buttons.find((b) => b.customId?.startsWith('a:') && !b.disabled)?.customId;
        if (!option) throw new Error('no option to answer');
        await user.click(hand, option);
        await h.bot.idle();
      }
    }
    if (!found) throw new Error('no priority decision reached');
    const { user, hand, toggle } = found;
    const seat = current(h, matchId).pendingSeat;
    const first = shown(matchId, hand);
    expect(first.attachmentId).not.toBeNull();
    // "Hold priority" edits this ephemeral while its owner still decides: the same hand, the same picture.
    await user.click(hand, toggle);
    await h.bot.idle();
    const after = shown(matchId, refreshed(user, hand));
    expect(current(h, matchId).pendingSeat).toBe(seat);
    expect(after.attachmentId).toBe(first.attachmentId);
    expect(after.listed).toEqual([]);
    // A new "My hand / act" is a new message: its own upload of the picture.
    const again = await openHand(h, user, matchId);
    const second = shown(matchId, again);
    expect(second.attachmentId).not.toBeNull();
    expect(second.attachmentId).not.toBe(first.attachmentId);
    expect(second.listed).toEqual([]);
    expect(uploads).toBeGreaterThan(0);
  });
});
