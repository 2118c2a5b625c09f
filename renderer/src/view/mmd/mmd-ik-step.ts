import { Euler, Quaternion, Vector3 } from 'three';
import type { IkLinkLimit, IkLinkPlan, IkPlan } from '../../rig/mmd/bone-finish-plan';
import type { MmdBonePoseState } from './mmd-bone-pose-state';

/** Close enough: the target within 1 µm of the IK bone (squared metres). */
const REACHED_SQUARED = 1e-12;
/** Shorter direction vectors than this (squared metres) give no usable angle. */
const TINY_SQUARED = 1e-16;

const AXES = [new Vector3(1, 0, 0), new Vector3(0, 1, 0), new Vector3(0, 0, 1)] as const;
const toTarget = new Vector3();
const toGoal = new Vector3();
const axis = new Vector3();
const parentInverse = new Quaternion();
const step = new Quaternion();
const limited = new Quaternion();
const ownInverse = new Quaternion();
const euler = new Euler();
/** Each link's angle about its one axis during a solve, by link position in its chain. */
const planeAngles = new Float64Array(256);

/**
 * Solves the IK chain of bone `ikBone` by MMD's cyclic coordinate descent (after saba's
 * `MMDIkSolver` and babylon-mmd's `IkSolver`): each iteration turns every link, nearest the
 * target first, so that the target points at the IK bone as seen from the link, by at most
 * `limitAngle` per turn; a limited link's rotation is then held within its Euler ranges, and a
 * knee-like link turns only about its one axis. Links are moved and placed with what follows
 * them; the IK rotations start from nothing every solve, as in MMD.
 */
export function solveIk(state: MmdBonePoseState, ikBone: number, plan: IkPlan): void {
  const goal = state.positions[ikBone]!;
  const target = state.positions[plan.target]!;
  if (goal.distanceToSquared(target) < REACHED_SQUARED) return;
  const links = plan.links;
  for (let l = 0; l < links.length && l < planeAngles.length; l++) {
    const link = links[l]!;
    planeAngles[l] = link.limit?.kind === 'axis' ? angleAbout(state, link, link.limit) : 0;
  }
  for (let iteration = 0; iteration < plan.loopCount; iteration++) {
    for (let l = 0; l < links.length; l++) {
      turnLink(state, links[l]!, l, goal, target, plan.limitAngle, iteration === 0);
    }
    if (goal.distanceToSquared(target) < REACHED_SQUARED) return;
  }
}

/** The link's own rotation as an angle about its one axis (its Euler component there). */
function angleAbout(
  state: MmdBonePoseState,
  link: IkLinkPlan,
  limit: Extract<IkLinkLimit, { kind: 'axis' }>,
): number {
  euler.setFromQuaternion(state.ownRotation[link.bone]!, 'XYZ');
  return limit.axis === 0 ? euler.x : limit.axis === 1 ? euler.y : euler.z;
}

function turnLink(
  state: MmdBonePoseState,
  link: IkLinkPlan,
  l: number,
  goal: Vector3,
  target: Vector3,
  limitAngle: number,
  first: boolean,
): void {
  const bone = link.bone;
  const origin = state.positions[bone]!;
  toTarget.copy(target).sub(origin);
  toGoal.copy(goal).sub(origin);
  if (toTarget.lengthSq() < TINY_SQUARED || toGoal.lengthSq() < TINY_SQUARED) return;
  const parent = state.parents[bone]!;
  if (parent >= 0) parentInverse.copy(state.rotations[parent]!).invert();
  else parentInverse.identity();
  // Work in the parent's frame, where the link's local rotation lives.
  toTarget.applyQuaternion(parentInverse).normalize();
  toGoal.applyQuaternion(parentInverse).normalize();
  const ik = state.ikRotation[bone]!;
  const limit = link.limit;
  if (limit?.kind === 'axis') {
    turnAboutAxis(state, bone, l, limit, limitAngle, first);
  } else {
    axis.crossVectors(toTarget, toGoal);
    if (axis.lengthSq() < TINY_SQUARED) return;
    const angle = Math.min(Math.acos(Math.min(Math.max(toTarget.dot(toGoal), -1), 1)), limitAngle);
    step.setFromAxisAngle(axis.normalize(), angle);
    ik.premultiply(step);
    if (limit) clampEuler(state, bone, limit);
  }
  state.moved(bone);
}

/** A knee: the signed angle between the directions seen along the axis, added and clamped. */
function turnAboutAxis(
  state: MmdBonePoseState,
  bone: number,
  l: number,
  limit: Extract<IkLinkLimit, { kind: 'axis' }>,
  limitAngle: number,
  first: boolean,
): void {
  const turnAxis = AXES[limit.axis];
  toTarget.projectOnPlane(turnAxis);
  toGoal.projectOnPlane(turnAxis);
  if (toTarget.lengthSq() < TINY_SQUARED || toGoal.lengthSq() < TINY_SQUARED) return;
  axis.crossVectors(toTarget, toGoal);
  let delta = Math.atan2(axis.dot(turnAxis), toTarget.dot(toGoal));
  delta = Math.min(Math.max(delta, -limitAngle), limitAngle);
  let angle = (planeAngles[l] ?? 0) + delta;
  // From a straight knee either way looks alike at first: try the mirrored turn (saba, MMD).
  if (
    first &&
    (angle < limit.min || angle > limit.max) &&
    -angle >= limit.min &&
    -angle <= limit.max
  ) {
    angle = -angle;
  }
  angle = Math.min(Math.max(angle, limit.min), limit.max);
  if (l < planeAngles.length) planeAngles[l] = angle;
  ownInverse.copy(state.ownRotation[bone]!).invert();
  state.ikRotation[bone]!.setFromAxisAngle(turnAxis, angle).multiply(ownInverse);
}

/** Holds the link's rotation (IK × own) within its Euler ranges. */
function clampEuler(
  state: MmdBonePoseState,
  bone: number,
  limit: Extract<IkLinkLimit, { kind: 'euler' }>,
): void {
  const own = state.ownRotation[bone]!;
  limited.copy(state.ikRotation[bone]!).multiply(own);
  euler.setFromQuaternion(limited, limit.order);
  euler.set(
    Math.min(Math.max(euler.x, limit.min[0]), limit.max[0]),
    Math.min(Math.max(euler.y, limit.min[1]), limit.max[1]),
    Math.min(Math.max(euler.z, limit.min[2]), limit.max[2]),
    limit.order,
  );
  ownInverse.copy(own).invert();
  state.ikRotation[bone]!.setFromEuler(euler).multiply(ownInverse);
}
