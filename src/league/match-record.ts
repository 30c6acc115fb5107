/**
 * A finished pairing as the standings see it. Games are counted per player so the same record serves
 * one-game and best-of-three matches; a bye has no opponent.
 */
export interface PlayedMatch {
  kind: 'played';
  round: number;
  a: string;
  b: string;
  gamesWonA: number;
  gamesWonB: number;
  gamesDrawn: number;
  /** Both players receive a match loss (e.g. neither showed up); the games are then usually 0-0-0. */
  bothLose?: boolean;
}

export interface ByeMatch {
  kind: 'bye';
  round: number;
  player: string;
}

/** A round a late entrant missed, counted as a match loss with no opponent (its games as lost 0-`gamesLost`). */
export interface MissedMatch {
  kind: 'missed';
  round: number;
  player: string;
}

export type RecordedMatch = PlayedMatch | ByeMatch | MissedMatch;

export type MatchOutcome = 'win' | 'loss' | 'draw';

/** The match result for `player` in a played match: more games won wins; equal games is a draw. */
export function outcomeFor(match: PlayedMatch, player: string): MatchOutcome {
  if (match.bothLose) return 'loss';
  const mine = player === match.a ? match.gamesWonA : match.gamesWonB;
  const theirs = player === match.a ? match.gamesWonB : match.gamesWonA;
  if (mine > theirs) return 'win';
  if (mine < theirs) return 'loss';
  return 'draw';
}

export function opponentOf(match: PlayedMatch, player: string): string {
  return player === match.a ? match.b : match.a;
}

export function involves(match: RecordedMatch, player: string): boolean {
  return match.kind === 'played' ? match.a === player || match.b === player : match.player === player;
}
