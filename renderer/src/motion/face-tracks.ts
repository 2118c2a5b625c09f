/**
 * A motion's face: one weight track per expression (VRM) or morph (MMD) name, as the file
 * names it. Weights are joined linearly between keys and held before the first and after the
 * last.
 */
export interface FaceTrack {
  /** The file's name for it: a VRM expression (`happy`, a custom name) or an MMD morph (まばたき). */
  readonly name: string;
  /** Key times, seconds, ascending. */
  readonly times: Float64Array;
  /** Weight per key, 0–1. */
  readonly values: Float32Array;
}

/**
 * A motion's gaze (a VRM Animation's look-at): the eyes' yaw and pitch, degrees, as three-vrm's
 * look-at takes them, joined linearly between keys and held outside them.
 */
export interface LookAtTrack {
  /** Key times, seconds, ascending. */
  readonly times: Float64Array;
  /** Yaw per key, degrees (positive: to the figure's left, as three-vrm's look-at reads it). */
  readonly yaw: Float32Array;
  /** Pitch per key, degrees (positive: down, as three-vrm's look-at reads it). */
  readonly pitch: Float32Array;
}

const sampleScratch = new Float64Array(2);

/** The weight of `track` at `time` seconds (within the motion's loop). */
export function sampleFaceTrack(track: FaceTrack, time: number): number {
  sampleScratch[0] = time;
  writeFaceTrackSample(track, sampleScratch, 0, 1);
  return sampleScratch[1]!;
}

/**
 * {@link sampleFaceTrack} at the time in `numbers[timeSlot]`, written into
 * `numbers[outSlot]`. Allocates nothing: a fractional number handed to or returned from a
 * call V8 does not inline is boxed, and this takes and returns none.
 */
export function writeFaceTrackSample(
  track: FaceTrack,
  numbers: Float64Array,
  timeSlot: number,
  outSlot: number,
): void {
  writeKeySample(track.times, track.values, numbers, timeSlot, outSlot);
}

/**
 * The yaw and pitch of `track` at the time in `numbers[timeSlot]`, written into
 * `numbers[outSlot]` and `numbers[outSlot + 1]`. Allocates nothing.
 */
export function writeLookAtSample(
  track: LookAtTrack,
  numbers: Float64Array,
  timeSlot: number,
  outSlot: number,
): void {
  writeKeySample(track.times, track.yaw, numbers, timeSlot, outSlot);
  writeKeySample(track.times, track.pitch, numbers, timeSlot, outSlot + 1);
}

/** Linear keys `values` at `times`, sampled at `numbers[timeSlot]` into `numbers[outSlot]`. */
function writeKeySample(
  times: Float64Array,
  values: Float32Array,
  numbers: Float64Array,
  timeSlot: number,
  outSlot: number,
): void {
  const time = numbers[timeSlot]!;
  const n = times.length;
  if (n === 0) {
    numbers[outSlot] = 0;
    return;
  }
  if (!(time > times[0]!)) {
    numbers[outSlot] = values[0]!;
    return;
  }
  if (time >= times[n - 1]!) {
    numbers[outSlot] = values[n - 1]!;
    return;
  }
  // The last key at or before `time`.
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! <= time) lo = mid;
    else hi = mid;
  }
  const t0 = times[lo]!;
  const span = times[hi]! - t0;
  const s = span > 0 ? (time - t0) / span : 1;
  numbers[outSlot] = values[lo]! + (values[hi]! - values[lo]!) * s;
}

/**
 * Face tracks from keys in any order (a VMD's morph section): grouped by name, sorted by time,
 * a repeated time keeping its last key. Tracks whose weights never leave 0 are dropped (MMD
 * writes a zero key for every morph at frame 0).
 */
export function faceTracksFromKeys(
  count: number,
  nameOf: (key: number) => string,
  timeOf: (key: number) => number,
  weightOf: (key: number) => number,
): FaceTrack[] {
  const byName = new Map<string, number[]>();
  for (let k = 0; k < count; k++) {
    const name = nameOf(k);
    const keys = byName.get(name);
    if (keys) keys.push(k);
    else byName.set(name, [k]);
  }
  const tracks: FaceTrack[] = [];
  for (const [name, keys] of byName) {
    keys.sort((a, b) => timeOf(a) - timeOf(b) || a - b);
    const kept = keys.filter((k, i) => i === keys.length - 1 || timeOf(keys[i + 1]!) !== timeOf(k));
    const values = Float32Array.from(kept, (k) => clampWeight(weightOf(k)));
    if (values.every((v) => v === 0)) continue;
    tracks.push({ name, times: Float64Array.from(kept, timeOf), values });
  }
  return tracks;
}

function clampWeight(weight: number): number {
  return Number.isFinite(weight) ? Math.min(1, Math.max(0, weight)) : 0;
}
