import type { Vec3 } from '../physics/vector-math';
import type { RigShape } from './rig-shape';
import { capsuleSegment } from './rig-shape';
import { add, distanceBetween, dot, scale, sub } from './tuple-math';

type Box = Extract<RigShape, { kind: 'box' }>;

const axisGap = (x: number, min: number, max: number): number => Math.max(min - x, 0, x - max);

/**
 * Distance from the point `lerp(p, q, t)` to an axis-aligned box (0 inside), metres. Written
 * out without temporary tuples (same arithmetic as `lerp`): the search in `segmentToBox`
 * calls it 81 times per pair of shapes, and it was a quarter of building a spec.
 */
function segmentPointToBox(p: Vec3, q: Vec3, t: number, box: Box): number {
  return Math.hypot(
    axisGap(p[0] + (q[0] - p[0]) * t, box.min[0], box.max[0]),
    axisGap(p[1] + (q[1] - p[1]) * t, box.min[1], box.max[1]),
    axisGap(p[2] + (q[2] - p[2]) * t, box.min[2], box.max[2]),
  );
}

/**
 * Distance between two segments, metres (the closest-points construction of Ericson,
 * Real-Time Collision Detection §5.1.9, clamped to both segments).
 */
function segmentToSegment(p1: Vec3, q1: Vec3, p2: Vec3, q2: Vec3): number {
  const d1 = sub(q1, p1);
  const d2 = sub(q2, p2);
  const r = sub(p1, p2);
  const a = dot(d1, d1);
  const e = dot(d2, d2);
  const f = dot(d2, r);
  const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
  let s: number;
  let t: number;
  if (a < 1e-12 && e < 1e-12) return distanceBetween(p1, p2);
  if (a < 1e-12) {
    s = 0;
    t = clamp01(f / e);
  } else {
    const c = dot(d1, r);
    if (e < 1e-12) {
      t = 0;
      s = clamp01(-c / a);
    } else {
      const b = dot(d1, d2);
      const denom = a * e - b * b;
      s = denom > 1e-12 ? clamp01((b * f - c * e) / denom) : 0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = clamp01(-c / a);
      } else if (t > 1) {
        t = 1;
        s = clamp01((b - c) / a);
      }
    }
  }
  return distanceBetween(add(p1, scale(d1, s)), add(p2, scale(d2, t)));
}

/**
 * Distance from a segment to a box. The distance from a point moving along a segment to a
 * convex set is a convex function of its position, so a ternary search finds the minimum.
 */
function segmentToBox(p: Vec3, q: Vec3, box: Box): number {
  let lo = 0;
  let hi = 1;
  // 40 thirds-steps shrink the bracket to (2/3)^40 ≈ 1e-7 of the segment: sub-micrometre.
  for (let i = 0; i < 40; i++) {
    const m1 = lo + (hi - lo) / 3;
    const m2 = hi - (hi - lo) / 3;
    if (segmentPointToBox(p, q, m1, box) <= segmentPointToBox(p, q, m2, box)) hi = m2;
    else lo = m1;
  }
  return segmentPointToBox(p, q, (lo + hi) / 2, box);
}

function boxToBox(a: Box, b: Box): number {
  const gap = [0, 1, 2].map((i) => Math.max(a.min[i]! - b.max[i]!, 0, b.min[i]! - a.max[i]!));
  return Math.hypot(gap[0]!, gap[1]!, gap[2]!);
}

/** A shape as a core (segment, point or box) plus a rounding radius. */
type Core =
  { kind: 'segment'; p: Vec3; q: Vec3; radius: number } | { kind: 'box'; box: Box; radius: 0 };

function coreOf(shape: RigShape): Core {
  switch (shape.kind) {
    case 'capsule': {
      const [p, q] = capsuleSegment(shape);
      return { kind: 'segment', p, q, radius: shape.radius };
    }
    case 'sphere':
      return { kind: 'segment', p: shape.center, q: shape.center, radius: shape.radius };
    case 'box':
      return { kind: 'box', box: shape, radius: 0 };
  }
}

/**
 * The clearance between two shapes' surfaces, metres: positive when apart, 0 or less when they
 * touch or overlap (exact overlap depth is not needed, only that there is one).
 */
export function shapeGap(a: RigShape, b: RigShape): number {
  const ca = coreOf(a);
  const cb = coreOf(b);
  let coreDistance: number;
  if (ca.kind === 'segment' && cb.kind === 'segment') {
    coreDistance = segmentToSegment(ca.p, ca.q, cb.p, cb.q);
  } else if (ca.kind === 'segment' && cb.kind === 'box') {
    coreDistance = segmentToBox(ca.p, ca.q, cb.box);
  } else if (ca.kind === 'box' && cb.kind === 'segment') {
    coreDistance = segmentToBox(cb.p, cb.q, ca.box);
  } else {
    coreDistance = boxToBox((ca as { box: Box }).box, (cb as { box: Box }).box);
  }
  return coreDistance - ca.radius - cb.radius;
}
