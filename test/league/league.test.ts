import { describe, expect, it } from 'vitest';
import { IllegalAction, InvalidData } from '../../src/engine/core/errors.ts';
import { type Actor, type League, parseLeague } from '../../src/league/league.ts';
import { applyCommand, createLeague, replay } from '../../src/league/league-log.ts';
import {
  auditTrail,
  disputedTables,
  leagueStandings,
  noShowDeadline,
  playerHistory,
  roundPairings,
} from '../../src/league/league-queries.ts';
import { ratedGamesOfRound, ratedLadderGames } from '../../src/league/league-ratings.ts';
import { waitlistPlace } from '../../src/league/league-registration.ts';
import { leagueViewFor } from '../../src/league/league-view.ts';
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
      settings: { tiebreakers: MTR_TIEBREAKERS, checkInRequired: false, noShowMinutes: 10 },
      seed: 'test-seed',
      ...overrides,
    },
    organiser,
    at(),
  );
}

function withPlayers(league: League, ids: readonly string[]): League {
  return ids.reduce((l, id) => applyCommand(l, as(id), { type: 'join', player: id }, at()), league);
}

const swiss = { kind: 'swiss', rounds: null, topCut: null };
const players = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);
const start = (l: League) => applyCommand(l, organiser, { type: 'start-round' }, at());

/** The bot reports every open table of the current round, the better-listed seat winning 2-1. */
function playRound(league: League): League {
  let l = league;
  for (const t of roundPairings(l)) {
    if (t.result || t.b === null) continue;
    l = applyCommand(
      l,
      bot,
      { type: 'bot-result', a: t.a, b: t.b, score: { gamesWonA: 2, gamesWonB: 1, gamesDrawn: 0 } },
      at(),
    );
  }
  return l;
}

function expectRefusal(f: () => unknown, message: RegExp) {
  expect(f).toThrow(IllegalAction);
  expect(f).toThrow(message);
}

describe('registration and round 1', () => {
  it('sizes the event from the player count and drops those who did not check in', () => {
    let l = withPlayers(
      newLeague(swiss, { settings: { tiebreakers: MTR_TIEBREAKERS, checkInRequired: true, noShowMinutes: null } }),
      players(7),
    );
    for (const id of players(6)) l = applyCommand(l, as(id), { type: 'check-in', player: id }, at());
    l = start(l);
    expect(l.plannedRounds).toBe(3); // 6 players: ⌈log₂ 6⌉
    expect(l.players.find((p) => p.id === 'p7')!.droppedAfterRound).toBe(0);
    const seated = roundPairings(l).flatMap((t) => [t.a, t.b]);
    expect(seated).not.toContain('p7');
    expect(seated).toHaveLength(6);
    expectRefusal(() => applyCommand(l, as('p1'), { type: 'check-in', player: 'p1' }, at()), /Check-in is over/);
  });

  it('counts a player with an awarded round-1 bye as two when sizing the event (MTR Appendix E)', () => {
    const eight = withPlayers(newLeague(swiss), players(8));
    expect(start(eight).plannedRounds).toBe(3);
    const withBye = applyCommand(eight, organiser, { type: 'award-bye', player: 'p1' }, at());
    expect(start(withBye).plannedRounds).toBe(5); // counts as 9 players
  });

  it('refuses joining twice, joining a closed league, and admin commands from players', () => {
    let l = withPlayers(newLeague(swiss), ['a']);
    expectRefusal(() => applyCommand(l, as('a'), { type: 'join', player: 'a' }, at()), /already registered/);
    expectRefusal(() => applyCommand(l, as('a'), { type: 'start-round' }, at()), /Only an organiser/);
    expectRefusal(() => applyCommand(l, as('a'), { type: 'drop', player: 'b' }, at()), /Only an organiser/);
    l = applyCommand(l, organiser, { type: 'close-registration' }, at());
    expectRefusal(() => applyCommand(l, as('b'), { type: 'join', player: 'b' }, at()), /Registration is closed/);
  });

  it('rejects malformed commands with the field that is wrong', () => {
    const l = newLeague(swiss);
    expect(() => applyCommand(l, as('a'), { type: 'join' }, at())).toThrow(InvalidData);
    expect(() => applyCommand(l, as('a'), { type: 'join' }, at())).toThrow(/player/);
    expect(() => applyCommand(l, organiser, { type: 'fly' }, at())).toThrow(InvalidData);
    expect(() => newLeague({ kind: 'swiss', rounds: 0, topCut: null })).toThrow(/rounds/);
  });
});

