import type { MmdRigidBody } from '../../formats/mmd/mmd-model';
import type { PartShape } from '../../physics/doll-spec';
import type { MmdBodyMotion, MmdBodySpec } from '../../physics/mmd/mmd-physics-spec';
import type { Vec3 } from '../../physics/vector-math';
import { distanceBetween, sub } from '../tuple-math';
import type { BoneParts } from './bone-parts';
import { mmdDisplayName } from './display-name';
import { mmdRotationToQuat, mmdToModelPosition } from './mmd-coordinates';
import { rapierDamping } from './mmd-physics-units';
import type { WarningList } from './rig-warnings';

/** Smallest mass a moving body gets, kg (a zero mass would make Rapier treat it as infinitely light). */
export const MIN_BODY_MASS = 0.01;
/** Smallest collider size, metres. */
export const MIN_SHAPE_SIZE = 0.001;

/** What the body conversion needs to know about the rig. */
export interface BodyContext {
  readonly parts: BoneParts;
  /** Bone count, to tell a bone index from a bad one. */
  readonly boneCount: number;
  /** Model space origin of doll space, metres. */
  readonly origin: Vec3;
  readonly unitMetres: number;
  /** The ragdoll's parts with their centres in doll space, for bodies that name no bone. */
  readonly partCenters: readonly { readonly name: string; readonly center: Vec3 }[];
}

/** Bodies in doll space, and where each file body went (−1 when left out). */
export interface ConvertedBodies {
  readonly bodies: MmdBodySpec[];
  readonly bodyOfSource: Int32Array;
}

function isFiniteBody(b: MmdRigidBody): boolean {
  return [
    ...b.size,
    ...b.position,
    ...b.rotation,
    b.mass,
    b.linearDamping,
    b.angularDamping,
    b.restitution,
    b.friction,
  ].every(Number.isFinite);
}

function shapeOf(b: MmdRigidBody, s: number, warnings: WarningList): PartShape {
  const size = (v: number, min: number): number => {
    if (v * s >= min) return v * s;
    warnings.note('body-size-floored', b.name);
    return min;
  };
  if (b.shape === 0) return { kind: 'sphere', radius: size(b.size[0], MIN_SHAPE_SIZE) };
  if (b.shape === 1) {
    return {
      kind: 'box',
      halfExtents: [
        size(b.size[0], MIN_SHAPE_SIZE),
        size(b.size[1], MIN_SHAPE_SIZE),
        size(b.size[2], MIN_SHAPE_SIZE),
      ],
    };
  }
  // A capsule's height is its cylinder's length; zero is a sphere, which Rapier allows.
  return {
    kind: 'capsule',
    radius: size(b.size[0], MIN_SHAPE_SIZE),
    halfHeight: Math.max(0, (b.size[1] / 2) * s),
  };
}

function nearestPart(context: BodyContext, position: Vec3): string {
  let best = context.partCenters[0]?.name ?? 'pelvis';
  let bestDistance = Infinity;
  for (const part of context.partCenters) {
    const d = distanceBetween(part.center, position);
    if (d < bestDistance) {
      bestDistance = d;
      best = part.name;
    }
  }
  return best;
}

const MOTION: Readonly<Record<0 | 1 | 2, MmdBodyMotion>> = {
  0: 'follow',
  1: 'dynamic',
  2: 'dynamic-rotation',
};

function motionAndPart(
  b: MmdRigidBody,
  position: Vec3,
  context: BodyContext,
  warnings: WarningList,
): { motion: MmdBodyMotion; part: string } {
  const hasBone = b.boneIndex >= 0 && b.boneIndex < context.boneCount;
  if (!hasBone) {
    warnings.note('body-no-bone', b.name);
    return { motion: MOTION[b.physicsMode] ?? 'follow', part: nearestPart(context, position) };
  }
  const owned = context.parts.owned[b.boneIndex];
  if (owned !== undefined) {
    // The ragdoll drives this bone; physics cannot drive it too.
    if (b.physicsMode !== 0) warnings.note('dynamic-on-ragdoll-bone', b.name);
    return { motion: 'follow', part: owned };
  }
  return {
    motion: MOTION[b.physicsMode] ?? 'follow',
    part: context.parts.carried[b.boneIndex]!,
  };
}

/**
 * Converts the file's rigid bodies to doll space (see `mmd-coordinates.ts`): positions mirrored and scaled,
 * rotations read in YXZ, sizes in metres, Bullet damping as Rapier damping. Bodies with a
 * non-finite number are left out (one warning); masses of moving bodies are floored. Names are
 * trimmed for display (see {@link mmdDisplayName}), in the specs and in warnings alike.
 */
export function convertBodies(
  source: readonly MmdRigidBody[],
  context: BodyContext,
  warnings: WarningList,
): ConvertedBodies {
  const bodies: MmdBodySpec[] = [];
  const bodyOfSource = new Int32Array(source.length).fill(-1);
  source.forEach((raw, sourceIndex) => {
    const b = { ...raw, name: mmdDisplayName(raw.name) };
    if (!isFiniteBody(b)) {
      warnings.note('body-not-finite', b.name);
      return;
    }
    const position = sub(mmdToModelPosition(b.position, context.unitMetres), context.origin);
    const { motion, part } = motionAndPart(b, position, context, warnings);
    if (motion !== 'follow' && !(b.mass > 0)) warnings.note('body-mass-floored', b.name);
    bodyOfSource[sourceIndex] = bodies.length;
    bodies.push({
      name: b.name,
      sourceIndex,
      motion,
      part,
      shape: shapeOf(b, context.unitMetres, warnings),
      position,
      rotation: mmdRotationToQuat(b.rotation),
      group: Math.min(15, Math.max(0, Math.trunc(b.group))),
      collisionMask: b.collisionMask & 0xffff,
      // A follow body is kinematic, so its mass is never used; it is floored silently.
      mass: Math.max(MIN_BODY_MASS, b.mass),
      linearDamping: rapierDamping(b.linearDamping),
      angularDamping: rapierDamping(b.angularDamping),
      restitution: Math.max(0, b.restitution),
      friction: Math.max(0, b.friction),
    });
  });
  return { bodies, bodyOfSource };
}
