// A choose-N decision (NOVA 407.4: discard down to 7) answered through its select menu, end to end. The match
// seed and the random policy are fixed so that a discard comes up after a known number of decisions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageView } from '../../src/devtools/fake-discord/index.ts';
import { seedRng } from '../../src/engine/core/rng.ts';
import { randomResponse } from '../../src/engine/fuzz/random-play.ts';
import { gameModule } from '../../src/engine/registry.ts';
import { type BotHarness, challengeAndAccept, openHand, refreshed, startBotHarness, userFor } from './bot-harness.ts';

let h: BotHarness;

beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Finds the button for `customId` on the ephemeral, turning pages if needed. */
async function findButton(user: ReturnType<typeof userFor>, hand: MessageView, customId: string): Promise<MessageView> {
  let view = hand;
  for (let i = 0; i < 5; i++) {
    if (view.buttons.some((b) => b.customId === customId)) return view;
    const next = view.buttons.find((b) => b.customId?.startsWith('p:') && !b.disabled && b.label.includes('▶'));
    if (!next?.customId) break;
    await user.click(view, next.customId);
    await h.bot.idle();
    view = refreshed(user, view);
  }
  throw new Error(`no button ${customId}`);
}

describe('multi-choice decisions', () => {
  it('discard 2 of 9 through a select menu with min = max = 2', async () => {
    const matchId = await challengeAndAccept(h);
    let rng = seedRng('pick-62');
    const game = gameModule('nova');
    for (let n = 0; n < 200; n++) {
      const state = h.bot.store.matches.currentState(matchId);
      const pending = game.pending(state);
      if (!pending) throw new Error('the match ended before a discard');
      const user = userFor(h, pending.player);
      const hand = await openHand(h, user, matchId);
      const [response, next] = randomResponse(pending, rng, 0.7);
      rng = next;
      if (pending.kind === 'discard') {
        const select = hand.selects[0];
        expect(select?.options).toHaveLength(pending.options.length);
        const before = h.bot.store.matches.match(matchId)?.decisionCount ?? 0;
        await user.select(hand, select?.customId as string, response.choose);
        await h.bot.idle();
        expect(h.bot.store.matches.match(matchId)?.decisionCount).toBe(before + 1);
        const after = game.view(h.bot.store.matches.currentState(matchId), { kind: 'player', seat: pending.player });
        expect(
          (after as { players: Record<string, { counts: { hand: number } }> }).players[pending.player]?.counts.hand,
        ).toBe(7);
        return;
      }
      const id = `a:${matchId}:${state.version}:${response.choose[0]}`;
      const page = await findButton(user, hand, id);
      await user.click(page, id);
      await h.bot.idle();
    }
    throw new Error('no discard within 200 decisions');
  });
});
