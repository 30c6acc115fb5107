/** Standings as CSV (RFC 4180: comma separated, CRLF line ends, quotes doubled inside quoted fields). */
import type { StandingRow } from './standings.ts';

const HEADER = ['rank', 'player', 'name', 'points', 'wins', 'losses', 'draws', 'byes', 'omw', 'gw', 'ogw', 'dropped'];

/** `names` maps player ids to display names (Discord ids are not readable); percentages get 4 decimals. */
export function standingsCsv(rows: readonly StandingRow[], names: Readonly<Record<string, string>> = {}): string {
  const lines = [HEADER.join(',')];
  for (const r of rows) {
    const cells = [
      String(r.rank),
      r.player,
      names[r.player] ?? '',
      String(r.matchPoints),
      String(r.wins),
      String(r.losses),
      String(r.draws),
      String(r.byes),
      r.opponentMatchWin.toFixed(4),
      r.gameWin.toFixed(4),
      r.opponentGameWin.toFixed(4),
      r.dropped ? 'yes' : 'no',
    ];
    lines.push(cells.map(csvCell).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}

/**
 * Quotes a cell when it needs it, and defuses spreadsheet formulas: a cell starting with = + - @ would run
 * as a formula when an organiser opens the file, so it gets a leading apostrophe (OWASP CSV injection).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
