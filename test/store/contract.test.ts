/**
 * The async store contract (src/store/contract.ts), one suite run against both backends: SQLite (the synchronous
 * store behind sqliteContract) and PostgreSQL (src/store/postgres, on a private server test/support/postgres.ts
 * starts). Each test gets an empty database; `open()` opens another store instance on it, as another process would.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IllegalAction, InvalidData } from '../../src/engine/core/errors.ts';
import type { BaseState, GameModule, RulesMigration } from '../../src/engine/core/game.ts';
import { stateHash } from '../../src/engine/core/hash.ts';
import { applyCommand, createLeague } from '../../src/league/league-log.ts';
import {
  applyRatingPeriod,
  DEFAULT_RATING_SETTINGS,
  leaderboard,
  type RatedGame,
  type RatingTable,
} from '../../src/league/ratings.ts';
import { MTR_TIEBREAKERS } from '../../src/league/tiebreakers.ts';
import type { StoreContract } from '../../src/store/contract.ts';
import type { GameResolver } from '../../src/store/game-resolver.ts';
import { LeagueNameTaken, LeagueNotFound, LeagueUnavailable, type NewLeague } from '../../src/store/league-store.ts';
import type { MatchClock } from '../../src/store/match-clocks.ts';
import { MatchNotFound, MatchNotPlayable } from '../../src/store/match-errors.ts';
import type { MatchExport } from '../../src/store/match-export.ts';
import { openStoreContract } from '../../src/store/open-contract.ts';
import { openPostgresStore } from '../../src/store/postgres/pg-store.ts';
import { sqliteContract } from '../../src/store/sqlite-contract.ts';
import { openStore } from '../../src/store/store.ts';
import { havePostgres, startPostgres, type TestPostgres } from '../support/postgres.ts';
import { tempDir, toyResolver } from './temp-store.ts';
import { type ToyState, toyDeck, toyGame, toyMove, toySetup } from './toy-game.ts';

interface Fresh {
  /** Another store instance on the same database (another process's view), with the toy or another resolver. */
  open(resolve?: GameResolver): Promise<StoreContract>;
  /** Runs one SQL statement on the database directly (a test's way to damage what the store wrote). */
  sql(statement: string): Promise<void>;
  messages: string[];
}

let server: TestPostgres | null = null;
beforeAll(async () => {
  if (havePostgres) server = await startPostgres();
});
afterAll(() => server?.stop());

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const backends: { name: string; skip: boolean; fresh: () => Promise<Fresh> }[] = [
  {
    name: 'SQLite',
    skip: false,
    async fresh() {
      const { dir, cleanup } = tempDir();
      cleanups.push(cleanup);
      const messages: string[] = [];
      const path = join(dir, 'arbiter.db');
      return {
        messages,
        async open(resolve = toyResolver) {
          const store = sqliteContract(
            openStore({ path, snapshotEvery: 5 }, resolve, { log: (m) => messages.push(m) }),
          );
          cleanups.push(() => store.close());
          return store;
        },
        async sql(statement) {
          const db = new Database(path);
          db.exec(statement);
          db.close();
        },
      };
    },
  },
  {
    name: 'PostgreSQL',
    skip: !havePostgres,
    async fresh() {
      if (!server) throw new Error('PostgreSQL did not start');
      const url = await server.createDatabase();
      const messages: string[] = [];
      return {
        messages,
        async open(resolve = toyResolver) {
          const store = await openPostgresStore(url, resolve, { snapshotEvery: 5, log: (m) => messages.push(m) });
          cleanups.push(() => store.close());
          return store;
        },
        async sql(statement) {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          try {
            await client.query(statement);
          } finally {
            await client.end();
          }
        },
      };
    },
  },
];

/** SQL making the database refuse the decision row at `seq` (a write failing inside a transaction), and undoing it. */
const failInsertAt = (postgres: boolean, seq: number) =>
  postgres
    ? `CREATE FUNCTION fail_at() RETURNS trigger AS $$ BEGIN IF NEW.seq = ${seq} THEN RAISE EXCEPTION 'refused in the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql;
     CREATE TRIGGER fail_at BEFORE INSERT ON match_decisions FOR EACH ROW EXECUTE FUNCTION fail_at()`
    : `CREATE TRIGGER fail_at BEFORE INSERT ON match_decisions WHEN NEW.seq = ${seq} BEGIN SELECT RAISE(ABORT, 'refused in the test'); END`;
const dropFailure = (postgres: boolean) =>
  postgres ? 'DROP TRIGGER fail_at ON match_decisions; DROP FUNCTION fail_at()' : 'DROP TRIGGER fail_at';

async function startToyMatch(store: StoreContract, matchId = 'm1', target = 1000): Promise<ToyState> {
  await store.matches.createMatch({
    matchId,
    guildId: 'g1',
    channelId: 'c1',
    threadId: `thread-${matchId}`,
    game: 'nova',
    format: 'toy',
    players: { p1: 'u1', p2: 'u2' },
  });
  return (await store.matches.startMatch(matchId, toySetup(target), `seed-${matchId}`)) as ToyState;
}

async function play(store: StoreContract, matchId: string, n: number): Promise<ToyState> {
  let state = (await store.matches.currentState(matchId)) as ToyState;
  for (let i = 0; i < n; i++) {
    const move = toyMove(state, i);
    const result = await store.matches.commitDecision(matchId, move.seat, move.response);
    expect(result.kind).toBe('applied');
    state = result.state as ToyState;
  }
  return state;
}

