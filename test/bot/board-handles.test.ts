// Board handles (src/bot/board.ts): a click on the board's "My hand / act" is acknowledged as a deferred update, so
// its token edits the board afterwards, outside the bot's global and per-channel limits. These tests watch which
// route each board request took (the bot's REST responses) and that the board shows the new state either way.
import { RESTEvents } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeUser, ManualClock, type MessageView } from '../../src/devtools/fake-discord/index.ts';
import type { Seat } from '../../src/engine/core/game.ts';
import {
  type BotHarness,
  challengeAndAccept,
  current,
  latestBoard,
  playRandomly,
  startBotHarness,
  thread,
  userFor,
} from './bot-harness.ts';

interface Sent {
  method: string;
  path: string;
}

/** Every REST request the bot made while `run` ran (method and full path, tokens included). */
async function requestsDuring(h: BotHarness, run: () => Promise<void>): Promise<Sent[]> {
  const sent: Sent[] = [];
  const listener = (request: { method: string; path: string }) =>
    sent.push({ method: request.method, path: request.path });
  h.bot.client.rest.on(RESTEvents.Response, listener);
  try {
    await run();
    await h.bot.idle();
  } finally {
    h.bot.client.rest.off(RESTEvents.Response, listener);
  }
  return sent;
}

/** Opens the deciding player's hand through the latest board; returns the player, the click and its ephemeral. */
async function openDecidersHand(h: BotHarness, matchId: string) {
  const seat = current(h, matchId).pendingSeat as Seat;
  const user = userFor(h, seat);
  const board = latestBoard(h, user, matchId);
  const click = await user.click(board, `h:${matchId}`);
  await h.bot.idle();
  const hand = click.answer();
  if (!hand) throw new Error('the hand button opened nothing');
  return { user, board, token: click.record.token, hand };
}

/** Answers the ephemeral's first option (a button), or its first select's first value. */
async function decide(user: FakeUser, hand: MessageView): Promise<void> {
  const option = hand.buttons.find((b) => b.customId?.startsWith('a:'))?.customId;
  if (option) {
    await user.click(hand, option);
    return;
  }
  const select = hand.selects[0];
  if (!select) throw new Error('no control on the ephemeral');
  await user.select(hand, select.customId, [select.options[0]?.value as string]);
}

const channelRequests = (sent: Sent[], channelId: string) =>
  sent.filter((r) => r.path.startsWith(`/channels/${channelId}/messages`));
const throughToken = (sent: Sent[], token: string) =>
  sent.filter((r) => r.method === 'PATCH' && decodeURIComponent(r.path).endsWith(`/${token}/messages/@original`));

function expectBoardShowsPending(h: BotHarness, matchId: string): void {
  const pending = current(h, matchId).pendingSeat;
  const board = latestBoard(h, h.carol, matchId);
  if (pending) expect(board.embeds[0]?.description).toContain(pending === 'p1' ? 'alice' : 'bob');
}

/**
 * One decision that keeps the board (a new turn posts another): opens the decider's hand, runs `before` with the
 * click's token, answers, and returns what the bot sent meanwhile and how long it took. The board shows the new
 * state after every decision tried.
 */
async function decisionOnSameBoard(h: BotHarness, matchId: string, before: (token: string) => void = () => {}) {
  for (let i = 0; i < 12; i++) {
    const { user, board, token, hand } = await openDecidersHand(h, matchId);
    before(token);
    const started = performance.now();
    const sent = await requestsDuring(h, () => decide(user, hand));
    const tookMs = performance.now() - started;
    expectBoardShowsPending(h, matchId);
    if (latestBoard(h, h.carol, matchId).id === board.id) return { sent, token, tookMs };
  }
  throw new Error('every decision ended a turn');
}

