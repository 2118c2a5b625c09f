/** Statistics over benchmark timings: one quantile, used for every median and percentile. */

/**
 * The `q` quantile (0..1) of `values`, interpolated linearly between the two nearest ranks
 * (so q = 0.5 of an even count is the mean of the two middle values); NaN when empty.
 */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

/** The middle value of `values` (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}
