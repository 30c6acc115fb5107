/**
 * Feeding league results to the ratings: a league round is one rating period, a ladder is rated per week
 * (the caller groups ladder games with `weeklyPeriod`). Byes and no-shows were not played, so they are not rated
 * (as forfeits are not rated in chess), and neither are matches conceded by a drop.
 */
import type { GameScore, League } from './league.ts';
import type { RatedGame } from './ratings.ts';

export function ratedGamesOfRound(league: League, roundNumber: number): RatedGame[] {
  const round = league.rounds[roundNumber - 1];
  if (!round) throw new RangeError(`there is no round ${roundNumber}`);
  const games: RatedGame[] = [];
  for (const t of round.tables) {
    if (t.b === null || t.result === null || t.result.bothLose) continue;
    if (t.result.source === 'no-show' || t.result.source === 'concession' || t.result.source === 'penalty') continue;
    games.push({ a: t.a, b: t.b, scoreA: matchScore(t.result.score) });
  }
  return games;
}

/** Ladder games from index `since` on (the store remembers how many it has already rated). */
export function ratedLadderGames(league: League, since = 0): { at: string; game: RatedGame }[] {
  return league.ladder.slice(since).map((g) => ({ at: g.at, game: { a: g.a, b: g.b, scoreA: matchScore(g.score) } }));
}

/** A match counts once for the rating, as a win, draw or loss (not game by game). */
function matchScore(s: GameScore): 0 | 0.5 | 1 {
  if (s.gamesWonA > s.gamesWonB) return 1;
  if (s.gamesWonA < s.gamesWonB) return 0;
  return 0.5;
}
