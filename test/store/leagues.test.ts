// Leagues in the store: the command log is the truth, the stored state is checked against its replay on load,
// and ratings and seasons persist per guild and game.
import { afterEach, describe, expect, it } from 'vitest';
import { IllegalAction } from '../../src/engine/core/errors.ts';
import type { League } from '../../src/league/league.ts';
import { createLeague } from '../../src/league/league-log.ts';
import { leagueStandings } from '../../src/league/league-queries.ts';
import { applyRatingPeriod, leaderboard, type RatedGame, softReset } from '../../src/league/ratings.ts';
import { MTR_TIEBREAKERS } from '../../src/league/tiebreakers.ts';
import { LeagueNameTaken, LeagueUnavailable } from '../../src/store/league-store.ts';
import { tempStore } from './temp-store.ts';

const organiser = { userId: 'org', role: 'organiser' as const };
const player = (userId: string) => ({ userId, role: 'player' as const });
const bot = { userId: 'bot', role: 'bot' as const };
let minute = 0;
const at = () => new Date(Date.UTC(2026, 0, 1) + 60_000 * minute++).toISOString();

function newLeague(id: string, name = 'Friday NOVA'): League {
  return createLeague(
    {
      id,
      name,
      game: 'nova',
      format: { kind: 'swiss', rounds: 3, topCut: 0 },
      matchLength: 'bo1',
      startsAt: null,
      endsAt: null,
      settings: { tiebreakers: MTR_TIEBREAKERS, checkInRequired: false, noShowMinutes: 10 },
      seed: `seed-${id}`,
    },
    organiser,
    at(),
  );
}

const handles: ReturnType<typeof tempStore>[] = [];
function open() {
  const h = tempStore();
  handles.push(h);
  return h;
}
afterEach(() => {
  for (const h of handles.splice(0)) h.cleanup();
});

/** Creates a league with four players and round 1 played by the bot, plus one undone organiser change. */
function playedLeague(h: ReturnType<typeof tempStore>, id = 'L1') {
  const store = h.store;
  store.leagues.create({
    guildId: 'g1',
    channelId: 'c1',
    ownerId: 'org',
    roundMinutes: 50,
    threads: true,
    league: newLeague(id),
  });
  for (const p of ['p1', 'p2', 'p3', 'p4']) store.leagues.apply(id, player(p), { type: 'join', player: p }, at());
  store.leagues.apply(id, organiser, { type: 'award-bye', player: 'p4' }, at());
  store.leagues.apply(id, organiser, { type: 'undo' }, at());
  store.leagues.apply(id, organiser, { type: 'start-round' }, at());
  const league = store.leagues.require(id).league;
  for (const t of league.rounds[0]!.tables) {
    store.leagues.apply(
      id,
      bot,
      { type: 'bot-result', a: t.a, b: t.b, score: { gamesWonA: 1, gamesWonB: 0, gamesDrawn: 0 } },
      at(),
    );
  }
  return store.leagues.require(id).league;
}

