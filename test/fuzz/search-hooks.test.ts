// Every engine's search hooks (determinize, evaluate) checked during random play, for each game in the registry:
// a determinised world looks the same to its seat, keeps the invariants, and evaluate is antisymmetric in [-1, 1].
import { describe, expect, it } from 'vitest';
import { fuzzGame } from '../../src/engine/fuzz/random-play.ts';
import { gamePrecons, preconDeckList } from '../../src/engine/precons.ts';
import { GAMES } from '../../src/engine/registry.ts';

const searched = GAMES.playableGames().filter((g) => g.play.module.search);

describe('search hooks during random play', () => {
  it('covers every game that has them (all five engines)', () => {
    expect(searched.map((g) => g.id).sort()).toEqual(['aqa', 'fow', 'mtg', 'nova', 'pmv']);
  });
  for (const game of searched) {
    it(`${game.id}: determinised worlds look the same to their seat and keep the invariants`, () => {
      const decks = gamePrecons(game.id).map(preconDeckList);
      for (let i = 0; i < 2; i++) {
        const p1 = decks[i % decks.length];
        const p2 = decks[(i + 1) % decks.length];
        if (!p1 || !p2) throw new Error(`${game.id} has no precons`);
        const result = fuzzGame(game.play.module, { game: game.id, decks: { p1, p2 } }, `search-hooks-${i}`, {
          checkViews: false,
          maxDecisions: 800,
          activity: 0.7,
          checkSearchEvery: 11,
        });
        expect(result.failures).toEqual([]);
      }
    }, 120_000);
  }
});
