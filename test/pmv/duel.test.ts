// Phantom Magic Vision through /duel on the fake Discord: a challenge, every decision answered through the bot's
// controls by random play, boards and hands drawn, to the end of the match.
import { expect } from 'vitest';
import { pmv } from '../../src/engine/games/pmv/index.ts';
import type { PmvState } from '../../src/engine/games/pmv/state.ts';
import { current, playRandomly } from '../bot/bot-harness.ts';
import { describeDuel } from '../support/duel-suite.ts';

const seen = { attack: false, nested: false, graze: false };
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
        if (s.interferences.length > 1) seen.nested = true;
        if (pmv.pending(s)?.kind === 'graze') seen.graze = true;
      },
    }),
  after: () => {
    expect(seen.attack).toBe(true);
    expect(seen.graze).toBe(true);
    // The harness seeds matches deterministically: this match holds a nested interference (§1.12.7) too.
    expect(seen.nested).toBe(true);
  },
});
