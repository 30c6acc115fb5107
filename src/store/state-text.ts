import { canonicalJson, canonicalPieces, hashPieces, rulesPart } from '../engine/core/hash.ts';

/** A state's hash, and its canonical JSON text when it is asked for (a snapshot is due). */
export interface CanonicalState {
  /** `stateHash(state)`: the hash of the rules part (without the game's log, core/game.ts BaseState). */
  hash: string;
  /** The canonical JSON of the whole state, log included (a restored board still shows the latest lines). */
  readonly text: string;
}

/**
 * A state's hash and, on first use, its canonical JSON. `hash` equals `stateHash(state)` by that function's
 * definition (a test pins the equivalence); the hash is fed the rules part's pieces without joining them, and the
 * text is written only when it is read (every N decisions, for a snapshot).
 */
export function canonicalState(state: unknown): CanonicalState {
  const pieces = canonicalPieces(rulesPart(state));
  let text: string | null = null;
  return {
    hash: hashPieces(pieces),
    get text() {
      text ??= canonicalJson(state);
      return text;
    },
  };
}