describe('results', () => {
  const paired = () => start(withPlayers(newLeague(swiss), players(4)));

  it('finalises when both players report the same score, from their own side', () => {
    let l = paired();
    const t = roundPairings(l)[0]!;
    const untouched = JSON.stringify(l);
    const reported = applyCommand(
      l,
      as(t.a),
      { type: 'report', player: t.a, score: { won: 2, lost: 0, drawn: 0 } },
      at(),
    );
    expect(JSON.stringify(l)).toBe(untouched); // the input state is never modified
    l = reported;
    expect(roundPairings(l)[0]!.result).toBeNull();
    l = applyCommand(l, as(t.b!), { type: 'report', player: t.b!, score: { won: 0, lost: 2, drawn: 0 } }, at());
    expect(roundPairings(l)[0]!.result).toEqual({
      score: { gamesWonA: 2, gamesWonB: 0, gamesDrawn: 0 },
      bothLose: false,
      source: 'agreed',
    });
  });

  it('opens a dispute on a mismatch, which only the organiser settles (audited)', () => {
    let l = paired();
    const t = roundPairings(l)[0]!;
    l = applyCommand(l, as(t.a), { type: 'report', player: t.a, score: { won: 2, lost: 0, drawn: 0 } }, at());
    l = applyCommand(l, as(t.b!), { type: 'report', player: t.b!, score: { won: 2, lost: 1, drawn: 0 } }, at());
    expect(roundPairings(l)[0]!.disputed).toBe(true);
    expect(disputedTables(l).map((d) => [d.round, d.table.number])).toEqual([[1, 1]]);
    expect(roundPairings(l)[0]!.result).toBeNull();
    expectRefusal(() => start(l), /without a result/);
    l = applyCommand(
      l,
      organiser,
      { type: 'set-result', round: 1, table: 1, score: { gamesWonA: 2, gamesWonB: 0, gamesDrawn: 0 } },
      at(),
    );
    expect(roundPairings(l)[0]!.disputed).toBe(false);
    expect(disputedTables(l)).toEqual([]);
    expect(roundPairings(l)[0]!.result!.source).toBe('organiser');
    expect(auditTrail(l).map((e) => e.command.type)).toEqual(['create', 'start-round', 'set-result']);
  });

  it('takes a bot-hosted match as authoritative only between players paired now', () => {
    let l = paired();
    const [t1, t2] = roundPairings(l).map((t) => ({ a: t.a, b: t.b ?? '' })) as [
      { a: string; b: string },
      { a: string; b: string },
    ];
    expectRefusal(
      () =>
        applyCommand(
          l,
          bot,
          { type: 'bot-result', a: t1.a, b: t2.a, score: { gamesWonA: 2, gamesWonB: 0, gamesDrawn: 0 } },
          at(),
        ),
      /not paired/,
    );
    l = applyCommand(
      l,
      bot,
      { type: 'bot-result', a: t1.b, b: t1.a, score: { gamesWonA: 2, gamesWonB: 0, gamesDrawn: 0 } },
      at(),
    );
    // Reported from b's side, stored in table orientation: b won.
    expect(roundPairings(l)[0]!.result!.score).toEqual({ gamesWonA: 0, gamesWonB: 2, gamesDrawn: 0 });
    expect(ratedGamesOfRound(l, 1)).toEqual([{ a: t1.a, b: t1.b, scoreA: 0 }]);
    // A player cannot claim a bot-hosted result, and the bot does not file player reports.
    expectRefusal(
      () =>
        applyCommand(
          l,
          as(t2.a),
          { type: 'bot-result', a: t2.a, b: t2.b, score: { gamesWonA: 2, gamesWonB: 0, gamesDrawn: 0 } },
          at(),
        ),
      /bot hosted/,
    );
    expectRefusal(
      () => applyCommand(l, bot, { type: 'report', player: t2.a, score: { won: 2, lost: 0, drawn: 0 } }, at()),
      /Only an organiser/,
    );
    expect(playerHistory(l, t1.b)[0]).toMatchObject({
      opponent: t1.a,
      outcome: 'win',
      score: { won: 2, lost: 0, drawn: 0 },
    });
  });

  it('rejects scores that do not fit the match length', () => {
    const l = paired();
    const t = roundPairings(l)[0]!;
    expectRefusal(
      () => applyCommand(l, as(t.a), { type: 'report', player: t.a, score: { won: 3, lost: 0, drawn: 0 } }, at()),
      /more than two/,
    );
  });

  it('gives a no-show the loss, and both players a loss when both are absent', () => {
    let l = paired();
    const [t1, t2] = roundPairings(l);
    // newLeague sets noShowMinutes to 10.
    expect(noShowDeadline(l)).toBe(new Date(Date.parse(l.rounds[0]!.startedAt) + 10 * 60_000).toISOString());
    l = applyCommand(l, organiser, { type: 'no-show', table: 1, absent: [t1!.a] }, at());
    l = applyCommand(l, organiser, { type: 'no-show', table: 2, absent: [t2!.a, t2!.b!] }, at());
    expect(roundPairings(l)[0]!.result!.score).toEqual({ gamesWonA: 0, gamesWonB: 2, gamesDrawn: 0 });
    expect(roundPairings(l)[1]!.result!.bothLose).toBe(true);
    expect(noShowDeadline(l)).toBeNull();
    // Unplayed matches are not rated.
    expect(ratedGamesOfRound(l, 1)).toEqual([]);
    const points = new Map(leagueStandings(l).map((r) => [r.player, r.matchPoints]));
    expect([t1!.a, t1!.b!, t2!.a, t2!.b!].map((p) => points.get(p))).toEqual([0, 3, 0, 0]);
  });
});

