import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, stateHash } from '../../src/engine/core/hash.ts';
import { canonicalState, hashText } from '../../src/store/state-text.ts';

describe('canonical state text', () => {
  it('hashes exactly as stateHash does, for any JSON value (the store relies on it)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const { text, hash } = canonicalState(value);
        expect(hash).toBe(stateHash(value));
        // Parsing the stored text and hashing again gives the same hash: a sound snapshot is the state.
        expect(stateHash(JSON.parse(text))).toBe(hash);
        expect(hashText(canonicalJson(JSON.parse(text)))).toBe(hash);
      }),
      { numRuns: 300 },
    );
  });
});
