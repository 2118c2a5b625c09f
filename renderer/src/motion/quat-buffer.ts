/**
 * Allocation-free quaternion arithmetic on `Float64Array` slots (x, y, z, w at `offset …
 * offset + 3`), the storage of motion keys and of the poses the sampler writes. Every function
 * reads its inputs before writing, so an output slot may alias an input.
 */

/** out[o] = a[ao] × b[bo] (b applied first, then a). */
export function multiplyInto(
  a: Float64Array,
  ao: number,
  b: Float64Array,
  bo: number,
  out: Float64Array,
  o: number,
): void {
  const ax = a[ao]!;
  const ay = a[ao + 1]!;
  const az = a[ao + 2]!;
  const aw = a[ao + 3]!;
  const bx = b[bo]!;
  const by = b[bo + 1]!;
  const bz = b[bo + 2]!;
  const bw = b[bo + 3]!;
  out[o] = aw * bx + ax * bw + ay * bz - az * by;
  out[o + 1] = aw * by - ax * bz + ay * bw + az * bx;
  out[o + 2] = aw * bz + ax * by - ay * bx + az * bw;
  out[o + 3] = aw * bw - ax * bx - ay * by - az * bz;
}

/** out[o] = q[qo] · v[vo] · q[qo]⁻¹: the 3-vector at `vo` turned by the unit quaternion at `qo`. */
export function rotateVectorInto(
  q: Float64Array,
  qo: number,
  v: Float64Array,
  vo: number,
  out: Float64Array,
  o: number,
): void {
  const qx = q[qo]!;
  const qy = q[qo + 1]!;
  const qz = q[qo + 2]!;
  const qw = q[qo + 3]!;
  const vx = v[vo]!;
  const vy = v[vo + 1]!;
  const vz = v[vo + 2]!;
  // t = 2 · cross(q.xyz, v); v' = v + w·t + cross(q.xyz, t)
  const tx = 2 * (qy * vz - qz * vy);
  const ty = 2 * (qz * vx - qx * vz);
  const tz = 2 * (qx * vy - qy * vx);
  out[o] = vx + qw * tx + (qy * tz - qz * ty);
  out[o + 1] = vy + qw * ty + (qz * tx - qx * tz);
  out[o + 2] = vz + qw * tz + (qx * ty - qy * tx);
}

/** out[o] = q[qo]⁻¹ (the conjugate of a unit quaternion). */
export function conjugateInto(q: Float64Array, qo: number, out: Float64Array, o: number): void {
  out[o] = -q[qo]!;
  out[o + 1] = -q[qo + 1]!;
  out[o + 2] = -q[qo + 2]!;
  out[o + 3] = q[qo + 3]!;
}

/** out[o] = q[qo]. */
export function copyQuat(q: Float64Array, qo: number, out: Float64Array, o: number): void {
  out[o] = q[qo]!;
  out[o + 1] = q[qo + 1]!;
  out[o + 2] = q[qo + 2]!;
  out[o + 3] = q[qo + 3]!;
}

/** Writes the identity rotation at `o`. */
export function setIdentity(out: Float64Array, o: number): void {
  out[o] = 0;
  out[o + 1] = 0;
  out[o + 2] = 0;
  out[o + 3] = 1;
}

/**
 * out[o] = the spherical interpolation from a[ao] (u = 0) to b[bo] (u = 1) along the shorter
 * arc, with u = fraction[0] (a slot, not an argument: see `sample-track.ts`). Nearly equal
 * rotations are blended linearly and renormalised, where slerp's sin θ would divide by almost
 * nothing.
 */
export function slerpInto(
  a: Float64Array,
  ao: number,
  b: Float64Array,
  bo: number,
  fraction: Float64Array,
  out: Float64Array,
  o: number,
): void {
  const u = fraction[0]!;
  const ax = a[ao]!;
  const ay = a[ao + 1]!;
  const az = a[ao + 2]!;
  const aw = a[ao + 3]!;
  let bx = b[bo]!;
  let by = b[bo + 1]!;
  let bz = b[bo + 2]!;
  let bw = b[bo + 3]!;
  let cos = ax * bx + ay * by + az * bz + aw * bw;
  if (cos < 0) {
    // q and −q are the same rotation; taking the nearer one keeps the turn under 180°.
    bx = -bx;
    by = -by;
    bz = -bz;
    bw = -bw;
    cos = -cos;
  }
  let wa: number;
  let wb: number;
  if (cos > 0.9995) {
    wa = 1 - u;
    wb = u;
  } else {
    const theta = Math.acos(cos);
    const sin = Math.sin(theta);
    wa = Math.sin((1 - u) * theta) / sin;
    wb = Math.sin(u * theta) / sin;
  }
  const x = wa * ax + wb * bx;
  const y = wa * ay + wb * by;
  const z = wa * az + wb * bz;
  const w = wa * aw + wb * bw;
  // Math.sqrt, not Math.hypot: V8's hypot allocates for its arguments, and this runs per step.
  const n = Math.sqrt(x * x + y * y + z * z + w * w) || 1;
  out[o] = x / n;
  out[o + 1] = y / n;
  out[o + 2] = z / n;
  out[o + 3] = w / n;
}
