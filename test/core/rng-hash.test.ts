import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, canonicalPieces, stateHash } from '../../src/engine/core/hash.ts';
import { nextInt, seedRng, shuffle } from '../../src/engine/core/rng.ts';

/** The canonical text's definition: JSON with every object's keys sorted (what stored hashes were made with). */
const reference = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const sorted: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
      return sorted;
    }
    return v;
  });

describe('canonical hash', () => {
  it('does not depend on key order', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe(canonicalJson({ a: { c: 3, d: 2 }, b: 1 }));
    expect(stateHash({ x: 1, y: 2 })).toBe(stateHash({ y: 2, x: 1 }));
  });
  it('writes exactly the bytes of the sorting-replacer definition, so hashes already stored stay valid', () => {
    // Integer-like keys are listed first in numeric order by JavaScript itself; undefined members are left out.
    const tricky = { b: [1, undefined, { z: 1, y: null }], '10': 1, '2': 2, '01': 3, a: undefined, c: new Date(0) };
    expect(canonicalJson(tricky)).toBe(reference(tricky));
    fc.assert(
      fc.property(fc.jsonValue(), (v) => canonicalJson(v) === reference(v)),
      { numRuns: 2000 },
    );
  });
  it('reuses sorted copies of deep-frozen objects only, so a changed object is never hashed stale', () => {
    const card = Object.freeze({ z: 1, a: Object.freeze({ y: 2, b: 3 }) });
    const open = { z: 1, a: { y: 2, b: 3 } };
    const first = canonicalJson({ card, open });
    expect(canonicalJson({ card, open })).toBe(first);
    open.a.b = 4; // not frozen: must show the change
    expect(canonicalJson({ card, open })).toBe('{"card":{"a":{"b":3,"y":2},"z":1},"open":{"a":{"b":4,"y":2},"z":1}}');
    const shallow = Object.freeze({ inner: { x: 1 } }); // frozen, but what it holds is not
    canonicalJson(shallow);
    shallow.inner.x = 2;
    expect(canonicalJson(shallow)).toBe('{"inner":{"x":2}}');
  });
  it('reuses the text of an unfrozen record of frozen members only while it holds exactly those members', () => {
    const card = (id: string, damage: number) => Object.freeze({ id, damage, counters: Object.freeze({}) });
    const objects: Record<string, unknown> = { o2: card('o2', 0), o10: card('o10', 1), o1: card('o1', 0) };
    const state = { turn: 1, objects };
    const check = () => {
      expect(canonicalJson(state)).toBe(reference(state));
      expect(canonicalPieces(state).join('')).toBe(reference(state));
      expect(stateHash(state)).toBe(createHash('sha256').update(reference(state)).digest('hex'));
    };
    check();
    check(); // the record's text is reused
    objects.o2 = card('o2', 3); // a member replaced
    check();
    objects.o3 = card('o3', 0); // a key added
    check();
    delete objects.o1; // a key removed
    check();
    delete objects.o10; // same count again, other keys
    objects.o11 = card('o11', 0);
    check();
    const o3 = objects.o3;
    delete objects.o3; // same keys and members, another order: the same text
    objects.o3 = o3;
    check();
    objects.n = 5; // primitives are members too
    check();
    objects.n = 6;
    check();
    objects.open = { x: 1 }; // an unfrozen member: never reused
    check();
    (objects.open as { x: number }).x = 2;
    check();
  });
  it('hashes a large state in pieces to the digest of its whole text', () => {
    const big = (n: number) => Object.freeze({ text: 'x'.repeat(n), ja: '日本語'.repeat(n / 3) });
    const state = { a: big(3000), b: 1, c: [big(10), big(2000)], d: { e: big(5000) }, f: undefined, '2': 'two' };
    const text = canonicalJson(state);
    expect(canonicalPieces(state).length).toBeGreaterThan(1);
    expect(canonicalPieces(state).join('')).toBe(text);
    expect(stateHash(state)).toBe(createHash('sha256').update(text).digest('hex'));
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(canonicalPieces(v).join('')).toBe(canonicalJson(v));
        expect(stateHash(v)).toBe(createHash('sha256').update(canonicalJson(v)).digest('hex'));
      }),
      { numRuns: 500 },
    );
  });
  it('changes when a value changes', () => {
    expect(stateHash({ life: 2000 })).not.toBe(stateHash({ life: 1900 }));
  });
});

describe('seeded rng', () => {
  it('reproduces the same sequence from the same seed', () => {
    const a = shuffle([1, 2, 3, 4, 5, 6, 7, 8], seedRng('seed-1'));
    const b = shuffle([1, 2, 3, 4, 5, 6, 7, 8], seedRng('seed-1'));
    expect(a).toEqual(b);
  });
  it('gives different orders for different seeds and keeps every element', () => {
    const deck = Array.from({ length: 40 }, (_, i) => i);
    const [a] = shuffle(deck, seedRng('a'));
    const [b] = shuffle(deck, seedRng('b'));
    expect(a).not.toEqual(b);
    expect([...a].sort((x, y) => x - y)).toEqual(deck);
  });
  it('spreads values roughly uniformly', () => {
    let rng = seedRng('uniform');
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) {
      const [v, next] = nextInt(rng, 4);
      counts[v] = (counts[v] ?? 0) + 1;
      rng = next;
    }
    for (const c of counts) expect(c).toBeGreaterThan(850);
  });
});
