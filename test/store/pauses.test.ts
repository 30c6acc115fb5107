// A paused match (its thread was deleted) takes no decisions, survives a restart, and resumes in a new thread.
import { afterEach, describe, expect, it } from 'vitest';
import { MatchNotPlayable } from '../../src/store/match-errors.ts';
import { tempStore } from './temp-store.ts';
import { type ToyState, toyMove, toySetup } from './toy-game.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

describe('match pauses', () => {
  it('pause refuses decisions, persists across a reopen, and resume moves the match to its new thread', () => {
    const handle = tempStore();
    cleanups.push(handle.cleanup);
    let store = handle.store;
    store.matches.createMatch({
      matchId: 't1',
      guildId: 'g1',
      channelId: 'c1',
      threadId: 't1',
      game: 'nova',
      format: 'toy',
      players: { p1: 'u1', p2: 'u2' },
    });
    store.matches.startMatch('t1', toySetup(1000), 'seed');
    const first = toyMove(store.matches.currentState('t1') as ToyState, 0);
    expect(store.matches.commitDecision('t1', first.seat, first.response).kind).toBe('applied');

    expect(store.pauses.pause('t1', 'thread-deleted', 100)).toBe(true);
    // A second pause keeps the first reason.
    expect(store.pauses.pause('t1', 'channel-deleted', 200)).toBe(false);
    const next = toyMove(store.matches.currentState('t1') as ToyState, 1);
    expect(() => store.matches.commitDecision('t1', next.seat, next.response)).toThrow(MatchNotPlayable);
    expect(store.matches.match('t1')?.decisionCount).toBe(1);

    store = handle.reopen();
    expect(store.matches.restoreActiveMatches().restored).toBe(1);
    expect(store.pauses.get('t1')).toEqual({ matchId: 't1', reason: 'thread-deleted', pausedAt: 100 });
    expect(store.pauses.inGuild('g1').map((p) => p.matchId)).toEqual(['t1']);
    expect(() => store.matches.commitDecision('t1', next.seat, next.response)).toThrow(/is paused/);

    expect(store.pauses.resume('t1', { channelId: 'c2', threadId: 't2' }, 300)).toBe(true);
    expect(store.pauses.resume('t1', { channelId: 'c2', threadId: 't2' }, 300)).toBe(false);
    expect(store.pauses.get('t1')).toBeNull();
    expect(store.matches.matchIn('t2')?.matchId).toBe('t1');
    expect(store.matches.matchIn('t1')?.threadId).toBe('t2');
    expect(store.matches.matchIn('c2')).toBeNull();
    expect(store.matches.commitDecision('t1', next.seat, next.response).kind).toBe('applied');

    // Only active matches can be paused.
    store.matches.abort('t1', 'test');
    expect(store.pauses.pause('t1', 'thread-deleted', 400)).toBe(false);
    // Deleting the guild removes the pause rows with the match.
    store.deleteGuild('g1');
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM match_pauses').get()).toEqual({ n: 0 });
  });
});
