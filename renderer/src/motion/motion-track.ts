/**
 * Keyframe tracks of a {@link MotionClip}, stored in typed arrays so sampling reads numbers
 * without allocating.
 *
 * Interpolation between key i − 1 and key i is linear (slerp for rotations) unless the track
 * has `bezier` bytes, in which case the fraction of time is eased first by key i's curve (MMD
 * stores on each key the curve that leads into it). Before the first key a track holds the
 * first value, after the last key the last.
 */

/** Rotation keys: unit quaternions [x, y, z, w] relative to the bone's rest (see `MotionClip.rest`). */
export interface RotationTrack {
  /** Key times, seconds, strictly increasing; at least one. */
  readonly times: Float64Array;
  /** 4 numbers per key: x, y, z, w. */
  readonly values: Float64Array;
  /**
   * Null for slerp between keys; else 4 bytes per key, MMD's rotation curve x1, y1, x2, y2
   * (each 0..127) for the segment that ends at that key (see `bezierEase`).
   */
  readonly bezier: Uint8Array | null;
}

/** Translation keys: a bone's displacement from its rest position, metres, in the clip's space. */
export interface TranslationTrack {
  /** Key times, seconds, strictly increasing; at least one. */
  readonly times: Float64Array;
  /** 3 numbers per key: x, y, z (metres). */
  readonly values: Float64Array;
  /**
   * Null for linear interpolation; else 12 bytes per key, one MMD curve (x1, y1, x2, y2) for
   * each of X, Y and Z in that order, for the segment that ends at that key.
   */
  readonly bezier: Uint8Array | null;
}

/** Below this angle (radians) a rotation counts as none when deciding whether a bone moves. */
const STILL_ANGLE = 1e-4;
/** Below this distance (metres) a translation counts as none. */
const STILL_DISTANCE = 1e-5;

/** True when some key of the track turns its bone away from rest. */
export function rotationTrackMoves(track: RotationTrack): boolean {
  const limit = Math.cos(STILL_ANGLE / 2);
  for (let i = 3; i < track.values.length; i += 4) {
    if (Math.abs(track.values[i]!) < limit) return true;
  }
  return false;
}

/** True when some key of the track moves its bone away from its rest position. */
export function translationTrackMoves(track: TranslationTrack): boolean {
  for (let i = 0; i < track.values.length; i += 3) {
    const v = track.values;
    if (Math.hypot(v[i]!, v[i + 1]!, v[i + 2]!) > STILL_DISTANCE) return true;
  }
  return false;
}

/** The time of a track's last key (seconds). */
export function trackEnd(track: { readonly times: Float64Array }): number {
  return track.times[track.times.length - 1]!;
}
