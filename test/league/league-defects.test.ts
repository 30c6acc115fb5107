// Issue 22's league defects, each reproduced through applyCommand as the bot drives it.
import { describe, expect, it } from 'vitest';
import type { League } from '../../src/league/league.ts';
import { leagueJson, roundsCsv } from '../../src/league/league-export.ts';
import { applyCommand, undoTarget } from '../../src/league/league-log.ts';
import { leagueStandings, playDrawChoosers, roundPairings, topCutChampion } from '../../src/league/league-queries.ts';
import { ratedGamesOfRound } from '../../src/league/league-ratings.ts';
import { leagueViewFor } from '../../src/league/league-view.ts';
import { standingsCsv } from '../../src/league/standings-csv.ts';
import { MTR_TIEBREAKERS, tiebreakersForMatchLength } from '../../src/league/tiebreakers.ts';
import { as, at, ids, newLeague, organiser, playRound, refusal, start, withPlayers } from './support.ts';

const seated = (l: League) => roundPairings(l).flatMap((t) => [t.a, t.b]);

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

describe('defect 2: a player who drops after the cut is not paired again (MTR 2.10)', () => {
  /** 8 players, 3 Swiss rounds, top 4, semi-finals played with seat a winning. */
  function afterSemis(): League {
    let l = withPlayers(newLeague({ kind: 'swiss', rounds: 3, topCut: 4 }), ids(8));
    for (let round = 0; round < 3; round++) l = playRound(start(l));
    l = start(l);
    expect(l.rounds.at(-1)?.stage).toBe('top-cut');
    return playRound(l);
  }

  it('a dropped semi-final winner leaves the other winner alone in the final, with a bye', () => {
    let l = afterSemis();
    const [semi1, semi2] = roundPairings(l);
    l = applyCommand(l, as(semi1!.a), { type: 'drop', player: semi1!.a }, at());
    l = start(l);
    const final = roundPairings(l);
    expect(seated(l)).not.toContain(semi1!.a);
    expect(final).toHaveLength(1);
    expect(final[0]?.a).toBe(semi2!.a);
    expect(final[0]?.b).toBeNull();
    expect(final[0]?.result?.source).toBe('bye');
    expect(topCutChampion(l)?.player).toBe(semi2!.a);
    expect(refusal(() => start(l))).toMatch(/top cut is over/);
  });

  it('a top 8 with one quarter-final winner gone gives the highest-ranked of the other three the bye', () => {
    let l = withPlayers(newLeague({ kind: 'swiss', rounds: 3, topCut: 8 }), ids(10));
    for (let round = 0; round < 3; round++) l = playRound(start(l));
    const swissOrder = leagueStandings(l).map((r) => r.player);
    l = playRound(start(l)); // quarter-finals: seeds 1, 4, 2, 3 win (seat a is the better seed)
    const winners = roundPairings(l).map((t) => t.a);
    expect(winners).toEqual([swissOrder[0], swissOrder[3], swissOrder[1], swissOrder[2]]);
    l = applyCommand(l, organiser, { type: 'drop', player: swissOrder[0]! }, at());
    l = start(l);
    const semis = roundPairings(l);
    expect(semis.map((t) => [t.a, t.b])).toEqual([
      [swissOrder[1], null],
      [swissOrder[3], swissOrder[2]],
    ]);
  });
});

describe('defect 3: a top cut with fewer than two players left', () => {
  it('is refused with a reason the organiser can act on, not a RangeError', () => {
    let l = withPlayers(newLeague({ kind: 'swiss', rounds: 2, topCut: 4 }), ids(6));
    for (let round = 0; round < 2; round++) l = playRound(start(l));
    const order = leagueStandings(l).map((r) => r.player);
    for (const id of order.slice(0, 5)) l = applyCommand(l, organiser, { type: 'drop', player: id }, at());
    expect(refusal(() => start(l))).toMatch(/top cut needs two players still in the event, and 1 is left/);
    l = applyCommand(l, organiser, { type: 'finish' }, at());
    expect(l.phase).toBe('finished');
  });
});

