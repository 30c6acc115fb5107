import { describe, expect, it } from 'vitest';
import { mtg, mtgSearch } from '../../src/engine/games/mtg/index.ts';
import { duel, put } from './helpers.ts';

describe('MTG search hooks (core/search.ts)', () => {
  it('determinize re-deals only what the seat cannot know, and the seat sees the same game', () => {
    const s = duel(['kiln-bolt', 'kiln-bolt'], ['gatewarden-recruit']);
    put(s, 'p2', 'gatewarden-recruit', 'battlefield');
    const d = mtgSearch.determinize(s, 'p1', 'world-1');
    expect(mtg.view(d, { kind: 'player', seat: 'p1' })).toEqual(mtg.view(s, { kind: 'player', seat: 'p1' }));
    const cards = (state: typeof s, ids: string[]) => ids.map((id) => state.objects[id]?.card).sort();
    const hidden = [...s.players.p2.hand, ...s.players.p2.library];
    expect(cards(d, hidden)).toEqual(cards(s, hidden));
    expect(hidden.some((id) => d.objects[id]?.card !== s.objects[id]?.card)).toBe(true);
    for (const id of s.players.p1.hand) expect(d.objects[id]?.card).toBe(s.objects[id]?.card);
    expect(mtg.invariants?.(d)).toEqual([]);
  });

  it('evaluate is antisymmetric and follows life', () => {
    const s = duel();
    s.players.p2.life = 10;
    expect(mtgSearch.evaluate(s, 'p1')).toBeGreaterThan(0);
    expect(mtgSearch.evaluate(s, 'p1')).toBeCloseTo(-mtgSearch.evaluate(s, 'p2'));
  });
});
