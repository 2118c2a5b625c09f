/**
 * Between Unity's left-handed space (X right, Y up, Z forward; an avatar faces +Z with its
 * left at −X) and ours (right-handed, Y up, the figure facing +Z with its left at +X): a
 * mirror across the X axis. A position's x is negated; a rotation's axis is mirrored too and
 * its sense flips, so a quaternion (x, y, z, w) becomes (x, −y, −z, w). The map is its own
 * inverse, so one pair of functions serves both directions.
 */

/** Mirrors the position at `a[o … o + 2]` into `out[p …]` (may be the same slots). */
export function mirrorPosition(
  a: ArrayLike<number>,
  o: number,
  out: Float64Array,
  p: number,
): void {
  out[p] = -a[o]!;
  out[p + 1] = a[o + 1]!;
  out[p + 2] = a[o + 2]!;
}

/** Mirrors the quaternion at `a[o … o + 3]` into `out[p …]` (may be the same slots). */
export function mirrorRotation(
  a: ArrayLike<number>,
  o: number,
  out: Float64Array,
  p: number,
): void {
  out[p] = a[o]!;
  out[p + 1] = -a[o + 1]!;
  out[p + 2] = -a[o + 2]!;
  out[p + 3] = a[o + 3]!;
}
