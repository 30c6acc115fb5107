import type { MatchStatus } from './match-records.ts';

/** No match has this id. */
export class MatchNotFound extends Error {
  constructor(readonly matchId: string) {
    super(`no match "${matchId}"`);
    this.name = 'MatchNotFound';
  }
}

/** The match exists but takes no decisions in its current status (pending, finished, aborted, frozen), or is paused. */
export class MatchNotPlayable extends Error {
  constructor(
    readonly matchId: string,
    readonly status: MatchStatus | 'paused',
  ) {
    super(`match "${matchId}" is ${status}`);
    this.name = 'MatchNotPlayable';
  }
}
