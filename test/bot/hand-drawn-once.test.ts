// A hand picture is drawn only when what it shows changed (issue 26 item 8): its key is the hand model built from the
// owner's projection, in the owner's locale. Over a played stretch of a match, with the decision going back and forth,
// "My hand / act" clicked again without a change, and the ephemerals edited after each answer, no hand model reaches
// the renderer twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BotHarness, challengeAndAccept, current, openHand, startBotHarness, userFor } from './bot-harness.ts';

let h: BotHarness;
/** Every hand model the renderer was asked to draw, as its JSON. */
const drawnHands: string[] = [];
beforeAll(async () => {
  // A stand-in picture per model (its text), so the test spends no time drawing; equal models, equal bytes.
  h = await startBotHarness({
    mentions: false,
    images: async (kind, _model, json) => {
      if (kind === 'hand') drawnHands.push(json ?? '');
      return Buffer.from(json ?? '');
    },
  });
});
afterAll(async () => {
  await h?.close();
});

describe('hand pictures', () => {
  it('never draws an unchanged hand twice', async () => {
    const matchId = await challengeAndAccept(h);
    let answered = 0;
    for (let i = 0; i < 24; i++) {
      const seat = current(h, matchId).pendingSeat;
      if (!seat) break;
      const user = userFor(h, seat);
      const hand = await openHand(h, user, matchId);
      // The same hand asked for again: found drawn, not drawn again.
      const drawnBefore = drawnHands.length;
      const again = await openHand(h, user, matchId);
      expect(drawnHands.length).toBe(drawnBefore);
      const option = again.buttons.find((b) => b.customId?.startsWith('a:') && !b.disabled)?.customId;
      if (!option) break;
      await user.click(again, option);
      await h.bot.idle();
      answered += 1;
      expect(hand.embeds.length).toBeGreaterThan(0);
    }
    expect(answered).toBeGreaterThan(5);
    expect(drawnHands.length).toBeGreaterThan(2);
    const twice = drawnHands.filter((json, i) => drawnHands.indexOf(json) !== i);
    expect(twice).toEqual([]);
  });
});
