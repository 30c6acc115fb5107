// core/search.ts redealUnknown and outcomeValue: the determinisation the four newer engines share.
import { describe, expect, it } from 'vitest';
import type { BaseState, GameResult } from '../../src/engine/core/game.ts';
import { seedRng } from '../../src/engine/core/rng.ts';
import { outcomeValue, redealUnknown } from '../../src/engine/core/search.ts';

function state() {
  const objects: Record<string, { card: string }> = {};
  const hand = ['h1', 'h2', 'h3', 'h4'];
  hand.forEach((id, i) => {
    objects[id] = { card: `card-${i}` };
  });
  return { objects, rng: seedRng('game'), known: { p1: ['h1'] }, hand };
}

describe('redealUnknown', () => {
  it('deals unseen cards again within their pool, keeps what the seat saw, reseeds, and leaves the input alone', () => {
    const before = state();
    const copy = structuredClone(before);
    const worlds = ['a', 'b', 'c', 'd', 'e', 'f'].map((seed) => redealUnknown(before, 'p1', seed, (s) => [s.hand]));
    expect(before).toEqual(copy);
    for (const w of worlds) {
      expect(w.objects.h1?.card).toBe('card-0'); // seen by p1: kept
      const rest = ['h2', 'h3', 'h4'].map((id) => w.objects[id]?.card).sort();
      expect(rest).toEqual(['card-1', 'card-2', 'card-3']); // the same cards, perhaps elsewhere
      expect(w.rng).not.toEqual(before.rng);
    }
    const deals = new Set(worlds.map((w) => ['h2', 'h3', 'h4'].map((id) => w.objects[id]?.card).join()));
    expect(deals.size).toBeGreaterThan(1);
  });

  it('deals the same whatever the hidden cards really were (a searcher cannot learn them)', () => {
    const a = state();
    const b = state();
    // Same multiset of hidden cards, in other places.
    b.objects.h2 = { card: 'card-3' };
    b.objects.h4 = { card: 'card-1' };
    const wa = redealUnknown(a, 'p1', 'seed', (s) => [s.hand]);
    const wb = redealUnknown(b, 'p1', 'seed', (s) => [s.hand]);
    expect(wa.objects).toEqual(wb.objects);
  });
});

describe('outcomeValue', () => {
  it('is 1 for the winner, -1 for the loser, 0 for a draw, null while the game goes on', () => {
    const at = (result: GameResult | null): BaseState => ({ game: 'nova', version: 1, result });
    expect(outcomeValue(at(null), 'p1')).toBeNull();
    const won = at({ kind: 'win', winner: 'p1', reason: 'life', rule: '1' });
    expect(outcomeValue(won, 'p1')).toBe(1);
    expect(outcomeValue(won, 'p2')).toBe(-1);
    expect(outcomeValue(at({ kind: 'draw', reason: 'both', rule: '1' }), 'p1')).toBe(0);
  });
});