describe('defect 6: a mistaken drop is undone by reinstating, and undo names its target', () => {
  it('an organiser reinstates a player who dropped mid-round; the conceded match is played after all', () => {
    let l = start(withPlayers(newLeague({ kind: 'swiss', rounds: 3, topCut: 0 }), ids(4)));
    const table = roundPairings(l)[0]!;
    l = applyCommand(l, as(table.a), { type: 'drop', player: table.a }, at());
    expect(roundPairings(l)[0]?.result?.source).toBe('concession');
    expect(refusal(() => applyCommand(l, organiser, { type: 'join', player: table.a }, at()))).toMatch(
      /only an organiser can bring you back \(\/league reinstate\)/,
    );
    // What undo would revert now is the start of round 1, not the player's drop.
    expect(undoTarget(l)?.command.type).toBe('start-round');
    expect(refusal(() => applyCommand(l, as(table.b!), { type: 'reinstate', player: table.a }, at()))).toMatch(
      /Only an organiser/,
    );
    l = applyCommand(l, organiser, { type: 'reinstate', player: table.a }, at());
    expect(l.players.find((p) => p.id === table.a)?.droppedAfterRound).toBeNull();
    expect(roundPairings(l)[0]?.result).toBeNull();
    l = playRound(l);
    l = start(l);
    expect(seated(l)).toContain(table.a);
    expect(refusal(() => applyCommand(l, organiser, { type: 'reinstate', player: table.a }, at()))).toMatch(
      /has not dropped/,
    );
  });

  it('undo with the entry the organiser confirmed reverts it, and refuses when a newer change came in', () => {
    let l = withPlayers(newLeague({ kind: 'swiss', rounds: 3, topCut: 0 }), ids(4));
    l = applyCommand(l, organiser, { type: 'award-bye', player: 'p1' }, at());
    const shown = undoTarget(l)!;
    expect(shown.command).toEqual({ type: 'award-bye', player: 'p1' });
    l = applyCommand(l, organiser, { type: 'close-registration' }, at());
    expect(refusal(() => applyCommand(l, organiser, { type: 'undo', target: shown.seq }, at()))).toMatch(
      new RegExp(`latest organiser change is now #${shown.seq + 1}, not #${shown.seq}; nothing was undone`),
    );
    l = applyCommand(l, organiser, { type: 'undo', target: shown.seq + 1 }, at());
    expect(l.registrationOpen).toBe(true);
    expect(l.awardedByes).toEqual(['p1']);
  });
});

describe('defect 7: a bye counts the games of a won match of the league’s length', () => {
  it('best of one: the bye is 1-0 and weighs in GW% like a conceded 1-0 win', () => {
    const settings = { tiebreakers: tiebreakersForMatchLength('bo1'), checkInRequired: false, noShowMinutes: null };
    let l = start(
      withPlayers(newLeague({ kind: 'swiss', rounds: 2, topCut: 0 }, { matchLength: 'bo1', settings }), ids(5)),
    );
    const bye = roundPairings(l).find((t) => t.b === null)!;
    expect(bye.result?.score).toEqual({ gamesWonA: 1, gamesWonB: 0, gamesDrawn: 0 });
    const open = roundPairings(l).find((t) => t.b !== null)!;
    l = applyCommand(l, as(open.b!), { type: 'drop', player: open.b! }, at());
    const rows = leagueStandings(l);
    const gw = (id: string) => rows.find((r) => r.player === id)?.exact.gameWin;
    expect(gw(bye.a)).toEqual({ n: 1n, d: 1n });
    expect(gw(bye.a)).toEqual(gw(open.a));
    expect(tiebreakersForMatchLength('bo3').byeGamesWon).toBe(2);
  });
});

