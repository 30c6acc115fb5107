import { describe, expect, it } from 'vitest';
import type { PlayedMatch, RecordedMatch } from '../../src/league/match-record.ts';
import { computeStandings } from '../../src/league/standings.ts';
import {
  computeTiebreakers,
  gameWinPercentage,
  MTR_TIEBREAKERS,
  matchWinPercentage,
  playerRecord,
} from '../../src/league/tiebreakers.ts';

const s = MTR_TIEBREAKERS;
let nextOpponent = 0;

/** A match for `player` against a fresh opponent: 'W' 2-0, 'L' 0-2, 'D' 1-1. */
function match(round: number, player: string, result: 'W' | 'L' | 'D'): PlayedMatch {
  const games = { W: [2, 0], L: [0, 2], D: [1, 1] }[result];
  return {
    kind: 'played',
    round,
    a: player,
    b: `opp${nextOpponent++}`,
    gamesWonA: games[0]!,
    gamesWonB: games[1]!,
    gamesDrawn: 0,
  };
}

function played(player: string, results: string): RecordedMatch[] {
  return [...results].map((r, i) => match(i + 1, player, r as 'W' | 'L' | 'D'));
}

describe('MTR Appendix C worked examples', () => {
  it('5-2-1 over 8 rounds: 16 match points, MW% 16/24 = 0.667', () => {
    const r = playerRecord('p', played('p', 'WWWWWLLD'), s);
    expect(r.matchPoints).toBe(16);
    expect(matchWinPercentage(r, s)).toBeCloseTo(0.6667, 4);
  });

  it('1-3-0 and then dropped: 3/12 = 0.25, so the 0.33 floor is used', () => {
    const r = playerRecord('p', played('p', 'WLLL'), s);
    expect(r.matchPoints / (3 * r.roundsPlayed)).toBe(0.25);
    expect(matchWinPercentage(r, s)).toBe(0.33);
  });

  it('3-2-0 with a first-round bye, then dropped: 9/15 = 0.60 (the bye is a round won)', () => {
    const matches: RecordedMatch[] = [{ kind: 'bye', round: 1, player: 'p' }, ...played('p', 'WWLL')];
    const r = playerRecord('p', matches, s);
    expect([r.wins, r.losses, r.byes]).toEqual([3, 2, 1]);
    expect(matchWinPercentage(r, s)).toBeCloseTo(0.6, 10);
  });

  it('game points: 2-0 gives 6 and 0, 2-1 gives 6 and 3, 2-0-1 gives 7 and 1', () => {
    const cases: [number, number, number, number, number][] = [
      [2, 0, 0, 6, 0],
      [2, 1, 0, 6, 3],
      [2, 0, 1, 7, 1],
    ];
    for (const [wonA, wonB, drawn, pointsA, pointsB] of cases) {
      const m: PlayedMatch = {
        kind: 'played',
        round: 1,
        a: 'a',
        b: 'b',
        gamesWonA: wonA,
        gamesWonB: wonB,
        gamesDrawn: drawn,
      };
      expect(playerRecord('a', [m], s).gamePoints).toBe(pointsA);
      expect(playerRecord('b', [m], s).gamePoints).toBe(pointsB);
    }
  });

  it('floors GW% at 0.33 only when the setting says so', () => {
    const r = playerRecord('p', played('p', 'LLLW'), s); // 6 game points over 8 games = 0.25
    expect(gameWinPercentage(r, s)).toBe(0.33);
    expect(gameWinPercentage(r, { ...s, floorGameWin: false })).toBe(0.25);
  });
});

