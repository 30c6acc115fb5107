/**
 * Seeded random numbers whose whole state is one JSON number pair stored in the game state,
 * so replaying the same decisions from the same seed reproduces every shuffle.
 * Algorithm: sfc32-style mixing reduced to two 32-bit words (small, fast, good enough for shuffles).
 */
export interface RngState {
  a: number;
  b: number;
}

export function seedRng(seed: string): RngState {
  // FNV-1a over the seed text, twice with different offsets, gives the two starting words.
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < seed.length; i++) {
    const c = seed.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return { a: a || 1, b: b || 2 };
}

/** Returns [value in [0, 2^32), next state]. xorshift64-like over two words. */
export function nextU32(rng: RngState): [number, RngState] {
  let s1 = rng.a;
  const s0 = rng.b;
  s1 ^= s1 << 23;
  s1 ^= s1 >>> 17;
  s1 ^= s0;
  s1 ^= s0 >>> 26;
  const a = s0 >>> 0;
  const b = s1 >>> 0;
  return [(a + b) >>> 0, { a, b }];
}

/** Uniform integer in [0, n). */
export function nextInt(rng: RngState, n: number): [number, RngState] {
  if (n <= 0) throw new RangeError('nextInt needs n > 0');
  const [x, next] = nextU32(rng);
  return [x % n, next];
}

/** Fisher–Yates shuffle; returns a new array and the advanced RNG state. */
export function shuffle<T>(items: readonly T[], rng: RngState): [T[], RngState] {
  const out = items.slice();
  let r = rng;
  for (let i = out.length - 1; i > 0; i--) {
    const [j, next] = nextInt(r, i + 1);
    r = next;
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return [out, r];
}
