import { describe, expect, it } from 'vitest';
import { isJsonObject, jsonCopy } from '../../src/engine/core/json.ts';

describe('jsonCopy: a checked deep copy of plain JSON', () => {
  it('copies plain data deeply and drops undefined members, as JSON.stringify does', () => {
    const source = { a: [1, 'x', null, { b: true }], c: undefined, d: { e: -0.5 } };
    const copy = jsonCopy(source);
    expect(copy).toEqual({ a: [1, 'x', null, { b: true }], d: { e: -0.5 } });
    expect(copy).toEqual(JSON.parse(JSON.stringify(source)));
    if (!isJsonObject(copy)) throw new Error('not an object');
    expect(copy.d).not.toBe(source.d);
  });

  it('refuses what would not survive a save, naming where it is', () => {
    expect(() => jsonCopy({ a: { f: () => 1 } })).toThrow('$.a.f: a function is not JSON');
    expect(() => jsonCopy({ a: [1, Number.NaN] })).toThrow('$.a[1]: NaN is not JSON');
    expect(() => jsonCopy({ when: new Date(0) })).toThrow('$.when: a class instance is not JSON');
    expect(() => jsonCopy([undefined])).toThrow('$[0]: undefined is not JSON');
    expect(() => jsonCopy({ m: new Map() })).toThrow(/class instance/);
  });

  it('tells objects from arrays and null', () => {
    expect([{}, [], null, 1, undefined].map((v) => isJsonObject(v))).toEqual([true, false, false, false, false]);
  });
});
