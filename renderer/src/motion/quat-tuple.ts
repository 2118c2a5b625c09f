import type { Quat, Vec3 } from '../physics/vector-math';
import { multiplyQuats } from '../rig/mmd/euler-quaternion';
import { cross } from '../rig/tuple-math';

/**
 * Quaternion helpers on tuples, for building motions and retargeting tables once (they
 * allocate; the per-step sampler uses `quat-buffer.ts` instead). Quaternions are [x, y, z, w].
 */

export { multiplyQuats };

export const IDENTITY_QUAT: Quat = [0, 0, 0, 1];

/** The rotation by `angle` radians about the unit vector `axis` (right-handed). */
export function axisAngleQuat(axis: Vec3, angle: number): Quat {
  const s = Math.sin(angle / 2);
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)];
}

/** The inverse of a unit quaternion. */
export function conjugateQuat(q: Quat): Quat {
  return [-q[0], -q[1], -q[2], q[3]];
}

/** The product of rotations, applied right to left: `chainQuats(a, b, c)` = a × b × c. */
export function chainQuats(...quats: readonly Quat[]): Quat {
  return quats.reduce<Quat>((product, q) => multiplyQuats(product, q), IDENTITY_QUAT);
}

/** The angle of a rotation, radians in [0, π]. */
export function quatAngle(q: Quat): number {
  const w = Math.min(1, Math.abs(q[3]) / (Math.hypot(q[0], q[1], q[2], q[3]) || 1));
  return 2 * Math.acos(w);
}

/** The unit quaternion of a rotation matrix given by its columns (each a unit vector). */
export function quatFromBasis(xAxis: Vec3, yAxis: Vec3, zAxis: Vec3): Quat {
  const [m00, m10, m20] = xAxis;
  const [m01, m11, m21] = yAxis;
  const [m02, m12, m22] = zAxis;
  const trace = m00 + m11 + m22;
  let q: Quat;
  if (trace > 0) {
    const s = 2 * Math.sqrt(trace + 1);
    q = [(m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s, s / 4];
  } else if (m00 > m11 && m00 > m22) {
    const s = 2 * Math.sqrt(1 + m00 - m11 - m22);
    q = [s / 4, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s];
  } else if (m11 > m22) {
    const s = 2 * Math.sqrt(1 + m11 - m00 - m22);
    q = [(m01 + m10) / s, s / 4, (m12 + m21) / s, (m02 - m20) / s];
  } else {
    const s = 2 * Math.sqrt(1 + m22 - m00 - m11);
    q = [(m02 + m20) / s, (m12 + m21) / s, s / 4, (m10 - m01) / s];
  }
  const n = Math.hypot(...q);
  return [q[0] / n, q[1] / n, q[2] / n, q[3] / n];
}

/**
 * The rotation taking the frame (direction a, axis b) onto (direction c, axis d): a → c and
 * b → d exactly, for unit a ⊥ b and unit c ⊥ d.
 */
export function quatBetweenFrames(a: Vec3, b: Vec3, c: Vec3, d: Vec3): Quat {
  const from = quatFromBasis(a, b, cross(a, b));
  const to = quatFromBasis(c, d, cross(c, d));
  return multiplyQuats(to, conjugateQuat(from));
}