describe('opponent averages', () => {
  // Round 1: a beats b 2-1, c beats d 2-0. Round 2: a beats c 2-0, b draws d 1-1 (games 1-1).
  const matches: RecordedMatch[] = [
    { kind: 'played', round: 1, a: 'a', b: 'b', gamesWonA: 2, gamesWonB: 1, gamesDrawn: 0 },
    { kind: 'played', round: 1, a: 'c', b: 'd', gamesWonA: 2, gamesWonB: 0, gamesDrawn: 0 },
    { kind: 'played', round: 2, a: 'a', b: 'c', gamesWonA: 2, gamesWonB: 0, gamesDrawn: 0 },
    { kind: 'played', round: 2, a: 'b', b: 'd', gamesWonA: 1, gamesWonB: 1, gamesDrawn: 0 },
  ];
  const t = computeTiebreakers(['a', 'b', 'c', 'd'], matches, s);

  it('averages the floored MW% of the opponents actually played', () => {
    // b: 1 point of 6 → 0.1667 → 0.33; c: 3 of 6 → 0.5. a's OMW% = (0.33 + 0.5) / 2.
    expect(t.get('a')!.opponentMatchWin).toBeCloseTo((0.33 + 0.5) / 2, 10);
    // d's opponents are c (0.5) and b (0.33).
    expect(t.get('d')!.opponentMatchWin).toBeCloseTo((0.5 + 0.33) / 2, 10);
  });

  it('averages the opponents’ GW%', () => {
    // b: games 1-2 then 1-1 → 6 game points over 5 games = 0.4; c: 2-0 then 0-2 → 6 over 4 = 0.5.
    expect(t.get('a')!.opponentGameWin).toBeCloseTo((0.4 + 0.5) / 2, 10);
  });

  it('ignores a player’s own bye in their OMW% but may count it in the opponent’s MW%', () => {
    const withBye: RecordedMatch[] = [
      { kind: 'bye', round: 1, player: 'x' },
      { kind: 'played', round: 1, a: 'y', b: 'z', gamesWonA: 2, gamesWonB: 0, gamesDrawn: 0 },
      { kind: 'played', round: 2, a: 'x', b: 'y', gamesWonA: 0, gamesWonB: 2, gamesDrawn: 0 },
    ];
    const include = computeTiebreakers(['x', 'y', 'z'], withBye, s);
    // y is x's only opponent: y is 2-0 → 1.0.
    expect(include.get('x')!.opponentMatchWin).toBe(1);
    // x (bye + loss: 3 of 6 = 0.5 with the bye; 0 of 3 → 0.33 without it) is one of y's opponents.
    expect(include.get('y')!.opponentMatchWin).toBeCloseTo((0.5 + 0.33) / 2, 10);
    const exclude = computeTiebreakers(['x', 'y', 'z'], withBye, { ...s, opponentByes: 'exclude' });
    expect(exclude.get('y')!.opponentMatchWin).toBeCloseTo((0.33 + 0.33) / 2, 10);
  });

  it('rounds to the configured decimals (MTGO style: 1/3 floor, 4 decimals)', () => {
    const mtgo = { ...s, floor: 1 / 3, decimals: 4 };
    const r = playerRecord('p', played('p', 'WWL'), mtgo);
    expect(matchWinPercentage(r, mtgo)).toBe(0.6667);
    expect(matchWinPercentage(playerRecord('q', played('q', 'L'), mtgo), mtgo)).toBe(0.3333);
  });
});

describe('standings order', () => {
  it('orders by points, then OMW%, GW%, OGW%, and shares the rank only on a full tie', () => {
    const matches: RecordedMatch[] = [
      { kind: 'played', round: 1, a: 'a', b: 'b', gamesWonA: 2, gamesWonB: 1, gamesDrawn: 0 },
      { kind: 'played', round: 1, a: 'c', b: 'd', gamesWonA: 2, gamesWonB: 0, gamesDrawn: 0 },
      { kind: 'played', round: 2, a: 'a', b: 'd', gamesWonA: 2, gamesWonB: 0, gamesDrawn: 0 },
      { kind: 'played', round: 2, a: 'c', b: 'b', gamesWonA: 2, gamesWonB: 0, gamesDrawn: 0 },
    ];
    const rows = computeStandings({ players: ['d', 'c', 'b', 'a'], dropped: new Set(['d']), matches, settings: s });
    // a and c are 2-0 with equal OMW% (b and d are both 0-2): GW% decides, c (4-0 in games) over a (4-1).
    // b and d tie on everything (GW% both floored, OGW% both 0.9): input order, shared rank.
    expect(rows.map((r) => r.player)).toEqual(['c', 'a', 'd', 'b']);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 3]);
    expect(rows.find((r) => r.player === 'd')!.dropped).toBe(true);
  });
});

describe('exact ties (issue 22, defect 1)', () => {
  const m = (round: number, a: string, b: string, gamesWonA: number, gamesWonB: number): PlayedMatch => ({
    kind: 'played',
    round,
    a,
    b,
    gamesWonA,
    gamesWonB,
    gamesDrawn: 0,
  });
  // A and C are both 2-0-1 and their opponents' MW% are the same three values (0.33, 1/3, 7/9) in another order.
  const matches = [
    m(1, 'D', 'F', 2, 1),
    m(1, 'B', 'C', 0, 2),
    m(1, 'E', 'A', 1, 2),
    m(2, 'C', 'A', 1, 1),
    m(2, 'D', 'E', 0, 2),
    m(2, 'F', 'B', 1, 1),
    m(3, 'A', 'B', 2, 0),
    m(3, 'D', 'C', 0, 2),
    m(3, 'F', 'E', 2, 1),
  ];

  it('an OMW% tie summed in a different order is a tie, so GW% decides: C (15/18) above A (15/21)', () => {
    const rows = computeStandings({
      players: ['A', 'B', 'C', 'D', 'E', 'F'],
      dropped: new Set(),
      matches,
      settings: MTR_TIEBREAKERS,
    });
    const [first, second] = rows;
    expect([first?.player, second?.player]).toEqual(['C', 'A']);
    expect(first?.exact.opponentMatchWin).toEqual({ n: 1297n, d: 2700n });
    expect(second?.exact.opponentMatchWin).toEqual({ n: 1297n, d: 2700n });
    expect(first?.exact.gameWin).toEqual({ n: 5n, d: 6n });
    expect(second?.exact.gameWin).toEqual({ n: 5n, d: 7n });
    expect([first?.rank, second?.rank]).toEqual([1, 2]);
  });

  it('the order does not depend on the order players are listed in', () => {
    const rows = computeStandings({
      players: ['F', 'E', 'D', 'C', 'B', 'A'],
      dropped: new Set(),
      matches,
      settings: MTR_TIEBREAKERS,
    });
    expect(rows.slice(0, 2).map((r) => r.player)).toEqual(['C', 'A']);
  });
});
