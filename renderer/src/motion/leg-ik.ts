import type { DollSpec } from '../physics/doll-spec';
import type { DollPose } from '../physics/motion/doll-motion';
import type { Vec3 } from '../physics/vector-math';
import { FORWARD } from '../rig/hinge-axis';
import { cross, length, normalize, sub } from '../rig/tuple-math';
import type { FootTarget } from './motion-clip';
import { multiplyInto, rotateVectorInto } from './quat-buffer';
import { sampleRotationAt, sampleTranslationAt } from './sample-track';

/** What a leg IK solver needs from the bound motion each step (shared buffers, no copies). */
export interface LegIkContext {
  /** The clip bones' world rotations this step (4 per bone). */
  readonly worlds: Float64Array;
  /** clock[0]: the wrapped time of this step, seconds. */
  readonly clock: Float64Array;
  /** Figure hip height over the clip's: scales the target's displacement. */
  readonly rootScale: number;
}

/** Solves one leg each step; see {@link createLegIk}. */
export interface LegIk {
  /** Overwrites the leg's parts in `pose` (after the root and pelvis are written). */
  solve(pose: DollPose): void;
}

/** Rest geometry of one leg, doll space. */
interface LegRest {
  readonly thigh: number;
  readonly lower: number;
  readonly foot: number;
  readonly hip: Vec3;
  readonly ankle: Vec3;
  readonly thighLength: number;
  readonly shinLength: number;
  /** Rest frames: thigh and shin directions, and the hinge line across them. */
  readonly thighDirection: Vec3;
  readonly shinDirection: Vec3;
  readonly hinge: Vec3;
}

function legRest(spec: DollSpec, side: 'L' | 'R'): LegRest | null {
  const partIndex = (name: string) => spec.parts.findIndex((p) => p.name === name);
  const anchor = (child: string) => spec.joints.find((j) => j.child === child)?.anchor;
  const hip = anchor(`leg${side}_up`);
  const knee = anchor(`leg${side}_lo`);
  const lower = spec.parts[partIndex(`leg${side}_lo`)];
  if (!hip || !knee || !lower) return null;
  // Without a foot part the ankle is the shin's far end: its centre mirrored past the knee.
  const ankle =
    anchor(`foot${side}`) ??
    ([
      2 * lower.center[0] - knee[0],
      2 * lower.center[1] - knee[1],
      2 * lower.center[2] - knee[2],
    ] as Vec3);
  const thighDirection = normalize(sub(knee, hip));
  const raw = cross(FORWARD, thighDirection);
  const hinge = length(raw) < 0.1 ? ([1, 0, 0] as Vec3) : normalize(raw);
  const shin = sub(ankle, knee);
  const along = shin[0] * hinge[0] + shin[1] * hinge[1] + shin[2] * hinge[2];
  return {
    thigh: partIndex(`leg${side}_up`),
    lower: partIndex(`leg${side}_lo`),
    foot: partIndex(`foot${side}`),
    hip,
    ankle,
    thighLength: length(sub(knee, hip)),
    shinLength: length(shin),
    thighDirection,
    // In the hinge's plane, so the rest frame is orthonormal.
    shinDirection: normalize([
      shin[0] - along * hinge[0],
      shin[1] - along * hinge[1],
      shin[2] - along * hinge[2],
    ]),
    hinge,
  };
}

/**
 * out[o] = the rotation taking the orthonormal frame (d0, h0, d0 × h0) onto (d1, h1, d1 × h1),
 * from 3-vectors at `v[0…2]`, `v[3…5]`, `v[6…8]`, `v[9…11]`. Allocation-free.
 */
