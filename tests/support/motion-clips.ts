import type { Quat, Vec3 } from '../../renderer/src/physics/vector-math';
import type { RotationTrack, TranslationTrack } from '../../renderer/src/motion/motion-track';
import { multiplyQuats } from '../../renderer/src/motion/quat-tuple';
import { quatAngle, conjugateQuat } from '../../renderer/src/motion/quat-tuple';

/** A rotation track from key times (s) and quaternions, optionally with MMD curve bytes per key. */
export function rotationTrack(
  times: readonly number[],
  values: readonly Quat[],
  bezier?: readonly (readonly [number, number, number, number])[],
): RotationTrack {
  return {
    times: Float64Array.from(times),
    values: Float64Array.from(values.flat()),
    bezier: bezier ? Uint8Array.from(bezier.flat()) : null,
  };
}

/** A constant rotation (one key). */
export function holdRotation(q: Quat): RotationTrack {
  return rotationTrack([0], [q]);
}

/** A translation track from key times (s) and offsets (m), optionally with 12 curve bytes per key. */
export function translationTrack(
  times: readonly number[],
  values: readonly Vec3[],
  bezier?: readonly (readonly number[])[],
): TranslationTrack {
  return {
    times: Float64Array.from(times),
    values: Float64Array.from(values.flat()),
    bezier: bezier ? Uint8Array.from(bezier.flat()) : null,
  };
}

/** Part `index`'s rotation in a pose buffer, as a tuple. */
export function partRotation(rotations: Float64Array, index: number): Quat {
  return [
    rotations[4 * index]!,
    rotations[4 * index + 1]!,
    rotations[4 * index + 2]!,
    rotations[4 * index + 3]!,
  ];
}

/** The angle (radians) of the rotation taking `a` to `b`. */
export function angleBetweenQuats(a: Quat, b: Quat): number {
  return quatAngle(multiplyQuats(conjugateQuat(a), b));
}