describe('organiser changes and undo', () => {
  it('undoes the latest organiser change by replaying the log without it', () => {
    let l = start(withPlayers(newLeague(swiss), players(5)));
    l = playRound(l);
    const before = l;
    l = applyCommand(l, organiser, { type: 'drop', player: 'p3' }, at());
    expect(l.players.find((p) => p.id === 'p3')!.droppedAfterRound).toBe(1);
    l = applyCommand(l, organiser, { type: 'undo' }, at());
    expect(l.players).toEqual(before.players);
    expect(l.rounds).toEqual(before.rounds);
    const audit = auditTrail(l);
    expect(audit.at(-1)!.command).toEqual({ type: 'undo', target: audit.at(-2)!.seq });
    expect(audit.at(-2)!.undoneBy).toBe(audit.at(-1)!.seq);
  });

  it('refuses to undo a change that later results depend on', () => {
    let l = start(withPlayers(newLeague(swiss), players(4)));
    l = playRound(l);
    expectRefusal(() => applyCommand(l, organiser, { type: 'undo' }, at()), /later changes depend on it/);
  });

  it('awards a bye for the next round and keeps it through a re-pair', () => {
    let l = withPlayers(newLeague(swiss), players(6));
    l = applyCommand(l, organiser, { type: 'award-bye', player: 'p2' }, at());
    l = start(l);
    const byes = () =>
      roundPairings(l)
        .filter((t) => t.b === null)
        .map((t) => t.a);
    expect(byes()).toContain('p2');
    l = applyCommand(l, organiser, { type: 'drop', player: 'p5' }, at());
    l = applyCommand(l, organiser, { type: 'repair-round' }, at());
    expect(byes()).toContain('p2');
    expect(roundPairings(l).flatMap((t) => [t.a, t.b])).not.toContain('p5');
    // A player who drops loses the awarded bye on the next re-pair.
    l = applyCommand(l, organiser, { type: 'drop', player: 'p2' }, at());
    l = applyCommand(l, organiser, { type: 'repair-round' }, at());
    expect(roundPairings(l).flatMap((t) => [t.a, t.b])).not.toContain('p2');
  });
});

describe('a player who drops with a match unplayed (MTR: the match is conceded)', () => {
  it('gives the opponent a 2-0 win in best of three, not rated, and the round can end', () => {
    let l = start(withPlayers(newLeague(swiss), players(4)));
    const table = roundPairings(l)[0]!;
    l = applyCommand(l, as(table.a), { type: 'drop', player: table.a }, at());
    const conceded = roundPairings(l)[0]!;
    expect(conceded.result).toEqual({
      score: { gamesWonA: 0, gamesWonB: 2, gamesDrawn: 0 },
      bothLose: false,
      source: 'concession',
    });
    expect(playerHistory(l, table.b!)[0]!.outcome).toBe('win');
    expect(ratedGamesOfRound(l, 1).map((g) => g.a)).not.toContain(table.a);
    l = playRound(l);
    l = start(l); // round 2 pairs without the dropped player
    expect(roundPairings(l).flatMap((t) => [t.a, t.b])).not.toContain(table.a);
  });

  it('gives 1-0 in best of one, leaves a finished match alone, and replays the same', () => {
    let l = start(withPlayers(newLeague(swiss, { matchLength: 'bo1' }), players(4)));
    const [first, second] = roundPairings(l);
    l = applyCommand(l, organiser, { type: 'drop', player: first!.b! }, at());
    expect(roundPairings(l)[0]!.result!.score).toEqual({ gamesWonA: 1, gamesWonB: 0, gamesDrawn: 0 });
    l = applyCommand(
      l,
      bot,
      { type: 'bot-result', a: second!.a, b: second!.b!, score: { gamesWonA: 0, gamesWonB: 1, gamesDrawn: 0 } },
      at(),
    );
    l = applyCommand(l, as(second!.b!), { type: 'drop', player: second!.b! }, at());
    expect(roundPairings(l)[1]!.result!.source).toBe('bot');
    expect(replay(l.log)).toEqual(l);
  });

  it('still lets the organiser re-pair the round after the drop (the concession is not a played result)', () => {
    let l = start(withPlayers(newLeague(swiss), players(6)));
    l = applyCommand(l, organiser, { type: 'drop', player: 'p1' }, at());
    l = applyCommand(l, organiser, { type: 'repair-round' }, at());
    expect(roundPairings(l).flatMap((t) => [t.a, t.b])).not.toContain('p1');
    expect(roundPairings(l).filter((t) => t.result !== null)).toHaveLength(1); // the bye
  });
});

