import type { DollSpec, PartSpec } from '../doll-spec';
import type { RagdollPart } from '../ragdoll';
import type { QuatLike } from '../vector-math';
import { quat, rotateVec, vec3 } from '../vector-math';

/**
 * What the get-up needs to know about a figure lying (or standing) somewhere: how low it
 * reaches (the ground under it) and which way it faces.
 */

const position = vec3();
const rotation = quat();
const colliderRotation = quat();
const axis = vec3();
const unit = vec3();

/** How far a part's collider reaches below its centre when the part is turned by `bodyRotation` (metres). */
function reachBelow(spec: PartSpec, bodyRotation: QuatLike): number {
  const shape = spec.shape;
  if (shape.kind === 'sphere') return shape.radius;
  const r = spec.colliderRotation;
  if (r) {
    // body · collider: the collider's rotation in the world
    const [x, y, z, w] = r;
    colliderRotation.x =
      bodyRotation.w * x + bodyRotation.x * w + bodyRotation.y * z - bodyRotation.z * y;
    colliderRotation.y =
      bodyRotation.w * y - bodyRotation.x * z + bodyRotation.y * w + bodyRotation.z * x;
    colliderRotation.z =
      bodyRotation.w * z + bodyRotation.x * y - bodyRotation.y * x + bodyRotation.z * w;
    colliderRotation.w =
      bodyRotation.w * w - bodyRotation.x * x - bodyRotation.y * y - bodyRotation.z * z;
  } else {
    colliderRotation.x = bodyRotation.x;
    colliderRotation.y = bodyRotation.y;
    colliderRotation.z = bodyRotation.z;
    colliderRotation.w = bodyRotation.w;
  }
  if (shape.kind === 'capsule') {
    unit.x = 0;
    unit.y = 1;
    unit.z = 0;
    rotateVec(colliderRotation, unit, axis);
    return shape.radius + shape.halfHeight * Math.abs(axis.y);
  }
  let reach = 0;
  for (let i = 0; i < 3; i++) {
    unit.x = i === 0 ? 1 : 0;
    unit.y = i === 1 ? 1 : 0;
    unit.z = i === 2 ? 1 : 0;
    rotateVec(colliderRotation, unit, axis);
    reach += shape.halfExtents[i]! * Math.abs(axis.y);
  }
  return reach;
}

/** The height of the lowest point of any part now (metres): the ground the figure rests on. */
export function lowestPartPoint(parts: readonly RagdollPart[]): number {
  let lowest = Number.POSITIVE_INFINITY;
  for (const part of parts) {
    part.body.translation(position);
    part.body.rotation(rotation);
    lowest = Math.min(lowest, position.y - reachBelow(part.spec, rotation));
  }
  return lowest;
}

/**
 * The yaw (radians about +Y; 0 faces +Z) a figure gets up facing, from its pelvis rotation:
 * the way the pelvis faces when that is roughly level; lying on its back it faces its feet
 * (it sits up), lying on its front its head (it pushes up).
 */
export function facingYaw(pelvisRotation: QuatLike): number {
  unit.x = 0;
  unit.y = 0;
  unit.z = 1;
  rotateVec(pelvisRotation, unit, axis);
  const fx = axis.x;
  const fy = axis.y;
  const fz = axis.z;
  unit.z = 0;
  unit.y = 1;
  rotateVec(pelvisRotation, unit, axis);
  // Forward when level; the head's direction weighted in as the figure lies on its front (fy < 0)
  // and against it as it lies on its back (fy > 0).
  const x = fx - fy * axis.x;
  const z = fz - fy * axis.z;
  if (Math.hypot(x, z) < 1e-6) return 0;
  return Math.atan2(x, z);
}

const restRotation = quat();

/**
 * The lowest point of a doll standing in its rest pose, relative to its origin (metres): exact
 * for colliders turned along a limb, where the spec's own bound is only a bounding sphere.
 */
export function lowestRestPoint(spec: DollSpec): number {
  let lowest = Number.POSITIVE_INFINITY;
  for (const part of spec.parts)
    lowest = Math.min(lowest, part.center[1] - reachBelow(part, restRotation));
  return lowest;
}

/** The fastest linear speed of any part now (m/s). */
export function fastestPartSpeed(parts: readonly RagdollPart[]): number {
  let fastest = 0;
  for (const part of parts) {
    part.body.linvel(position);
    fastest = Math.max(
      fastest,
      Math.sqrt(position.x * position.x + position.y * position.y + position.z * position.z),
    );
  }
  return fastest;
}
