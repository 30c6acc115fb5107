import { createHash } from 'node:crypto';
import { canonicalPieces, hashPieces } from '../engine/core/hash.ts';

/** A state's hash, and its canonical JSON text when it is asked for (a snapshot is due). */
export interface CanonicalState {
  hash: string;
  /** The canonical JSON; joined on first use. */
  readonly text: string;
}

/**
 * A state's canonical JSON and its hash, serialised once. `hash` equals `stateHash(state)` by that function's
 * definition (SHA-256 of the canonical JSON; a test pins the equivalence), and the text doubles as the snapshot, so
 * a commit serialises a large state only once; the hash is fed the text's pieces, and the pieces are joined only
 * when the text is read (every N decisions, for a snapshot).
 */
export function canonicalState(state: unknown): CanonicalState {
  const pieces = canonicalPieces(state);
  let text: string | null = null;
  return {
    hash: hashPieces(pieces),
    get text() {
      text ??= pieces.join('');
      return text;
    },
  };
}

/**
 * The hash of a stored canonical text. Checking a snapshot this way avoids re-serialising the parsed state:
 * if the text hashes to the logged hash, it is exactly what was hashed at commit time, and parsing it gives
 * back that state (canonical JSON is a fixed point of parse-then-serialise).
 */
export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
