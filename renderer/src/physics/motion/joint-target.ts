import type { JointSpec } from '../doll-spec';
import type { QuatLike, Vec3Like } from '../vector-math';
import { quat, quatFromAxisAngle, vec3 } from '../vector-math';
import { positiveHemisphere, relativeQuat, rotationVector } from './rotation-math';

/**
 * How a joint's rotation maps onto Rapier's angular motor coordinates, and back.
 *
 * Rapier measures angular axis i of a joint as 2·asin(imag_i) of the relative rotation
 * conj(frame₁)·frame₂ taken with w ≥ 0, but pushes along frame₁'s plain axis i. The two agree
 * only near zero: with three motors given targets far from rest the joint settles elsewhere or
 * keeps spinning (measured: targets (1.2, −0.8, 0.9) rad spun forever). So a spherical joint is
 * not given the target's coordinates; each step it is given "where it is now plus the rotation
 * still to go", the rotation vector from the current relative rotation to the target in the
 * parent's frame, which makes the motors a true spring on the rotation error.
 *
 * Every doll part rests unrotated and spherical joint frames are the identity, so the relative
 * rotation is simply conj(parent)·child. A revolute joint's frames turn its hinge onto local X;
 * its one coordinate is the twist about the hinge.
 */

/** Per-axis limits of a joint in Rapier's coordinates (radians), ±Infinity where free. */
export interface JointLimits {
  readonly min: Float64Array;
  readonly max: Float64Array;
}

/** The limits of a spec'd joint: three axes for a spherical joint, axis 0 for a revolute one. */
export function jointLimits(spec: JointSpec): JointLimits {
  const min = new Float64Array(3).fill(Number.NEGATIVE_INFINITY);
  const max = new Float64Array(3).fill(Number.POSITIVE_INFINITY);
  if (spec.kind === 'revolute') {
    min[0] = spec.limits[0];
    max[0] = spec.limits[1];
    return { min, max };
  }
  const ranges = [spec.limits?.x, spec.limits?.y, spec.limits?.z];
  ranges.forEach((range, axis) => {
    if (!range) return;
    min[axis] = range[0];
    max[axis] = range[1];
  });
  return { min, max };
}

/** Rapier's coordinate of a spherical joint's angular `axis` (0..2) for relative rotation q (w ≥ 0). */
export function sphericalCoordinate(q: QuatLike, axis: number): number {
  const imag = axis === 0 ? q.x : axis === 1 ? q.y : q.z;
  return 2 * Math.asin(Math.max(-1, Math.min(1, imag)));
}

/** The twist of q about the unit `axis` (radians, −π..π): a hinge's angle. */
export function twistAngle(q: QuatLike, axis: Vec3Like): number {
  const along = q.x * axis.x + q.y * axis.y + q.z * axis.z;
  let angle = 2 * Math.atan2(along, q.w);
  if (angle > Math.PI) angle -= 2 * Math.PI;
  if (angle < -Math.PI) angle += 2 * Math.PI;
  return angle;
}

const clampScratch = quat();

/**
 * Clamps a spherical joint's target relative rotation into its per-axis limits, in place:
 * each coordinate is clamped, then the quaternion rebuilt from the clamped imaginary parts.
 */
export function clampSphericalTarget(q: QuatLike, limits: JointLimits): QuatLike {
  positiveHemisphere(q);
  let changed = false;
  const c = clampScratch;
  c.x = q.x;
  c.y = q.y;
  c.z = q.z;
  for (let axis = 0; axis < 3; axis++) {
    const coordinate = sphericalCoordinate(q, axis);
    const clamped = Math.min(limits.max[axis]!, Math.max(limits.min[axis]!, coordinate));
    if (clamped === coordinate) continue;
    changed = true;
    const imag = Math.sin(clamped / 2);
    if (axis === 0) c.x = imag;
    else if (axis === 1) c.y = imag;
    else c.z = imag;
  }
  if (!changed) return q;
  const imagSquared = c.x * c.x + c.y * c.y + c.z * c.z;
  const w = Math.sqrt(Math.max(0, 1 - imagSquared));
  const length = Math.sqrt(c.x * c.x + c.y * c.y + c.z * c.z + w * w) || 1;
  q.x = c.x / length;
  q.y = c.y / length;
  q.z = c.z / length;
  q.w = w / length;
  return q;
}

/**
 * Replaces a revolute joint's target relative rotation by its twist about `axis`, clamped to
 * [min, max], and returns that angle (what the hinge motor is given).
 */
export function clampRevoluteTarget(q: QuatLike, axis: Vec3Like, min: number, max: number): number {
  const angle = Math.min(max, Math.max(min, twistAngle(q, axis)));
  quatFromAxisAngle(axis, angle, q);
  return angle;
}

const toGo = quat();
const now = quat();
const errorVector = vec3();

/**
 * The three motor targets that pull a spherical joint from relative rotation `current` toward
 * `target` along the shortest arc (see the file comment): coordinate now + rotation still to go.
 * Writes x, y, z of `out` for angular axes 0, 1, 2.
 */
export function sphericalMotorTargets(
  current: QuatLike,
  target: QuatLike,
  out: Vec3Like,
): Vec3Like {
  now.x = current.x;
  now.y = current.y;
  now.z = current.z;
  now.w = current.w;
  positiveHemisphere(now);
  // The rotation still to go, in the parent's frame: target = toGo · now.
  relativeQuat(now, target, toGo); // conj(now)·target: the same rotation seen in the child's frame
  // Move it into the parent's frame: now · toGo_child · conj(now).
  rotationVector(toGo, errorVector);
  const ex = errorVector.x;
  const ey = errorVector.y;
  const ez = errorVector.z;
  // rotate the child-frame vector by `now` into the parent's frame
  const tx = 2 * (now.y * ez - now.z * ey);
  const ty = 2 * (now.z * ex - now.x * ez);
  const tz = 2 * (now.x * ey - now.y * ex);
  out.x = sphericalCoordinate(now, 0) + ex + now.w * tx + (now.y * tz - now.z * ty);
  out.y = sphericalCoordinate(now, 1) + ey + now.w * ty + (now.z * tx - now.x * tz);
  out.z = sphericalCoordinate(now, 2) + ez + now.w * tz + (now.x * ty - now.y * tx);
  return out;
}
