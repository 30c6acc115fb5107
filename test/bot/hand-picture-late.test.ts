// "My hand / act" under a busy render worker (issue 26 item 8): the hand and its controls go at once, without the
// picture, when the picture is not drawn within the wait; the picture is edited in when it comes, unless the message
// changed meanwhile (a click on it, or the match moving on), whose newer content it must never overwrite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageView } from '../../src/devtools/fake-discord/index.ts';
import type { Seat } from '../../src/engine/core/game.ts';
import {
  type BotHarness,
  challengeAndAccept,
  current,
  latestBoard,
  refreshed,
  startBotHarness,
  userFor,
} from './bot-harness.ts';

const WAIT_MS = 30;
/** Hand pictures take this long (boards are instant): a worker busy with 50 matches' boards. */
const HAND_DRAW_MS = 400;

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness({
    mentions: false,
    handPictureWaitMs: WAIT_MS,
    images: async (kind, _model, json) => {
      if (kind === 'hand') await new Promise((resolve) => setTimeout(resolve, HAND_DRAW_MS));
      return Buffer.from(json ?? '');
    },
  });
});
afterAll(async () => {
  await h?.close();
});

const pictureOf = (m: MessageView) => m.embeds[0]?.image ?? null;

describe('a hand picture drawn late', () => {
  it('the hand and its controls come first; a click before the picture wins; else the picture is edited in', async () => {
    const matchId = await challengeAndAccept(h);
    const open = async (seat: Seat) => {
      const user = userFor(h, seat);
      const started = performance.now();
      const opened = await user.click(latestBoard(h, user, matchId), `h:${matchId}`);
      await h.discord.until(() => opened.answer() !== undefined, 5_000, 'the hand');
      const hand = opened.answer() ?? expect.unreachable();
      // At once, with its controls and without the picture (a new hand: nothing cached to show).
      expect(performance.now() - started).toBeLessThan(HAND_DRAW_MS);
      expect(pictureOf(hand)).toBeNull();
      const option = hand.buttons.find((b) => b.customId?.startsWith('a:') && !b.disabled)?.customId;
      return { user, hand, option };
    };

    // 1. The player acts before the picture comes: their answer's edit stays, the late picture is dropped.
    const deciding = current(h, matchId).pendingSeat ?? expect.unreachable();
    const acting = await open(deciding);
    await acting.user.click(acting.hand, acting.option ?? expect.unreachable());
    await h.bot.idle();
    const answered = refreshed(acting.user, acting.hand);
    expect(answered.content).not.toBe(acting.hand.content);
    await new Promise((resolve) => setTimeout(resolve, HAND_DRAW_MS));
    await h.bot.idle();
    expect(refreshed(acting.user, acting.hand).content).toBe(answered.content);
    expect(refreshed(acting.user, acting.hand).buttons.map((b) => b.customId)).toEqual(
      answered.buttons.map((b) => b.customId),
    );

    // 2. Nobody touches the message: the picture is edited in, the rest as it was. (The other player: their hand
    // was never drawn, where the one who acted may have had theirs drawn by their answer's edit.)
    const looking = await open(deciding === 'p1' ? 'p2' : 'p1');
    await h.bot.idle();
    const later = refreshed(looking.user, looking.hand);
    expect(pictureOf(later)).toBe('attachment://hand.png');
    expect(later.content).toBe(looking.hand.content);
    expect(later.buttons.map((b) => b.customId)).toEqual(looking.hand.buttons.map((b) => b.customId));
  });
});
