// Discord allows about 5 posts/edits per channel every 5 s. The board updater keeps under the channel limit, and a
// burst of decisions ends in one edit showing the latest state (here with a limit of 2 per second, to be quick).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicBoard, seatNames } from '../../src/bot/presenter.ts';
import { decisionIdFor } from '../../src/engine/core/decision.ts';
import { seedRng } from '../../src/engine/core/rng.ts';
import { randomResponse } from '../../src/engine/fuzz/random-play.ts';
import { gameModule } from '../../src/engine/registry.ts';
import { type BotHarness, challengeAndAccept, latestBoard, startBotHarness } from './bot-harness.ts';

const LIMIT = { requests: 2, windowMs: 1_000 };
let h: BotHarness;

beforeAll(async () => {
  h = await startBotHarness({ boardChannelLimit: LIMIT, mentions: false });
});
afterAll(async () => {
  await h?.close();
});

describe('board pacing per channel', () => {
  it('a burst of decisions stays within the channel limit and ends in one board of the latest state', async () => {
    const matchId = await challengeAndAccept(h);
    await h.bot.idle();
    const sent: number[] = [];
    h.discord.events.on('message', (event) => {
      if (event.channelId === matchId && event.kind !== 'delete' && event.message.visibleTo === null) {
        sent.push(performance.now());
      }
    });
    const game = gameModule('nova');
    let rng = seedRng('burst');
    const updates: Promise<void>[] = [];
    for (let i = 0; i < 12; i++) {
      const state = h.bot.store.matches.currentState(matchId);
      const pending = game.pending(state);
      if (!pending) break;
      const [response, next] = randomResponse(pending, rng, 0.3);
      rng = next;
      h.bot.store.matches.commitDecision(matchId, pending.player, {
        ...response,
        decisionId: decisionIdFor(state.version),
      });
      updates.push(h.bot.context.boards.request(matchId));
      await new Promise((resolve) => setTimeout(resolve, 100)); // a decision every 100 ms: faster than the limit
    }
    await Promise.all(updates);
    await h.bot.idle();

    // Never more than LIMIT.requests in any window (a little slack for the loopback's jitter).
    for (let i = LIMIT.requests; i < sent.length; i++) {
      expect((sent[i] as number) - (sent[i - LIMIT.requests] as number)).toBeGreaterThan(LIMIT.windowMs - 100);
    }
    // Twelve requests over 1.2 s, coalesced into what the limit allows (plus any buttons of previous boards).
    expect(sent.length).toBeGreaterThan(LIMIT.requests);
    expect(sent.length).toBeLessThanOrEqual(8);
    const row = h.bot.store.matches.match(matchId);
    if (!row) throw new Error('no match');
    const state = h.bot.store.matches.currentState(matchId);
    const expected = await publicBoard(h.bot.context, row, game, state, await seatNames(h.bot.context, row), 'en');
    expect(expected.embeds[0]?.data.description).toContain('**Decision**');
    expect(latestBoard(h, h.carol, matchId).embeds[0]?.description).toBe(expected.embeds[0]?.data.description);
  });
});