describe('player cap and waitlist', () => {
  it('puts joins past the cap on a waitlist and promotes the first one when a player drops before round 1', () => {
    let l = withPlayers(newLeague(swiss, { cap: 3 }), players(5));
    expect(l.players.map((p) => p.id)).toEqual(['p1', 'p2', 'p3']);
    expect(l.waitlist.map((w) => w.id)).toEqual(['p4', 'p5']);
    expect(waitlistPlace(l, 'p5')).toBe(2);
    expectRefusal(
      () => applyCommand(l, as('p4'), { type: 'join', player: 'p4' }, at()),
      /already on the waitlist \(place 1\)/,
    );
    l = applyCommand(l, as('p2'), { type: 'drop', player: 'p2' }, at());
    expect(l.players.map((p) => p.id)).toEqual(['p1', 'p3', 'p4']);
    expect(l.waitlist.map((w) => w.id)).toEqual(['p5']);
    // Leaving the waitlist frees nobody's place and promotes nobody.
    l = applyCommand(l, as('p5'), { type: 'drop', player: 'p5' }, at());
    expect(l.waitlist).toEqual([]);
    expectRefusal(() => applyCommand(l, as('p5'), { type: 'drop', player: 'p5' }, at()), /not in this league/);
    expect(replay(l.log)).toEqual(l);
  });

  it('does not promote once the event has started (a drop then is a drop)', () => {
    let l = withPlayers(newLeague(swiss, { cap: 4 }), players(5));
    l = start(l);
    l = applyCommand(l, organiser, { type: 'drop', player: 'p1' }, at());
    expect(l.waitlist.map((w) => w.id)).toEqual(['p5']);
    expect(l.players.some((p) => p.id === 'p5')).toBe(false);
  });

  it('refuses a cap below two and loads a league stored before caps (no cap, empty waitlist)', () => {
    expect(() => newLeague(swiss, { cap: 1 })).toThrow(InvalidData);
    const l = withPlayers(newLeague(swiss), players(2));
    const { waitlist: _w, ...old } = l;
    const { cap: _c, ...oldConfig } = l.config;
    const loaded = parseLeague({ ...old, config: oldConfig });
    expect(loaded.config.cap).toBeNull();
    expect(loaded.waitlist).toEqual([]);
  });
});

