import type { Ragdoll, RagdollJoint } from './ragdoll';
import type { RigidBody } from './rapier-api';
import type { Vec3Like } from './vector-math';
import { angleBetweenQuats, distance, quat, rotateVec, vec3 } from './vector-math';

/** What the sandbox reports about itself on demand. */
export interface Measurements {
  /** Largest distance between the two ends of any joint, in metres. */
  readonly maxJointGapM: number;
  /** Bodies with a non-finite position, rotation or velocity. */
  readonly nanCount: number;
  /** Mean angle of every joint away from its rest pose, in radians. */
  readonly meanPoseDeviationRad: number;
  /** Largest linear speed of any moving body, in m/s. */
  readonly maxSpeed: number;
}

const pos = vec3();
const rot = quat();
const rotB = quat();
const linvel = vec3();
const angvel = vec3();
const endA = vec3();
const endB = vec3();

/**
 * Writes into `out` where the point `local` (metres, in `body`'s own frame) is in the world
 * (metres), and returns `out`.
 */
export function worldAnchor(body: RigidBody, local: Vec3Like, out: Vec3Like): Vec3Like {
  body.translation(pos);
  body.rotation(rot);
  rotateVec(rot, local, out);
  out.x += pos.x;
  out.y += pos.y;
  out.z += pos.z;
  return out;
}

/** Largest separation of any joint of these dolls, in metres. */
export function maxJointGap(dolls: Iterable<Ragdoll>): number {
  let gap = 0;
  for (const doll of dolls) {
    for (const joint of doll.joints) gap = Math.max(gap, jointGap(joint));
  }
  return gap;
}

/** Distance between the two ends of one ragdoll joint, metres. Allocates nothing. */
export function jointGap(joint: RagdollJoint): number {
  worldAnchor(joint.parent.body, joint.localAnchorParent, endA);
  worldAnchor(joint.child.body, joint.localAnchorChild, endB);
  return distance(endA, endB);
}

/** Mean angle (radians) of every joint's child relative to its parent, 0 at rest. */
export function meanPoseDeviation(dolls: Iterable<Ragdoll>): number {
  let sum = 0;
  let count = 0;
  for (const doll of dolls) {
    for (const joint of doll.joints) {
      joint.parent.body.rotation(rot);
      joint.child.body.rotation(rotB);
      sum += angleBetweenQuats(rot, rotB);
      count++;
    }
  }
  return count === 0 ? 0 : sum / count;
}

/** True when every number of the body's state is finite. */
export function isBodyFinite(body: RigidBody): boolean {
  body.translation(pos);
  body.rotation(rot);
  body.linvel(linvel);
  body.angvel(angvel);
  return [
    pos.x,
    pos.y,
    pos.z,
    rot.x,
    rot.y,
    rot.z,
    rot.w,
    linvel.x,
    linvel.y,
    linvel.z,
    angvel.x,
    angvel.y,
    angvel.z,
  ].every(Number.isFinite);
}

/** Counts bodies with a non-finite state. */
export function countNonFinite(bodies: Iterable<RigidBody>): number {
  let count = 0;
  for (const body of bodies) if (!isBodyFinite(body)) count++;
  return count;
}

/** Largest linear speed (m/s) among the bodies. */
export function maxLinearSpeed(bodies: Iterable<RigidBody>): number {
  let speed = 0;
  for (const body of bodies) {
    body.linvel(linvel);
    speed = Math.max(speed, Math.hypot(linvel.x, linvel.y, linvel.z));
  }
  return speed;
}
