// The continuous-effect fold is game-agnostic: a toy game with its own layer names and ops, and memoising per state.
import { describe, expect, it } from 'vitest';
import { type ContinuousEffect, foldLayers, type LayerRules, memoisePerState } from '../../src/engine/core/layers.ts';

/** A toy: each object is a number; "sum" adds, "times" multiplies; filters pick objects at least some size. */
type Op = { add: number } | { times: number };
type Filter = { atLeast: number };
const rules: LayerRules<number, Op, Filter> = {
  layers: ['sum', 'times'],
  apply: (op, n) => ('add' in op ? n + op.add : n * op.times),
  matches: (f, id, world) => (world[id] ?? 0) >= f.atLeast,
};
const effect = (id: string, timestamp: number, layer: string, op: Op, affects: Filter | string[]) =>
  ({
    id,
    timestamp,
    affects: Array.isArray(affects) ? { locked: affects } : { filter: affects },
    parts: [{ layer, op }],
  }) satisfies ContinuousEffect<Op, Filter>;

describe('foldLayers (kernel)', () => {
  it('applies layers in the game order, whatever the timestamps', () => {
    const out = foldLayers(rules, { a: 1 }, [
      effect('x2', 1, 'times', { times: 2 }, ['a']),
      effect('+3', 2, 'sum', { add: 3 }, ['a']),
    ]);
    expect(out.characteristics.a).toBe(8);
  });

  it('within a layer, an effect whose set another changes waits for it (dependency beats timestamp)', () => {
    // "+10 to objects of at least 5" is earlier, but "+4 to a" changes what it applies to.
    const big = effect('big', 1, 'sum', { add: 10 }, { atLeast: 5 });
    const grow = effect('grow', 2, 'sum', { add: 4 }, ['a']);
    const out = foldLayers(rules, { a: 2, b: 1 }, [big, grow]);
    expect(out.characteristics).toEqual({ a: 16, b: 1 });
    expect(out.applied.map((x) => x.effect)).toEqual(['grow', 'big']);
  });

  it('an effect the game says no longer exists does not apply', () => {
    const gone = foldLayers({ ...rules, exists: (e) => e.id !== 'gone' }, { a: 1 }, [
      effect('gone', 1, 'sum', { add: 1 }, ['a']),
    ]);
    expect(gone.characteristics.a).toBe(1);
    expect(gone.applied).toEqual([]);
  });

  it('mayDepend: no trial runs for effects that cannot depend, and the order and result are the same', () => {
    let applies = 0;
    const counting: LayerRules<number, Op, Filter> = {
      ...rules,
      apply: (op, n) => {
        applies += 1;
        return rules.apply(op, n);
      },
    };
    const fixed = [1, 2, 3].map((t) => effect(`+${t}`, t, 'sum', { add: t }, ['a']));
    const tried = foldLayers(counting, { a: 0 }, fixed);
    const triedApplies = applies;
    applies = 0;
    const pruned = foldLayers({ ...counting, mayDepend: (e) => 'filter' in e.affects }, { a: 0 }, fixed);
    expect(pruned.characteristics).toEqual(tried.characteristics);
    expect(pruned.applied).toEqual(tried.applied);
    expect(applies).toBe(3); // each effect once, no trials
    expect(triedApplies).toBeGreaterThan(3);
    // An effect that may depend still waits for the one it depends on (CR 613.7a).
    const big = effect('big', 1, 'sum', { add: 10 }, { atLeast: 5 });
    const grow = effect('grow', 2, 'sum', { add: 4 }, ['a']);
    const out = foldLayers({ ...rules, mayDepend: (e) => 'filter' in e.affects }, { a: 2, b: 1 }, [big, grow]);
    expect(out.applied.map((x) => x.effect)).toEqual(['grow', 'big']);
  });

  it('memoisePerState computes once per state object and never writes into the state', () => {
    let calls = 0;
    type State = { objects: Readonly<Record<string, number>> };
    const state: State = Object.freeze({ objects: Object.freeze({ a: 1 }) });
    const characteristics = memoisePerState((s: State) => {
      calls += 1;
      return foldLayers(rules, s.objects, [effect('+1', 1, 'sum', { add: 1 }, ['a'])]).characteristics;
    });
    expect(characteristics(state)).toBe(characteristics(state));
    expect(calls).toBe(1);
    expect(characteristics({ objects: { a: 5 } }).a).toBe(6);
    expect(calls).toBe(2);
  });
});