describe('top cut: the higher Swiss seed chooses to play or draw (MTR 2.2)', () => {
  it('names the better-ranked player of each open top-cut table, whichever seat they sit in', () => {
    let l = withPlayers(newLeague({ kind: 'swiss', rounds: 3, topCut: 4 }), ids(8));
    for (let round = 0; round < 3; round++) l = playRound(start(l));
    const seeds = leagueStandings(l).map((r) => r.player);
    l = start(l);
    expect([...playDrawChoosers(l, l.rounds.at(-1)!).values()]).toEqual([seeds[0], seeds[1]]);
    l = playRound(l, () => 'b'); // seeds 4 and 3 win their semi-finals
    l = start(l);
    const final = roundPairings(l)[0]!;
    expect([final.a, final.b]).toEqual([seeds[3], seeds[2]]);
    expect(playDrawChoosers(l, l.rounds.at(-1)!).get(1)).toBe(seeds[2]);
    expect(playDrawChoosers(l, l.rounds[0]!).size).toBe(0); // Swiss rounds: nobody is named
  });
});

describe('exports (issue 22): every round as CSV, the event as JSON', () => {
  it('lists byes and open tables plainly, and leaves out players who never took part', () => {
    const settings = { tiebreakers: MTR_TIEBREAKERS, checkInRequired: true, noShowMinutes: null };
    let l = withPlayers(newLeague({ kind: 'swiss', rounds: 2, topCut: 0 }, { settings }), ids(6));
    for (const id of ids(5)) l = applyCommand(l, as(id), { type: 'check-in', player: id }, at());
    l = playRound(start(l));
    l = start(l);
    const lines = roundsCsv(l, { p1: '=cmd' }).trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 3 + 3);
    const bye = roundPairings(l, 1).find((t) => t.b === null)!;
    expect(lines).toContain(`1,swiss,3,${bye.a},${bye.a === 'p1' ? "'=cmd" : ''},,,2,0,0,no,bye`);
    const open = roundPairings(l, 2).find((t) => t.b !== null)!;
    expect(lines.find((x) => x.startsWith(`2,swiss,${open.number},`))).toMatch(/,,,,,$/);
    expect(lines.join('\n')).toContain("'=cmd");
    const json = JSON.parse(leagueJson(l)) as { players: { id: string }[]; standings: { gameWin: string }[] };
    expect(json.players.map((p) => p.id)).not.toContain('p6');
    expect(json.standings).toHaveLength(5);
    expect(json.standings.every((r) => /^\d+\/\d+$/.test(r.gameWin))).toBe(true);
  });
});

describe('a cut by record (issue 22): everyone with at most N losses', () => {
  it('seeds the players still in with at most one loss, in Swiss order, byes for the top seeds', () => {
    let l = withPlayers(newLeague({ kind: 'swiss', rounds: 3, topCut: null, cutMaxLosses: 1 }), ids(12));
    for (let round = 0; round < 3; round++) l = playRound(start(l));
    const rows = leagueStandings(l);
    const qualified = rows.filter((r) => r.losses <= 1).map((r) => r.player);
    expect(qualified.length).toBeGreaterThan(2);
    expect(qualified.length).toBeLessThan(12);
    l = start(l);
    const cut = roundPairings(l);
    expect(l.rounds.at(-1)?.stage).toBe('top-cut');
    expect(
      cut
        .flatMap((t) => [t.a, t.b])
        .filter((x) => x !== null)
        .sort(),
    ).toEqual([...qualified].sort());
    expect(cut[0]?.a).toBe(qualified[0]);
  });

  it('refuses with the record when fewer than two have it', () => {
    let l = withPlayers(newLeague({ kind: 'swiss', rounds: 3, topCut: null, cutMaxLosses: 0 }), ids(8));
    for (let round = 0; round < 3; round++) l = playRound(start(l));
    expect(refusal(() => start(l))).toMatch(
      /cut by record needs two players .* at most 0 losses, and 1 has that record/,
    );
  });
});

