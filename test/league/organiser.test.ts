// Issue 22's organiser tools in the pure core: judges, decklist policy, late entry, pairings by hand, players kept
// apart, the round clock and the single-report deadline. Each through applyCommand, as the bot drives it.
import { describe, expect, it } from 'vitest';
import type { League, LeagueTable } from '../../src/league/league.ts';
import { applyCommand, replay, undoTarget } from '../../src/league/league-log.ts';
import { timeCalledAt } from '../../src/league/league-organiser.ts';
import { leagueStandings, roundPairings } from '../../src/league/league-queries.ts';
import { leagueViewFor } from '../../src/league/league-view.ts';
import { pairSwissRound } from '../../src/league/swiss.ts';
import { as, at, ids, newLeague, organiser, playRound, refusal, start, withPlayers } from './support.ts';

/** A Swiss league of four rounds, created with late entry closed at round 1 (as the bot creates them). */
const swiss = (overrides: Record<string, unknown> = {}): League =>
  newLeague(
    { kind: 'swiss', rounds: 4, topCut: 0 },
    { lateEntry: { untilRound: 0, missedRoundsLose: true }, seed: 'organiser-seed', ...overrides },
  );
const org = (l: League, command: Record<string, unknown>, when = at()) => applyCommand(l, organiser, command, when);
const tableOf = (l: League, id: string) => roundPairings(l).find((t) => t.a === id || t.b === id);

describe('judges', () => {
  it('are added and removed as audited organiser changes, and undo can revert one', () => {
    let l = org(swiss(), { type: 'add-judge', player: 'j1' });
    expect(l.judges).toEqual(['j1']);
    expect(refusal(() => org(l, { type: 'add-judge', player: 'j1' }))).toMatch(/already a judge/);
    expect(undoTarget(l)?.command.type).toBe('add-judge');
    l = org(l, { type: 'remove-judge', player: 'j1' });
    expect(l.judges).toEqual([]);
    expect(refusal(() => applyCommand(l, as('p1'), { type: 'add-judge', player: 'p1' }, at()))).toMatch(/organiser/);
  });
});

describe('decklists', () => {
  it('required before round 1: the start names who has none, and goes once they submitted', () => {
    let l = org(withPlayers(swiss(), ids(4)), { type: 'decklist-policy', required: true });
    for (const id of ['p1', 'p2', 'p3'])
      l = applyCommand(l, as(id), { type: 'set-deck', player: id, deck: '4 x' }, at());
    expect(refusal(() => start(l))).toMatch(/1 player has none: p4/);
    l = applyCommand(l, as('p4'), { type: 'set-deck', player: 'p4', deck: '4 y' }, at());
    expect(start(l).rounds).toHaveLength(1);
  });

  it('stay private until published, then everyone reads them', () => {
    let l = withPlayers(swiss(), ['p1', 'p2']);
    l = applyCommand(l, as('p1'), { type: 'set-deck', player: 'p1', deck: 'secret list' }, at());
    expect(JSON.stringify(leagueViewFor(l, as('p2')))).not.toContain('secret list');
    l = org(l, { type: 'decklist-policy', published: true });
    expect(leagueViewFor(l, as('p2')).players.find((p) => p.id === 'p1')?.deck).toBe('secret list');
  });
});

describe('late entry', () => {
  it('is closed once round 1 starts by default', () => {
    const l = start(withPlayers(swiss(), ids(4)));
    expect(refusal(() => applyCommand(l, as('p9'), { type: 'join', player: 'p9' }, at()))).toMatch(
      /closed when round 1 started/,
    );
  });

  it('open until round 2: the late player gets a match loss for round 1, and counts it in the standings', () => {
    let l = org(withPlayers(swiss(), ids(4)), { type: 'late-entry', untilRound: 2, missedRoundsLose: true });
    l = playRound(start(l));
    l = applyCommand(l, as('p9'), { type: 'join', player: 'p9' }, at());
    expect(l.missedRounds).toEqual([{ player: 'p9', round: 1 }]);
    const row = leagueStandings(l).find((r) => r.player === 'p9');
    expect(row).toMatchObject({ losses: 1, matchPoints: 0, roundsPlayed: 1 });
    l = start(l);
    expect(tableOf(l, 'p9')).toBeDefined();
    l = playRound(l);
    l = start(l);
    expect(refusal(() => applyCommand(l, as('p10'), { type: 'join', player: 'p10' }, at()))).toMatch(
      /closed when round 3 started/,
    );
  });

  it('without losses, the missed rounds are simply not played', () => {
    let l = org(withPlayers(swiss(), ids(4)), { type: 'late-entry', untilRound: 1, missedRoundsLose: false });
    l = playRound(start(l));
    l = applyCommand(l, as('p9'), { type: 'join', player: 'p9' }, at());
    expect(leagueStandings(l).find((r) => r.player === 'p9')).toMatchObject({ losses: 0, roundsPlayed: 0 });
  });

  it('a late arrival is seated with the bye holder by hand, and that round is no longer missed', () => {
    let l = org(withPlayers(swiss(), ids(5)), { type: 'late-entry', untilRound: 1, missedRoundsLose: true });
    l = start(l);
    const byeHolder = roundPairings(l).find((t) => t.b === null)?.a as string;
    l = applyCommand(l, as('p9'), { type: 'join', player: 'p9' }, at());
    expect(l.missedRounds).toEqual([{ player: 'p9', round: 1 }]);
    l = org(l, { type: 'pair-players', a: 'p9', b: byeHolder });
    const t = tableOf(l, 'p9');
    expect([t?.a, t?.b].sort()).toEqual([byeHolder, 'p9'].sort());
    expect(t?.result).toBeNull();
    expect(l.missedRounds).toEqual([]);
    expect(roundPairings(l).some((x) => x.b === null)).toBe(false);
  });
});

