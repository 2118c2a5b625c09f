import type { QuatLike, Vec3Like } from '../vector-math';

/**
 * Quaternion helpers the motion code needs beyond ../vector-math: reading and writing the
 * packed `Float64Array` poses, the shortest-arc rotation vector, slerp. None allocates.
 */

/** Copies the `index`-th quaternion (x, y, z, w at 4·index) of a packed array into `out`. */
export function readPackedQuat(packed: Float64Array, index: number, out: QuatLike): QuatLike {
  const i = 4 * index;
  out.x = packed[i]!;
  out.y = packed[i + 1]!;
  out.z = packed[i + 2]!;
  out.w = packed[i + 3]!;
  return out;
}

/** Flips `q` to the hemisphere with w ≥ 0 (the same rotation), so angles come out ≤ π. */
export function positiveHemisphere(q: QuatLike): QuatLike {
  if (q.w < 0) {
    q.x = -q.x;
    q.y = -q.y;
    q.z = -q.z;
    q.w = -q.w;
  }
  return q;
}

/** out = conj(a) · b: b seen from a's frame (a part's rotation relative to its parent). */
export function relativeQuat(a: QuatLike, b: QuatLike, out: QuatLike): QuatLike {
  const ax = -a.x;
  const ay = -a.y;
  const az = -a.z;
  const aw = a.w;
  const x = aw * b.x + ax * b.w + ay * b.z - az * b.y;
  const y = aw * b.y - ax * b.z + ay * b.w + az * b.x;
  const z = aw * b.z + ax * b.y - ay * b.x + az * b.w;
  const w = aw * b.w - ax * b.x - ay * b.y - az * b.z;
  out.x = x;
  out.y = y;
  out.z = z;
  out.w = w;
  return out;
}

/**
 * The rotation vector (axis · angle, radians) of the unit quaternion `q`, taking the shorter
 * way round (angle ≤ π).
 */
export function rotationVector(q: QuatLike, out: Vec3Like): Vec3Like {
  const sign = q.w < 0 ? -1 : 1;
  const x = q.x * sign;
  const y = q.y * sign;
  const z = q.z * sign;
  // Math.sqrt, not Math.hypot: V8's hypot allocates for its arguments, and this runs every step.
  const sinHalf = Math.sqrt(x * x + y * y + z * z);
  if (sinHalf < 1e-9) {
    out.x = 2 * x;
    out.y = 2 * y;
    out.z = 2 * z;
    return out;
  }
  const scale = (2 * Math.atan2(sinHalf, q.w * sign)) / sinHalf;
  out.x = x * scale;
  out.y = y * scale;
  out.z = z * scale;
  return out;
}

/** out = the spherical interpolation from a (t = 0) to b (t = 1) the shorter way; out may be a or b. */
export function slerpQuat(a: QuatLike, b: QuatLike, t: number, out: QuatLike): QuatLike {
  let bx = b.x;
  let by = b.y;
  let bz = b.z;
  let bw = b.w;
  let cos = a.x * bx + a.y * by + a.z * bz + a.w * bw;
  if (cos < 0) {
    cos = -cos;
    bx = -bx;
    by = -by;
    bz = -bz;
    bw = -bw;
  }
  let wa = 1 - t;
  let wb = t;
  if (cos < 0.9995) {
    const angle = Math.acos(cos);
    const sin = Math.sin(angle);
    wa = Math.sin((1 - t) * angle) / sin;
    wb = Math.sin(t * angle) / sin;
  }
  const x = wa * a.x + wb * bx;
  const y = wa * a.y + wb * by;
  const z = wa * a.z + wb * bz;
  const w = wa * a.w + wb * bw;
  const length = Math.sqrt(x * x + y * y + z * z + w * w) || 1;
  out.x = x / length;
  out.y = y / length;
  out.z = z / length;
  out.w = w / length;
  return out;
}

/** out = the rotation of `angle` radians about world Y (a yaw). */
export function yawQuat(angle: number, out: QuatLike): QuatLike {
  out.x = 0;
  out.y = Math.sin(angle / 2);
  out.z = 0;
  out.w = Math.cos(angle / 2);
  return out;
}
