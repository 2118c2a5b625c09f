import type { Quat, Vec3 } from '../physics/vector-math';

/**
 * Small pure helpers on spec tuples (`[x, y, z]`). The rig runs once per model load, so
 * clarity wins over avoiding allocations here (unlike the physics step).
 */

export function add(a: Vec3, b: Vec3): Vec3 {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}

export function sub(a: Vec3, b: Vec3): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

export function scale(a: Vec3, s: number): Vec3 {
  return [a[0] * s, a[1] * s, a[2] * s];
}

export function dot(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

export function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

export function length(a: Vec3): number {
  return Math.hypot(a[0], a[1], a[2]);
}

/** Distance between two points. */
export function distanceBetween(a: Vec3, b: Vec3): number {
  return length(sub(a, b));
}

/** The unit vector along `a`, or `fallback` when `a` is (nearly) zero. */
export function normalize(a: Vec3, fallback: Vec3 = [0, 1, 0]): Vec3 {
  const len = length(a);
  return len < 1e-9 ? fallback : scale(a, 1 / len);
}

/** The point a fraction `t` of the way from `a` to `b`. */
export function lerp(a: Vec3, b: Vec3, t: number): Vec3 {
  return add(a, scale(sub(b, a), t));
}

/** Rotates `v` by the unit quaternion `q` ([x, y, z, w]). */
export function rotate(q: Quat, v: Vec3): Vec3 {
  const [qx, qy, qz, qw] = q;
  const t = scale(cross([qx, qy, qz], v), 2);
  return add(add(v, scale(t, qw)), cross([qx, qy, qz], t));
}

/**
 * The shortest rotation taking +Y to the unit vector `dir`: a capsule (which Rapier stands
 * along its local Y) turned by it lies along `dir`.
 */
export function quatFromYTo(dir: Vec3): Quat {
  const d = normalize(dir);
  const cosAngle = d[1];
  if (cosAngle < -1 + 1e-9) return [1, 0, 0, 0]; // straight down: half a turn about X
  // q = (Y × d, 1 + Y·d), normalised: the half-angle construction.
  const axis = cross([0, 1, 0], d);
  const w = 1 + cosAngle;
  const n = Math.hypot(axis[0], axis[1], axis[2], w);
  return [axis[0] / n, axis[1] / n, axis[2] / n, w / n];
}

/** The angle between two directions, radians (0..π). */
export function angleBetween(a: Vec3, b: Vec3): number {
  const c = dot(normalize(a), normalize(b));
  return Math.acos(Math.min(1, Math.max(-1, c)));
}