describe('whole events', () => {
  it('runs Swiss with automatic size (12 players: 5 rounds, top 4 seeded 1v4, 2v3) to a champion', () => {
    let l = withPlayers(newLeague(swiss), players(12));
    for (let r = 0; r < 5; r++) l = playRound(start(l));
    expect(l.plannedRounds).toBe(5);
    const seeds = leagueStandings(l)
      .slice(0, 4)
      .map((r) => r.player);
    l = start(l);
    expect(l.rounds.at(-1)!.stage).toBe('top-cut');
    expect(roundPairings(l).map((t) => [t.a, t.b])).toEqual([
      [seeds[0], seeds[3]],
      [seeds[1], seeds[2]],
    ]);
    l = playRound(l);
    l = playRound(start(l));
    expect(roundPairings(l)).toHaveLength(1);
    expectRefusal(() => start(l), /top cut is over/);
    l = applyCommand(l, organiser, { type: 'finish' }, at());
    expect(l.phase).toBe('finished');
  });

  it('runs a round robin: everyone meets everyone once, one bye a round with 5 players', () => {
    let l = withPlayers(newLeague({ kind: 'round-robin' }), players(5));
    for (let r = 0; r < 5; r++) l = playRound(start(l));
    const met = new Set(l.rounds.flatMap((r) => r.tables.filter((t) => t.b).map((t) => [t.a, t.b].sort().join('-'))));
    expect(met.size).toBe(10);
    expect(l.rounds.every((r) => r.tables.filter((t) => t.b === null).length === 1)).toBe(true);
    expectRefusal(() => start(l), /All planned rounds/);
  });

  it('records any bot game between ladder members', () => {
    let l = withPlayers(newLeague({ kind: 'ladder' }), ['x', 'y', 'z']);
    l = applyCommand(
      l,
      bot,
      { type: 'bot-result', a: 'x', b: 'y', score: { gamesWonA: 2, gamesWonB: 0, gamesDrawn: 0 } },
      at(),
    );
    l = applyCommand(
      l,
      bot,
      { type: 'bot-result', a: 'z', b: 'y', score: { gamesWonA: 2, gamesWonB: 1, gamesDrawn: 0 } },
      at(),
    );
    expect(ratedLadderGames(l, 1).map((g) => g.game)).toEqual([{ a: 'z', b: 'y', scoreA: 1 }]);
    // x and z both won against y; x's 2-0 beats z's 2-1 on GW%.
    expect(leagueStandings(l).map((r) => [r.player, r.matchPoints])).toEqual([
      ['x', 3],
      ['z', 3],
      ['y', 0],
    ]);
    expectRefusal(
      () =>
        applyCommand(
          l,
          bot,
          { type: 'bot-result', a: 'x', b: 'stranger', score: { gamesWonA: 2, gamesWonB: 0, gamesDrawn: 0 } },
          at(),
        ),
      /not an active member/,
    );
  });

  it('stores as plain JSON and replays its log to the same state', () => {
    let l = withPlayers(newLeague(swiss), players(9));
    l = applyCommand(l, organiser, { type: 'award-bye', player: 'p4' }, at());
    for (let r = 0; r < 3; r++) l = playRound(start(l));
    const stored = JSON.parse(JSON.stringify(l)) as unknown;
    expect(parseLeague(stored)).toEqual(l);
    expect(replay(l.log)).toEqual(l);
    expect(() => parseLeague({ ...l, phase: 'paused' })).toThrow(/phase/);
  });
});

describe('what others see', () => {
  it('hides decklists from other players, on the player and in the log, but not from the owner or organisers', () => {
    let l = withPlayers(newLeague(swiss), ['ann', 'bob']);
    l = applyCommand(l, as('ann'), { type: 'set-deck', player: 'ann', deck: '4 Ember Hound' }, at());
    const seenBy = (viewer: Actor) => JSON.stringify(leagueViewFor(l, viewer));
    expect(seenBy(as('bob'))).not.toContain('Ember Hound');
    expect(seenBy(as('ann'))).toContain('Ember Hound');
    expect(seenBy(organiser)).toContain('Ember Hound');
    expect(leagueViewFor(l, as('bob')).players.find((p) => p.id === 'ann')!.deck).toBe('(hidden)');
  });

  it('an organiser who plays reads only their own list until the lists are published (hidden whatever the role)', () => {
    let l = withPlayers(newLeague(swiss), ['ann', 'bob']);
    l = applyCommand(l, as('ann'), { type: 'set-deck', player: 'ann', deck: '4 Ember Hound' }, at());
    l = applyCommand(l, as('bob'), { type: 'set-deck', player: 'bob', deck: '4 Tide Caller' }, at());
    const bobOrganising: Actor = { ...organiser, userId: 'bob' };
    const seen = JSON.stringify(leagueViewFor(l, bobOrganising));
    expect(seen).not.toContain('Ember Hound'); // neither on the player nor in the log's set-deck
    expect(seen).toContain('Tide Caller');
    // An organiser who does not play reads every list.
    expect(JSON.stringify(leagueViewFor(l, organiser))).toContain('Ember Hound');
  });
});

describe('CSV export', () => {
  it('writes one line per player and defuses formulas and quotes', () => {
    let l = start(withPlayers(newLeague(swiss), ['a', 'b']));
    l = playRound(l);
    const csv = standingsCsv(leagueStandings(l), { a: '=HYPERLINK("x")', b: 'Bob, "the" builder' });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('rank,player,name,points,wins,losses,draws,byes,omw,gw,ogw,dropped');
    expect(lines).toHaveLength(3);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).toContain('"Bob, ""the"" builder"');
    expect(csv).toMatch(/,3,1,0,0,0,0\.3300,0\.6667,/);
  });
});
