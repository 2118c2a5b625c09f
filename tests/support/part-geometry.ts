import type { PartSpec } from '../../renderer/src/physics/doll-spec';
import type { Vec3 } from '../../renderer/src/physics/vector-math';

/** Rotates `v` by the quaternion [x, y, z, w]. */
export function rotateTuple(q: readonly number[], v: Vec3): Vec3 {
  const [x, y, z, w] = q as [number, number, number, number];
  const tx = 2 * (y * v[2] - z * v[1]);
  const ty = 2 * (z * v[0] - x * v[2]);
  const tz = 2 * (x * v[1] - y * v[0]);
  return [
    v[0] + w * tx + (y * tz - z * ty),
    v[1] + w * ty + (z * tx - x * tz),
    v[2] + w * tz + (x * ty - y * tx),
  ];
}

/** The direction a part's capsule lies along at rest (its collider's local Y). */
export function capsuleAxis(part: PartSpec): Vec3 {
  return part.colliderRotation ? rotateTuple(part.colliderRotation, [0, 1, 0]) : [0, 1, 0];
}

export function angleDegrees(a: Vec3, b: Vec3): number {
  const dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const c = dot / (Math.hypot(...a) * Math.hypot(...b));
  return (Math.acos(Math.min(1, Math.max(-1, c))) * 180) / Math.PI;
}

type Core =
  { kind: 'points'; points: Vec3[]; radius: number } | { kind: 'box'; min: Vec3; max: Vec3 };

/**
 * A part as points densely sampled along its core (capsule axis, sphere centre) plus a
 * radius, or as its box. Written independently of the rig's own distance code, so the overlap
 * test checks it rather than repeats it.
 */
function coreOf(part: PartSpec): Core {
  const c = part.center;
  const shape = part.shape;
  if (shape.kind === 'sphere') return { kind: 'points', points: [c], radius: shape.radius };
  if (shape.kind === 'capsule') {
    const axis = capsuleAxis(part);
    const points: Vec3[] = [];
    for (let i = 0; i <= 400; i++) {
      const t = (i / 400) * 2 - 1;
      points.push([
        c[0] + axis[0] * shape.halfHeight * t,
        c[1] + axis[1] * shape.halfHeight * t,
        c[2] + axis[2] * shape.halfHeight * t,
      ]);
    }
    return { kind: 'points', points, radius: shape.radius };
  }
  const h = shape.halfExtents;
  if (part.colliderRotation) throw new Error(`${part.name}: rotated boxes are not expected`);
  return {
    kind: 'box',
    min: [c[0] - h[0], c[1] - h[1], c[2] - h[2]],
    max: [c[0] + h[0], c[1] + h[1], c[2] + h[2]],
  };
}

function pointToBox(p: Vec3, min: Vec3, max: Vec3): number {
  const d = [0, 1, 2].map((i) => Math.max(min[i]! - p[i]!, 0, p[i]! - max[i]!));
  return Math.hypot(d[0]!, d[1]!, d[2]!);
}

/**
 * Clearance between two parts' surfaces, metres; capsules are sampled every 1/400 of their
 * length, so it may overstate the clearance by a fraction of a millimetre.
 */
export function sampledGap(a: PartSpec, b: PartSpec): number {
  const ca = coreOf(a);
  const cb = coreOf(b);
  if (ca.kind === 'box' && cb.kind === 'box') {
    const d = [0, 1, 2].map((i) => Math.max(ca.min[i]! - cb.max[i]!, 0, cb.min[i]! - ca.max[i]!));
    return Math.hypot(d[0]!, d[1]!, d[2]!);
  }
  if (ca.kind === 'box' || cb.kind === 'box') {
    const box = (ca.kind === 'box' ? ca : cb) as Extract<Core, { kind: 'box' }>;
    const round = (ca.kind === 'box' ? cb : ca) as Extract<Core, { kind: 'points' }>;
    return Math.min(...round.points.map((p) => pointToBox(p, box.min, box.max))) - round.radius;
  }
  let best = Infinity;
  for (const p of ca.points)
    for (const q of cb.points)
      best = Math.min(best, Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]));
  return best - ca.radius - cb.radius;
}
