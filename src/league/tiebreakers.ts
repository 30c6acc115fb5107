/**
 * Magic Tournament Rules tiebreakers (MTR 3.1 and Appendix C): match points, opponents' match-win %,
 * game-win %, opponents' game-win %. The choices that differ between MTR, EventLink and MTGO are settings.
 */
import {
  type Fraction,
  fraction,
  fractionFromNumber,
  maxFraction,
  meanOf,
  roundTo,
  toNumber,
  ZERO,
} from './fraction.ts';
import { involves, opponentOf, outcomeFor, type RecordedMatch } from './match-record.ts';

export interface TiebreakerSettings {
  /** Match points for a win / draw / loss (MTR 3.1: 3 / 1 / 0). A bye is a win. */
  points: { win: number; draw: number; loss: number };
  /** Lowest MW% and GW% that count (MTR Appendix C: 0.33; MTGO: 1/3). */
  floor: number;
  /** Apply the floor to GW% as well as MW% (Appendix C as republished by Playerlink; the older MTR did not). */
  floorGameWin: boolean;
  /** Games won credited for a bye in GW% (MTR: 2, i.e. a 2-0 win; MTGO: 1). */
  byeGamesWon: number;
  /**
   * Whether an opponent's byes count in the MW% / GW% used for *your* OMW% / OGW%.
   * 'include' follows the MTR wording (a player's MW% includes their bye); 'exclude' follows Playerlink.
   */
  opponentByes: 'include' | 'exclude';
  /** Round each percentage to this many decimals before comparing (MTGO: 4); null keeps full precision. */
  decimals: number | null;
}

export const MTR_TIEBREAKERS: TiebreakerSettings = {
  points: { win: 3, draw: 1, loss: 0 },
  floor: 0.33,
  floorGameWin: true,
  byeGamesWon: 2,
  opponentByes: 'include',
  decimals: null,
};

/**
 * MTR tiebreakers for a league's match length: a bye is a match won by the games a win needs, 2-0 in best of three
 * (MTR Appendix C) and 1-0 in best of one, the same count as a conceded match (so GW% treats both alike).
 */
export function tiebreakersForMatchLength(matchLength: 'bo1' | 'bo3'): TiebreakerSettings {
  return { ...MTR_TIEBREAKERS, byeGamesWon: matchLength === 'bo1' ? 1 : 2 };
}

export interface PlayerRecord {
  player: string;
  wins: number;
  losses: number;
  draws: number;
  byes: number;
  matchPoints: number;
  /** Rounds with a result, byes included. */
  roundsPlayed: number;
  gamePoints: number;
  gamesPlayed: number;
  /** Opponents actually played (byes excluded), once per match. */
  opponents: string[];
}

/** The percentages as exact fractions: what standings compare (MTR 3.1 ties must be exact, not float noise). */
export interface ExactTiebreakers {
  matchWin: Fraction;
  opponentMatchWin: Fraction;
  gameWin: Fraction;
  opponentGameWin: Fraction;
}

/** The percentages as numbers for display and export, plus the exact values they were read from. */
export interface Tiebreakers {
  matchWin: number;
  opponentMatchWin: number;
  gameWin: number;
  opponentGameWin: number;
  exact: ExactTiebreakers;
}

/** Wins, losses, points and game points of one player, from every recorded match. */
export function playerRecord(player: string, matches: readonly RecordedMatch[], s: TiebreakerSettings): PlayerRecord {
  const r: PlayerRecord = {
    player,
    wins: 0,
    losses: 0,
    draws: 0,
    byes: 0,
    matchPoints: 0,
    roundsPlayed: 0,
    gamePoints: 0,
    gamesPlayed: 0,
    opponents: [],
  };
  for (const m of matches) {
    if (!involves(m, player)) continue;
    r.roundsPlayed += 1;
    if (m.kind === 'bye') {
      r.byes += 1;
      r.wins += 1;
      r.matchPoints += s.points.win;
      r.gamePoints += 3 * s.byeGamesWon;
      r.gamesPlayed += s.byeGamesWon;
      continue;
    }
    if (m.kind === 'missed') {
      // A missed round is a match loss with no opponent; its games count as lost, as many as a bye's are won.
      r.losses += 1;
      r.matchPoints += s.points.loss;
      r.gamesPlayed += s.byeGamesWon;
      continue;
    }
    r.opponents.push(opponentOf(m, player));
    const outcome = outcomeFor(m, player);
    if (outcome === 'win') r.wins += 1;
    else if (outcome === 'loss') r.losses += 1;
    else r.draws += 1;
    r.matchPoints += s.points[outcome];
    // Appendix C: 3 game points per game won, 1 per game drawn; unplayed games count for nothing.
    const won = player === m.a ? m.gamesWonA : m.gamesWonB;
    const lost = player === m.a ? m.gamesWonB : m.gamesWonA;
    r.gamePoints += 3 * won + m.gamesDrawn;
    r.gamesPlayed += won + lost + m.gamesDrawn;
  }
  return r;
}

