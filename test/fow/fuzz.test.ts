// Random legal Force of Will games with the precons, checking invariants, hidden identities and replay after every
// decision (the same checks as `npm run fuzz`).
import { describe, expect, it } from 'vitest';
import { fuzzGame } from '../../src/engine/fuzz/random-play.ts';
import { fow } from '../../src/engine/games/fow/index.ts';
import { gamePrecons, preconDeckList } from '../../src/engine/precons.ts';

const decks = gamePrecons('fow').map(preconDeckList);

describe('Force of Will fuzz', () => {
  it('has at least three precons', () => expect(decks.length).toBeGreaterThanOrEqual(3));
  for (let i = 0; i < 12; i++) {
    it(`game ${i} plays clean`, () => {
      const p1 = decks[i % decks.length];
      const p2 = decks[(i + 1) % decks.length];
      if (!p1 || !p2) throw new Error('no decks');
      const result = fuzzGame(fow, { game: 'fow', decks: { p1, p2 } }, `fow-test-${i}`, {
        checkViews: true,
        maxDecisions: 6000,
        activity: 0.7,
        checkSearchEvery: 97,
      });
      expect(result.failures).toEqual([]);
      expect(result.finished).toBe(true);
      // Games run to ~3,000 decisions with every check; 30 s was too short at load 15 (game 6, 33.8 s).
    }, 120_000);
  }
});
