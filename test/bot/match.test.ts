// Two people play NOVA through the real bot and the real discord.js client against the fake Discord: challenge,
// accept in a thread, act only through their ephemeral controls, concede, result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from '../../src/devtools/fake-discord/index.ts';
import {
  actRandomly,
  type BotHarness,
  current,
  latestBoard,
  openHand,
  rng,
  startBotHarness,
  thread,
} from './bot-harness.ts';

let h: BotHarness;

beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

async function challengeAndAccept(): Promise<string> {
  const challenge = await h.alice.slash('duel challenge', { opponent: h.bob, game: 'nova' });
  expect(challenge.state).toBe('acknowledged');
  const message = challenge.reply();
  if (!message) throw new Error('no challenge message');
  const accept = message.buttons.find((b) => b.customId?.startsWith('c:accept:'))?.customId as string;
  // Someone else cannot accept for bob.
  const carolTry = await h.carol.click(message, accept);
  await h.bot.idle();
  expect(carolTry.reply()?.ephemeral).toBe(true);
  expect(carolTry.reply()?.content).toMatch(/Only bob can answer/);
  await h.bob.click(message, accept);
  await h.bot.idle();
  const matchId = message.id;
  expect(h.bot.store.matches.match(matchId)?.status).toBe('active');
  return matchId;
}

function userFor(seat: 'p1' | 'p2'): FakeUser {
  return seat === 'p1' ? h.alice : h.bob;
}

describe('a NOVA match in a thread', () => {
  it('challenge → accept → play through ephemeral controls → concede → result', async () => {
    const matchId = await challengeAndAccept();
    const board = latestBoard(h, h.carol, matchId);
    expect(board.embeds[0]?.title).toContain('alice vs bob');

    const pick = rng(7);
    let decisions = 0;
    while (decisions < 120) {
      const { state, pendingSeat } = current(h, matchId);
      if (state.result || !pendingSeat) break;
      if ((state as unknown as { turn: { number: number } }).turn.number >= 5) break;
      const user = userFor(pendingSeat);
      const hand = await openHand(h, user, matchId);
      expect(hand.ephemeral).toBe(true);
      const before = h.bot.store.matches.match(matchId)?.decisionCount ?? 0;
      expect(await actRandomly(h, user, hand, pick)).toBe(true);
      const after = h.bot.store.matches.match(matchId)?.decisionCount ?? 0;
      if (after > before) decisions += 1;
    }
    expect(decisions).toBeGreaterThan(5);

    const conceded = await h.alice.slash('concede', {}, { in: thread(h, matchId) });
    await h.bot.idle();
    expect(conceded.reply()?.ephemeral).toBe(true);
    expect(h.bot.store.matches.match(matchId)?.status).toBe('finished');
    const transcript = h.carol.read(thread(h, matchId));
    expect(transcript).toMatch(/Result: bob wins/);
  });
});
