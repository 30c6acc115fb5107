// Match clocks: what get returns equals what the schema makes of the stored text, whether or not this store wrote it.
import { afterEach, describe, expect, it } from 'vitest';
import { InvalidData } from '../../src/engine/core/errors.ts';
import { MatchClockSchema } from '../../src/store/match-clocks.ts';
import { tempStore } from './temp-store.ts';
import { toySetup } from './toy-game.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

describe('match clocks', () => {
  it('reads back what was put, a fresh object each time, and validates any text it did not write', () => {
    const handle = tempStore();
    cleanups.push(handle.cleanup);
    const store = handle.store;
    store.matches.createMatch({
      matchId: 'm1',
      guildId: 'g1',
      channelId: 'c1',
      game: 'nova',
      format: 'toy',
      players: { p1: 'u1', p2: 'u2' },
    });
    store.matches.startMatch('m1', toySetup(1000), 'seed');
    const clock = MatchClockSchema.parse({ bankMs: { p1: 1000, p2: 2000 }, asked: 'v3' });
    store.clocks.put('m1', clock, 1);
    const first = store.clocks.get('m1');
    expect(first).toEqual(clock);
    if (!first) throw new Error('no clock');
    first.bankMs.p1 = 0; // callers change what they read; the next read is unaffected
    expect(store.clocks.get('m1')).toEqual(clock);

    // Written behind the store's back: validated (defaults filled in, bad data refused).
    const raw = store.db.prepare('UPDATE match_clocks SET clock = ? WHERE match_id = ?');
    raw.run(JSON.stringify({ bankMs: { p1: 5, p2: 6 } }), 'm1');
    expect(store.clocks.get('m1')).toEqual(MatchClockSchema.parse({ bankMs: { p1: 5, p2: 6 } }));
    raw.run(JSON.stringify({ ...clock, bankMs: { p1: -1, p2: 0 } }), 'm1');
    expect(() => store.clocks.get('m1')).toThrow(InvalidData);

    store.clocks.put('m1', clock, 2);
    store.clocks.delete('m1');
    expect(store.clocks.get('m1')).toBeNull();
  });
});
