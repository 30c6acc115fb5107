// MTG through /duel on the fake Discord: a challenge, every decision answered through the bot's controls (picks,
// numbers, declarations, distributions) by random play, boards and hands drawn, to the end of the match.
import { expect } from 'vitest';
import { playRandomly, usedControls } from '../bot/bot-harness.ts';
import { describeDuel } from '../support/duel-suite.ts';

let declaredBefore = 0;
describeDuel({
  game: 'mtg',
  title: 'Magic: The Gathering',
  it: 'offers MTG in /duel and plays a match to its end through the controls',
  play: (h, matchId) => {
    declaredBefore = usedControls.get('f') ?? 0;
    return playRandomly(h, matchId, { seed: 5, stop: (_turn, n) => n >= 3000, activity: 85 });
  },
  // Attacks and blocks went through the declaration controls (select per slot, Done).
  after: () => expect(usedControls.get('f') ?? 0).toBeGreaterThan(declaredBefore),
  timeoutMs: 300_000,
});