describe('league store', () => {
  it('persists a league as its log and rebuilds the same state after a reopen', () => {
    const h = open();
    const league = playedLeague(h);
    expect(league.awardedByes).toEqual([]);
    expect(league.log.find((e) => e.command.type === 'award-bye')?.undoneBy).toBe(6);
    const reopened = h.reopen().leagues.require('L1');
    expect(reopened.league).toEqual(league);
    expect(reopened.status).toBe('running');
    expect(reopened.roundMinutes).toBe(50);
    expect(reopened.threads).toBe(true);
    expect(leagueStandings(reopened.league)).toEqual(leagueStandings(league));
    expect(h.messages).toEqual([]);
  });

  it('replaces a stored state that differs from its log by the replay, with a note', () => {
    const h = open();
    const league = playedLeague(h);
    // Tamper with the snapshot: give p1 a deck nobody submitted.
    const stored = JSON.parse(
      (h.store.db.prepare('SELECT state FROM leagues WHERE league_id = ?').get('L1') as { state: string }).state,
    );
    stored.players[0].deck = 'forged';
    h.store.db.prepare('UPDATE leagues SET state = ? WHERE league_id = ?').run(JSON.stringify(stored), 'L1');
    const reopened = h.reopen().leagues.require('L1');
    expect(reopened.league).toEqual(league);
    expect(h.messages.some((m) => m.includes('differed from its log'))).toBe(true);
  });

  it('freezes a league whose log no longer replays, and refuses further commands', () => {
    const h = open();
    playedLeague(h);
    // A log entry that cannot apply: p9 was never in this league.
    h.store.db
      .prepare('INSERT INTO league_log (league_id, seq, at, actor, admin, command) VALUES (?, ?, ?, ?, ?, ?)')
      .run('L1', 10, at(), JSON.stringify(player('p9')), 0, JSON.stringify({ type: 'drop', player: 'p9' }));
    h.store.db.prepare('UPDATE leagues SET log_length = 11 WHERE league_id = ?').run('L1');
    const store = h.reopen();
    const record = store.leagues.require('L1');
    expect(record.status).toBe('frozen');
    expect(record.statusReason).toMatch(/does not replay: .*p9 is not in this league/);
    expect(() => store.leagues.apply('L1', player('p1'), { type: 'drop', player: 'p1' }, at())).toThrow(
      LeagueUnavailable,
    );
  });

  it('keeps the log append-only', () => {
    const h = open();
    playedLeague(h);
    expect(() => h.store.db.prepare("UPDATE league_log SET command = '{}' WHERE league_id = 'L1'").run()).toThrow(
      /append-only/,
    );
  });

  it('stores nothing for a refused command', () => {
    const h = open();
    playedLeague(h);
    const before = h.store.db.prepare('SELECT count(*) AS n FROM league_log').get();
    expect(() => h.store.leagues.apply('L1', player('p1'), { type: 'join', player: 'p1' }, at())).toThrow(
      IllegalAction,
    );
    expect(() => h.store.leagues.apply('L1', player('p1'), { type: 'start-round' }, at())).toThrow(IllegalAction);
    expect(h.store.db.prepare('SELECT count(*) AS n FROM league_log').get()).toEqual(before);
    expect(h.reopen().leagues.require('L1').league.log.length).toBe(10);
  });

  it('names a league once per guild, ignoring case, and finds it by id or name', () => {
    const h = open();
    h.store.leagues.create({
      guildId: 'g1',
      channelId: 'c1',
      ownerId: 'org',
      roundMinutes: null,
      threads: false,
      league: newLeague('A', 'Weekly'),
    });
    expect(() =>
      h.store.leagues.create({
        guildId: 'g1',
        channelId: 'c1',
        ownerId: 'org',
        roundMinutes: null,
        threads: false,
        league: newLeague('B', 'WEEKLY'),
      }),
    ).toThrow(LeagueNameTaken);
    h.store.leagues.create({
      guildId: 'g2',
      channelId: 'c9',
      ownerId: 'org',
      roundMinutes: null,
      threads: false,
      league: newLeague('C', 'Weekly'),
    });
    expect(h.store.leagues.find('g1', 'weekly')?.leagueId).toBe('A');
    expect(h.store.leagues.find('g2', 'Weekly')?.leagueId).toBe('C');
    expect(h.store.leagues.find('g2', 'A')).toBeNull();
    expect(h.store.leagues.list('g1').map((l) => l.name)).toEqual(['Weekly']);
  });

  it('keeps presence and bot games idempotent', () => {
    const h = open();
    playedLeague(h);
    h.store.leagues.markPresent('L1', 1, 'p1');
    h.store.leagues.markPresent('L1', 1, 'p1');
    expect([...h.store.leagues.present('L1', 1)]).toEqual(['p1']);
    expect(h.store.leagues.addBotGame({ matchId: 'm1', leagueId: 'L1', round: 1, table: 1, winner: 'p1' })).toBe(true);
    expect(h.store.leagues.addBotGame({ matchId: 'm1', leagueId: 'L1', round: 1, table: 1, winner: 'p1' })).toBe(false);
    expect(h.store.leagues.botGames('L1', 1, 1)).toEqual([{ matchId: 'm1', winner: 'p1' }]);
  });

  it('exports and deletes a guild’s leagues with the guild', () => {
    const h = open();
    playedLeague(h);
    h.store.ratings.update('g1', 'nova', (t) =>
      applyRatingPeriod(t, [{ a: 'p1', b: 'p2', scoreA: 1 }], h.store.ratings.settings),
    );
    const part = h.store.exportGuild('g1').parts.leagues as {
      leagues: { leagueId: string; log: unknown[] }[];
      ratings: unknown[];
    };
    expect(part.leagues.map((l) => [l.leagueId, l.log.length])).toEqual([['L1', 10]]);
    expect(part.ratings).toHaveLength(2);
    expect((part as unknown as { ratingJournal: unknown[] }).ratingJournal).toHaveLength(1);
    expect(JSON.stringify(part)).toContain('"type":"start-round"');
    h.store.deleteGuild('g1');
    expect(h.store.leagues.list('g1')).toEqual([]);
    expect(h.store.leagues.get('L1')).toBeNull();
    expect(h.store.db.prepare('SELECT count(*) AS n FROM league_log').get()).toEqual({ n: 0 });
    expect(h.store.ratings.table('g1', 'nova')).toEqual({});
    expect(h.store.db.prepare('SELECT count(*) AS n FROM rating_periods').get()).toEqual({ n: 0 });
  });

  it('exports the submitted decklists, each only to a reader who may already read it', () => {
    const h = open();
    h.store.leagues.create({
      guildId: 'g1',
      channelId: 'c1',
      ownerId: 'org',
      roundMinutes: 50,
      threads: true,
      league: newLeague('L1'),
    });
    for (const p of ['p1', 'p2', 'p3']) h.store.leagues.apply('L1', player(p), { type: 'join', player: p }, at());
    h.store.leagues.apply('L1', player('p1'), { type: 'set-deck', player: 'p1', deck: '4 secret-of-p1' }, at());
    h.store.leagues.apply('L1', player('p2'), { type: 'set-deck', player: 'p2', deck: '4 secret-of-p2' }, at());
    h.store.leagues.apply('L1', organiser, { type: 'start-round' }, at());
    type Part = {
      leagues: { decklists: { player: string; deck: string; hidden: boolean; submittedAt: string | null }[] }[];
    };
    const partFor = (reader: { userId: string; serverManager: boolean }) =>
      h.store.exportGuild('g1', reader).parts.leagues as Part;
    const lists = (part: Part) => part.leagues[0]!.decklists.map((d) => [d.player, d.deck, d.hidden]);

    // A server manager is an organiser of every league: every list, with when it was submitted.
    const manager = partFor({ userId: 'm', serverManager: true });
    expect(lists(manager)).toEqual([
      ['p1', '4 secret-of-p1', false],
      ['p2', '4 secret-of-p2', false],
    ]);
    expect(manager.leagues[0]!.decklists.every((d) => d.submittedAt !== null)).toBe(true);
    // So is the league's creator without the permission.
    expect(lists(partFor({ userId: 'org', serverManager: false }))).toEqual(lists(manager));

    // A player of the running event (no permission): their own list; the other's nowhere, not in the state or log.
    const p1 = partFor({ userId: 'p1', serverManager: false });
    expect(lists(p1)).toEqual([
      ['p1', '4 secret-of-p1', false],
      ['p2', '(hidden)', true],
    ]);
    expect(JSON.stringify(p1)).not.toContain('secret-of-p2');

    // Once the organiser publishes the lists, everyone may read them.
    h.store.leagues.apply('L1', organiser, { type: 'decklist-policy', published: true }, at());
    expect(lists(partFor({ userId: 'p3', serverManager: false }))).toEqual(lists(manager));
  });
});

