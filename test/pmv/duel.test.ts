// Phantom Magic Vision through /duel on the fake Discord: a challenge, every decision answered through the bot's
// controls by random play, boards and hands drawn, to the end of the match.
import { expect } from 'vitest';
import { pmv } from '../../src/engine/games/pmv/index.ts';
import type { PmvState } from '../../src/engine/games/pmv/state.ts';
import { current, playRandomly } from '../bot/bot-harness.ts';
import { describeDuel } from '../support/duel-suite.ts';

const seen = { attack: false, graze: false };
describeDuel({
  game: 'pmv',
  title: 'Phantom Magic Vision',
  it: 'offers Phantom Magic Vision in /duel and plays a match to its end through the controls',
  play: (h, matchId) =>
    playRandomly(h, matchId, {
      seed: 11,
      stop: (_turn, n) => n >= 4000,
      activity: 85,
      afterEach: () => {
        const { state } = current(h, matchId);
        const s = state as PmvState;
        if (s.interferences.some((i) => i.attack)) seen.attack = true;
        if (pmv.pending(s)?.kind === 'graze') seen.graze = true;
      },
    }),
  after: () => {
    expect(seen.attack).toBe(true);
    expect(seen.graze).toBe(true);
    // A nested interference (§1.12.7) is not asserted here: with stop 25's precons no random match of seeds 1-34
    // reached one through the controls (7 in 40 engine games do); test/sandbox/pmv.test.ts steers to one (an attack
    // caused by Spirit Duel Edict) through the same bot and asserts it.
  },
});
