// What the bot posted for a match (migration 51): the board message survives a reopen, a finished match stays
// "not announced" until the bot says it was, matches that were finished before the migration count as announced,
// and a user's active matches are found by either seat.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/store/migrate.ts';
import { migrations } from '../../src/store/migrations/index.ts';
import { tempStore } from './temp-store.ts';
import { toySetup } from './toy-game.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function newMatch(store: ReturnType<typeof tempStore>['store'], id: string, p1: string, p2: string, guildId = 'g1') {
  store.matches.createMatch({
    matchId: id,
    guildId,
    channelId: 'c1',
    threadId: id,
    game: 'nova',
    format: 'toy',
    players: { p1, p2 },
  });
  store.matches.startMatch(id, toySetup(1000), 'seed');
}

describe('match posts', () => {
  it('keeps the board message across a reopen and forgets it when asked', () => {
    const handle = tempStore();
    cleanups.push(handle.cleanup);
    newMatch(handle.store, 't1', 'u1', 'u2');
    expect(handle.store.posts.board('t1')).toBeNull();
    handle.store.posts.setBoard('t1', { channelId: 't1', messageId: 'm1', turn: 1 });
    handle.store.posts.setBoard('t1', { channelId: 't1', messageId: 'm2', turn: 2 });
    const store = handle.reopen();
    expect(store.posts.board('t1')).toEqual({ channelId: 't1', messageId: 'm2', turn: 2 });
    expect(() => store.posts.setBoard('t1', { channelId: '', messageId: 'm3', turn: 3 })).toThrow(/board message/);
    store.posts.clearBoard('t1');
    expect(store.posts.board('t1')).toBeNull();
  });

  it('lists finished matches whose result was not announced, until they are marked (once)', () => {
    const handle = tempStore();
    cleanups.push(handle.cleanup);
    const store = handle.store;
    newMatch(store, 't1', 'u1', 'u2');
    newMatch(store, 't2', 'u1', 'u3');
    store.posts.setBoard('t1', { channelId: 't1', messageId: 'm1', turn: 1 });
    store.matches.commitDecision('t1', 'p1', 'concede');
    store.matches.commitDecision('t2', 'p2', 'concede');
    expect(store.posts.unannounced()).toEqual(['t1', 't2']);
    expect(store.posts.isAnnounced('t1')).toBe(false);
    expect(store.posts.markAnnounced('t1', 10)).toBe(true);
    expect(store.posts.markAnnounced('t1', 20)).toBe(false);
    expect(store.posts.isAnnounced('t1')).toBe(true);
    // Marking keeps the board message.
    expect(store.posts.board('t1')?.messageId).toBe('m1');
    expect(handle.reopen().posts.unannounced()).toEqual(['t2']);
    handle.store.deleteGuild('g1');
    expect(handle.store.db.prepare('SELECT COUNT(*) AS n FROM match_posts').get()).toEqual({ n: 0 });
  });

  it('counts matches finished before migration 51 as announced', () => {
    const db = new Database(':memory:');
    cleanups.push(() => db.close());
    migrate(
      db,
      migrations.filter((m) => m.version < 51),
    );
    const insert = db.prepare(
      `INSERT INTO matches (match_id, guild_id, channel_id, game, format, p1_user_id, p2_user_id, status,
         seed, setup, initial_hash, decision_count, created_at, updated_at, ended_at)
       VALUES (?, 'g', 'c', 'nova', 'toy', 'a', 'b', ?, 's', '{}', 'h', 0, 1, 2, ?)`,
    );
    insert.run('old-finished', 'finished', 5);
    insert.run('old-active', 'active', null);
    migrate(db, migrations);
    expect(db.prepare('SELECT match_id, result_announced_at FROM match_posts').all()).toEqual([
      { match_id: 'old-finished', result_announced_at: 5 },
    ]);
  });

  it("finds a user's active matches in a guild by either seat", () => {
    const handle = tempStore();
    cleanups.push(handle.cleanup);
    const store = handle.store;
    newMatch(store, 't1', 'u1', 'u2');
    newMatch(store, 't2', 'u3', 'u1');
    newMatch(store, 't3', 'u1', 'u1');
    newMatch(store, 't4', 'u1', 'u2', 'g2');
    newMatch(store, 't5', 'u2', 'u3');
    store.matches.commitDecision('t3', 'p1', 'concede');
    expect(store.matches.activeMatchesOf('g1', 'u1').map((m) => m.matchId)).toEqual(['t1', 't2']);
    expect(store.matches.activeMatchesOf('g2', 'u1').map((m) => m.matchId)).toEqual(['t4']);
    expect(store.matches.activeMatchesOf('g1', 'u9')).toEqual([]);
    // A practice match (both seats one user) is listed once.
    newMatch(store, 't6', 'u4', 'u4');
    expect(store.matches.activeMatchesOf('g1', 'u4').map((m) => m.matchId)).toEqual(['t6']);
  });
});
