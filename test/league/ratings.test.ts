import { describe, expect, it } from 'vitest';
import { rateOnePeriod } from '../../src/league/glicko2.ts';
import {
  applyRatingPeriod,
  DEFAULT_RATING_SETTINGS,
  isProvisional,
  leaderboard,
  softReset,
  weeklyPeriod,
} from '../../src/league/ratings.ts';

const s = DEFAULT_RATING_SETTINGS;

describe('Glicko-2', () => {
  it('reproduces Glickman’s published example: 1464.06 / 151.52 / 0.05999', () => {
    const player = { rating: 1500, deviation: 200, volatility: 0.06 };
    const after = rateOnePeriod(
      player,
      [
        { opponent: { rating: 1400, deviation: 30, volatility: 0.06 }, score: 1 },
        { opponent: { rating: 1550, deviation: 100, volatility: 0.06 }, score: 0 },
        { opponent: { rating: 1700, deviation: 300, volatility: 0.06 }, score: 0 },
      ],
      0.5,
    );
    // Glickman rounds μ′ to -0.2069 before converting back; full precision gives 1464.0507.
    expect(Math.abs(after.rating - 1464.06)).toBeLessThan(0.015);
    expect(after.deviation).toBeCloseTo(151.52, 2);
    expect(after.volatility).toBeCloseTo(0.06, 4); // published: 0.05999
  });

  it('only widens the deviation of a player who did not play: φ′ = √(φ² + σ²)', () => {
    const after = rateOnePeriod({ rating: 1600, deviation: 100, volatility: 0.06 }, [], 0.5);
    expect(after.rating).toBe(1600);
    expect(after.deviation).toBeCloseTo(Math.sqrt((100 / 173.7178) ** 2 + 0.06 ** 2) * 173.7178, 9);
  });
});

describe('rating periods', () => {
  it('rates a period’s games simultaneously, from the ratings at its start', () => {
    const table = applyRatingPeriod(
      {},
      [
        { a: 'ann', b: 'bob', scoreA: 1 },
        { a: 'ann', b: 'cat', scoreA: 1 },
      ],
      s,
    );
    // bob and cat lost the same game to the same opponent-at-start, so they end up equal.
    expect(table.bob!.rating).toBeCloseTo(table.cat!.rating, 9);
    expect(table.ann!.rating).toBeGreaterThan(1500);
    expect(table.ann!.games).toBe(2);
  });

  it('keeps idle players, widening their deviation but never past the initial 350', () => {
    const table = applyRatingPeriod({ idle: { rating: 1700, deviation: 349.9, volatility: 0.06, games: 9 } }, [], s);
    expect(table.idle!.rating).toBe(1700);
    expect(table.idle!.deviation).toBe(350);
  });

  it('counts players as provisional until they have played enough games', () => {
    let table = {};
    for (let week = 0; week < 7; week++) table = applyRatingPeriod(table, [{ a: 'x', b: 'y', scoreA: 0.5 }], s);
    const rows = leaderboard({ ...table, z: { rating: 2000, deviation: 300, volatility: 0.06, games: 1 } }, s);
    expect(rows.map((r) => [r.player, r.rank, r.provisional])).toEqual([
      ['x', 1, false],
      ['y', 2, false],
      ['z', null, true],
    ]);
    expect(
      isProvisional(
        { rating: 1500, deviation: 200, volatility: 0.06, games: 20 },
        { ...s, provisional: { minGames: 7, maxDeviation: 110 } },
      ),
    ).toBe(true);
  });

  it('soft-resets a season halfway to 1500 and restarts the season’s game count', () => {
    const reset = softReset({ top: { rating: 1900, deviation: 60, volatility: 0.05, games: 40 } }, s);
    expect(reset.top).toEqual({ rating: 1700, deviation: 250, volatility: 0.05, games: 0 });
  });

  it('numbers weekly periods from an origin', () => {
    const day = 24 * 60 * 60 * 1000;
    expect([0, 6, 7, 13, 14].map((d) => weeklyPeriod(d * day, 0))).toEqual([0, 0, 1, 1, 2]);
  });
});
