import { describe, expect, it } from 'vitest';
import { fuzzGame } from '../../src/engine/fuzz/random-play.ts';
import { mtg } from '../../src/engine/games/mtg/index.ts';
import { DECKS, precon } from './helpers.ts';

describe('MTG random games (invariants, views, identity leaks)', () => {
  it('plays 20 random games between the precons without a failure', () => {
    let finished = 0;
    for (let i = 0; i < 20; i++) {
      const p1 = precon(DECKS[i % DECKS.length] ?? '');
      const p2 = precon(DECKS[(i + 1) % DECKS.length] ?? '');
      const r = fuzzGame(mtg, { game: 'mtg', decks: { p1, p2 } }, `mtg-${i}`, {
        checkViews: true,
        maxDecisions: 3000,
        activity: 0.7,
        checkSearchEvery: 25,
      });
      expect(r.failures.slice(0, 3)).toEqual([]);
      if (r.finished) finished += 1;
    }
    expect(finished).toBeGreaterThan(10);
    // Stage-B decks play longer games (about 1,400 decisions each): 20 of them need more than the default timeout.
  }, 180_000);
});
