/**
 * Exact non-negative rationals for tiebreakers. MTR percentages are ratios of small integers, and two players whose
 * opponents have the same percentages in a different order must tie exactly (MTR 3.1 then goes to the next
 * tiebreaker); floating-point sums would differ in the last bit and decide the tie by noise.
 */
export interface Fraction {
  /** Numerator and denominator in lowest terms; the denominator is positive. */
  readonly n: bigint;
  readonly d: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function fraction(n: bigint | number, d: bigint | number = 1n): Fraction {
  let [num, den] = [BigInt(n), BigInt(d)];
  if (den === 0n) throw new RangeError('a fraction needs a non-zero denominator');
  if (den < 0n) [num, den] = [-num, -den];
  const g = gcd(num, den) || 1n;
  return { n: num / g, d: den / g };
}

export const ZERO: Fraction = fraction(0);

/** Negative, zero or positive as x is below, equal to or above y. */
export function compareFractions(x: Fraction, y: Fraction): number {
  const left = x.n * y.d;
  const right = y.n * x.d;
  return left < right ? -1 : left > right ? 1 : 0;
}

export function maxFraction(x: Fraction, y: Fraction): Fraction {
  return compareFractions(x, y) >= 0 ? x : y;
}

/** The arithmetic mean; 0 for no values. */
export function meanOf(values: readonly Fraction[]): Fraction {
  if (values.length === 0) return ZERO;
  let n = 0n;
  let d = 1n;
  for (const v of values) {
    const s = fraction(n * v.d + v.n * d, d * v.d);
    n = s.n;
    d = s.d;
  }
  return fraction(n, d * BigInt(values.length));
}

export function toNumber(x: Fraction): number {
  return Number(x.n) / Number(x.d);
}

/**
 * The simplest fraction within 1e-12 of a setting given as a decimal number (0.33 → 33/100, 1/3 as a double → 1/3),
 * by continued fractions.
 */
export function fractionFromNumber(value: number): Fraction {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`not a non-negative finite number: ${value}`);
  let [h0, h1, k0, k1] = [0n, 1n, 1n, 0n];
  let x = value;
  for (let i = 0; i < 40; i++) {
    const a = Math.floor(x);
    [h0, h1] = [h1, BigInt(a) * h1 + h0];
    [k0, k1] = [k1, BigInt(a) * k1 + k0];
    if (Math.abs(Number(h1) / Number(k1) - value) <= 1e-12 || x === a) break;
    x = 1 / (x - a);
  }
  return fraction(h1, k1);
}

/** Rounded half up to `decimals` places, exactly (MTGO rounds percentages to 4 decimals before comparing). */
export function roundTo(x: Fraction, decimals: number): Fraction {
  const scale = 10n ** BigInt(decimals);
  return fraction((2n * x.n * scale + x.d) / (2n * x.d), scale);
}
