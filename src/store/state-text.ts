import { createHash } from 'node:crypto';
import { canonicalJson } from '../engine/core/hash.ts';

/**
 * A state's canonical JSON and its hash, computed once. `hash` equals `stateHash(state)` by that function's
 * definition (SHA-256 of the canonical JSON; a test pins the equivalence), and the text doubles as the snapshot,
 * so a commit serialises a large state only once.
 */
export function canonicalState(state: unknown): { text: string; hash: string } {
  const text = canonicalJson(state);
  return { text, hash: hashText(text) };
}

/**
 * The hash of a stored canonical text. Checking a snapshot this way avoids re-serialising the parsed state:
 * if the text hashes to the logged hash, it is exactly what was hashed at commit time, and parsing it gives
 * back that state (canonical JSON is a fixed point of parse-then-serialise).
 */
export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
