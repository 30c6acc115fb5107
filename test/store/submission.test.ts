// The store's submission check: its zod-free path for well-formed responses answers exactly as the schema does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidData } from '../../src/engine/core/errors.ts';
import { DecisionResponseSchema } from '../../src/engine/core/game.ts';
import { parseSubmission } from '../../src/store/match-store.ts';

describe('parseSubmission', () => {
  it('returns what the schema returns, or refuses what it refuses', () => {
    const id = fc.oneof(fc.constantFrom('v1', 'pass', '', 'x'.repeat(41)), fc.string(), fc.integer());
    const raw = fc.oneof(
      fc.record({ decisionId: id, choose: fc.oneof(fc.array(id, { maxLength: 4 }), fc.sparseArray(id), id) }),
      fc.record({ decisionId: id, choose: fc.array(id, { maxLength: 3 }), extra: fc.anything() }),
      fc.constant('concede'),
      fc.anything(),
    );
    fc.assert(
      fc.property(raw, (r) => {
        const expected = r === 'concede' ? { success: true, data: 'concede' } : DecisionResponseSchema.safeParse(r);
        let got: unknown;
        try {
          got = parseSubmission(r);
        } catch (error) {
          got = error;
        }
        if (expected.success) {
          expect(got).toEqual(expected.data);
          expect(JSON.stringify(got)).toBe(JSON.stringify(expected.data));
          if (typeof got === 'object' && got !== null)
            expect((got as { choose: unknown }).choose).not.toBe((r as { choose: unknown }).choose);
        } else expect(got).toBeInstanceOf(InvalidData);
      }),
      { numRuns: 3000 },
    );
  });
});
