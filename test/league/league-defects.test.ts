// Issue 22's league defects, each reproduced through applyCommand as the bot drives it.
import { describe, expect, it } from 'vitest';
import { IllegalAction } from '../../src/engine/core/errors.ts';
import type { League, LeagueTable } from '../../src/league/league.ts';
import { applyCommand, createLeague } from '../../src/league/league-log.ts';
import { leagueStandings, roundPairings } from '../../src/league/league-queries.ts';
import { standingsCsv } from '../../src/league/standings-csv.ts';
import { MTR_TIEBREAKERS } from '../../src/league/tiebreakers.ts';

const organiser = { userId: 'org', role: 'organiser' as const };
const as = (userId: string) => ({ userId, role: 'player' as const });
const bot = { userId: 'arbiter-bot', role: 'bot' as const };
let clock = 0;
const at = () => new Date(Date.UTC(2026, 0, 1) + 60_000 * clock++).toISOString();

function newLeague(format: unknown, overrides: Record<string, unknown> = {}): League {
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

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);
const withPlayers = (league: League, players: readonly string[]) =>
  players.reduce((l, id) => applyCommand(l, as(id), { type: 'join', player: id }, at()), league);
const start = (l: League) => applyCommand(l, organiser, { type: 'start-round' }, at());
const seated = (l: League) => roundPairings(l).flatMap((t) => [t.a, t.b]);

/** The bot reports every open table of the current round; seat a wins 2-1 unless `winner` says otherwise. */
function playRound(league: League, winner: (t: LeagueTable) => 'a' | 'b' = () => 'a'): League {
  let l = league;
  for (const t of roundPairings(l)) {
    if (t.result || t.b === null) continue;
    const score =
      winner(t) === 'a' ? { gamesWonA: 2, gamesWonB: 1, gamesDrawn: 0 } : { gamesWonA: 1, gamesWonB: 2, gamesDrawn: 0 };
    l = applyCommand(l, bot, { type: 'bot-result', a: t.a, b: t.b, score }, at());
  }
  return l;
}

function refusal(f: () => unknown): string {
  try {
    f();
  } catch (error) {
    if (error instanceof IllegalAction) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('defect 5: players dropped for not checking in did not participate (MTR 2.10)', () => {
  it('are not listed in the standings or the CSV; a later drop still is', () => {
    const settings = { tiebreakers: MTR_TIEBREAKERS, checkInRequired: true, noShowMinutes: null };
    let l = withPlayers(newLeague({ kind: 'swiss', rounds: 2, topCut: 0 }, { settings }), ids(6));
    for (const id of ids(5)) l = applyCommand(l, as(id), { type: 'check-in', player: id }, at());
    l = start(l);
    expect(l.players.find((p) => p.id === 'p6')?.droppedAfterRound).toBe(0);
    l = playRound(l);
    l = applyCommand(l, as('p1'), { type: 'drop', player: 'p1' }, at());
    const rows = leagueStandings(l);
    expect(rows.map((r) => r.player)).not.toContain('p6');
    expect(rows.map((r) => r.player).sort()).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect(rows.find((r) => r.player === 'p1')?.dropped).toBe(true);
    const csv = standingsCsv(rows);
    expect(csv).not.toContain('p6');
    expect(csv.trimEnd().split('\r\n')).toHaveLength(6);
  });
});