/** Records of all `players` (and of anyone they played), grouping the matches by player in one pass. */
export function playerRecords(
  players: readonly string[],
  matches: readonly RecordedMatch[],
  s: TiebreakerSettings,
): Map<string, PlayerRecord> {
  const byPlayer = new Map<string, RecordedMatch[]>(players.map((p) => [p, []]));
  const add = (p: string, m: RecordedMatch) => {
    const list = byPlayer.get(p);
    if (list) list.push(m);
    else byPlayer.set(p, [m]);
  };
  for (const m of matches) {
    if (m.kind !== 'played') add(m.player, m);
    else {
      add(m.a, m);
      add(m.b, m);
    }
  }
  return new Map([...byPlayer].map(([p, list]) => [p, playerRecord(p, list, s)]));
}

/** Tiebreakers for every player; players who dropped still count as opponents with the rounds they played. */
export function computeTiebreakers(
  players: readonly string[],
  matches: readonly RecordedMatch[],
  s: TiebreakerSettings,
): Map<string, Tiebreakers> {
  return tiebreakersFromRecords(playerRecords(players, matches, s), s);
}

export function tiebreakersFromRecords(
  records: ReadonlyMap<string, PlayerRecord>,
  s: TiebreakerSettings,
): Map<string, Tiebreakers> {
  const asOpponent = (r: PlayerRecord): PlayerRecord => (s.opponentByes === 'include' ? r : withoutByes(r, s));
  // Each player's own percentages are computed once, and once more without byes when opponents exclude them.
  const own = new Map<string, { matchWin: Fraction; gameWin: Fraction }>();
  const asOpponentOwn = new Map<string, { matchWin: Fraction; gameWin: Fraction }>();
  for (const [player, r] of records) {
    own.set(player, { matchWin: exactMatchWin(r, s), gameWin: exactGameWin(r, s) });
    const o = asOpponent(r);
    asOpponentOwn.set(
      player,
      o === r ? own.get(player)! : { matchWin: exactMatchWin(o, s), gameWin: exactGameWin(o, s) },
    );
  }
  const out = new Map<string, Tiebreakers>();
  for (const [player, r] of records) {
    const opponents = r.opponents.map((o) => asOpponentOwn.get(o)!);
    const exact: ExactTiebreakers = {
      ...own.get(player)!,
      opponentMatchWin: rounded(meanOf(opponents.map((o) => o.matchWin)), s),
      opponentGameWin: rounded(meanOf(opponents.map((o) => o.gameWin)), s),
    };
    out.set(player, {
      matchWin: toNumber(exact.matchWin),
      gameWin: toNumber(exact.gameWin),
      opponentMatchWin: toNumber(exact.opponentMatchWin),
      opponentGameWin: toNumber(exact.opponentGameWin),
      exact,
    });
  }
  return out;
}

/** MW% = max(floor, match points / (3 × rounds played)); a bye counts as a round won. */
export function matchWinPercentage(r: PlayerRecord, s: TiebreakerSettings): number {
  return toNumber(exactMatchWin(r, s));
}

/** GW% = game points / (3 × games played), floored when `floorGameWin` is set. */
export function gameWinPercentage(r: PlayerRecord, s: TiebreakerSettings): number {
  return toNumber(exactGameWin(r, s));
}

/** MTR Appendix C: MW% with the floor; a player with no rounds gets the floor. */
export function exactMatchWin(r: PlayerRecord, s: TiebreakerSettings): Fraction {
  const floor = fractionFromNumber(s.floor);
  if (r.roundsPlayed === 0) return rounded(floor, s);
  const points = fractionFromNumber(r.matchPoints);
  const win = fractionFromNumber(s.points.win);
  if (win.n === 0n) return rounded(floor, s);
  const raw = fraction(points.n * win.d, points.d * win.n * BigInt(r.roundsPlayed));
  return rounded(maxFraction(floor, raw), s);
}

/** MTR Appendix C: GW% with the floor when `floorGameWin` is set; no games played gives the floor. */
export function exactGameWin(r: PlayerRecord, s: TiebreakerSettings): Fraction {
  const floor = s.floorGameWin ? fractionFromNumber(s.floor) : ZERO;
  if (r.gamesPlayed === 0) return rounded(floor, s);
  return rounded(maxFraction(floor, fraction(r.gamePoints, 3 * r.gamesPlayed)), s);
}

function withoutByes(r: PlayerRecord, s: TiebreakerSettings): PlayerRecord {
  return {
    ...r,
    wins: r.wins - r.byes,
    byes: 0,
    matchPoints: r.matchPoints - r.byes * s.points.win,
    roundsPlayed: r.roundsPlayed - r.byes,
    gamePoints: r.gamePoints - r.byes * 3 * s.byeGamesWon,
    gamesPlayed: r.gamesPlayed - r.byes * s.byeGamesWon,
  };
}

/** Settings may ask for rounding before comparing (MTGO: 4 decimals); it is done exactly too. */
function rounded(value: Fraction, s: TiebreakerSettings): Fraction {
  return s.decimals === null ? value : roundTo(value, s.decimals);
}
