// Answers in progress (migration 203): one draft per match, version and seat, kept across a restart, replaced when
// the decision moves on, bounded like a response, and gone with the match.
import { afterEach, describe, expect, it } from 'vitest';
import { InvalidData } from '../../src/engine/core/errors.ts';
import { tempStore } from './temp-store.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function withMatch() {
  const handle = tempStore();
  cleanups.push(handle.cleanup);
  handle.store.matches.createMatch({
    matchId: 'm1',
    guildId: 'g1',
    channelId: 'c1',
    game: 'nova',
    format: 'toy',
    players: { p1: 'u1', p2: 'u2' },
  });
  return handle;
}

describe('decision drafts', () => {
  it('keeps a draft per match, version and seat, across a reopen', () => {
    const handle = withMatch();
    const picks = Array.from({ length: 150 }, (_, i) => `o${i}`);
    handle.store.drafts.put('m1', 4, 'p1', { picks }, 1);
    handle.store.drafts.put('m1', 4, 'p2', { split: { a: 2 } }, 1);
    const store = handle.reopen();
    expect(store.drafts.get('m1', 4, 'p1')).toEqual({ picks });
    expect(store.drafts.get('m1', 4, 'p2')).toEqual({ split: { a: 2 } });
    expect(store.drafts.get('m1', 5, 'p1')).toBeNull();
  });

  it('a draft for a newer version replaces the older ones; clear drops them all', () => {
    const { store } = withMatch();
    store.drafts.put('m1', 4, 'p1', { picks: ['a'] }, 1);
    store.drafts.put('m1', 5, 'p1', { declare: { s1: ['x'] } }, 2);
    expect(store.drafts.get('m1', 4, 'p1')).toBeNull();
    expect(store.drafts.get('m1', 5, 'p1')).toEqual({ declare: { s1: ['x'] } });
    store.drafts.clear('m1');
    expect(store.drafts.get('m1', 5, 'p1')).toBeNull();
  });

  it('goes with its match (a deleted guild)', () => {
    const { store } = withMatch();
    store.drafts.put('m1', 1, 'p1', { picks: ['a'] }, 1);
    expect(store.deleteGuild('g1').matches).toBe(1);
    expect(store.drafts.get('m1', 1, 'p1')).toBeNull();
  });

  it('refuses a draft larger than a response could be', () => {
    const { store } = withMatch();
    const picks = Array.from({ length: 201 }, (_, i) => `o${i}`);
    expect(() => store.drafts.put('m1', 1, 'p1', { picks }, 1)).toThrow(InvalidData);
  });
});
