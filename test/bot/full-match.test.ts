// A NOVA match played to its natural end through the ephemeral controls only (random legal options, biased
// towards doing something), with a short starting life so it ends in a few hundred decisions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BotHarness,
  challengeAndAccept,
  playRandomly,
  startBotHarness,
  thread,
  usedControls,
} from './bot-harness.ts';

let h: BotHarness;

beforeAll(async () => {
  h = await startBotHarness({ matchOptions: { startingLife: 400 } });
});
afterAll(async () => {
  await h?.close();
});

describe('a whole match', () => {
  it('a match played to its end through the controls posts the result and removes the hand button', async () => {
    const matchId = await challengeAndAccept(h);
    const started = performance.now();
    const decisions = await playRandomly(h, matchId, { seed: 21, stop: (_turn, n) => n >= 1500, activity: 85 });
    const row = h.bot.store.matches.match(matchId);
    console.log(
      `full match: ${decisions} decisions in ${(performance.now() - started).toFixed(0)} ms, ${row?.status}; controls used: ${JSON.stringify([...usedControls])}`,
    );
    expect(row?.status).toBe('finished');
    const transcript = h.carol.read(thread(h, matchId));
    expect(transcript).toMatch(/Result: (alice wins|bob wins|Draw)/);
    const last = h.carol
      .messages(thread(h, matchId))
      .filter((m) => m.embeds[0]?.title?.includes('NOVA'))
      .at(-1);
    expect(last?.buttons ?? []).toEqual([]);
  }, 60_000);
});