describe('board handles', () => {
  let h: BotHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it("an option click's board goes through the 'My hand' click's token: no channel request for the edit", async () => {
    h = await startBotHarness({ mentions: false, matchOptions: { startingLife: 400 } });
    const matchId = await challengeAndAccept(h);
    const where = thread(h, matchId).id;
    let checked = 0;
    for (let i = 0; i < 12 && checked < 4; i++) {
      const { user, board, token, hand } = await openDecidersHand(h, matchId);
      const turnBefore = current(h, matchId).state.version;
      const sent = await requestsDuring(h, async () => {
        await decide(user, hand);
      });
      expect(current(h, matchId).state.version).toBeGreaterThan(turnBefore);
      expectBoardShowsPending(h, matchId);
      if (latestBoard(h, h.carol, matchId).id !== board.id) continue; // a new turn: a new board was posted
      checked += 1;
      expect(throughToken(sent, token)).toHaveLength(1);
      expect(channelRequests(sent, where)).toEqual([]);
    }
    expect(checked).toBeGreaterThan(0);
  }, 60_000);

  it("a new turn's board is posted in the channel; the old board loses its button through its own token", async () => {
    h = await startBotHarness({ mentions: false, matchOptions: { startingLife: 400 } });
    const matchId = await challengeAndAccept(h);
    const where = thread(h, matchId).id;
    for (let i = 0; i < 60; i++) {
      const { user, board, token, hand } = await openDecidersHand(h, matchId);
      const sent = await requestsDuring(h, async () => {
        await decide(user, hand);
      });
      if (latestBoard(h, h.carol, matchId).id === board.id) continue;
      expect(channelRequests(sent, where).map((r) => r.method)).toEqual(['POST']);
      expect(throughToken(sent, token)).toHaveLength(1);
      const old = h.carol.messages(thread(h, matchId)).find((m) => m.id === board.id);
      expect(old?.buttons).toEqual([]);
      expectBoardShowsPending(h, matchId);
      return;
    }
    throw new Error('no turn ended in 60 decisions');
  }, 60_000);

  it('a handle is not used near the end of its 15 minutes: the board goes through the channel', async () => {
    let now = Date.now();
    h = await startBotHarness({ mentions: false, matchOptions: { startingLife: 400 }, now: () => now });
    const matchId = await challengeAndAccept(h);
    const where = thread(h, matchId).id;
    const { sent, token } = await decisionOnSameBoard(h, matchId, () => {
      now += 14 * 60_000 + 1_000;
    });
    expect(throughToken(sent, token)).toEqual([]);
    expect(channelRequests(sent, where).map((r) => r.method)).toEqual(['PATCH']);
  }, 60_000);

  it("a rate limit on the click's token does not hold the board: it goes through the channel at once", async () => {
    const harness = await startBotHarness({ mentions: false, matchOptions: { startingLife: 400 } });
    h = harness;
    const matchId = await challengeAndAccept(h);
    const where = thread(h, matchId).id;
    // Only this token's edits are limited (the option click's own ephemeral edit has another token).
    const limitToken = (token: string) =>
      harness.discord.rateLimit('PATCH', `/webhooks/:applicationId/${token}/messages/:messageId`, {
        times: 1,
        retryAfterSeconds: 5,
      });
    const { sent, token, tookMs } = await decisionOnSameBoard(h, matchId, limitToken);
    expect(throughToken(sent, token)).toHaveLength(1); // tried, answered 429
    expect(channelRequests(sent, where).map((r) => r.method)).toEqual(['PATCH']);
    expect(tookMs).toBeLessThan(4_000); // not the 5 s Discord asked to wait
  }, 60_000);

  it('a token Discord refuses (50027) falls back to the channel, and the board still lands', async () => {
    const clock = new ManualClock(Date.now());
    // The bot's own clock stands still, so it still trusts the handle that Discord has expired.
    const now = Date.now();
    h = await startBotHarness({
      mentions: false,
      matchOptions: { startingLife: 400 },
      now: () => now,
      discordClock: clock,
    });
    const matchId = await challengeAndAccept(h);
    const where = thread(h, matchId).id;
    await playRandomly(h, matchId, { seed: 4, stop: (_turn, n) => n >= 1 });
    // The option click is new (its own token is fresh); the "My hand" click's token is then past 15 minutes.
    const { sent, token } = await decisionOnSameBoard(h, matchId, () => clock.advance(16 * 60_000));
    expect(throughToken(sent, token)).toHaveLength(1); // tried, refused
    expect(channelRequests(sent, where).map((r) => r.method)).toEqual(['PATCH']);
    expect(h.logs.some((line) => line.includes("through its click's token"))).toBe(true);
  }, 60_000);
});
