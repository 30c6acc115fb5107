import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maximumWeightMatching, type WeightedEdge } from '../../src/league/matching.ts';

/** Exhaustive reference: best (cardinality, weight) over every matching of a small graph. */
function bruteForce(n: number, edges: readonly WeightedEdge[], maxCardinality: boolean): [number, number] {
  let best: [number, number] = [0, 0];
  const used = new Array<boolean>(n).fill(false);
  const better = (a: [number, number], b: [number, number]) =>
    maxCardinality ? a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]) : a[1] > b[1];
  const visit = (from: number, size: number, weight: number) => {
    if (better([size, weight], best)) best = [size, weight];
    for (let k = from; k < edges.length; k++) {
      const e = edges[k]!;
      if (used[e.a] || used[e.b]) continue;
      used[e.a] = used[e.b] = true;
      visit(k + 1, size + 1, weight + e.weight);
      used[e.a] = used[e.b] = false;
    }
  };
  visit(0, 0, 0);
  return best;
}

function score(mate: readonly number[], edges: readonly WeightedEdge[]): [number, number] {
  let size = 0;
  let weight = 0;
  for (const e of edges) {
    if (mate[e.a] === e.b) {
      size++;
      weight += e.weight;
    }
  }
  return [size, weight];
}

function expectConsistent(mate: readonly number[], edges: readonly WeightedEdge[]) {
  mate.forEach((m, v) => {
    if (m === -1) return;
    expect(mate[m]).toBe(v);
    expect(edges.some((e) => (e.a === v && e.b === m) || (e.a === m && e.b === v))).toBe(true);
  });
}

const graph = fc.integer({ min: 2, max: 9 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    edges: fc.uniqueArray(
      fc
        .tuple(fc.nat(n - 2), fc.nat(n - 2), fc.integer({ min: -5, max: 30 }))
        .map(([a, offset, weight]) => ({ a, b: a + 1 + (offset % (n - 1 - a)), weight })),
      { selector: (e) => `${e.a}-${e.b}`, maxLength: 20 },
    ),
  }),
);

describe('maximum-weight matching', () => {
  it('matches a known small case: the heavy middle edge loses to two side edges', () => {
    const edges = [
      { a: 0, b: 1, weight: 5 },
      { a: 1, b: 2, weight: 8 },
      { a: 2, b: 3, weight: 5 },
    ];
    expect(maximumWeightMatching(4, edges, { maxCardinality: false })).toEqual([1, 0, 3, 2]);
  });

  it('handles a blossom that must be expanded (odd cycle with a pendant)', () => {
    // Triangle 0-1-2 with pendants 3 (on 0) and 4 (on 2): the optimum opens the triangle.
    const edges = [
      { a: 0, b: 1, weight: 9 },
      { a: 1, b: 2, weight: 9 },
      { a: 0, b: 2, weight: 10 },
      { a: 0, b: 3, weight: 7 },
      { a: 2, b: 4, weight: 7 },
    ];
    const mate = maximumWeightMatching(5, edges, { maxCardinality: false });
    expect(score(mate, edges)).toEqual(bruteForce(5, edges, false));
  });

  it('agrees with exhaustive search on random graphs (weight only)', () => {
    fc.assert(
      fc.property(graph, ({ n, edges }) => {
        const mate = maximumWeightMatching(n, edges, { maxCardinality: false });
        expectConsistent(mate, edges);
        expect(score(mate, edges)[1]).toBe(bruteForce(n, edges, false)[1]);
      }),
      { numRuns: 1500 },
    );
  });

  it('agrees with exhaustive search on random graphs (most edges, then weight)', () => {
    fc.assert(
      fc.property(graph, ({ n, edges }) => {
        const mate = maximumWeightMatching(n, edges, { maxCardinality: true });
        expectConsistent(mate, edges);
        expect(score(mate, edges)).toEqual(bruteForce(n, edges, true));
      }),
      { numRuns: 1500 },
    );
  });

  it('rejects edges that do not fit the graph', () => {
    expect(() => maximumWeightMatching(2, [{ a: 0, b: 2, weight: 1 }], { maxCardinality: false })).toThrow(
      /leaves the graph/,
    );
    expect(() => maximumWeightMatching(2, [{ a: 1, b: 1, weight: 1 }], { maxCardinality: false })).toThrow(/loop/);
    expect(() => maximumWeightMatching(2, [{ a: 0, b: 1, weight: 0.5 }], { maxCardinality: false })).toThrow(
      /safe integer/,
    );
  });
});
