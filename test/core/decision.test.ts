import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateResponse } from '../../src/engine/core/decision.ts';
import { IllegalAction } from '../../src/engine/core/errors.ts';
import { type DecisionResponse, DecisionResponseSchema, type PendingDecision } from '../../src/engine/core/game.ts';

const pending: PendingDecision = {
  id: 'v1',
  player: 'p1',
  kind: 'test',
  role: 'choice',
  ordered: false,
  prompt: { en: '', ja: '' },
  options: ['a', 'b', 'c'].map((id) => ({ id, kind: 'x', role: 'choice', label: { en: id, ja: id } })),
  min: 0,
  max: 3,
  defaultOnTimeout: [],
};

describe('validateResponse', () => {
  it('accepts exactly what the response schema accepts, with the same answer (its zod-free fast path)', () => {
    const id = fc.oneof(fc.constantFrom('v1', 'a', 'b', 'c', '', 'x'.repeat(41)), fc.string(), fc.integer());
    const raw = fc.oneof(
      fc.record({ decisionId: id, choose: fc.oneof(fc.uniqueArray(id, { maxLength: 4 }), fc.sparseArray(id), id) }),
      fc.anything(),
    );
    fc.assert(
      fc.property(raw, (r) => {
        const schema = DecisionResponseSchema.safeParse(r);
        let chosen: string[] | Error;
        try {
          chosen = validateResponse(pending, 'p1', r as DecisionResponse);
        } catch (err) {
          chosen = err as Error;
        }
        if (!schema.success) {
          expect(chosen).toBeInstanceOf(IllegalAction);
          expect((chosen as IllegalAction).message).toMatch(/malformed/);
        } else if (!(chosen instanceof Error)) expect(chosen).toEqual(schema.data.choose);
      }),
      { numRuns: 3000 },
    );
  });
  it('returns its own copy of the chosen ids', () => {
    const choose = ['a'];
    const chosen = validateResponse(pending, 'p1', { decisionId: 'v1', choose });
    expect(chosen).toEqual(['a']);
    expect(chosen).not.toBe(choose);
  });
});