function frameRotationInto(v: Float64Array, out: Float64Array, o: number): void {
  const ax = v[0]!,
    ay = v[1]!,
    az = v[2]!; // d0
  const bx = v[3]!,
    by = v[4]!,
    bz = v[5]!; // h0
  const cx = ay * bz - az * by,
    cy = az * bx - ax * bz,
    cz = ax * by - ay * bx;
  const dx = v[6]!,
    dy = v[7]!,
    dz = v[8]!; // d1
  const ex = v[9]!,
    ey = v[10]!,
    ez = v[11]!; // h1
  const fx = dy * ez - dz * ey,
    fy = dz * ex - dx * ez,
    fz = dx * ey - dy * ex;
  // R = [d1 h1 f] · [d0 h0 c]ᵀ
  const m00 = dx * ax + ex * bx + fx * cx;
  const m01 = dx * ay + ex * by + fx * cy;
  const m02 = dx * az + ex * bz + fx * cz;
  const m10 = dy * ax + ey * bx + fy * cx;
  const m11 = dy * ay + ey * by + fy * cy;
  const m12 = dy * az + ey * bz + fy * cz;
  const m20 = dz * ax + ez * bx + fz * cx;
  const m21 = dz * ay + ez * by + fz * cy;
  const m22 = dz * az + ez * bz + fz * cz;
  const trace = m00 + m11 + m22;
  let x: number, y: number, z: number, w: number;
  if (trace > 0) {
    const s = 2 * Math.sqrt(trace + 1);
    x = (m21 - m12) / s;
    y = (m02 - m20) / s;
    z = (m10 - m01) / s;
    w = s / 4;
  } else if (m00 > m11 && m00 > m22) {
    const s = 2 * Math.sqrt(1 + m00 - m11 - m22);
    x = s / 4;
    y = (m01 + m10) / s;
    z = (m02 + m20) / s;
    w = (m21 - m12) / s;
  } else if (m11 > m22) {
    const s = 2 * Math.sqrt(1 + m11 - m00 - m22);
    x = (m01 + m10) / s;
    y = s / 4;
    z = (m12 + m21) / s;
    w = (m02 - m20) / s;
  } else {
    const s = 2 * Math.sqrt(1 + m22 - m00 - m11);
    x = (m02 + m20) / s;
    y = (m12 + m21) / s;
    z = s / 4;
    w = (m10 - m01) / s;
  }
  const n = Math.sqrt(x * x + y * y + z * z + w * w) || 1;
  out[o] = x / n;
  out[o + 1] = y / n;
  out[o + 2] = z / n;
  out[o + 3] = w / n;
}

/** Keeps a leg this much short of straight, so the knee's direction stays defined (metres). */
const STRAIGHT_MARGIN = 1e-4;

/**
 * A two-bone analytic IK for one leg, driven by an MMD leg-IK target (足ＩＫ): the ankle goes
 * to the figure's rest ankle plus the target's displacement (scaled like root motion), the
 * knee bends in the plane through hip and ankle that holds the forward direction of the pelvis
 * and the foot (so it points where the feet point), the thigh and shin keep the figure's
 * lengths (a target out of reach straightens the leg toward it), and the foot takes the
 * target's rotation. The thigh and shin frames are matched on their hinge line, so the knee
 * only ever bends about its own axis. Returns null when the figure has no such leg.
 */
