import { bezierEaseInPlace } from './cubic-bezier';
import type { RotationTrack, TranslationTrack } from './motion-track';
import { slerpInto } from './quat-buffer';

/**
 * Sampling keyframe tracks without allocating. V8 boxes a floating-point number on the heap
 * whenever it is passed to, or returned from, a function it did not inline, so the per-step
 * entry points take the time in a `Float64Array` slot (`clock[0]`, seconds) and pass eased
 * fractions through {@link FRACTION}; `sampleRotation` / `sampleTranslation` wrap them for
 * one-off calls.
 */

/** Scratch slot for the fraction of a segment, eased in place. */
const FRACTION = new Float64Array(1);
/** Scratch clock for the one-off wrappers. */
const ONE_OFF_CLOCK = new Float64Array(1);

/**
 * The index i of the last key at or before `time` (0 before the first key), by binary search:
 * O(log n) and allocation-free, so any time can be sampled in any order.
 */
export function keyIndexAt(times: Float64Array, time: number): number {
  ONE_OFF_CLOCK[0] = time;
  return keyIndexAtClock(times, ONE_OFF_CLOCK);
}

/** {@link keyIndexAt} for the time in clock[0]. */
function keyIndexAtClock(times: Float64Array, clock: Float64Array): number {
  const time = clock[0]!;
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

/**
 * Writes into FRACTION[0] how far (0..1) clock[0] is from key i to key i + 1, eased by the
 * curve at `curveAt` in `bezier` when there is one.
 */
function segmentFractionInto(
  times: Float64Array,
  i: number,
  clock: Float64Array,
  bezier: Uint8Array | null,
  curveAt: number,
): void {
  const time = clock[0]!;
  const start = times[i]!;
  const span = times[i + 1]! - start;
  FRACTION[0] = span > 0 ? Math.min(1, Math.max(0, (time - start) / span)) : 1;
  if (bezier) bezierEaseInPlace(bezier, curveAt, FRACTION);
}

/**
 * Before the first key or from the last on, a track holds that key: copies its `width` values
 * into out[o …] and returns true; false between keys (`i` is the key before clock[0]). The time
 * comes in its slot, not as a number: V8 does not always inline this function, and a double
 * argument would then be boxed on every call.
 */
function heldKeyInto(
  times: ArrayLike<number>,
  values: ArrayLike<number>,
  i: number,
  clock: Float64Array,
  width: number,
  out: Float64Array,
  o: number,
): boolean {
  const before = clock[0]! <= times[0]!;
  if (!before && i !== times.length - 1) return false;
  const k = before ? 0 : width * i;
  for (let c = 0; c < width; c++) out[o + c] = values[k + c]!;
  return true;
}

/** Writes the track's rotation at clock[0] seconds into out[o … o + 3]. Allocation-free. */
export function sampleRotationAt(
  track: RotationTrack,
  clock: Float64Array,
  out: Float64Array,
  o: number,
): void {
  const { times, values, bezier } = track;
  const i = keyIndexAtClock(times, clock);
  if (heldKeyInto(times, values, i, clock, 4, out, o)) return;
  segmentFractionInto(times, i, clock, bezier, 4 * (i + 1));
  slerpInto(values, 4 * i, values, 4 * (i + 1), FRACTION, out, o);
}

/** Writes the track's translation at clock[0] seconds into out[o … o + 2]. Allocation-free. */
export function sampleTranslationAt(
  track: TranslationTrack,
  clock: Float64Array,
  out: Float64Array,
  o: number,
): void {
  const { times, values, bezier } = track;
  const i = keyIndexAtClock(times, clock);
  if (heldKeyInto(times, values, i, clock, 3, out, o)) return;
  for (let axis = 0; axis < 3; axis++) {
    segmentFractionInto(times, i, clock, bezier, 12 * (i + 1) + 4 * axis);
    const a = values[3 * i + axis]!;
    out[o + axis] = a + (values[3 * (i + 1) + axis]! - a) * FRACTION[0]!;
  }
}

/** The track's rotation at `time` seconds into out[o … o + 3] (see {@link sampleRotationAt}). */
export function sampleRotation(
  track: RotationTrack,
  time: number,
  out: Float64Array,
  o: number,
): void {
  ONE_OFF_CLOCK[0] = time;
  sampleRotationAt(track, ONE_OFF_CLOCK, out, o);
}

/** The track's translation at `time` seconds into out[o … o + 2] (see {@link sampleTranslationAt}). */
export function sampleTranslation(
  track: TranslationTrack,
  time: number,
  out: Float64Array,
  o: number,
): void {
  ONE_OFF_CLOCK[0] = time;
  sampleTranslationAt(track, ONE_OFF_CLOCK, out, o);
}
