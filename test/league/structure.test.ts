import { describe, expect, it } from 'vitest';
import { recommendedEventShape } from '../../src/league/round-count.ts';
import { bergerRounds } from '../../src/league/round-robin.ts';
import { bracketSeedOrder, nextBracketRound, topCutFirstRound, winnersMeet } from '../../src/league/top-cut.ts';

describe('recommended rounds (MTR Appendix E)', () => {
  it('follows the table at each boundary', () => {
    const cases: [number, number, number][] = [
      [2, 1, 0],
      [4, 2, 0],
      [8, 3, 0],
      [9, 5, 4],
      [16, 5, 4],
      [17, 5, 8],
      [32, 5, 8],
      [33, 6, 8],
      [64, 6, 8],
      [65, 7, 8],
      [128, 7, 8],
      [129, 8, 8],
      [226, 8, 8],
      [227, 9, 8],
      [409, 9, 8],
      [410, 10, 8],
    ];
    for (const [players, swissRounds, topCut] of cases) {
      expect(recommendedEventShape(players), `${players} players`).toEqual({ swissRounds, topCut });
    }
  });
  it('rejects a negative or fractional count', () => {
    expect(() => recommendedEventShape(-1)).toThrow(/whole number/);
    expect(() => recommendedEventShape(2.5)).toThrow(/whole number/);
  });
});

describe('Berger round robin', () => {
  it('reproduces the printed 6-player Berger table', () => {
    const rounds = bergerRounds(['1', '2', '3', '4', '5', '6']).map((r) => r.map((t) => `${t.a}-${t.b}`).join(' '));
    expect(rounds).toEqual(['1-6 2-5 3-4', '6-4 5-3 1-2', '2-6 3-1 4-5', '6-5 1-4 2-3', '3-6 4-2 5-1']);
  });
  it('pairs everyone with everyone exactly once, with one bye per round for odd fields', () => {
    for (let n = 2; n <= 21; n++) {
      const players = Array.from({ length: n }, (_, i) => `p${i}`);
      const rounds = bergerRounds(players);
      expect(rounds).toHaveLength(n % 2 === 0 ? n - 1 : n);
      const met = new Set<string>();
      for (const round of rounds) {
        const seated = round.flatMap((t) => (t.b === null ? [t.a] : [t.a, t.b]));
        expect(new Set(seated).size).toBe(n);
        expect(round.filter((t) => t.b === null)).toHaveLength(n % 2);
        for (const t of round) if (t.b !== null) met.add([t.a, t.b].sort().join('|'));
      }
      expect(met.size).toBe((n * (n - 1)) / 2);
    }
  });
});

describe('top cut', () => {
  it('seeds a top 8 as 1v8, 4v5, 2v7, 3v6 (MTR 10.4)', () => {
    expect(bracketSeedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    const first = topCutFirstRound(['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8']);
    expect(first.map((m) => `${m.seedA}v${m.seedB}`)).toEqual(['1v8', '4v5', '2v7', '3v6']);
  });
  it('sends the 1/8 winner against the 4/5 winner, through to a final', () => {
    const players = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'];
    const first = topCutFirstRound(players);
    const semis = nextBracketRound(first, ['s8', 's4', 's2', 's6']);
    expect(semis.map((m) => `${m.a}v${m.b}`)).toEqual(['s8vs4', 's2vs6']);
    const final = nextBracketRound(semis, ['s4', 's6']);
    expect(final).toEqual([{ seedA: 4, seedB: 6, a: 's4', b: 's6' }]);
    expect(nextBracketRound(final, ['s6'])).toEqual([]);
    expect(() => nextBracketRound(final, ['s1'])).toThrow(/did not play/);
  });
  it('gives byes to the top seeds when the cut is not a power of two', () => {
    const first = topCutFirstRound(['s1', 's2', 's3', 's4', 's5', 's6']);
    expect(first.filter((m) => m.b === null).map((m) => m.a)).toEqual(['s1', 's2']);
  });
  it('pairs stored winners in bracket order', () => {
    expect(winnersMeet(['w1', 'w2', 'w3', 'w4'])).toEqual([
      ['w1', 'w2'],
      ['w3', 'w4'],
    ]);
    expect(winnersMeet(['champion'])).toEqual([]);
  });
});