export function createLegIk(
  spec: DollSpec,
  target: FootTarget,
  context: LegIkContext,
): LegIk | null {
  const rest = legRest(spec, target.side === 'left' ? 'L' : 'R');
  if (!rest) return null;
  const rootPart = spec.parts.findIndex((p) => p.name === spec.rootPart);
  const pelvisCenter = spec.parts[rootPart]!.center;
  const { worlds, clock, rootScale } = context;
  const v = new Float64Array(12);
  const q = new Float64Array(8);
  const p = new Float64Array(12);
  const thighRest = [...rest.thighDirection, ...rest.hinge];
  const shinRest = [...rest.shinDirection, ...rest.hinge];
  const hipFromPelvis = sub(rest.hip, pelvisCenter);

  return {
    solve(pose: DollPose): void {
      const rotations = pose.rotations;
      const offset = pose.rootOffset;
      const pelvis = 4 * rootPart;
      // Hip: where the pelvis now carries its rest hip anchor.
      p.set(hipFromPelvis, 0);
      rotateVectorInto(rotations, pelvis, p, 0, p, 0);
      const hx = pelvisCenter[0] + offset[0]! + p[0]!;
      const hy = pelvisCenter[1] + offset[1]! + p[1]!;
      const hz = pelvisCenter[2] + offset[2]! + p[2]!;
      // Target: the rest ankle plus the displacement, turned by the target's parent.
      sampleTranslationAt(target.translation, clock, p, 3);
      sampleRotationAt(target.rotation, clock, q, 0);
      if (target.parent >= 0) {
        rotateVectorInto(worlds, 4 * target.parent, p, 3, p, 3);
        multiplyInto(worlds, 4 * target.parent, q, 0, q, 0);
      }
      let dx = rest.ankle[0] + p[3]! * rootScale - hx;
      let dy = rest.ankle[1] + p[4]! * rootScale - hy;
      let dz = rest.ankle[2] + p[5]! * rootScale - hz;
      const l1 = rest.thighLength;
      const l2 = rest.shinLength;
      let d = Math.sqrt(dx * dx + dy * dy + dz * dz);
      if (d < 1e-9) {
        dx = 0;
        dy = -1;
        dz = 0;
        d = 1;
      }
      dx /= d;
      dy /= d;
      dz /= d;
      d = Math.min(l1 + l2 - STRAIGHT_MARGIN, Math.max(Math.abs(l1 - l2) + STRAIGHT_MARGIN, d));
      // Forward: the pelvis's and the foot's +Z, added; then made square to the hip-ankle line.
      p[6] = 0;
      p[7] = 0;
      p[8] = 1;
      rotateVectorInto(rotations, pelvis, p, 6, p, 9);
      rotateVectorInto(q, 0, p, 6, p, 6);
      let fx = p[6]! + p[9]!;
      let fy = p[7]! + p[10]!;
      let fz = p[8]! + p[11]!;
      const along = fx * dx + fy * dy + fz * dz;
      fx -= along * dx;
      fy -= along * dy;
      fz -= along * dz;
      let fn = Math.sqrt(fx * fx + fy * fy + fz * fz);
      if (fn < 1e-6) {
        fx = 0;
        fy = 0;
        fz = 1;
        fn = 1;
      }
      fx /= fn;
      fy /= fn;
      fz /= fn;
      // The thigh leaves the hip-ankle line by the law-of-cosines angle, toward the front.
      const cosHip = Math.min(1, Math.max(-1, (l1 * l1 + d * d - l2 * l2) / (2 * l1 * d)));
      const sinHip = Math.sqrt(1 - cosHip * cosHip);
      const ux = cosHip * dx + sinHip * fx;
      const uy = cosHip * dy + sinHip * fy;
      const uz = cosHip * dz + sinHip * fz;
      // Shin: from the knee to the (reachable) ankle.
      let sx = d * dx - l1 * ux;
      let sy = d * dy - l1 * uy;
      let sz = d * dz - l1 * uz;
      const sn = Math.sqrt(sx * sx + sy * sy + sz * sz) || 1;
      sx /= sn;
      sy /= sn;
      sz /= sn;
      // The knee's hinge line: across thigh and shin; for a straight leg, across the thigh
      // and the forward direction.
      let ax = uy * sz - uz * sy;
      let ay = uz * sx - ux * sz;
      let az = ux * sy - uy * sx;
      let an = Math.sqrt(ax * ax + ay * ay + az * az);
      if (an < 1e-6) {
        ax = fy * uz - fz * uy;
        ay = fz * ux - fx * uz;
        az = fx * uy - fy * ux;
        an = Math.sqrt(ax * ax + ay * ay + az * az) || 1;
      }
      ax /= an;
      ay /= an;
      az /= an;
      v.set(thighRest, 0);
      v[6] = ux;
      v[7] = uy;
      v[8] = uz;
      v[9] = ax;
      v[10] = ay;
      v[11] = az;
      frameRotationInto(v, rotations, 4 * rest.thigh);
      v.set(shinRest, 0);
      v[6] = sx;
      v[7] = sy;
      v[8] = sz;
      frameRotationInto(v, rotations, 4 * rest.lower);
      if (rest.foot >= 0) {
        rotations[4 * rest.foot] = q[0]!;
        rotations[4 * rest.foot + 1] = q[1]!;
        rotations[4 * rest.foot + 2] = q[2]!;
        rotations[4 * rest.foot + 3] = q[3]!;
      }
    },
  };
}