for (const backend of backends) {
  describe.skipIf(backend.skip)(`the store contract on ${backend.name}`, () => {
    describe('matches', () => {
      it('creates, starts, commits and restores a match in another instance from its snapshot and tail', async () => {
        const db = await backend.fresh();
        const store = await db.open();
        const created = await store.matches.createMatch({
          matchId: 'm1',
          guildId: 'g1',
          channelId: 'c1',
          game: 'nova',
          format: 'toy',
          players: { p1: 'u1', p2: 'u2' },
        });
        expect(created).toMatchObject({ matchId: 'm1', status: 'pending', decisionCount: 0, players: { p1: 'u1' } });
        const start = (await store.matches.startMatch('m1', toySetup(1000), 'seed-1')) as ToyState;
        expect(stateHash(await store.matches.currentState('m1'))).toBe(stateHash(start));
        const state = await play(store, 'm1', 12);
        expect(await store.matches.match('m1')).toMatchObject({ status: 'active', decisionCount: 12, seed: 'seed-1' });

        const other = await db.open();
        const report = await other.matches.restoreActiveMatches();
        expect(report).toMatchObject({ restored: 1, frozen: [], skipped: [] });
        expect(report.replayed).toBe(2); // a snapshot every 5 decisions: from 10, two to replay
        expect(stateHash(await other.matches.currentState('m1'))).toBe(stateHash(state));
        expect(await other.matches.activeMatchIds()).toEqual(['m1']);
      });

      it('applies a repeated submission once and calls a different answer to the same decision stale', async () => {
        const store = await (await backend.fresh()).open();
        const start = await startToyMatch(store);
        const move = toyMove(start, 0);
        const other = toyMove(start, 1);
        expect(other.response).not.toEqual(move.response);
        const first = await store.matches.commitDecision('m1', move.seat, move.response);
        const again = await store.matches.commitDecision('m1', move.seat, move.response);
        const stale = await store.matches.commitDecision('m1', other.seat, other.response);
        expect(first.kind).toBe('applied');
        expect(again).toMatchObject({ kind: 'duplicate', seq: 1 });
        expect(again.kind === 'duplicate' && again.stateHash).toBe(first.kind === 'applied' && first.stateHash);
        expect(stale.kind).toBe('stale');
        expect((await store.matches.match('m1'))?.decisionCount).toBe(1);
      });

      it('stores nothing for an illegal answer', async () => {
        const store = await (await backend.fresh()).open();
        const start = await startToyMatch(store);
        const move = toyMove(start, 0);
        await expect(
          store.matches.commitDecision('m1', move.seat, { decisionId: move.response.decisionId, choose: ['nothing'] }),
        ).rejects.toBeInstanceOf(IllegalAction);
        expect((await store.matches.match('m1'))?.decisionCount).toBe(0);
        expect((await store.matches.commitDecision('m1', move.seat, move.response)).kind).toBe('applied');
      });

      it('finishes a match on a concession, and then takes no decisions', async () => {
        const store = await (await backend.fresh()).open();
        await startToyMatch(store, 'm1');
        await startToyMatch(store, 'm2');
        const state = await play(store, 'm1', 3);
        const conceded = await store.matches.commitDecision('m1', 'p2', 'concede');
        expect(conceded).toMatchObject({ kind: 'applied', seq: 4, status: 'finished' });
        expect(await store.matches.match('m1')).toMatchObject({
          status: 'finished',
          decisionCount: 4,
          result: { kind: 'win', winner: 'p1' },
        });
        expect(await store.matches.commitDecision('m1', 'p2', 'concede')).toMatchObject({ kind: 'duplicate', seq: 4 });
        const move = toyMove(state, 0);
        await expect(store.matches.commitDecision('m1', move.seat, move.response)).rejects.toBeInstanceOf(
          MatchNotPlayable,
        );
        expect((await store.matches.currentState('m1')).result).toMatchObject({ winner: 'p1' });
        expect(await store.matches.activeMatchIds()).toEqual(['m2']);
        expect((await store.matches.guildMatches('g1', 'finished')).map((m) => m.matchId)).toEqual(['m1']);
        expect((await store.matches.guildMatches('g1')).map((m) => m.matchId).sort()).toEqual(['m1', 'm2']);
        expect((await store.matches.activeMatchesOf('g1', 'u2')).map((m) => m.matchId)).toEqual(['m2']);
        expect(await store.matches.activeMatchesOf('g1', 'someone-else')).toEqual([]);
      });

      it('finds a match by its id or its thread, aborts it once, and refuses what is not there', async () => {
        const store = await (await backend.fresh()).open();
        await startToyMatch(store, 'm1');
        expect((await store.matches.matchIn('m1'))?.matchId).toBe('m1');
        expect((await store.matches.matchIn('thread-m1'))?.matchId).toBe('m1');
        expect(await store.matches.matchIn('nowhere')).toBeNull();
        await store.matches.abort('m1', 'admin');
        expect(await store.matches.match('m1')).toMatchObject({ status: 'aborted', statusReason: 'admin' });
        await expect(store.matches.abort('m1', 'again')).rejects.toBeInstanceOf(MatchNotPlayable);
        await expect(store.matches.commitDecision('m1', 'p1', 'concede')).rejects.toBeInstanceOf(MatchNotPlayable);
        await expect(store.matches.currentState('nope')).rejects.toBeInstanceOf(MatchNotFound);
        expect(await store.matches.match('nope')).toBeNull();
      });

      it('refuses bad input with a specific error and stores nothing', async () => {
        const store = await (await backend.fresh()).open();
        const base = { guildId: 'g1', channelId: 'c1', format: 'toy', players: { p1: 'u1', p2: 'u2' } };
        await expect(store.matches.createMatch({ ...base, game: 'chess' as 'nova' })).rejects.toBeInstanceOf(
          InvalidData,
        );
        await expect(store.matches.createMatch({ ...base, game: 'mtg' })).rejects.toThrow(/not available/);
        await startToyMatch(store);
        await expect(store.matches.commitDecision('m1', 'p3' as 'p1', 'concede')).rejects.toThrow(/seat/);
        await expect(store.matches.startMatch('m1', toySetup(), 'again')).rejects.toBeInstanceOf(MatchNotPlayable);
        expect((await store.matches.match('m1'))?.decisionCount).toBe(0);
      });
    });

    describe('checking the log', () => {
      it('freezes a match whose recorded hash the log does not reproduce, and then refuses its decisions', async () => {
        const db = await backend.fresh();
        const store = await db.open();
        await startToyMatch(store);
        const state = await play(store, 'm1', 7);
        await db.sql("UPDATE matches SET last_hash = 'not-the-hash' WHERE match_id = 'm1'");
        const other = await db.open();
        const report = await other.matches.restoreActiveMatches();
        expect(report.restored).toBe(0);
        expect(report.frozen).toEqual([{ matchId: 'm1', reason: expect.stringMatching(/hash/) }]);
        expect(await other.matches.match('m1')).toMatchObject({ status: 'frozen' });
        const move = toyMove(state, 0);
        await expect(other.matches.commitDecision('m1', move.seat, move.response)).rejects.toBeInstanceOf(
          MatchNotPlayable,
        );
        expect(db.messages.some((m) => m.includes('m1 frozen'))).toBe(true);
      });

      // The synchronous store trusts its own cache between writes (it is the one writer); PostgreSQL's checks the row.
      it.skipIf(backend.name !== 'PostgreSQL')(
        'notices on commit that the row no longer matches its cached state, and freezes instead of writing',
        async () => {
          const db = await backend.fresh();
          const store = await db.open();
          await startToyMatch(store);
          const state = await play(store, 'm1', 7);
          await db.sql("UPDATE matches SET last_hash = 'not-the-hash' WHERE match_id = 'm1'");
          const move = toyMove(state, 0);
          await expect(store.matches.commitDecision('m1', move.seat, move.response)).rejects.toBeInstanceOf(
            MatchNotPlayable,
          );
          expect(await store.matches.match('m1')).toMatchObject({ status: 'frozen', decisionCount: 7 });
        },
      );

      it('carries a match to a new rules version by the replay the game declares, once, or freezes it without one', async () => {
        const db = await backend.fresh();
        const store = await db.open();
        await startToyMatch(store, 'm1');
        await startToyMatch(store, 'm2');
        await play(store, 'm1', 7);
        await play(store, 'm2', 7);
        await store.close();
        const v2 = (migrations: Record<number, RulesMigration>): GameResolver => {
          const toy = toyResolver('nova') as GameModule;
          return (id) => (id === 'nova' ? { ...toy, rulesVersion: 2, migrations } : undefined);
        };
        const migrated = await db.open(v2({ 1: { kind: 'replay' } }));
        const report = await migrated.matches.restoreActiveMatches();
        expect(report).toMatchObject({ restored: 2, frozen: [] });
        expect(report.notes.map((n) => n.note)).toEqual([
          'migrated from rules version 1 to 2 by replaying its 7 decisions',
          'migrated from rules version 1 to 2 by replaying its 7 decisions',
        ]);
        expect(await migrated.matches.match('m1')).toMatchObject({ rulesVersion: 2, status: 'active' });
        await play(migrated, 'm1', 3);
        // Recorded once: the next start restores from the anchor without migrating again.
        const again = await db.open(v2({ 1: { kind: 'replay' } }));
        expect(await again.matches.restoreActiveMatches()).toMatchObject({ restored: 2, frozen: [], notes: [] });
        expect((await again.matches.match('m1'))?.decisionCount).toBe(10);
        // A version that declares no way from version 1 freezes the match still recorded under it.
        await db.sql("UPDATE matches SET rules_version = 1 WHERE match_id = 'm2'");
        await db.sql("UPDATE matches SET rehashed_at = NULL, rehashed_hash = NULL WHERE match_id = 'm2'");
        const strict = await db.open(v2({}));
        const refused = await strict.matches.restoreActiveMatches();
        expect(refused.frozen).toEqual([
          { matchId: 'm2', reason: 'recorded under rules version 1; version 2 declares no migration from it' },
        ]);
      });
    });

    describe('exactly once across instances', () => {
      it('applies exactly one of two answers committed at the same moment by two instances', async () => {
        const db = await backend.fresh();
        const a = await db.open();
        const b = await db.open();
        await startToyMatch(a);
        await b.matches.currentState('m1'); // both instances hold the match in memory
        let last = '';
        for (let round = 0; round < 12; round++) {
          const state = (await a.matches.currentState('m1')) as ToyState;
          const fromA = toyMove(state, 0);
          const fromB = toyMove(state, 1);
          const results = await Promise.all([
            a.matches.commitDecision('m1', fromA.seat, fromA.response),
            b.matches.commitDecision('m1', fromB.seat, fromB.response),
          ]);
          const kinds = results.map((r) => r.kind).sort();
          const same = JSON.stringify(fromA.response) === JSON.stringify(fromB.response);
          expect(kinds).toEqual(same ? ['applied', 'duplicate'] : ['applied', 'stale']);
          const applied = results.find((r) => r.kind === 'applied');
          last = applied?.kind === 'applied' ? applied.stateHash : '';
          expect((await b.matches.match('m1'))?.decisionCount).toBe(round + 1);
        }
        // The log did not fork: a third instance restores it and every hash checks out.
        const third = await db.open();
        expect(await third.matches.restoreActiveMatches()).toMatchObject({ restored: 1, frozen: [] });
        expect(stateHash(await third.matches.currentState('m1'))).toBe(last);
        expect(db.messages).toEqual([]);
      });

      it('takes the next decision in an instance whose cached state another instance advanced', async () => {
        const db = await backend.fresh();
        const a = await db.open();
        const b = await db.open();
        await startToyMatch(a);
        await b.matches.currentState('m1');
        const state = await play(a, 'm1', 3); // b's cache is three decisions behind
        const next = toyMove(state, 0);
        const result = await b.matches.commitDecision('m1', next.seat, next.response);
        expect(result).toMatchObject({ kind: 'applied', seq: 4 });
        // And a, now behind by one, calls an answer to the decision b took stale rather than forking the log.
        const late = toyMove(state, 1);
        const answer = await a.matches.commitDecision('m1', late.seat, late.response);
        expect(answer.kind).toBe(
          JSON.stringify(late.response) === JSON.stringify(next.response) ? 'duplicate' : 'stale',
        );
        expect((await a.matches.match('m1'))?.decisionCount).toBe(4);
      });
    });

    describe('a run of decisions in one transaction (commitRun)', () => {
      /** The run's planner: toy moves picking `from`, `from` + 1, … (as `play` picks them) until `n` are planned. */
      const toyRun = (n: number, from = 0) => {
        let i = from;
        return (state: BaseState) => (i < from + n ? toyMove(state as ToyState, i++) : null);
      };
      const withoutTimes = (e: MatchExport) => e.decisions.map(({ at: _at, ...d }) => d);

      it('writes the same rows, hashes and snapshots as single commits, and replays the same', async () => {
        const single = await (await backend.fresh()).open();
        await startToyMatch(single);
        await play(single, 'm1', 12);
        const db = await backend.fresh();
        const store = await db.open();
        await startToyMatch(store);
        const first = await store.matches.commitRun('m1', toyRun(7));
        expect(first).toMatchObject({ kind: 'committed', count: 7, seq: 7, status: 'active' });
        // A run that asks for nothing commits nothing; then the next five go as a second run.
        expect(await store.matches.commitRun('m1', () => null)).toMatchObject({ kind: 'committed', count: 0, seq: 7 });
        const second = await store.matches.commitRun('m1', toyRun(5, 7));
        expect(second).toMatchObject({ kind: 'committed', count: 5, seq: 12 });
        expect(second.kind === 'committed' && second.stateHash).toBe(
          stateHash(await single.matches.currentState('m1')),
        );
        expect(withoutTimes(await store.matches.exportMatch('m1'))).toEqual(
          withoutTimes(await single.matches.exportMatch('m1')),
        );
        expect((await store.matches.inspectMatch('m1')).snapshots).toEqual(
          (await single.matches.inspectMatch('m1')).snapshots,
        );
        // Another instance restores it from the run's snapshot (10) and tail, every hash checking out.
        const other = await db.open();
        expect(await other.matches.restoreActiveMatches()).toMatchObject({ restored: 1, frozen: [], replayed: 2 });
        expect(stateHash(await other.matches.currentState('m1'))).toBe(stateHash(second.state));
        expect(db.messages).toEqual([]);
      });

      it('lands whole or not at all: an illegal step, a failed write or another commit first leave nothing of it', async () => {
        const db = await backend.fresh();
        const store = await db.open();
        await startToyMatch(store);
        await play(store, 'm1', 2); // acknowledged before any run
        // The game refuses the third step: nothing of the run is stored.
        let i = 0;
        const illegal = (state: BaseState) => {
          const move = toyMove(state as ToyState, 0);
          return i++ < 2
            ? move
            : { seat: move.seat, response: { decisionId: move.response.decisionId, choose: ['x'] } };
        };
        await expect(store.matches.commitRun('m1', illegal)).rejects.toBeInstanceOf(IllegalAction);
        expect((await store.matches.match('m1'))?.decisionCount).toBe(2);
        // A step answering anything but the pending decision is the planner's error.
        await expect(
          store.matches.commitRun('m1', (state) => ({
            ...toyMove(state as ToyState, 0),
            response: { decisionId: 'old', choose: ['play0'] },
          })),
        ).rejects.toBeInstanceOf(InvalidData);
        // The database refuses the run's third row (a write failing mid-transaction): the whole run rolls back.
        await db.sql(failInsertAt(backend.name === 'PostgreSQL', 5));
        await expect(store.matches.commitRun('m1', toyRun(4))).rejects.toThrow(/refused in the test/);
        expect((await store.matches.match('m1'))?.decisionCount).toBe(2);
        await db.sql(dropFailure(backend.name === 'PostgreSQL'));
        // Another instance commits while the run is being planned: the run writes nothing and says where the match is.
        const other = await db.open();
        const planned = toyRun(3);
        let moved = false;
        const result = await store.matches.commitRun('m1', async (state) => {
          if (!moved) {
            moved = true;
            const next = toyMove(state as ToyState, 1);
            expect((await other.matches.commitDecision('m1', next.seat, next.response)).kind).toBe('applied');
          }
          return planned(state);
        });
        expect(result.kind).toBe('moved');
        expect((await store.matches.match('m1'))?.decisionCount).toBe(3);
        expect(stateHash(result.state)).toBe(stateHash(await other.matches.currentState('m1')));
        // Planned again from there, it lands; the log replays in a third instance.
        expect(await store.matches.commitRun('m1', toyRun(3))).toMatchObject({ kind: 'committed', count: 3, seq: 6 });
        const third = await db.open();
        expect(await third.matches.restoreActiveMatches()).toMatchObject({ restored: 1, frozen: [] });
        expect(stateHash(await third.matches.currentState('m1'))).toBe(
          stateHash(await store.matches.currentState('m1')),
        );
        expect(db.messages).toEqual([]);
      });

      it('ends at the end of the game, finishing the match, and refuses a paused match', async () => {
        const store = await (await backend.fresh()).open();
        await startToyMatch(store, 'm1', 12);
        const result = await store.matches.commitRun('m1', toyRun(1000));
        expect(result).toMatchObject({ kind: 'committed', status: 'finished' });
        expect(await store.matches.match('m1')).toMatchObject({
          status: 'finished',
          decisionCount: result.kind === 'committed' ? result.seq : -1,
        });
        await expect(store.matches.commitRun('m1', toyRun(1))).rejects.toBeInstanceOf(MatchNotPlayable);
        await startToyMatch(store, 'm2');
        await store.pauses.pause('m2', 'thread-deleted', 1);
        await expect(store.matches.commitRun('m2', toyRun(1))).rejects.toBeInstanceOf(MatchNotPlayable);
        expect((await store.matches.match('m2'))?.decisionCount).toBe(0);
      });
    });

    describe('ratings and seasons', () => {
      const round1: RatedGame[] = [
        { a: 'u1', b: 'u2', scoreA: 1 },
        { a: 'u3', b: 'u4', scoreA: 0.5 },
      ];
      const round2: RatedGame[] = [
        { a: 'u1', b: 'u3', scoreA: 0 },
        { a: 'u2', b: 'u4', scoreA: 1 },
      ];
      const rate = (...periods: RatedGame[][]) =>
        periods.reduce<RatingTable>((t, games) => applyRatingPeriod(t, games, DEFAULT_RATING_SETTINGS), {});

      it('rates periods once each, and re-rates from a corrected period as if it had always been so', async () => {
        const db = await backend.fresh();
        const store = await db.open();
        const periods = [
          { source: 'league:L:round:1', games: round1 },
          { source: 'league:L:round:2', games: round2 },
        ];
        expect(await store.ratings.setPeriods('g1', 'nova', periods)).toBe(true);
        expect(await store.ratings.setPeriods('g1', 'nova', periods)).toBe(false);
        expect(await store.ratings.table('g1', 'nova')).toEqual(rate(round1, round2));
        expect([...(await store.ratings.periodsOf('g1', 'nova', 'league:L:')).keys()].sort()).toEqual([
          'league:L:round:1',
          'league:L:round:2',
        ]);
        const corrected = [{ a: 'u1', b: 'u2', scoreA: 0 as const }, round1[1] as RatedGame];
        await store.ratings.setPeriods('g1', 'nova', [{ source: 'league:L:round:1', games: corrected }]);
        const other = await db.open();
        expect(await other.ratings.table('g1', 'nova')).toEqual(rate(corrected, round2));
        expect((await other.ratings.leaderboard('g1', 'nova')).map((r) => r.player).sort()).toEqual([
          'u1',
          'u2',
          'u3',
          'u4',
        ]);
        expect(await other.ratings.table('g2', 'nova')).toEqual({});
      });

      it("keeps each season's final leaderboard, updated when a period inside it is corrected", async () => {
        const store = await (await backend.fresh()).open();
        expect(await store.ratings.currentSeason('g1', 'nova')).toBeNull();
        expect(await store.ratings.startSeason('g1', 'nova', 'Spring')).toMatchObject({ number: 1, endedAt: null });
        await store.ratings.setPeriods('g1', 'nova', [{ source: 'league:L:round:1', games: round1 }]);
        const second = await store.ratings.startSeason('g1', 'nova', 'Summer');
        expect(second).toMatchObject({ number: 2, name: 'Summer' });
        const [spring] = await store.ratings.seasons('g1', 'nova');
        expect(spring?.final).toEqual(leaderboard(rate(round1), DEFAULT_RATING_SETTINGS));
        const flipped: RatedGame[] = [{ a: 'u1', b: 'u2', scoreA: 0 }];
        await store.ratings.setPeriods('g1', 'nova', [{ source: 'league:L:round:1', games: flipped }]);
        const [corrected] = await store.ratings.seasons('g1', 'nova');
        expect(corrected?.final).toEqual(leaderboard(rate(flipped), DEFAULT_RATING_SETTINGS));
        expect((await store.ratings.endSeason('g1', 'nova'))?.number).toBe(2);
        expect(await store.ratings.endSeason('g1', 'nova')).toBeNull();
        expect(await store.ratings.currentSeason('g1', 'nova')).toBeNull();
      });

      it('journals every period when two instances rate the same table at the same moment', async () => {
        const db = await backend.fresh();
        const a = await db.open();
        const b = await db.open();
        for (let round = 1; round <= 6; round++) {
          await Promise.all([
            a.ratings.setPeriods('g1', 'nova', [{ source: `league:A:round:${round}`, games: round1 }]),
            b.ratings.setPeriods('g1', 'nova', [{ source: `league:B:round:${round}`, games: round2 }]),
          ]);
        }
        expect((await a.ratings.periodsOf('g1', 'nova', 'league:')).size).toBe(12);
        expect((await b.ratings.table('g1', 'nova')).u1?.games).toBe(12);
      });
    });

    describe('logs, exports and a graceful stop', () => {
      it('replays the public log, exports and inspects a match the same from another instance', async () => {
        // The toy logs nothing; this one logs each state's score line (only the latest, as states keep few lines).
        const logging: typeof toyGame = {
          ...toyGame,
          log: (state) => {
            const seq = state.sides.p1.score + state.sides.p2.score + 1;
            return [{ seq, text: { en: `score ${seq}`, ja: `${seq}` } }];
          },
        };
        const resolve: GameResolver = (id) => (id === 'nova' ? logging : undefined);
        const db = await backend.fresh();
        const a = await db.open(resolve);
        await startToyMatch(a, 'm1');
        await startToyMatch(a, 'm2');
        await play(a, 'm1', 7);
        const b = await db.open(resolve);
        const log = await a.matches.publicLog('m1');
        expect(log.length).toBeGreaterThan(1); // every line of the whole match, not only the state's latest
        expect(log.map((l) => l.seq)).toEqual([...new Set(log.map((l) => l.seq))].sort((x, y) => x - y));
        expect(await b.matches.publicLog('m1')).toEqual(log);
        const exported = await b.matches.exportMatch('m1');
        expect(exported).toMatchObject({ matchId: 'm1', seed: 'seed-m1', status: 'active', players: { p1: 'u1' } });
        expect(exported.decisions.map((d) => d.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
        expect(exported.decisions.at(-1)?.stateHash).toBe(stateHash(await a.matches.currentState('m1')));
        const inspected = await b.matches.inspectMatch('m1');
        expect(inspected).toMatchObject({
          decisionCount: 7,
          replayProblem: null,
          snapshots: [{ seq: 5, sound: true }],
        });
        expect(await a.matches.pairingCount('g1', 'u2', 'u1')).toBe(2);
        expect(await a.matches.pairingCount('g1', 'u1', 'u3')).toBe(0);
        await a.matches.createMatch({
          matchId: 'p',
          guildId: 'g1',
          channelId: 'c1',
          game: 'nova',
          format: 'toy',
          players: { p1: 'u1', p2: 'u2' },
        });
        await expect(a.matches.publicLog('p')).rejects.toBeInstanceOf(MatchNotPlayable);
        await expect(a.matches.exportMatch('nope')).rejects.toBeInstanceOf(MatchNotFound);
      });

      it('snapshots what it holds at a graceful stop, so the next start replays nothing', async () => {
        const db = await backend.fresh();
        const a = await db.open();
        await startToyMatch(a, 'm1');
        await startToyMatch(a, 'm2');
        await play(a, 'm1', 7); // the last snapshot is at 5
        await play(a, 'm2', 5);
        const before = await (await db.open()).matches.restoreActiveMatches();
        expect(before.replayed).toBe(2);
        expect(await a.matches.snapshotLive()).toBe(1); // m2 has its snapshot at 5 already
        expect(await a.matches.snapshotLive()).toBe(0);
        const after = await (await db.open()).matches.restoreActiveMatches();
        expect(after).toMatchObject({ restored: 2, replayed: 0, frozen: [] });
      });
    });

    describe("the bot's tables about matches", () => {
      it('counts active and paused matches, answers /readyz, and knows the games without the database', async () => {
        const db = await backend.fresh();
        const store = await db.open();
        expect(await store.matchCounts()).toEqual({ active: 0, paused: 0 });
        await startToyMatch(store, 'm1');
        await startToyMatch(store, 'm2');
        await startToyMatch(store, 'm3');
        await store.pauses.pause('m2', 'thread-deleted', 1);
        await store.matches.abort('m3', 'test');
        // Another instance's view counts the same: the gauge reads the database, not one process's memory.
        expect(await (await db.open()).matchCounts()).toEqual({ active: 2, paused: 1 });
        expect(await store.writeProblem()).toBeNull();
        expect(store.requireGame('nova').id).toBe('nova');
        expect(() => store.requireGame('chess')).toThrow(InvalidData);
        expect(store.decks.check('nova', toyDeck())).toEqual([]);
        expect(() => store.decks.check('nova', 'not a list')).toThrow(InvalidData);
        await store.close();
        expect(await store.writeProblem()).toBe('database: closed');
      });

      it('refuses decisions of a match another instance paused, and takes them again once it is resumed', async () => {
        const db = await backend.fresh();
        const a = await db.open();
        const b = await db.open();
        const state = await startToyMatch(a, 'm1');
        await a.matches.currentState('m1');
        await b.matches.currentState('m1'); // both instances hold the match in memory
        expect(await a.pauses.pause('m1', 'thread-deleted', 100)).toBe(true);
        expect(await b.pauses.pause('m1', 'channel-deleted', 200)).toBe(false); // the first reason stays
        expect(await b.pauses.isPaused('m1')).toBe(true);
        expect(await b.pauses.get('m1')).toEqual({ matchId: 'm1', reason: 'thread-deleted', pausedAt: 100 });
        const move = toyMove(state, 0);
        await expect(b.matches.commitDecision('m1', move.seat, move.response)).rejects.toMatchObject({
          name: 'MatchNotPlayable',
          status: 'paused',
        });
        expect((await a.pauses.inGuild('g1')).map((p) => p.matchId)).toEqual(['m1']);
        expect(await b.pauses.resume('m1', { channelId: 'c2', threadId: 't2' }, 300)).toBe(true);
        expect(await a.pauses.resume('m1', { channelId: 'c3', threadId: 't3' }, 400)).toBe(false);
        expect(await a.pauses.isPaused('m1')).toBe(false);
        expect(await a.matches.match('m1')).toMatchObject({ channelId: 'c2', threadId: 't2' });
        expect((await a.matches.matchIn('t2'))?.matchId).toBe('m1');
        expect((await a.matches.commitDecision('m1', move.seat, move.response)).kind).toBe('applied');
        await a.matches.createMatch({
          matchId: 'pending',
          guildId: 'g1',
          channelId: 'c1',
          game: 'nova',
          format: 'toy',
          players: { p1: 'u1', p2: 'u2' },
        });
        expect(await a.pauses.pause('pending', 'thread-deleted', 1)).toBe(false); // only active matches pause
        expect(await a.pauses.pause('nowhere', 'thread-deleted', 1)).toBe(false);
        await expect(a.pauses.resume('m1', { channelId: '', threadId: 't' }, 1)).rejects.toBeInstanceOf(InvalidData);
      });

      it('keeps the board message and announces a result exactly once between two instances', async () => {
        const db = await backend.fresh();
        const a = await db.open();
        const b = await db.open();
        await startToyMatch(a, 'm1');
        await startToyMatch(a, 'm2');
        expect(await a.posts.board('m1')).toBeNull();
        await a.posts.setBoard('m1', { channelId: 'c1', messageId: 'msg1', turn: 1 });
        await a.posts.setBoard('m1', { channelId: 'c1', messageId: 'msg2', turn: 2 });
        expect(await b.posts.board('m1')).toEqual({ channelId: 'c1', messageId: 'msg2', turn: 2 });
        await expect(a.posts.setBoard('m1', { channelId: 'c1', messageId: 'x', turn: -1 })).rejects.toBeInstanceOf(
          InvalidData,
        );
        await b.posts.clearBoard('m1');
        expect(await a.posts.board('m1')).toBeNull();
        await a.matches.commitDecision('m1', 'p2', 'concede');
        await a.matches.commitDecision('m2', 'p1', 'concede');
        expect(await b.posts.unannounced()).toEqual(['m1', 'm2']);
        const marks = await Promise.all([a.posts.markAnnounced('m1', 10), b.posts.markAnnounced('m1', 11)]);
        expect(marks.filter(Boolean)).toHaveLength(1);
        expect(await a.posts.isAnnounced('m1')).toBe(true);
        expect(await a.posts.isAnnounced('m2')).toBe(false);
        expect(await a.posts.unannounced()).toEqual(['m2']);
      });

      it('keeps clocks, drafts and AI seats per match, validated both ways', async () => {
        const db = await backend.fresh();
        const store = await db.open();
        await startToyMatch(store, 'm1');
        await startToyMatch(store, 'm2');
        expect(await store.clocks.get('m1')).toBeNull();
        await store.clocks.put('m1', { bankMs: { p1: 1000, p2: 2000 } } as MatchClock, 5);
        const clock = await store.clocks.get('m1');
        expect(clock).toMatchObject({ timing: null, asked: null, bankMs: { p1: 1000, p2: 2000 } });
        expect(clock?.modes.p1).toEqual({ passUntil: 'none', turn: 0, hold: false, acted: false });
        await expect(store.clocks.put('m2', { bankMs: { p1: -1, p2: 0 } } as MatchClock, 5)).rejects.toBeInstanceOf(
          InvalidData,
        );
        expect(await store.clocks.activeMatchIds()).toEqual(['m1']);
        await db.sql(`UPDATE match_clocks SET clock = '{"bankMs":{"p1":"soon"}}' WHERE match_id = 'm1'`);
        await expect((await db.open()).clocks.get('m1')).rejects.toThrow(/clock of match m1/);
        await store.clocks.delete('m1');
        expect(await store.clocks.get('m1')).toBeNull();

        await store.drafts.put('m1', 3, 'p1', { picks: ['a'] }, 1);
        await store.drafts.put('m1', 3, 'p2', { split: { x: 2 } }, 1);
        await store.drafts.put('m1', 4, 'p1', { picks: ['a', 'b'] }, 2); // drops p1's draft of version 3
        expect(await store.drafts.get('m1', 3, 'p1')).toBeNull();
        expect(await store.drafts.get('m1', 4, 'p1')).toEqual({ picks: ['a', 'b'] });
        expect(await store.drafts.get('m1', 3, 'p2')).toEqual({ split: { x: 2 } });
        await expect(store.drafts.put('m1', 4, 'p1', { picks: [''] }, 3)).rejects.toBeInstanceOf(InvalidData);
        await store.drafts.clear('m1');
        expect(await store.drafts.get('m1', 3, 'p2')).toBeNull();

        expect(await store.aiSeats.levelOf('m2', 'p2')).toBeNull();
        await store.aiSeats.put('m2', 'p2', 'hard');
        await store.aiSeats.put('m1', 'p1', 'easy');
        expect(await store.aiSeats.levelOf('m2', 'p2')).toBe('hard');
        expect(await store.aiSeats.activeMatchIds()).toEqual(['m1', 'm2']);
        await store.matches.commitDecision('m1', 'p2', 'concede');
        expect(await store.aiSeats.activeMatchIds()).toEqual(['m2']);
        await expect(store.aiSeats.put('m2', 'p2', 'normal')).rejects.toThrow(); // a seat is the AI's for the match
      });

      it('opens challenges, forgetting those expired over a day ago', async () => {
        const store = await (await backend.fresh()).open();
        const day = 24 * 60 * 60_000;
        const challenge = {
          key: 'k1',
          guildId: 'g1',
          channelId: 'c1',
          challenger: 'u1',
          opponent: 'u2',
          game: 'nova',
          deck: 'starter',
          expiresAt: 1_000,
        };
        await store.challenges.open(challenge, 500);
        expect(await store.challenges.get('k1')).toEqual(challenge);
        expect(await store.challenges.get('k2')).toBeNull();
        await store.challenges.open({ ...challenge, key: 'k2' }, 1_000 + day); // k1 expired exactly a day ago: kept
        expect(await store.challenges.get('k1')).not.toBeNull();
        await store.challenges.open({ ...challenge, key: 'k3' }, 1_001 + day);
        expect(await store.challenges.get('k1')).toBeNull();
        const open = { ...challenge, key: 'k4', expiresAt: 10 * day };
        await store.challenges.open(open, 2_000 + day);
        await expect(store.challenges.open(open, 2_000 + day)).rejects.toThrow(); // the key is taken
      });

      it('finds idle matches, and a warning counts only until the next decision', async () => {
        const store = await (await backend.fresh()).open();
        const state = await startToyMatch(store, 'm1');
        const idle = await store.inactivity.idleSince(Date.now() + 60_000);
        expect(idle).toEqual([
          {
            matchId: 'm1',
            guildId: 'g1',
            channelId: 'c1',
            threadId: 'thread-m1',
            players: { p1: 'u1', p2: 'u2' },
            lastChange: expect.any(Number),
          },
        ]);
        expect(await store.inactivity.idleSince(0)).toEqual([]);
        const lastChange = idle[0]?.lastChange ?? 0;
        expect(await store.inactivity.warnedAt('m1', lastChange)).toBeNull();
        await store.inactivity.warned('m1', lastChange + 5, lastChange);
        expect(await store.inactivity.warnedAt('m1', lastChange)).toBe(lastChange + 5);
        expect(await store.inactivity.warnedAt('m1', lastChange + 1)).toBeNull(); // a later change voids it
        const move = toyMove(state, 0);
        await store.matches.commitDecision('m1', move.seat, move.response);
        const after = (await store.inactivity.idleSince(Date.now() + 60_000))[0]?.lastChange ?? 0;
        expect(after).toBeGreaterThanOrEqual(lastChange);
      });
    });

    describe('leagues', () => {
      const organiser = { userId: 'org', role: 'organiser' as const };
      const player = (userId: string) => ({ userId, role: 'player' as const });
      let minute = 0;
      const at = () => new Date(Date.UTC(2026, 0, 1) + 60_000 * minute++).toISOString();
      const newLeague = (id: string, name: string, guildId = 'g1'): NewLeague => ({
        guildId,
        channelId: 'c1',
        ownerId: 'org',
        roundMinutes: 50,
        threads: true,
        league: createLeague(
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
        ),
      });

      it('keeps a league as its log, names it once per guild, and another instance reads what one stored', async () => {
        const db = await backend.fresh();
        const a = await db.open();
        const b = await db.open();
        await a.leagues.create(newLeague('L1', 'Friday NOVA'));
        await expect(a.leagues.create(newLeague('L2', 'FRIDAY nova'))).rejects.toBeInstanceOf(LeagueNameTaken);
        await b.leagues.create(newLeague('L3', 'Friday NOVA', 'g2'));
        expect((await b.leagues.require('L1')).league.log).toHaveLength(1); // b caches it at one entry
        for (const p of ['p1', 'p2', 'p3']) await a.leagues.apply('L1', player(p), { type: 'join', player: p }, at());
        await a.leagues.apply('L1', organiser, { type: 'award-bye', player: 'p3' }, at());
        await a.leagues.apply('L1', organiser, { type: 'undo' }, at());
        const seen = await b.leagues.require('L1');
        expect(seen.league).toEqual((await a.leagues.require('L1')).league);
        expect(seen.league.players.map((p) => p.id)).toEqual(['p1', 'p2', 'p3']);
        expect((await b.leagues.logOf('L1')).find((e) => e.command.type === 'award-bye')?.undoneBy).toBe(5);
        expect((await b.leagues.find('g1', 'friday nova'))?.leagueId).toBe('L1');
        expect(await b.leagues.find('g2', 'L1')).toBeNull(); // another guild's league
        expect((await b.leagues.find('g2', 'friday nova'))?.leagueId).toBe('L3');
        expect(await b.leagues.find('g1', 'nothing')).toBeNull();
        expect((await a.leagues.list('g1')).map((l) => [l.leagueId, l.status])).toEqual([['L1', 'registration']]);
        expect((await a.leagues.openLeagueIds()).sort()).toEqual(['L1', 'L3']);
        await a.leagues.setProgress('L1', { ratedRounds: 2, noShowRound: 1 });
        expect(await b.leagues.require('L1')).toMatchObject({ ratedRounds: 2, noShowRound: 1, timeCalledRound: 0 });
        await expect(a.leagues.apply('L1', player('p1'), { type: 'join', player: 'p1' }, at())).rejects.toBeInstanceOf(
          IllegalAction,
        );
        await expect((await db.open()).leagues.logOf('L1')).resolves.toHaveLength(6);
        await expect(a.leagues.require('L9')).rejects.toBeInstanceOf(LeagueNotFound);
      });

      it('applies commands from two instances at the same moment one after the other, never forking the log', async () => {
        const db = await backend.fresh();
        const a = await db.open();
        const b = await db.open();
        await a.leagues.create(newLeague('L1', 'Weekly'));
        await b.leagues.require('L1');
        for (let round = 0; round < 4; round++) {
          const [x, y] = [`a${round}`, `b${round}`];
          await Promise.all([
            a.leagues.apply('L1', player(x), { type: 'join', player: x }, at()),
            b.leagues.apply('L1', player(y), { type: 'join', player: y }, at()),
          ]);
        }
        const third = await db.open();
        const league = (await third.leagues.require('L1')).league;
        expect(league.log.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
        expect(league.players).toHaveLength(8);
        // A state computed from an outdated record is refused, and nothing is stored.
        const before = await a.leagues.require('L1');
        await b.leagues.apply('L1', player('late'), { type: 'join', player: 'late' }, at());
        const computed = applyCommand(before.league, player('x'), { type: 'join', player: 'x' }, at());
        await expect(a.leagues.commit(before, computed)).rejects.toBeInstanceOf(LeagueUnavailable);
        expect((await third.leagues.logOf('L1')).map((e) => e.command.player)).not.toContain('x');
        const fresh = await a.leagues.require('L1');
        const next = applyCommand(fresh.league, player('x'), { type: 'join', player: 'x' }, at());
        expect((await a.leagues.commit(fresh, next)).after.league.log).toHaveLength(11);
      });

      it('freezes a league whose log no longer replays, and then refuses its commands', async () => {
        const db = await backend.fresh();
        const store = await db.open();
        await store.leagues.create(newLeague('L1', 'Weekly'));
        await store.leagues.apply('L1', player('p1'), { type: 'join', player: 'p1' }, at());
        await db.sql(
          `INSERT INTO league_log (league_id, seq, at, actor, admin, command) VALUES ('L1', 2, '${at()}',
             '{"userId":"p9","role":"player"}', 0, '{"type":"drop","player":"p9"}');
           UPDATE leagues SET log_length = 3 WHERE league_id = 'L1'`,
        );
        const other = await db.open();
        const record = await other.leagues.require('L1');
        expect(record.status).toBe('frozen');
        expect(record.statusReason).toMatch(/does not replay: .*p9 is not in this league/);
        expect(db.messages.some((m) => m.includes('L1 frozen'))).toBe(true);
        await expect(
          store.leagues.apply('L1', player('p2'), { type: 'join', player: 'p2' }, at()),
        ).rejects.toBeInstanceOf(LeagueUnavailable);
        expect(await store.leagues.openLeagueIds()).toEqual([]);
        await expect(db.sql("UPDATE league_log SET command = '{}'")).rejects.toThrow(/append-only/);
      });

      it('keeps presence, bot games, notices and threads once each', async () => {
        const store = await (await backend.fresh()).open();
        await store.leagues.create(newLeague('L1', 'Weekly'));
        await store.leagues.markPresent('L1', 1, 'p1');
        await store.leagues.markPresent('L1', 1, 'p1');
        await store.leagues.markPresent('L1', 2, 'p2');
        expect([...(await store.leagues.present('L1', 1))]).toEqual(['p1']);
        const game = { matchId: 'm1', leagueId: 'L1', round: 1, table: 1, winner: 'p1' };
        expect(await store.leagues.addBotGame(game)).toBe(true);
        expect(await store.leagues.addBotGame({ ...game, winner: 'p2' })).toBe(false);
        expect(await store.leagues.botGames('L1', 1, 1)).toEqual([{ matchId: 'm1', winner: 'p1' }]);
        expect(await store.leagues.noticeOnce('L1', 'round-1-ending', 50)).toBe(true);
        expect(await store.leagues.noticeOnce('L1', 'round-1-ending', 60)).toBe(false);
        expect(await store.leagues.noticeAt('L1', 'round-1-ending')).toBe(50);
        expect(await store.leagues.noticeAt('L1', 'other')).toBeNull();
        await store.leagues.addThread('L1', 1, 2, 't2');
        await store.leagues.addThread('L1', 1, 1, 't1');
        await store.leagues.addThread('L1', 1, 1, 't1');
        expect(await store.leagues.threadOf('L1', 1, 1)).toBe('t1');
        expect(await store.leagues.threadOf('L1', 2, 1)).toBeNull();
        await store.leagues.threadClosed('L1', 't1');
        expect(await store.leagues.openThreads('L1', 1)).toEqual([{ table: 2, threadId: 't2' }]);
      });
    });

    describe('guild export and deletion', () => {
      it("exports a guild's data as its reader may see it, then deletes all of it and nothing of another guild", async () => {
        const db = await backend.fresh();
        const a = await db.open();
        for (const guildId of ['g1', 'g2']) {
          await a.guilds.update(guildId, { locale: 'ja' });
          await a.preferences.update(guildId, 'u1', { locale: 'en' });
          await a.decks.save(guildId, 'u1', 'nova', 'Race', toyDeck());
          await a.ratings.update(guildId, 'nova', (t) => t);
        }
        await startToyMatch(a, 'm1'); // g1, running
        await startToyMatch(a, 'm2');
        await play(a, 'm2', 3);
        await a.matches.commitDecision('m2', 'p1', 'concede');
        await a.matches.createMatch({
          matchId: 'other',
          guildId: 'g2',
          channelId: 'c9',
          game: 'nova',
          format: 'toy',
          players: { p1: 'u1', p2: 'u2' },
        });
        await a.pauses.pause('m1', 'thread-deleted', 1);
        await a.clocks.put('m1', { bankMs: { p1: 1, p2: 1 } } as MatchClock, 1);
        await a.challenges.open(
          {
            key: 'k1',
            guildId: 'g1',
            channelId: 'c1',
            challenger: 'u1',
            opponent: 'u2',
            game: 'nova',
            deck: 'd',
            expiresAt: 9,
          },
          1,
        );
        const b = await db.open();
        const exported = JSON.parse(JSON.stringify(await b.exportGuild('g1')));
        expect(exported).toMatchObject({ format: 'arbiter-guild-export', version: 1, guildId: 'g1' });
        expect(exported.parts.settings.settings.locale).toBe('ja');
        expect(exported.parts.userPreferences).toEqual([{ userId: 'u1', preferences: expect.anything() }]);
        expect(exported.parts.decks.map((d: { name: string }) => d.name)).toEqual(['Race']);
        expect(exported.parts.matches.map((m: { matchId: string }) => m.matchId)).toEqual(['m1', 'm2']);
        expect(exported.parts.matches[0]).toMatchObject({ status: 'active', seed: null, decisions: [] });
        expect(exported.parts.matches[1].decisions).toHaveLength(4);
        expect(exported.parts.challenges).toEqual([
          { key: 'k1', channelId: 'c1', challenger: 'u1', opponent: 'u2', game: 'nova', expiresAt: 9 },
        ]);
        expect(exported.parts.leagues.ratingJournal).toHaveLength(1);
        const forU2 = JSON.parse(JSON.stringify(await b.exportGuild('g1', { userId: 'u2', serverManager: false })));
        expect(forU2.parts.matches[1]).toMatchObject({ seed: null, setup: { decks: { p1: {} } } });

        expect(await b.deleteGuild('g1')).toEqual({ matches: 2 });
        expect((await a.exportGuild('g1')).parts).toEqual({
          settings: null,
          userPreferences: [],
          decks: [],
          matches: [],
          challenges: [],
          leagues: { leagues: [], ratings: [], seasons: [], ratingJournal: [] },
        });
        await expect(a.matches.currentState('m1')).rejects.toBeInstanceOf(MatchNotFound);
        expect(await a.pauses.isPaused('m1')).toBe(false);
        expect(await a.clocks.get('m1')).toBeNull();
        expect(await a.challenges.get('k1')).toBeNull();
        const kept = (await a.exportGuild('g2')).parts;
        expect(kept.decks).toHaveLength(1);
        expect((kept.matches as unknown[]).length).toBe(1);
        await a.guilds.markLeft('g2', 0);
        expect(await a.purgeDepartedGuilds()).toEqual(['g2']);
        expect(await a.matches.match('other')).toBeNull();
      });
    });

    describe('decks, settings and preferences', () => {
      it('saves, lists, replaces and deletes decks with their validation', async () => {
        const store = await (await backend.fresh()).open();
        const legal = await store.decks.save('g1', 'u1', 'nova', ' Beta ', toyDeck(12), 1_000);
        expect(legal).toMatchObject({ name: 'Beta', legal: true, problems: [], updatedAt: 1_000 });
        const short = await store.decks.save('g1', 'u1', 'nova', 'Alpha', toyDeck(3), 2_000);
        expect(short.legal).toBe(false);
        expect(short.problems.length).toBeGreaterThan(0);
        expect((await store.decks.list('g1', 'u1')).map((d) => d.name)).toEqual(['Alpha', 'Beta']);
        expect(await store.decks.get('g1', 'u1', 'nova', 'Alpha')).toEqual(short);
        await store.decks.save('g1', 'u1', 'nova', 'Alpha', toyDeck(12), 3_000);
        expect(await store.decks.get('g1', 'u1', 'nova', 'Alpha')).toMatchObject({ legal: true, updatedAt: 3_000 });
        expect(await store.decks.list('g1', 'u2')).toEqual([]);
        expect(await store.decks.delete('g1', 'u1', 'nova', 'Alpha')).toBe(true);
        expect(await store.decks.delete('g1', 'u1', 'nova', 'Alpha')).toBe(false);
        await expect(store.decks.save('g1', 'u1', 'nova', '   ', toyDeck(12))).rejects.toThrow(/deck name/);
        await expect(store.decks.save('g1', 'u1', 'nova', 'Big', { main: Array(501).fill('n1') })).rejects.toThrow(
          /500/,
        );
      });

      it('keeps guild settings and user preferences, with defaults and validation', async () => {
        const db = await backend.fresh();
        const store = await db.open();
        expect(await store.guilds.get('g1')).toMatchObject({ locale: 'en', turnTimerSeconds: 120 });
        await store.guilds.update('g1', { locale: 'ja', turnTimerSeconds: 30 }, 5);
        await expect(store.guilds.update('g1', { turnTimerSeconds: -1 })).rejects.toBeInstanceOf(InvalidData);
        const other = await db.open();
        expect(await other.guilds.get('g1')).toMatchObject({ locale: 'ja', turnTimerSeconds: 30 });
        await store.guilds.markLeft('g1', 100);
        await store.guilds.markLeft('g2', 300);
        expect(await store.guilds.leftBefore(200)).toEqual(['g1']);
        await store.guilds.markJoined('g1', 400);
        expect(await store.guilds.leftBefore(1_000)).toEqual(['g2']);
        expect(await store.guilds.get('g1')).toMatchObject({ locale: 'ja' });

        expect(await store.preferences.get('g1', 'u1')).toMatchObject({ dmNotifications: false });
        await store.preferences.update('g1', 'u1', { dmNotifications: true, locale: 'ja' });
        expect(await other.preferences.get('g1', 'u1')).toMatchObject({ dmNotifications: true, locale: 'ja' });
        expect(await other.preferences.get('g2', 'u1')).toMatchObject({ dmNotifications: false });
      });
    });
  });
}

describe('choosing the store from the environment', () => {
  it('opens SQLite without ARBITER_DATABASE_URL, PostgreSQL with a postgres:// one, and refuses any other', async () => {
    const { dir, cleanup } = tempDir();
    cleanups.push(cleanup);
    const sqlite = await openStoreContract(toyResolver, {}, { ARBITER_DB: join(dir, 'a.db') });
    cleanups.push(() => sqlite.close());
    expect(sqlite.backend).toBe('sqlite');
    await expect(
      openStoreContract(toyResolver, {}, { ARBITER_DATABASE_URL: 'mysql://localhost/arbiter' }),
    ).rejects.toThrow(/ARBITER_DATABASE_URL must be a postgres:\/\/ URL \(got "mysql:…"\)/);
    if (!server) return;
    const pg = await openStoreContract(toyResolver, {}, { ARBITER_DATABASE_URL: await server.createDatabase() });
    cleanups.push(() => pg.close());
    expect(pg.backend).toBe('postgres');
    await startToyMatch(pg);
    expect(await pg.matches.activeMatchIds()).toEqual(['m1']);
  });
});
