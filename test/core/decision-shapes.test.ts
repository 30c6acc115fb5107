// Decisions v2: the number, distribute and declare shapes, their responses (old `{decisionId, choose}` answers
// keep their meaning), and whole-declaration validation answered with a decision instead of an exception.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyResponse, timeoutResponse, validateAnswer, wellFormed } from '../../src/engine/core/decision.ts';
import { IllegalAction } from '../../src/engine/core/errors.ts';
import { type DecisionResponse, DecisionResponseSchema } from '../../src/engine/core/game.ts';
import { replay } from '../../src/engine/core/replay.ts';
import { seedRng } from '../../src/engine/core/rng.ts';
import { fuzzGame, randomResponse } from '../../src/engine/fuzz/random-play.ts';
import { type RaidState, raid } from './shapes-game.ts';

const setup = { game: 'aqa' as const, decks: { p1: {}, p2: {} } };
const start = () => raid.setup(setup, 's');
const answer = (s: RaidState, r: Omit<DecisionResponse, 'decisionId' | 'choose'> & { choose?: string[] }) =>
  raid.apply(s, raid.pending(s)?.player ?? 'p1', { decisionId: `v${s.version}`, choose: [], ...r });
const toDeclare = () => answer(answer(start(), { number: 4 }), { split: { north: 3, south: 2 } });

