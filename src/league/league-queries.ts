/** Read-only views of a league: standings, pairings, a player's history, the audit trail. */
import { seedRng } from '../engine/core/rng.ts';
import type { League, LeagueRound, LeagueTable, LogEntry } from './league.ts';
import type { RecordedMatch } from './match-record.ts';
import { computeStandings, type StandingRow } from './standings.ts';

/** Results that count for standings: Swiss and round-robin rounds, and ladder games (the top cut does not). */
export function recordedMatches(league: League): RecordedMatch[] {
  const out: RecordedMatch[] = [];
  for (const round of league.rounds) {
    if (round.stage === 'top-cut') continue;
    for (const t of round.tables) {
      const m = tableToMatch(round, t);
      if (m) out.push(m);
    }
  }
  for (const m of league.missedRounds) out.push({ kind: 'missed', round: m.round, player: m.player });
  league.ladder.forEach((g, i) => {
    out.push({ kind: 'played', round: i + 1, a: g.a, b: g.b, ...g.score, bothLose: false });
  });
  return out;
}

function tableToMatch(round: LeagueRound, t: LeagueTable): RecordedMatch | null {
  if (t.result === null) return null;
  if (t.b === null) return { kind: 'bye', round: round.number, player: t.a };
  return { kind: 'played', round: round.number, a: t.a, b: t.b, ...t.result.score, bothLose: t.result.bothLose };
}

/**
 * Players in their final tie order: a seeded shuffle fixed by the league seed, so equal players are not
 * ordered by sign-up time or user id, and replays give the same order.
 */
export function tieOrder(league: League): string[] {
  const key = (id: string) => {
    const r = seedRng(`${league.config.seed}|${id}`);
    return r.a * 4294967296 + r.b;
  };
  return league.players.map((p) => p.id).sort((x, y) => key(x) - key(y) || (x < y ? -1 : 1));
}

/**
 * Standings of everyone who took part. MTR 2.10: a player who drops before round 1 (here: dropped for not checking
 * in) did not participate and is not listed in the finish order, so they are left out of standings and the CSV.
 */
export function leagueStandings(league: League): StandingRow[] {
  const dropped = new Set(league.players.filter((p) => p.droppedAfterRound !== null).map((p) => p.id));
  const unlisted = new Set(league.players.filter((p) => p.droppedAfterRound === 0).map((p) => p.id));
  // A disqualified player is not listed either; everyone below moves up (their results still count for opponents).
  for (const d of league.disqualified) unlisted.add(d.player);
  return computeStandings({
    players: tieOrder(league).filter((id) => !unlisted.has(id)),
    dropped,
    matches: recordedMatches(league),
    settings: league.config.settings.tiebreakers,
  });
}

/**
 * MTR 2.2: in the single-elimination rounds the player with the higher Swiss standing chooses to play or draw.
 * Table number → that player, for the round's top-cut tables still waiting for a result.
 */
export function playDrawChoosers(league: League, round: LeagueRound): Map<number, string> {
  const choosers = new Map<number, string>();
  if (round.stage !== 'top-cut') return choosers;
  const rank = new Map(leagueStandings(league).map((r, i) => [r.player, i]));
  const place = (id: string) => rank.get(id) ?? Number.MAX_SAFE_INTEGER;
  for (const t of round.tables) {
    if (t.b === null || t.result !== null) continue;
    choosers.set(t.number, place(t.a) <= place(t.b) ? t.a : t.b);
  }
  return choosers;
}

/** The tables of a round (default: the current one). */
export function roundPairings(league: League, roundNumber?: number): LeagueTable[] {
  const round = roundNumber === undefined ? league.rounds.at(-1) : league.rounds[roundNumber - 1];
  return round ? round.tables : [];
}

export interface HistoryLine {
  round: number;
  stage: LeagueRound['stage'];
  opponent: string | null;
  /** The player's games won, lost, drawn; null while the match has no result. */
  score: { won: number; lost: number; drawn: number } | null;
  /** `missed`: a round a late entrant missed, a match loss with no opponent. */
  outcome: 'win' | 'loss' | 'draw' | 'bye' | 'pending' | 'missed';
}

export function playerHistory(league: League, player: string): HistoryLine[] {
  const lines: HistoryLine[] = league.missedRounds
    .filter((m) => m.player === player)
    .map((m) => ({ round: m.round, stage: 'swiss' as const, opponent: null, score: null, outcome: 'missed' as const }));
  for (const round of league.rounds) {
    for (const t of round.tables) {
      if (t.a !== player && t.b !== player) continue;
      const mineIsA = t.a === player;
      const opponent = mineIsA ? t.b : t.a;
      if (!t.result) {
        lines.push({ round: round.number, stage: round.stage, opponent, score: null, outcome: 'pending' });
        continue;
      }
      const s = t.result.score;
      const score = mineIsA
        ? { won: s.gamesWonA, lost: s.gamesWonB, drawn: s.gamesDrawn }
        : { won: s.gamesWonB, lost: s.gamesWonA, drawn: s.gamesDrawn };
      let outcome: HistoryLine['outcome'];
      if (opponent === null) outcome = 'bye';
      else if (t.result.bothLose || score.won < score.lost) outcome = 'loss';
      else if (score.won > score.lost) outcome = 'win';
      else outcome = 'draw';
      lines.push({ round: round.number, stage: round.stage, opponent, score, outcome });
    }
  }
  return lines.sort((x, y) => x.round - y.round);
}

/** What `/league audit` shows: every organiser change, oldest first, with undone ones marked. */
export function auditTrail(league: League): LogEntry[] {
  return league.log.filter((e) => e.admin);
}

/**
 * When the bot may record no-shows for the current round: its start plus `noShowMinutes` (ISO time),
 * or null when the setting is off or no round is waiting for results.
 */
export function noShowDeadline(league: League): string | null {
  const minutes = league.config.settings.noShowMinutes;
  const round = league.rounds.at(-1);
  if (minutes === null || !round || round.tables.every((t) => t.result !== null)) return null;
  return new Date(Date.parse(round.startedAt) + minutes * 60_000).toISOString();
}

/** Tables whose two reports disagree, for the organiser to decide (`set-result`). */
export function disputedTables(league: League): { round: number; table: LeagueTable }[] {
  return league.rounds.flatMap((r) => r.tables.filter((t) => t.disputed).map((table) => ({ round: r.number, table })));
}

/**
 * The winner of the top cut: the final's winner once it has a result. A final with a bye (everyone else dropped,
 * MTR 2.10) is won by the one left. null without a finished final.
 */
export function topCutChampion(league: League): { player: string; final: LeagueTable } | null {
  const last = league.rounds.at(-1);
  const final = last?.stage === 'top-cut' && last.tables.length === 1 ? last.tables[0] : undefined;
  if (!final?.result) return null;
  if (final.b === null) return { player: final.a, final };
  const s = final.result.score;
  if (s.gamesWonA === s.gamesWonB) return null;
  return { player: s.gamesWonA > s.gamesWonB ? final.a : final.b, final };
}
