import { describe, expect, it } from 'vitest';
import {
  changeZone,
  collectLki,
  emitBatch,
  isCurrent,
  lastKnown,
  newEventState,
  refsIn,
  refTo,
  takeUnseen,
} from '../../src/engine/core/events.ts';

describe('events: incarnations and last-known information', () => {
  it('a zone change makes a new object: old refs stop reaching it (CR 400.7)', () => {
    const ev = newEventState();
    const before = refTo(ev, 'o1');
    expect(before).toEqual({ id: 'o1', inc: 0 });
    expect(isCurrent(ev, before)).toBe(true);
    const old = changeZone(ev, 'o1', { power: 3, controller: 'p1' });
    expect(old).toEqual(before);
    expect(isCurrent(ev, before)).toBe(false);
    expect(refTo(ev, 'o1')).toEqual({ id: 'o1', inc: 1 });
    expect(isCurrent(ev, refTo(ev, 'o2'))).toBe(true); // other objects are untouched
  });

  it('a look-back reads the object as it last existed, and only through the old ref (CR 603.10)', () => {
    const ev = newEventState();
    const dead = changeZone(ev, 'o1', { power: 4 });
    expect(lastKnown(ev, dead)).toEqual({ power: 4 });
    expect(lastKnown(ev, refTo(ev, 'o1'))).toBeUndefined(); // the current object is read live, not from LKI
    const again = changeZone(ev, 'o1', { power: 1 });
    expect(lastKnown(ev, dead)).toEqual({ power: 4 }); // each incarnation keeps its own entry
    expect(lastKnown(ev, again)).toEqual({ power: 1 });
  });

  it('events emitted together share a batch; later ones get the next batch and rising sequence numbers', () => {
    const ev = newEventState();
    const a = emitBatch(ev, [
      { type: 'died', subject: { id: 'o1', inc: 0 }, data: {} },
      { type: 'died', subject: { id: 'o2', inc: 0 }, data: {} },
    ]);
    const b = emitBatch(ev, [{ type: 'damage', data: { amount: 2 } }]);
    expect(a.map((e) => [e.seq, e.batch])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(b.map((e) => [e.seq, e.batch, e.applied])).toEqual([[3, 2, []]]);
    expect(emitBatch(ev, [])).toEqual([]);
    expect(ev.nextBatch).toBe(3); // an empty batch takes no id
    const batches = takeUnseen(ev);
    expect(batches.map((x) => x.map((e) => e.seq))).toEqual([[1, 2], [3]]);
    expect(takeUnseen(ev)).toEqual([]);
  });

  it('collects an entry only when nothing refers to its incarnation', () => {
    const ev = newEventState();
    const a = changeZone(ev, 'a', { power: 1 });
    const b = changeZone(ev, 'b', { power: 2 });
    const c = changeZone(ev, 'c', { power: 3 });
    emitBatch(ev, [{ type: 'died', subject: c, data: {} }]); // an unseen event still needs c
    const stack = [{ source: a, note: 'trigger' }];
    const frames = [{ data: { deep: [{ ref: { id: 'x', inc: 0 } }] } }];
    expect(collectLki(ev, [stack, frames]).sort()).toEqual(['b:0']);
    expect(lastKnown(ev, a)).toEqual({ power: 1 });
    expect(lastKnown(ev, b)).toBeUndefined();
    takeUnseen(ev);
    expect(collectLki(ev, [stack])).toEqual(['c:0']);
    expect(collectLki(ev, [])).toEqual(['a:0']);
  });

  it('finds refs at any depth and ignores look-alikes', () => {
    const found = refsIn([{ a: [{ b: { id: 'o1', inc: 2 } }] }, { id: 'o2', inc: '1' }, { id: 3, inc: 1 }, 'o3:0']);
    expect([...found]).toEqual(['o1:2']);
  });
});
