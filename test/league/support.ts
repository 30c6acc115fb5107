// What the league core's tests share: actors, a clock that moves a minute per command, a league with MTR settings,
// players joining, a round played by the bot, and the text of a refusal.
import { IllegalAction } from '../../src/engine/core/errors.ts';
import type { League, LeagueTable } from '../../src/league/league.ts';
import { applyCommand, createLeague } from '../../src/league/league-log.ts';
import { roundPairings } from '../../src/league/league-queries.ts';
import { MTR_TIEBREAKERS } from '../../src/league/tiebreakers.ts';

export const organiser = { userId: 'org', role: 'organiser' as const };
export const as = (userId: string) => ({ userId, role: 'player' as const });
export const bot = { userId: 'arbiter-bot', role: 'bot' as const };

let clock = 0;
/** A new minute for each call, so log entries and rounds are ordered. */
export const at = () => new Date(Date.UTC(2026, 0, 1) + 60_000 * clock++).toISOString();

/** A best-of-three league with MTR tiebreakers and the given format; `overrides` replaces any other setting. */
export function newLeague(format: unknown, overrides: Record<string, unknown> = {}): League {
  return createLeague(
    {
      id: 'L1',
      name: 'Friday Nova',
      game: 'nova',
      format,
      matchLength: 'bo3',
      startsAt: null,
      endsAt: null,
      settings: { tiebreakers: MTR_TIEBREAKERS, checkInRequired: false, noShowMinutes: null },
      seed: 'defects-seed',
      ...overrides,
    },
    organiser,
    at(),
  );
}

export const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

export const withPlayers = (league: League, players: readonly string[]) =>
  players.reduce((l, id) => applyCommand(l, as(id), { type: 'join', player: id }, at()), league);

export const start = (l: League) => applyCommand(l, organiser, { type: 'start-round' }, at());

/** The bot reports every open table of the current round; seat a wins 2-1 unless `winner` says otherwise. */
export function playRound(league: League, winner: (t: LeagueTable) => 'a' | 'b' = () => 'a'): League {
  let l = league;
  for (const t of roundPairings(l)) {
    if (t.result || t.b === null) continue;
    const score =
      winner(t) === 'a' ? { gamesWonA: 2, gamesWonB: 1, gamesDrawn: 0 } : { gamesWonA: 1, gamesWonB: 2, gamesDrawn: 0 };
    l = applyCommand(l, bot, { type: 'bot-result', a: t.a, b: t.b, score }, at());
  }
  return l;
}

/** The English text of the refusal `f` throws (fails the test if it does not refuse). */
export function refusal(f: () => unknown): string {
  try {
    f();
  } catch (error) {
    if (error instanceof IllegalAction) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
}
