import { describe, expect, it } from 'vitest';
import { seededGames } from '../../src/engine/fuzz/seeded-games.ts';
import { GAMES } from '../../src/engine/registry.ts';

// The before/after proof of a speed change (`scripts/seeded.ts --game <id>`) is only worth something if the same
// seeds give the same lines: a game that read the clock or shared state between games would differ here.
describe('seeded games of every engine', () => {
  for (const { id, play } of GAMES.playableGames()) {
    it(`${id}: the same seeds give the same lines, and different seeds different games`, () => {
      const options = { seedPrefix: `${id}-t-`, maxDecisions: 150 };
      const first = seededGames(play.module, 2, options);
      expect(seededGames(play.module, 2, options)).toEqual(first);
      expect(first).toHaveLength(2);
      const [a, b] = first.map((line) => line.split(' '));
      expect(a?.[0]).toBe(`${id}-t-0`);
      // The digest of the decisions offered differs between two seeds (and decks).
      expect(a?.[3]).not.toBe(b?.[3]);
    });
  }
});