describe('response schema and fast path', () => {
  it('an old `{decisionId, choose}` answer parses to itself', () => {
    const old = { decisionId: 'v3', choose: ['pass'] };
    expect(DecisionResponseSchema.parse(old)).toEqual(old);
    expect(wellFormed(old)).toBe(true);
    expect(copyResponse(old)).toEqual(old);
  });

  it('the fast path accepts exactly what the schema accepts, and copies what the schema returns', () => {
    const id = fc.oneof(fc.constantFrom('a', 'b', '', 'x'.repeat(41), '__proto__'), fc.string({ maxLength: 3 }));
    const n = fc.oneof(
      fc.integer({ min: -2_000_000, max: 2_000_000 }),
      fc.double(),
      fc.constant(Number.NaN),
      fc.string(),
    );
    const raw = fc.record(
      {
        decisionId: id,
        choose: fc.oneof(fc.array(id, { maxLength: 3 }), id),
        number: n,
        split: fc.oneof(fc.dictionary(id, n, { maxKeys: 3 }), fc.array(n), n),
        declare: fc.oneof(fc.dictionary(id, fc.oneof(fc.array(id, { maxLength: 2 }), id), { maxKeys: 3 }), id),
        control: fc.constantFrom('back', 'reset', 'undo', undefined),
        other: fc.anything(),
      },
      { requiredKeys: ['decisionId'] },
    );
    fc.assert(
      fc.property(fc.oneof(raw, fc.anything()), (r) => {
        const schema = DecisionResponseSchema.safeParse(r);
        const fast = wellFormed(r);
        if (fast) {
          expect(schema.success).toBe(true);
          expect(copyResponse(r)).toEqual(schema.data);
        }
        // The fast path may decline what the schema accepts only for what it cannot see plainly (no such case today).
        if (schema.success && typeof r === 'object' && r !== null && Object.getPrototypeOf(r) === Object.prototype)
          expect(fast).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('caps list and map sizes the same way', () => {
    const many = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`t${i}`, 1]));
    const r = { decisionId: 'v1', choose: [], split: many };
    expect(wellFormed(r)).toBe(false);
    expect(DecisionResponseSchema.safeParse(r).success).toBe(false);
  });
});

describe('number, distribute and declare', () => {
  it('a number must be in range and on a step, and answers only a number decision', () => {
    const s = start();
    const p = raid.pending(s);
    expect(validateAnswer(p, 'p1', { decisionId: 'v0', choose: [], number: 6 })).toEqual({ shape: 'number', value: 6 });
    expect(() => validateAnswer(p, 'p1', { decisionId: 'v0', choose: [], number: 3 })).toThrow(/allowed values/);
    expect(() => validateAnswer(p, 'p1', { decisionId: 'v0', choose: [], number: 8 })).toThrow(/out of range/);
    expect(() => validateAnswer(p, 'p1', { decisionId: 'v0', choose: ['x'] })).toThrow(IllegalAction);
    expect(() => validateAnswer(p, 'p1', { decisionId: 'v0', choose: [] })).toThrow(/Give a number/);
  });

  it('a distribution is checked as a whole (CR 601.2d-style: at least 1 each, the whole total)', () => {
    const s = answer(start(), { number: 2 });
    const p = raid.pending(s);
    const split = (m: Record<string, number>) => () =>
      validateAnswer(p, 'p1', { decisionId: 'v1', choose: [], split: m });
    expect(split({ north: 3, south: 2 })()).toEqual({ shape: 'distribute', split: { north: 3, south: 2 } });
    expect(split({ north: 5 })).toThrow(/at least the minimum/); // south left out counts as 0
    expect(split({ north: 4, south: 1 })).toThrow(/more than it may/);
    expect(split({ north: 2, south: 2 })).toThrow(/whole total/);
    expect(split({ north: 3, south: 3 })).toThrow(/more than the total/);
    expect(split({ north: 2, south: 2, east: 1 })).toThrow(/listed targets/);
  });

  it('a declaration slot takes only its own options, within its counts', () => {
    const s = toDeclare();
    const p = raid.pending(s);
    const declare = (m: Record<string, string[]>) => () =>
      validateAnswer(p, 'p1', { decisionId: 'v2', choose: [], declare: m });
    expect(declare({ captain: ['north'] })).toThrow(/listed options/);
    expect(declare({ captain: ['east', 'west'] })).toThrow(/too many or too few/);
    expect(declare({ captain: ['east'] })).toThrow(/too many or too few/); // scout and brute must choose (min 1)
    expect(declare({ archer: ['east'] })).toThrow(/Unknown slot/);
  });
});

describe('whole-declaration validation', () => {
  it('an illegal whole is a logged decision: the same declaration comes back with the draft and the problem', () => {
    const s = toDeclare();
    const bad = { captain: ['home'], scout: ['east'], brute: ['home'] };
    const after = answer(s, { declare: bad });
    expect(after.version).toBe(s.version + 1);
    expect(after.refused).toBe(1);
    const p = raid.pending(after);
    expect(p?.shape).toBe('declare');
    if (p?.shape !== 'declare') return;
    expect(p.draft).toEqual(bad);
    expect(p.problem).toEqual({ rule: 'RAID 3.1', code: 'captain-stays', slots: ['captain'] });
    // Fix it on the retry: a second rule is named when that one breaks.
    const crowded = answer(after, { declare: { captain: ['east'], scout: ['east'], brute: ['home'] } });
    const p2 = raid.pending(crowded);
    expect(p2?.shape === 'declare' && p2.problem).toEqual({
      rule: 'RAID 3.2',
      code: 'crowded-gate',
      slots: ['captain', 'scout'],
    });
    const done = answer(crowded, { declare: { captain: ['east'], scout: ['west'], brute: ['home'] } });
    expect(done.step).toBe('answer');
    expect(done.declaration).toEqual({ captain: ['east'], scout: ['west'], brute: ['home'] });
  });

  it('reset clears the draft and the problem; back re-opens the step before', () => {
    const refused = answer(toDeclare(), { declare: { captain: ['home'], scout: ['east'], brute: ['home'] } });
    const reset = raid.pending(answer(refused, { control: 'reset' }));
    expect(reset?.shape === 'declare' && [reset.draft, reset.problem]).toEqual([{}, null]);
    const back = answer(refused, { control: 'back' });
    expect(raid.pending(back)?.shape).toBe('distribute');
    expect(back.damage).toBeNull();
    // control answers only a declaration
    expect(() => answer(answer(start(), { number: 2 }), { control: 'reset' })).toThrow(/does not fit/);
  });

  it('timeouts answer every shape with its default, and random answers play the game to its end', () => {
    let s = start();
    for (let i = 0; i < 4; i++) {
      const p = raid.pending(s);
      if (!p) break;
      s = raid.apply(s, p.player, timeoutResponse(p));
    }
    expect(s.result?.kind).toBe('draw');
    // The fuzzer's random answers fit every shape; refused declarations are decisions too, and replay the same.
    for (let seed = 0; seed < 20; seed++) {
      let rng = seedRng(`raid-${seed}`);
      let state = start();
      const log: { seat: 'p1' | 'p2'; response: DecisionResponse }[] = [];
      while (!state.result && log.length < 200) {
        const p = raid.pending(state);
        if (!p) break;
        const [response, next] = randomResponse(p, rng, 0.7);
        rng = next;
        state = raid.apply(state, p.player, response);
        log.push({ seat: p.player, response });
      }
      expect(state.result).not.toBeNull();
      expect(replay(raid, setup, 's', log)).toEqual(state);
    }
    // and the fuzzer's own loop (its "can this decision be answered" check covers every shape)
    const run = fuzzGame(raid, setup, 'f', { checkViews: true, maxDecisions: 500, activity: 0.7 });
    expect(run).toMatchObject({ finished: true, failures: [] });
    expect(run.decisions).toBeGreaterThanOrEqual(4);
  });
});