describe('rating store', () => {
  it('keeps a table per guild and game, and seasons soft-reset it and keep the final leaderboard', () => {
    const h = open();
    const r = h.store.ratings;
    const games = Array.from({ length: 8 }, () => ({ a: 'ann', b: 'ben', scoreA: 1 as const }));
    r.update('g1', 'nova', (t) => applyRatingPeriod(t, games, r.settings));
    const before = r.table('g1', 'nova');
    expect(before.ann!.rating).toBeGreaterThan(1500);
    expect(r.table('g1', 'mtg')).toEqual({});
    expect(r.table('g2', 'nova')).toEqual({});
    const board = r.leaderboard('g1', 'nova');
    expect(board.map((x) => [x.player, x.rank, x.provisional])).toEqual([
      ['ann', 1, false],
      ['ben', 2, false],
    ]);

    const first = r.startSeason('g1', 'nova', 'Spring');
    expect(first.number).toBe(1);
    const reset = r.table('g1', 'nova');
    expect(reset.ann!.rating).toBeCloseTo(before.ann!.rating - (before.ann!.rating - 1500) / 2, 6);
    expect(reset.ann!.games).toBe(0);
    expect(r.leaderboard('g1', 'nova').every((x) => x.provisional && x.rank === null)).toBe(true);

    const second = r.startSeason('g1', 'nova', 'Summer');
    expect(second.number).toBe(2);
    const seasons = h.reopen().ratings.seasons('g1', 'nova');
    expect(seasons.map((s) => [s.name, s.endedAt !== null])).toEqual([
      ['Spring', true],
      ['Summer', false],
    ]);
    expect(seasons[0]!.final?.map((x) => x.player).sort()).toEqual(['ann', 'ben']);
    expect(h.store.ratings.endSeason('g1', 'nova')?.number).toBe(2);
    expect(h.store.ratings.endSeason('g1', 'nova')).toBeNull();
  });
});

