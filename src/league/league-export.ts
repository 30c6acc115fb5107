/**
 * Exports other tools can read (issue 22): every round's pairings and results as CSV, and the whole event as JSON
 * (settings, players, rounds, standings with exact tiebreakers). Decklists are never exported here.
 */

import type { Fraction } from './fraction.ts';
import type { League } from './league.ts';
import { leagueStandings } from './league-queries.ts';
import { csvCell } from './standings-csv.ts';

const ROUNDS_HEADER = [
  'round',
  'stage',
  'table',
  'player_a',
  'name_a',
  'player_b',
  'name_b',
  'games_a',
  'games_b',
  'games_drawn',
  'both_lose',
  'source',
];

/** One line per table of every round, in order; a bye has no player_b, an open table no result. */
export function roundsCsv(league: League, names: Readonly<Record<string, string>> = {}): string {
  const lines = [ROUNDS_HEADER.join(',')];
  for (const round of league.rounds) {
    for (const t of round.tables) {
      const r = t.result;
      const cells = [
        String(round.number),
        round.stage,
        String(t.number),
        t.a,
        names[t.a] ?? '',
        t.b ?? '',
        t.b === null ? '' : (names[t.b] ?? ''),
        r ? String(r.score.gamesWonA) : '',
        r ? String(r.score.gamesWonB) : '',
        r ? String(r.score.gamesDrawn) : '',
        r ? (r.bothLose ? 'yes' : 'no') : '',
        r ? r.source : '',
      ];
      lines.push(cells.map(csvCell).join(','));
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

const exact = (x: Fraction) => `${x.n}/${x.d}`;

/** The event as JSON (format `arbiter-league`, version 1); tiebreakers as exact "n/d" strings and as numbers. */
export function leagueJson(league: League, names: Readonly<Record<string, string>> = {}): string {
  const c = league.config;
  const rows = leagueStandings(league);
  const listed = new Set(rows.map((r) => r.player));
  const document = {
    format: 'arbiter-league',
    version: 1,
    league: { id: c.id, name: c.name, game: c.game, format: c.format, matchLength: c.matchLength, phase: league.phase },
    tiebreakers: c.settings.tiebreakers,
    players: league.players
      .filter((p) => listed.has(p.id))
      .map((p) => ({ id: p.id, name: names[p.id] ?? null, droppedAfterRound: p.droppedAfterRound })),
    rounds: league.rounds.map((round) => ({
      number: round.number,
      stage: round.stage,
      tables: round.tables.map((t) => ({
        table: t.number,
        a: t.a,
        b: t.b,
        result: t.result ? { ...t.result.score, bothLose: t.result.bothLose, source: t.result.source } : null,
      })),
    })),
    standings: rows.map((r) => ({
      rank: r.rank,
      player: r.player,
      matchPoints: r.matchPoints,
      wins: r.wins,
      losses: r.losses,
      draws: r.draws,
      byes: r.byes,
      dropped: r.dropped,
      matchWin: exact(r.exact.matchWin),
      opponentMatchWin: exact(r.exact.opponentMatchWin),
      gameWin: exact(r.exact.gameWin),
      opponentGameWin: exact(r.exact.opponentGameWin),
      omw: r.opponentMatchWin,
      gw: r.gameWin,
      ogw: r.opponentGameWin,
    })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