describe('disqualification (issue 22): the player leaves the standings and everyone below moves up', () => {
  it('keeps their results in opponents’ tiebreakers, concedes their open match and hides the reason', () => {
    let l = withPlayers(newLeague({ kind: 'swiss', rounds: 3, topCut: 0 }), ids(6));
    l = playRound(start(l));
    l = start(l);
    const before = leagueStandings(l);
    const leader = before[0]!.player;
    const open = roundPairings(l).find((t) => t.a === leader || t.b === leader)!;
    l = applyCommand(l, organiser, { type: 'disqualify', player: leader, reason: 'marked cards' }, at());
    const after = leagueStandings(l);
    expect(after.map((r) => r.player)).not.toContain(leader);
    expect(after).toHaveLength(5);
    expect(after[0]?.rank).toBe(1);
    expect(Math.max(...after.map((r) => r.rank))).toBeLessThanOrEqual(5);
    const opponentOfLeader = roundPairings(l, 1).find((t) => t.a === leader || t.b === leader)!;
    const round1Opponent = opponentOfLeader.a === leader ? opponentOfLeader.b! : opponentOfLeader.a;
    const omw = (rows: typeof after) => rows.find((r) => r.player === round1Opponent)?.exact.opponentMatchWin;
    const beforeRound2 = leagueStandings({ ...l, disqualified: [] });
    expect(omw(after)).toEqual(omw(beforeRound2));
    expect(roundPairings(l).find((t) => t.number === open.number)?.result?.source).toBe('concession');
    expect(refusal(() => applyCommand(l, as(leader), { type: 'join', player: leader }, at()))).toMatch(/disqualified/);
    expect(refusal(() => applyCommand(l, organiser, { type: 'reinstate', player: leader }, at()))).toMatch(
      /was disqualified; undo the disqualification instead/,
    );
    const asOther = leagueViewFor(l, as(round1Opponent));
    expect(asOther.disqualified[0]?.reason).toBe('(hidden)');
    expect(asOther.log.at(-1)?.command).toEqual({ type: 'disqualify', player: leader, reason: '(hidden)' });
    expect(leagueViewFor(l, as(leader)).disqualified[0]?.reason).toBe('marked cards');
    l = applyCommand(l, organiser, { type: 'undo' }, at());
    expect(leagueStandings(l).map((r) => r.player)).toContain(leader);
  });
});

describe('penalties (issue 22): warnings, game losses and match losses with a reason', () => {
  it('a match loss decides the open match (not rated); warnings are recorded; reasons stay private', () => {
    let l = start(withPlayers(newLeague({ kind: 'swiss', rounds: 3, topCut: 0 }, { matchLength: 'bo1' }), ids(4)));
    const [first] = roundPairings(l);
    l = applyCommand(
      l,
      organiser,
      { type: 'penalty', player: first!.b!, kind: 'match-loss', reason: 'tardiness' },
      at(),
    );
    expect(roundPairings(l)[0]?.result).toEqual({
      score: { gamesWonA: 1, gamesWonB: 0, gamesDrawn: 0 },
      bothLose: false,
      source: 'penalty',
    });
    expect(ratedGamesOfRound(l, 1).map((g) => g.a)).not.toContain(first!.a);
    expect(
      refusal(() =>
        applyCommand(l, organiser, { type: 'penalty', player: first!.a, kind: 'match-loss', reason: 'x' }, at()),
      ),
    ).toMatch(/no open match to lose/);
    l = applyCommand(l, organiser, { type: 'penalty', player: first!.a, kind: 'warning', reason: 'slow play' }, at());
    expect(l.penalties.map((p) => [p.player, p.kind, p.round])).toEqual([
      [first!.b, 'match-loss', 1],
      [first!.a, 'warning', 1],
    ]);
    const given: [string, string][] = [
      [first!.b!, 'tardiness'],
      [first!.a, 'slow play'],
    ];
    expect(leagueViewFor(l, as('p4')).penalties.map((p) => p.reason)).toEqual(
      given.map(([who, reason]) => (who === 'p4' ? reason : '(hidden)')),
    );
    expect(
      refusal(() =>
        applyCommand(l, as(first!.a), { type: 'penalty', player: first!.b!, kind: 'warning', reason: 'x' }, at()),
      ),
    ).toMatch(/Only an organiser/);
  });
});
