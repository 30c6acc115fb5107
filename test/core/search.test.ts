import { describe, expect, it } from 'vitest';
import type { DecisionOption, PendingDecision } from '../../src/engine/core/game.ts';
import { seedRng } from '../../src/engine/core/rng.ts';
import { determinizationRngs, isForced, redealIdentities } from '../../src/engine/core/search.ts';

describe('isForced', () => {
  const base = {
    id: 'v1',
    player: 'p1' as const,
    kind: 'x',
    role: 'choice' as const,
    prompt: { en: '', ja: '' },
    defaultOnTimeout: [],
  };
  const options = (n: number): DecisionOption[] =>
    Array.from({ length: n }, (_, i) => ({ id: `o${i}`, kind: 'k', role: 'choice', label: { en: '', ja: '' } }));
  const decision = (n: number, min: number, ordered: boolean): PendingDecision => ({
    ...base,
    options: options(n),
    min,
    max: n,
    ordered,
  });

  it('is true only when every option must be chosen and their order cannot matter', () => {
    expect(isForced(decision(1, 1, false))).toBe(true);
    expect(isForced(decision(3, 3, false))).toBe(true);
    expect(isForced(decision(1, 1, true))).toBe(true);
    expect(isForced(decision(2, 1, false))).toBe(false); // a real choice
    expect(isForced(decision(2, 0, false))).toBe(false); // "up to": none is an answer too
    expect(isForced(decision(2, 2, true))).toBe(false); // all of them, but in an order of the player's choosing
  });
});

describe('redealIdentities', () => {
  const pools = [
    ['a', 'b', 'c', 'd', 'e', 'f'].map((card, i) => ({ objectId: `x${i}`, card })),
    ['p', 'q', 'r'].map((card, i) => ({ objectId: `y${i}`, card })),
  ];

  it('shuffles cards within each pool only, over the same objects', () => {
    const [dealt] = redealIdentities(pools, seedRng('one'));
    expect([...dealt.keys()].sort()).toEqual(
      pools
        .flat()
        .map((i) => i.objectId)
        .sort(),
    );
    for (const pool of pools) {
      const before = pool.map((i) => i.card).sort();
      expect(pool.map((i) => dealt.get(i.objectId)).sort()).toEqual(before);
    }
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const deal = (seed: string) => JSON.stringify([...redealIdentities(pools, seedRng(seed))[0]]);
    expect(deal('one')).toBe(deal('one'));
    expect(new Set(['one', 'two', 'three', 'four'].map(deal)).size).toBeGreaterThan(1);
  });

  it('gives each determinised world its own RNG, apart from the re-deal', () => {
    const a = determinizationRngs('s1');
    const b = determinizationRngs('s2');
    expect(a.world).not.toEqual(a.redeal);
    expect(a.world).not.toEqual(b.world);
  });
});
