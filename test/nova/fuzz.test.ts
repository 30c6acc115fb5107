import { describe, expect, it } from 'vitest';
import { fuzzGame } from '../../src/engine/fuzz/random-play.ts';
import { nova } from '../../src/engine/games/nova/index.ts';
import { gamePrecons, preconDeckList } from '../../src/engine/precons.ts';

const precons = gamePrecons('nova');
if (precons.length < 2) throw new Error('NOVA preconstructed decks are missing');

describe('NOVA random legal play (property test)', () => {
  // Each game checks, after every decision: invariants, at least one option, no hidden object in p1/p2/spectator
  // views (ids and identities); every 97th, the search hooks (determinisation seen from each seat, evaluation); and at
  // the end that replaying the decisions reproduces the final state hash.
  for (let i = 0; i < 12; i++) {
    it(`game ${i} runs clean`, () => {
      // Every ordered pair of decks in turn, so every card in a precon is played somewhere.
      const a = precons[i % precons.length] as (typeof precons)[number];
      const b = precons[(i + 1 + Math.floor(i / precons.length)) % precons.length] as (typeof precons)[number];
      const decks = { p1: preconDeckList(a), p2: preconDeckList(b) };
      const r = fuzzGame(nova, { game: 'nova', decks }, `test-${i}`, {
        checkViews: true,
        checkSearchEvery: 97,
        maxDecisions: 20_000,
        activity: 0.7,
      });
      expect(r.failures).toEqual([]);
      expect(r.finished).toBe(true);
      // Random play also floats energy at priority since rules version 5 (NOVA 801.6.3.1), which makes games about
      // twice as long; a loaded machine needs more than the default 30 s for the longest.
    }, 90_000);
  }
});
