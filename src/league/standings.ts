/** Standings: players ordered by match points, then the tiebreakers in the configured order (MTR 3.1). */
import { compareFractions } from './fraction.ts';
import type { RecordedMatch } from './match-record.ts';
import { playerRecords, type TiebreakerSettings, type Tiebreakers, tiebreakersFromRecords } from './tiebreakers.ts';

export type TiebreakerName = 'opponentMatchWin' | 'gameWin' | 'opponentGameWin';

/** MTR 3.1: OMW%, then GW%, then OGW%. */
export const MTR_ORDER: readonly TiebreakerName[] = ['opponentMatchWin', 'gameWin', 'opponentGameWin'];

export interface StandingRow extends Tiebreakers {
  /** 1-based position; players equal on every criterion keep their input order but share the rank. */
  rank: number;
  player: string;
  matchPoints: number;
  wins: number;
  losses: number;
  draws: number;
  byes: number;
  roundsPlayed: number;
  dropped: boolean;
}

export interface StandingsInput {
  /** Every player who ever entered; ties on every criterion keep this order (pass sign-up or seeded order). */
  players: readonly string[];
  dropped: ReadonlySet<string>;
  matches: readonly RecordedMatch[];
  settings: TiebreakerSettings;
  order?: readonly TiebreakerName[];
}

export function computeStandings(input: StandingsInput): StandingRow[] {
  const order = input.order ?? MTR_ORDER;
  const records = playerRecords(input.players, input.matches, input.settings);
  const tiebreakers = tiebreakersFromRecords(records, input.settings);
  const rows = input.players.map((player, inputIndex) => {
    const r = records.get(player)!;
    const row: StandingRow = {
      rank: 0,
      player,
      matchPoints: r.matchPoints,
      wins: r.wins,
      losses: r.losses,
      draws: r.draws,
      byes: r.byes,
      roundsPlayed: r.roundsPlayed,
      dropped: input.dropped.has(player),
      ...tiebreakers.get(player)!,
    };
    return { row, inputIndex };
  });
  const compare = (x: StandingRow, y: StandingRow): number => {
    if (x.matchPoints !== y.matchPoints) return y.matchPoints - x.matchPoints;
    // Exact fractions: equal tiebreakers tie and the next one decides (MTR 3.1), never float rounding noise.
    for (const name of order) {
      const c = compareFractions(y.exact[name], x.exact[name]);
      if (c !== 0) return c;
    }
    return 0;
  };
  rows.sort((x, y) => compare(x.row, y.row) || x.inputIndex - y.inputIndex);
  return rows.map(({ row }, i) => {
    const previous = rows[i - 1]?.row;
    row.rank = previous && compare(previous, row) === 0 ? previous.rank : i + 1;
    return row;
  });
}
