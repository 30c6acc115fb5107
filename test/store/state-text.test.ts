import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, stateHash } from '../../src/engine/core/hash.ts';
import { canonicalState } from '../../src/store/state-text.ts';

describe('canonical state text', () => {
  it('hashes exactly as stateHash does, for any JSON value (the store relies on it)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const { text, hash } = canonicalState(value);
        expect(hash).toBe(stateHash(value));
        // Parsing the stored text and hashing again gives the same hash: a sound snapshot is the state.
        expect(stateHash(JSON.parse(text))).toBe(hash);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps a state's log in its text but out of its hash", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string().filter((k) => k !== '__proto__'),
          fc.jsonValue(),
        ),
        fc.array(fc.jsonValue()),
        (rules, log) => {
          const { log: _ignored, ...withoutLog } = rules;
          const state = { ...withoutLog, log };
          const { text, hash } = canonicalState(state);
          expect(hash).toBe(stateHash(withoutLog));
          expect(hash).toBe(canonicalState({ ...withoutLog, log: [...log, 'one more entry'] }).hash);
          expect(text).toBe(canonicalJson(state));
          expect((JSON.parse(text) as { log: unknown[] }).log).toHaveLength(log.length);
        },
      ),
      { numRuns: 200 },
    );
  });
});
