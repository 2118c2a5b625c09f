/**
 * Small allocation-free vector and quaternion helpers on plain `{x, y, z(, w)}` objects,
 * the shape Rapier reads and writes. Every function writes into an `out` argument so the
 * per-step paths can reuse module-level scratch objects.
 */

/** A 3-vector in metres (positions) or any other unit the caller states. */
export interface Vec3Like {
  x: number;
  y: number;
  z: number;
}

/** A unit quaternion. */
export interface QuatLike {
  x: number;
  y: number;
  z: number;
  w: number;
}

/** A tuple vector as it appears in spec data: `[x, y, z]`. */
export type Vec3 = readonly [number, number, number];
/** A tuple quaternion as it appears in spec data: `[x, y, z, w]`. */
export type Quat = readonly [number, number, number, number];

export function vec3(x = 0, y = 0, z = 0): Vec3Like {
  return { x, y, z };
}

/**
 * A vector of its own class, for the scratch objects Rapier's getters write into every step.
 * V8 shares one hidden class among all `{x, y, z}` literals, and once anything stores a
 * non-number in one (anywhere in the app) every double written into any of them is a new heap
 * number: 48 bytes per `linvel(out)`. A class of its own keeps its fields as doubles, written
 * in place.
 */
class ScratchVec3 implements Vec3Like {
  x = 0.5;
  y = 0.5;
  z = 0.5;
}

/** A zero vector for a per-step scratch object (see {@link ScratchVec3}). */
export function scratchVec3(): Vec3Like {
  const v = new ScratchVec3();
  v.x = 0;
  v.y = 0;
  v.z = 0;
  return v;
}

/** A rotation of its own class, for the same reason as {@link ScratchVec3}. */
class ScratchQuat implements QuatLike {
  x = 0.5;
  y = 0.5;
  z = 0.5;
  w = 0.5;
}

/** An identity rotation for a per-step scratch object (see {@link ScratchVec3}). */
export function scratchQuat(): QuatLike {
  const q = new ScratchQuat();
  q.x = 0;
  q.y = 0;
  q.z = 0;
  q.w = 1;
  return q;
}

export function quat(x = 0, y = 0, z = 0, w = 1): QuatLike {
  return { x, y, z, w };
}

/** out = a * b (apply b first, then a). */
export function multiplyQuat(a: QuatLike, b: QuatLike, out: QuatLike): QuatLike {
  const x = a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y;
  const y = a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x;
  const z = a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w;
  const w = a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z;
  out.x = x;
  out.y = y;
  out.z = z;
  out.w = w;
  return out;
}

/**
 * `q` as a tuple of unit length whose components lie in [−1, 1]: a product of two float32 unit
 * quaternions can come out a hair longer than 1 (a component of −1.0000001), which a preset's
 * schema rightly refuses.
 */
export function unitQuatTuple(q: QuatLike): Quat {
  const length = Math.hypot(q.x, q.y, q.z, q.w) || 1;
  const clamp = (value: number): number => Math.min(1, Math.max(-1, value / length));
  return [clamp(q.x), clamp(q.y), clamp(q.z), clamp(q.w)];
}

/** out = conjugate(q), the inverse of a unit quaternion. */
export function conjugateQuat(q: QuatLike, out: QuatLike): QuatLike {
  out.x = -q.x;
  out.y = -q.y;
  out.z = -q.z;
  out.w = q.w;
  return out;
}

/** out = q · v · q⁻¹ (rotate v by the unit quaternion q). */
export function rotateVec(q: QuatLike, v: Vec3Like, out: Vec3Like): Vec3Like {
  // t = 2 · cross(q.xyz, v); v' = v + w·t + cross(q.xyz, t)
  const tx = 2 * (q.y * v.z - q.z * v.y);
  const ty = 2 * (q.z * v.x - q.x * v.z);
  const tz = 2 * (q.x * v.y - q.y * v.x);
  const x = v.x + q.w * tx + (q.y * tz - q.z * ty);
  const y = v.y + q.w * ty + (q.z * tx - q.x * tz);
  const z = v.z + q.w * tz + (q.x * ty - q.y * tx);
  out.x = x;
  out.y = y;
  out.z = z;
  return out;
}

/**
 * The rotation angle of the relative rotation a⁻¹·b in radians, 0..π,
 * taking the shorter way round.
 */
export function angleBetweenQuats(a: QuatLike, b: QuatLike): number {
  const dot = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
  return 2 * Math.acos(Math.min(1, Math.abs(dot)));
}

/** out = the rotation of `angle` radians about the unit `axis`. */
export function quatFromAxisAngle(axis: Vec3Like, angle: number, out: QuatLike): QuatLike {
  const s = Math.sin(angle / 2);
  out.x = axis.x * s;
  out.y = axis.y * s;
  out.z = axis.z * s;
  out.w = Math.cos(angle / 2);
  return out;
}

/** Euclidean distance between two points. */
export function distance(a: Vec3Like, b: Vec3Like): number {
  return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
}

/** Copies a spec tuple into a vector object. */
export function setFromTuple(out: Vec3Like, t: Vec3): Vec3Like {
  out.x = t[0];
  out.y = t[1];
  out.z = t[2];
  return out;
}
