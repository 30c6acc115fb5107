/**
 * A guild's ratings for one game: Glicko-2 over rating periods (a week or a league round, chosen by the
 * caller), provisional status, a leaderboard and a soft reset between seasons. Plain JSON in and out.
 */
import { rateOnePeriod } from './glicko2.ts';

export interface PlayerRating {
  rating: number;
  deviation: number;
  volatility: number;
  /** Rated games this season (drives provisional status). */
  games: number;
}

export interface RatedGame {
  a: string;
  b: string;
  /** a's score: 1 win, 0.5 draw, 0 loss. */
  scoreA: 0 | 0.5 | 1;
}

export interface RatingSettings {
  /** Glickman: "reasonable choices are between 0.3 and 1.2". */
  tau: number;
  initial: { rating: number; deviation: number; volatility: number };
  /** A player is provisional until both hold (SendouQ shows a rank after 7 sets; Lichess uses RD ≤ 110). */
  provisional: { minGames: number; maxDeviation: number | null };
  /** Season start: rating moves this fraction of the way back to the initial rating; deviation rises to at least `deviation`. */
  seasonReset: { pullToInitial: number; deviation: number };
}

export const DEFAULT_RATING_SETTINGS: RatingSettings = {
  tau: 0.5,
  initial: { rating: 1500, deviation: 350, volatility: 0.06 },
  provisional: { minGames: 7, maxDeviation: null },
  seasonReset: { pullToInitial: 0.5, deviation: 250 },
};

export type RatingTable = Record<string, PlayerRating>;

/**
 * Rates every game of one period at once (Glicko-2 treats a period's games as simultaneous).
 * Players in `table` who did not play only gain deviation; new players start from `initial`.
 */
export function applyRatingPeriod(table: RatingTable, games: readonly RatedGame[], s: RatingSettings): RatingTable {
  const start = (id: string): PlayerRating => table[id] ?? { ...s.initial, games: 0 };
  const resultsOf = new Map<string, { opponent: PlayerRating; score: number }[]>();
  for (const g of games) {
    if (g.a === g.b) throw new RangeError(`a player cannot play themself (${g.a})`);
    resultsOf.set(g.a, [...(resultsOf.get(g.a) ?? []), { opponent: start(g.b), score: g.scoreA }]);
    resultsOf.set(g.b, [...(resultsOf.get(g.b) ?? []), { opponent: start(g.a), score: 1 - g.scoreA }]);
  }
  const next: RatingTable = {};
  for (const id of new Set([...Object.keys(table), ...resultsOf.keys()])) {
    const before = start(id);
    const results = resultsOf.get(id) ?? [];
    const after = rateOnePeriod(before, results, s.tau, s.initial.rating);
    next[id] = {
      ...after,
      deviation: Math.min(after.deviation, s.initial.deviation),
      games: before.games + results.length,
    };
  }
  return next;
}

export function isProvisional(r: PlayerRating, s: RatingSettings): boolean {
  if (r.games < s.provisional.minGames) return true;
  return s.provisional.maxDeviation !== null && r.deviation > s.provisional.maxDeviation;
}

/** New season: ratings drift back toward the start, uncertainty grows, and the season game count restarts. */
export function softReset(table: RatingTable, s: RatingSettings): RatingTable {
  const next: RatingTable = {};
  for (const [id, r] of Object.entries(table)) {
    next[id] = {
      rating: r.rating + (s.initial.rating - r.rating) * s.seasonReset.pullToInitial,
      deviation: Math.min(s.initial.deviation, Math.max(r.deviation, s.seasonReset.deviation)),
      volatility: r.volatility,
      games: 0,
    };
  }
  return next;
}

export interface LeaderboardRow {
  /** null for provisional players, who are listed after everyone with a rank. */
  rank: number | null;
  player: string;
  rating: number;
  deviation: number;
  games: number;
  provisional: boolean;
}

export function leaderboard(table: RatingTable, s: RatingSettings): LeaderboardRow[] {
  const rows = Object.entries(table).map(([player, r]) => ({
    rank: null as number | null,
    player,
    rating: r.rating,
    deviation: r.deviation,
    games: r.games,
    provisional: isProvisional(r, s),
  }));
  rows.sort(
    (x, y) => Number(x.provisional) - Number(y.provisional) || y.rating - x.rating || x.player.localeCompare(y.player),
  );
  let rank = 0;
  for (const row of rows) if (!row.provisional) row.rank = ++rank;
  return rows;
}

/** The weekly rating period a moment falls in, counted from `origin` (both epoch milliseconds). */
export function weeklyPeriod(at: number, origin: number): number {
  return Math.floor((at - origin) / (7 * 24 * 60 * 60 * 1000));
}