describe('pairings by hand', () => {
  it('swap exchanges two seats and keeps table numbers; a reported table cannot change', () => {
    let l = start(withPlayers(swiss(), ids(4)));
    const [t1, t2] = roundPairings(l) as [LeagueTable, LeagueTable];
    l = org(l, { type: 'swap-players', a: t1.a, b: t2.a });
    const after = roundPairings(l);
    expect(after.find((t) => t.number === t1.number)).toMatchObject({ a: t2.a, b: t1.b });
    expect(after.find((t) => t.number === t2.number)).toMatchObject({ a: t1.a, b: t2.b });
    const t = after[0] as LeagueTable;
    l = applyCommand(l, as(t.a), { type: 'report', player: t.a, score: { won: 2, lost: 0, drawn: 0 } }, at());
    expect(refusal(() => org(l, { type: 'swap-players', a: t.a, b: (after[1] as LeagueTable).a }))).toMatch(
      /already has a report/,
    );
  });

  it('pair seats two players together and pairs their former opponents with each other', () => {
    let l = start(withPlayers(swiss(), ids(4)));
    const [t1, t2] = roundPairings(l) as [LeagueTable, LeagueTable];
    l = org(l, { type: 'pair-players', a: t1.a, b: t2.a });
    const pairs = roundPairings(l).map((t) => [t.a, t.b].sort().join('-'));
    expect(pairs.sort()).toEqual([[t1.a, t2.a].sort().join('-'), [t1.b, t2.b].sort().join('-')].sort());
    expect(roundPairings(l).map((t) => t.number)).toEqual([1, 2]);
  });

  it('keep-apart: the two are not paired while another pairing exists, even against a rematch', () => {
    // Swiss alone would pair p1 with p2 (the two leaders): keeping them apart must move them.
    const entrants = [
      { id: 'p1', points: 6, opponents: ['p3', 'p4'], byes: 0, avoid: ['p2'] },
      { id: 'p2', points: 6, opponents: ['p4', 'p3'], byes: 0, avoid: ['p1'] },
      { id: 'p3', points: 0, opponents: ['p1', 'p2'], byes: 0 },
      { id: 'p4', points: 0, opponents: ['p2', 'p1'], byes: 0 },
    ];
    const free = pairSwissRound(entrants.map((e) => ({ ...e, avoid: [] })));
    expect(free.tables.map((t) => `${t.a}-${t.b}`)).toContain('p1-p2');
    const apart = pairSwissRound(entrants);
    expect(apart.tables.map((t) => `${t.a}-${t.b}`)).not.toContain('p1-p2');
    // Only two players: they must meet anyway (a pairing always exists).
    const two = pairSwissRound(entrants.slice(0, 2));
    expect(two.tables).toHaveLength(1);
  });

  it('keep-apart through the league: round 1 never pairs them', () => {
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      let l = withPlayers(swiss({ seed }), ids(4));
      l = org(l, { type: 'keep-apart', a: 'p1', b: 'p2' });
      l = start(l);
      expect(tableOf(l, 'p1')?.b === 'p2' || tableOf(l, 'p1')?.a === 'p2').toBe(false);
    }
  });
});

describe('the round clock', () => {
  it('a pause adds the stopped time, an extension adds minutes to one table', () => {
    const t0 = Date.UTC(2026, 5, 1, 10, 0);
    const iso = (min: number) => new Date(t0 + min * 60_000).toISOString();
    let l = withPlayers(swiss(), ids(4));
    l = org(l, { type: 'start-round' }, iso(0));
    const round = () => l.rounds[0]!;
    const [t1, t2] = roundPairings(l) as [LeagueTable, LeagueTable];
    expect(timeCalledAt(round(), t1, 50)).toBe(t0 + 50 * 60_000);
    l = org(l, { type: 'pause-clock' }, iso(10));
    expect(timeCalledAt(round(), t1, 50)).toBeNull();
    expect(refusal(() => org(l, { type: 'pause-clock' }, iso(11)))).toMatch(/already paused/);
    l = org(l, { type: 'resume-clock' }, iso(17));
    l = org(l, { type: 'extend-time', table: t2.number, minutes: 5 }, iso(18));
    expect(timeCalledAt(round(), l.rounds[0]!.tables[0]!, 50)).toBe(t0 + 57 * 60_000);
    expect(timeCalledAt(round(), l.rounds[0]!.tables[1]!, 50)).toBe(t0 + 62 * 60_000);
    expect(replay(l.log)).toEqual(l);
  });
});

describe('a single report and its deadline', () => {
  it('stands only after the deadline, as source single-report; an answered report is agreed as before', () => {
    const t0 = Date.UTC(2026, 5, 1, 10, 0);
    const iso = (min: number) => new Date(t0 + min * 60_000).toISOString();
    let l = withPlayers(swiss(), ids(4));
    l = org(l, { type: 'report-deadline', minutes: 15 });
    l = org(l, { type: 'start-round' }, iso(0));
    const t = roundPairings(l)[0] as LeagueTable;
    l = applyCommand(l, as(t.a), { type: 'report', player: t.a, score: { won: 2, lost: 1, drawn: 0 } }, iso(30));
    expect(refusal(() => org(l, { type: 'accept-report', table: t.number }, iso(44)))).toMatch(/not passed/);
    l = org(l, { type: 'accept-report', table: t.number }, iso(45));
    expect(roundPairings(l)[0]?.result).toMatchObject({
      source: 'single-report',
      score: { gamesWonA: 2, gamesWonB: 1 },
    });
    const other = roundPairings(l)[1] as LeagueTable;
    expect(refusal(() => org(l, { type: 'accept-report', table: other.number }, iso(90)))).toMatch(/no single report/);
  });
});
