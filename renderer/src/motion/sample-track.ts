import { bezierEase } from './cubic-bezier';
import type { RotationTrack, TranslationTrack } from './motion-track';
import { slerpInto } from './quat-buffer';

/**
 * The index i of the last key at or before `time` (0 before the first key), by binary search:
 * O(log n) and allocation-free, so any time can be sampled in any order.
 */
export function keyIndexAt(times: Float64Array, time: number): number {
  let low = 0;
  let high = times.length - 1;
  if (time >= times[high]!) return high;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (times[mid]! <= time) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The fraction (0..1) of the way from key i to key i + 1 at `time`. */
function segmentFraction(times: Float64Array, i: number, time: number): number {
  const start = times[i]!;
  const span = times[i + 1]! - start;
  return span > 0 ? Math.min(1, Math.max(0, (time - start) / span)) : 1;
}

/** Writes the track's rotation at `time` seconds into out[o … o + 3]. Allocation-free. */
export function sampleRotation(
  track: RotationTrack,
  time: number,
  out: Float64Array,
  o: number,
): void {
  const { times, values, bezier } = track;
  const i = keyIndexAt(times, time);
  if (i === times.length - 1 || time <= times[0]!) {
    const k = time <= times[0]! ? 0 : 4 * i;
    out[o] = values[k]!;
    out[o + 1] = values[k + 1]!;
    out[o + 2] = values[k + 2]!;
    out[o + 3] = values[k + 3]!;
    return;
  }
  let u = segmentFraction(times, i, time);
  if (bezier) {
    const b = 4 * (i + 1);
    u = bezierEase(bezier[b]!, bezier[b + 1]!, bezier[b + 2]!, bezier[b + 3]!, u);
  }
  slerpInto(values, 4 * i, values, 4 * (i + 1), u, out, o);
}

/** Writes the track's translation at `time` seconds into out[o … o + 2]. Allocation-free. */
export function sampleTranslation(
  track: TranslationTrack,
  time: number,
  out: Float64Array,
  o: number,
): void {
  const { times, values, bezier } = track;
  const i = keyIndexAt(times, time);
  if (i === times.length - 1 || time <= times[0]!) {
    const k = time <= times[0]! ? 0 : 3 * i;
    out[o] = values[k]!;
    out[o + 1] = values[k + 1]!;
    out[o + 2] = values[k + 2]!;
    return;
  }
  const fraction = segmentFraction(times, i, time);
  for (let axis = 0; axis < 3; axis++) {
    let u = fraction;
    if (bezier) {
      const b = 12 * (i + 1) + 4 * axis;
      u = bezierEase(bezier[b]!, bezier[b + 1]!, bezier[b + 2]!, bezier[b + 3]!, u);
    }
    const a = values[3 * i + axis]!;
    out[o + axis] = a + (values[3 * (i + 1) + axis]! - a) * u;
  }
}
