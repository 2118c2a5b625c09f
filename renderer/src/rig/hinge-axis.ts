import type { AngleRange } from '../physics/doll-spec';
import type { Vec3 } from '../physics/vector-math';
import { cross, length, normalize } from './tuple-math';

/** The doll's forward direction: the model faces +Z. */
export const FORWARD: Vec3 = [0, 0, 1];

/**
 * The hinge of a limb whose upper bone points along `limbDirection`: the axis perpendicular to
 * that bone and to the body's forward axis, so the lower bone swings in the plane that holds
 * the limb and the forward direction. With this axis, a negative angle moves the lower bone
 * toward +Z (an elbow bending) and a positive one toward −Z (a knee bending), on either side.
 *
 * For a T-pose arm that is the original design's "elbow about Y, range by side": the axis is flipped to
 * point up (+Y) and the range mirrored, which is the same hinge written that way. An arm
 * hanging straight down gets the box dummy's +X. An A-pose arm gets a tilted axis, which is the
 * original design's known error fixed.
 */
export function hingeAxis(
  limbDirection: Vec3,
  range: AngleRange,
): { axis: Vec3; limits: AngleRange } {
  const raw = cross(FORWARD, normalize(limbDirection));
  // A limb pointing straight forward has no such plane; bend it about X as the box dummy does.
  const axis = length(raw) < 0.1 ? ([1, 0, 0] as Vec3) : normalize(raw);
  if (axis[1] < -1e-9) {
    return {
      axis: withoutNegativeZero([-axis[0], -axis[1], -axis[2]]),
      limits: [-range[1] + 0, -range[0] + 0],
    };
  }
  return { axis: withoutNegativeZero(axis), limits: range };
}

/** −0 prints and compares oddly in specs and JSON; adding +0 turns it into 0. */
function withoutNegativeZero(v: Vec3): Vec3 {
  return [v[0] + 0, v[1] + 0, v[2] + 0];
}
