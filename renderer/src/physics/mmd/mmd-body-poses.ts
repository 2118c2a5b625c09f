import type { BodyState } from '../body-state';
import { captureBodyState, restoreBodyState } from '../body-state';
import type { QuatLike, Vec3Like } from '../vector-math';
import { quat, unitQuatTuple, vec3 } from '../vector-math';
import type { MmdBody } from './mmd-body';
import { poseFromPart } from './mmd-body';

const target = vec3();
const targetRotation = quat();
const velocity = vec3();
const zero = vec3();

/**
 * Puts each of `dynamicBodies` at its rest offset from its part's current pose, at rest (zero
 * velocity). Allocates nothing of its own.
 */
export function placeAtRest(dynamicBodies: readonly MmdBody[]): void {
  for (const mmd of dynamicBodies) {
    poseFromPart(mmd, target, targetRotation);
    mmd.body.setTranslation(target, true);
    mmd.body.setRotation(targetRotation, true);
    mmd.body.setLinvel(zero, true);
    mmd.body.setAngvel(zero, true);
  }
}

/**
 * Copies a body's current position (metres, world) and rotation into the outs: a `follow`
 * body's from its part (right even before the next step moves colliders), a dynamic body's
 * from its own body. Allocates nothing of its own.
 */
export function readBodyPose(mmd: MmdBody, position: Vec3Like, rotation: QuatLike): void {
  if (mmd.spec.motion === 'follow') {
    poseFromPart(mmd, position, rotation);
    return;
  }
  mmd.body.translation(position);
  mmd.body.rotation(rotation);
}

/**
 * Adds a rigid motion to each of `dynamicBodies`: linear velocity `velocity + ω × (x − com)`
 * and angular velocity `omega` (m/s, rad/s; `com` in metres). Allocates: Rapier's setters make
 * small vectors (once per blast).
 */
export function addRigidMotion(
  dynamicBodies: readonly MmdBody[],
  linear: Vec3Like,
  omega: Vec3Like,
  com: Vec3Like,
): void {
  for (const mmd of dynamicBodies) {
    mmd.body.translation(target);
    const rx = target.x - com.x;
    const ry = target.y - com.y;
    const rz = target.z - com.z;
    mmd.body.linvel(velocity);
    velocity.x += linear.x + omega.y * rz - omega.z * ry;
    velocity.y += linear.y + omega.z * rx - omega.x * rz;
    velocity.z += linear.z + omega.x * ry - omega.y * rx;
    mmd.body.setLinvel(velocity, true);
    mmd.body.angvel(velocity);
    velocity.x += omega.x;
    velocity.y += omega.y;
    velocity.z += omega.z;
    mmd.body.setAngvel(velocity, true);
  }
}

/**
 * Every body's state in the given order (for presets; a `follow` body's is its pose from its
 * part with its part's velocities, and is not needed to restore it). Allocates.
 */
export function captureStates(bodies: readonly MmdBody[]): BodyState[] {
  return bodies.map((mmd) => {
    const state = captureBodyState(mmd.body);
    if (mmd.spec.motion !== 'follow') return state;
    poseFromPart(mmd, target, targetRotation);
    return {
      ...state,
      position: [target.x, target.y, target.z],
      rotation: unitQuatTuple(targetRotation),
    };
  });
}

/**
 * Puts each of `dynamicBodies` into `states[body.index]` (the caller checks count and
 * finiteness).
 */
export function restoreStates(
  dynamicBodies: readonly MmdBody[],
  states: readonly BodyState[],
): void {
  for (const mmd of dynamicBodies) restoreBodyState(mmd.body, states[mmd.index]!);
}
