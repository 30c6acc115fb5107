/** One measured figure printed by `npm run bench`. */
export interface BenchFigure {
  area: string;
  name: string;
  value: number;
  unit: string;
}

/** Median and 99th percentile of a list of samples (milliseconds or anything else). */
export function percentiles(samples: readonly number[]): { p50: number; p99: number } {
  if (samples.length === 0) return { p50: Number.NaN, p99: Number.NaN };
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  return { p50: at(0.5), p99: at(0.99) };
}
