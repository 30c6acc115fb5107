// Whole leagues driven through applyCommand with random results, reports, disputes, no-shows, drops and late
// entries: the invariants below must hold after every round, and the log must rebuild the final state.
import { describe, expect, it } from 'vitest';
import { nextInt, type RngState, seedRng } from '../../src/engine/core/rng.ts';
import { isActive, type League, parseLeague } from '../../src/league/league.ts';
import { applyCommand, createLeague, replay } from '../../src/league/league-log.ts';
import { leagueStandings, roundPairings } from '../../src/league/league-queries.ts';
import { MTR_TIEBREAKERS } from '../../src/league/tiebreakers.ts';

const organiser = { userId: 'org', role: 'organiser' as const };
const bot = { userId: 'bot', role: 'bot' as const };
const as = (userId: string) => ({ userId, role: 'player' as const });
const at = '2026-02-01T19:00:00.000Z';

class Dice {
  constructor(private rng: RngState) {}
  roll(n: number): number {
    const [v, next] = nextInt(this.rng, n);
    this.rng = next;
    return v;
  }
}

function newLeague(seed: string, matchLength: 'bo1' | 'bo3'): League {
  return createLeague(
    {
      id: seed,
      name: 'Sim',
      game: 'fow',
      format: { kind: 'swiss', rounds: null, topCut: 0 },
      matchLength,
      startsAt: null,
      endsAt: null,
      settings: { tiebreakers: MTR_TIEBREAKERS, checkInRequired: false, noShowMinutes: 15 },
      seed,
    },
    organiser,
    at,
  );
}

/** Finishes every open table of the current round in one of five ways. */
function playRound(league: League, dice: Dice): League {
  let l = league;
  const wins = l.config.matchLength === 'bo3' ? 2 : 1;
  for (const t of roundPairings(l)) {
    if (t.b === null || t.result) continue;
    const b = t.b;
    const aWins = dice.roll(2) === 0;
    const score = aWins ? { won: wins, lost: 0, drawn: 0 } : { won: 0, lost: wins, drawn: 0 };
    const mirrored = { won: score.lost, lost: score.won, drawn: 0 };
    switch (dice.roll(5)) {
      case 0:
        l = applyCommand(
          l,
          bot,
          { type: 'bot-result', a: t.a, b, score: { gamesWonA: score.won, gamesWonB: score.lost, gamesDrawn: 0 } },
          at,
        );
        break;
      case 1:
        l = applyCommand(l, as(t.a), { type: 'report', player: t.a, score }, at);
        l = applyCommand(l, as(b), { type: 'report', player: b, score: mirrored }, at);
        break;
      case 2: // both claim the win: dispute, then the organiser decides
        l = applyCommand(l, as(t.a), { type: 'report', player: t.a, score: { won: wins, lost: 0, drawn: 0 } }, at);
        l = applyCommand(l, as(b), { type: 'report', player: b, score: { won: wins, lost: 0, drawn: 0 } }, at);
        expect(roundPairings(l).find((x) => x.number === t.number)!.disputed).toBe(true);
        l = applyCommand(
          l,
          organiser,
          {
            type: 'set-result',
            round: l.rounds.length,
            table: t.number,
            score: { gamesWonA: score.won, gamesWonB: score.lost, gamesDrawn: 0 },
          },
          at,
        );
        break;
      case 3:
        l = applyCommand(
          l,
          organiser,
          { type: 'no-show', table: t.number, absent: dice.roll(4) === 0 ? [t.a, b] : [b] },
          at,
        );
        break;
      default: // an intentional draw
        l = applyCommand(l, as(t.a), { type: 'report', player: t.a, score: { won: 0, lost: 0, drawn: 0 } }, at);
        l = applyCommand(l, as(b), { type: 'report', player: b, score: { won: 0, lost: 0, drawn: 0 } }, at);
    }
  }
  return l;
}

function checkRound(l: League): void {
  const round = l.rounds.at(-1)!;
  const seated = round.tables.flatMap((t) => (t.b === null ? [t.a] : [t.a, t.b]));
  const active = l.players.filter(isActive).map((p) => p.id);
  expect([...seated].sort()).toEqual([...active].sort());
  // Dirac's bound (see swiss.test.ts): with every player still unplayed against half the field, no repeats.
  const field = active.length + (active.length % 2);
  if (l.rounds.length <= field / 2 - 1) {
    const met = new Set<string>();
    for (const r of l.rounds.slice(0, -1))
      for (const t of r.tables) met.add(`${t.a}|${t.b ?? 'BYE'}`).add(`${t.b ?? 'BYE'}|${t.a}`);
    for (const t of round.tables) expect(met.has(`${t.a}|${t.b ?? 'BYE'}`)).toBe(false);
  }
}

/** Standings must account for every point the tables handed out (3 per decisive match or bye, 2 per draw). */
function checkPoints(l: League): void {
  let expected = 0;
  for (const r of l.rounds) {
    for (const t of r.tables) {
      const res = t.result!;
      if (res.bothLose) continue;
      expected += res.score.gamesWonA === res.score.gamesWonB && t.b !== null ? 2 : 3;
    }
  }
  expect(leagueStandings(l).reduce((sum, row) => sum + row.matchPoints, 0)).toBe(expected);
}

function simulate(seed: string, players: number): void {
  const dice = new Dice(seedRng(seed));
  let l = newLeague(seed, dice.roll(2) === 0 ? 'bo1' : 'bo3');
  for (let i = 0; i < players; i++) l = applyCommand(l, as(`u${i}`), { type: 'join', player: `u${i}` }, at);
  let late = 0;
  do {
    l = applyCommand(l, organiser, { type: 'start-round' }, at);
    checkRound(l);
    l = playRound(l, dice);
    for (const p of l.players)
      if (isActive(p) && dice.roll(25) === 0) l = applyCommand(l, as(p.id), { type: 'drop', player: p.id }, at);
    if (dice.roll(4) === 0) l = applyCommand(l, as(`late${late}`), { type: 'join', player: `late${late++}` }, at);
    if (l.players.filter(isActive).length < 2) break;
  } while (l.rounds.length < l.plannedRounds!);
  checkPoints(l);
  expect(replay(l.log)).toEqual(l);
  expect(parseLeague(JSON.parse(JSON.stringify(l)))).toEqual(l);
}

describe('simulated leagues', () => {
  it('keeps every invariant over 120 small leagues (4 to 24 players)', () => {
    for (let i = 0; i < 120; i++) simulate(`small-${i}`, 4 + (i % 21));
  });
  it('keeps every invariant over larger leagues (60 and 120 players)', () => {
    for (const players of [60, 120]) simulate(`large-${players}`, players);
  });
});