describe('the rating journal (re-rating after a correction)', () => {
  const win = (a: string, b: string): RatedGame => ({ a, b, scoreA: 1 });

  it('rewrites a rated period in place and replays the later ones, seasons included, as if it had always been so', () => {
    const h = open();
    const r = h.store.ratings;
    const s = r.settings;
    const round1 = [win('ann', 'ben'), win('cat', 'dan')];
    const round2 = [win('ann', 'cat'), win('ben', 'dan')];
    const ladderWeek = [win('dan', 'ann')];
    r.setPeriods('g1', 'nova', [{ source: 'league:L:round:1', games: round1 }]);
    r.setPeriods('g1', 'nova', [{ source: 'ladder:X:week:0', games: ladderWeek }]);
    r.startSeason('g1', 'nova', 'Spring');
    r.setPeriods('g1', 'nova', [
      { source: 'league:L:round:1', games: round1 },
      { source: 'league:L:round:2', games: round2 },
    ]);
    r.endSeason('g1', 'nova');
    // Round 1, table 1 is corrected: ben won.
    const corrected = [win('ben', 'ann'), win('cat', 'dan')];
    expect(r.setPeriods('g1', 'nova', [{ source: 'league:L:round:1', games: corrected }])).toBe(true);

    let fresh = applyRatingPeriod({}, corrected, s);
    fresh = applyRatingPeriod(fresh, ladderWeek, s);
    fresh = softReset(fresh, s);
    fresh = applyRatingPeriod(fresh, round2, s);
    expect(r.table('g1', 'nova')).toEqual(fresh);
    // Setting the same games again changes nothing.
    expect(r.setPeriods('g1', 'nova', [{ source: 'league:L:round:1', games: corrected }])).toBe(false);
    expect(h.reopen().ratings.seasons('g1', 'nova')[0]?.final).toEqual(leaderboard(fresh, s));
  });

  it('withdraws a period (as if never rated) and rates it in its place when it is complete again', () => {
    const h = open();
    const r = h.store.ratings;
    const s = r.settings;
    const round1 = [win('ann', 'ben')];
    const round2 = [win('cat', 'dan')];
    r.setPeriods('g1', 'nova', [{ source: 'L:1', games: round1 }]);
    r.setPeriods('g1', 'nova', [{ source: 'L:2', games: round2 }]);
    r.setPeriods('g1', 'nova', [{ source: 'L:1', games: null }]);
    expect(r.table('g1', 'nova')).toEqual(applyRatingPeriod({}, round2, s));
    r.setPeriods('g1', 'nova', [{ source: 'L:1', games: round1 }]);
    expect(r.table('g1', 'nova')).toEqual(applyRatingPeriod(applyRatingPeriod({}, round1, s), round2, s));
    expect([...r.periodsOf('g1', 'nova', 'L:').keys()].sort()).toEqual(['L:1', 'L:2']);
  });
});
