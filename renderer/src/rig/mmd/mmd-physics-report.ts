import type {
  MmdBone,
  MmdJoint,
  MmdModel,
  MmdRigidBody,
  Triple,
} from '../../formats/mmd/mmd-model';
import type { Vec3 } from '../../physics/vector-math';
import { angleBetween, length, rotate } from '../tuple-math';
import type { EulerOrder } from './euler-quaternion';
import { EULER_ORDERS } from './euler-quaternion';
import { mmdRotationToQuat, mmdToModelDirection } from './mmd-coordinates';

/** How well capsules lie along their bones when their rotation is read in one Euler order. */
export interface EulerOrderFit {
  readonly order: EulerOrder;
  /** Median angle between capsule axis and bone direction, degrees (0 when none measured). */
  readonly medianDegrees: number;
  /** Capsules within 5° of their bone. */
  readonly within5Degrees: number;
}

/** One model's physics counts, from the file as written (no rig needed). */
export interface MmdPhysicsReport {
  readonly bodies: number;
  readonly shapes: { readonly sphere: number; readonly box: number; readonly capsule: number };
  /** Rigid-body types: 0 follows its bone, 1 physics, 2 physics rotation only. */
  readonly types: {
    readonly follow: number;
    readonly dynamic: number;
    readonly dynamicRotation: number;
  };
  /** Collision groups used, ascending. */
  readonly groups: readonly number[];
  /** Collision masks as 4-digit hex (`fffe`), most used first. */
  readonly masks: readonly { readonly mask: string; readonly count: number }[];
  readonly joints: {
    readonly total: number;
    /** All translation limits 0..0. */
    readonly lockedTranslation: number;
    /** All rotation limits min = max = 0. */
    readonly lockedRotation: number;
    /** A non-zero translation spring on some axis. */
    readonly translationSprings: number;
    /** A non-zero rotation spring on some axis. */
    readonly rotationSprings: number;
  };
  /**
   * Capsules whose stored rotation spans two or more axes (|angle| > 1e-4 rad) and whose bone
   * has a direction, and how their axes match the bones under each Euler order applied to the
   * converted angles (−x, −y, z). `best` is the order with the smallest median (ties: the
   * most within 5°, then the first in `EULER_ORDERS`).
   */
  readonly capsuleOrders: {
    readonly capsules: number;
    readonly orders: readonly EulerOrderFit[];
    readonly best: EulerOrder | null;
  };
}

/** Below this (radians) an Euler angle counts as no rotation about that axis. */
const ZERO_ANGLE = 1e-4;

function count<T>(items: readonly T[], test: (item: T) => boolean): number {
  return items.reduce((n, item) => n + (test(item) ? 1 : 0), 0);
}

const allZero = (t: Triple): boolean => t.every((v) => v === 0);

function maskPatterns(bodies: readonly MmdRigidBody[]): { mask: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const b of bodies) {
    const mask = (b.collisionMask & 0xffff).toString(16).padStart(4, '0');
    counts.set(mask, (counts.get(mask) ?? 0) + 1);
  }
  return [...counts]
    .map(([mask, n]) => ({ mask, count: n }))
    .sort((a, b) => b.count - a.count || a.mask.localeCompare(b.mask));
}

function jointCounts(joints: readonly MmdJoint[]): MmdPhysicsReport['joints'] {
  return {
    total: joints.length,
    lockedTranslation: count(joints, (j) => allZero(j.linearMin) && allZero(j.linearMax)),
    lockedRotation: count(joints, (j) => allZero(j.angularMin) && allZero(j.angularMax)),
    translationSprings: count(joints, (j) => !allZero(j.linearSpring)),
    rotationSprings: count(joints, (j) => !allZero(j.angularSpring)),
  };
}

/** The bone's direction in model space (toward its tail bone or along its tail offset), or null. */
export function boneDirection(bones: readonly MmdBone[], index: number): Vec3 | null {
  const bone = bones[index];
  if (!bone) return null;
  const tail = bone.tailBone >= 0 ? bones[bone.tailBone] : undefined;
  const offset: Triple | null = tail
    ? [
        tail.position[0] - bone.position[0],
        tail.position[1] - bone.position[1],
        tail.position[2] - bone.position[2],
      ]
    : bone.tailOffset;
  if (!offset || !offset.every(Number.isFinite)) return null;
  const direction = mmdToModelDirection(offset);
  return length(direction) > 1e-6 ? direction : null;
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Angle between a capsule's axis (a line: either end) and a direction, degrees. */
function axisAngleDegrees(rotation: Triple, order: EulerOrder, direction: Vec3): number {
  const axis = rotate(mmdRotationToQuat(rotation, order), [0, 1, 0]);
  const angle = angleBetween(axis, direction);
  return (Math.min(angle, Math.PI - angle) * 180) / Math.PI;
}

function capsuleOrders(model: MmdModel): MmdPhysicsReport['capsuleOrders'] {
  const measured: { rotation: Triple; direction: Vec3 }[] = [];
  for (const b of model.rigidBodies) {
    if (b.shape !== 2 || !b.rotation.every(Number.isFinite)) continue;
    if (count(b.rotation, (a) => Math.abs(a) > ZERO_ANGLE) < 2) continue;
    const direction = boneDirection(model.bones, b.boneIndex);
    if (direction) measured.push({ rotation: b.rotation, direction });
  }
  const orders = EULER_ORDERS.map((order): EulerOrderFit => {
    const angles = measured.map((m) => axisAngleDegrees(m.rotation, order, m.direction));
    return { order, medianDegrees: median(angles), within5Degrees: count(angles, (a) => a <= 5) };
  });
  // Medians equal to a micro-degree (float noise) are a tie, broken by the count within 5°.
  const key = (o: EulerOrderFit) => [Math.round(o.medianDegrees * 1e6), -o.within5Degrees];
  const better = (a: EulerOrderFit, b: EulerOrderFit) => {
    const [ma, wa] = key(a);
    const [mb, wb] = key(b);
    return ma! < mb! || (ma === mb && wa! < wb!);
  };
  const best = measured.length === 0 ? null : orders.reduce((a, b) => (better(b, a) ? b : a)).order;
  return { capsules: measured.length, orders, best };
}

/**
 * A census of a model's physics: shapes, types, groups, mask patterns, joint
 * locks and springs, and which Euler order lays the capsules along their bones. Pure; reads
 * the file's data as written.
 */
export function mmdPhysicsReport(model: MmdModel): MmdPhysicsReport {
  const bodies = model.rigidBodies;
  return {
    bodies: bodies.length,
    shapes: {
      sphere: count(bodies, (b) => b.shape === 0),
      box: count(bodies, (b) => b.shape === 1),
      capsule: count(bodies, (b) => b.shape === 2),
    },
    types: {
      follow: count(bodies, (b) => b.physicsMode === 0),
      dynamic: count(bodies, (b) => b.physicsMode === 1),
      dynamicRotation: count(bodies, (b) => b.physicsMode === 2),
    },
    groups: [...new Set(bodies.map((b) => b.group))].sort((a, b) => a - b),
    masks: maskPatterns(bodies),
    joints: jointCounts(model.joints),
    capsuleOrders: capsuleOrders(model),
  };
}
