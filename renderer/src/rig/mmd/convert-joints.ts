import type { MmdJoint } from '../../formats/mmd/mmd-model';
import type { MmdJointSpec } from '../../physics/mmd/mmd-physics-spec';
import type { Vec3 } from '../../physics/vector-math';
import { sub } from '../tuple-math';
import { mmdDisplayName } from './display-name';
import { mmdRotationToQuat, mmdToModelLimits, mmdToModelPosition } from './mmd-coordinates';
import { angularSpringToSi, linearSpringToSi } from './mmd-physics-units';
import type { WarningList } from './rig-warnings';

function isFiniteJoint(j: MmdJoint): boolean {
  return [
    ...j.position,
    ...j.rotation,
    ...j.linearMin,
    ...j.linearMax,
    ...j.angularMin,
    ...j.angularMax,
    ...j.linearSpring,
    ...j.angularSpring,
  ].every(Number.isFinite);
}

function bodyIndex(bodyOfSource: Int32Array, index: number): number {
  return Number.isInteger(index) && index >= 0 && index < bodyOfSource.length
    ? bodyOfSource[index]!
    : -1;
}

/**
 * Converts the file's 6-DOF spring joints to doll space: frame position and rotation like the
 * bodies', limits mirrored (see `mmdToModelLimits`), springs in SI units (see
 * `mmd-physics-units`). Joints with a non-finite number, naming a body that does not exist (or
 * was left out), or joining a body to itself are left out with one warning per kind; negative
 * spring constants become 0 (one warning). Names are
 * trimmed for display (see {@link mmdDisplayName}).
 */
export function convertJoints(
  source: readonly MmdJoint[],
  bodyOfSource: Int32Array,
  origin: Vec3,
  unitMetres: number,
  warnings: WarningList,
): MmdJointSpec[] {
  const joints: MmdJointSpec[] = [];
  for (const raw of source) {
    const j = { ...raw, name: mmdDisplayName(raw.name) };
    if (!isFiniteJoint(j)) {
      warnings.note('joint-not-finite', j.name);
      continue;
    }
    const bodyA = bodyIndex(bodyOfSource, j.bodyA);
    const bodyB = bodyIndex(bodyOfSource, j.bodyB);
    if (bodyA < 0 || bodyB < 0) {
      warnings.note('joint-missing-body', j.name);
      continue;
    }
    if (bodyA === bodyB) {
      warnings.note('joint-same-body', j.name);
      continue;
    }
    // A negative spring would push a body away from rest ever harder (Bullet and Rapier
    // alike); no authored model means that, so it is read as no spring.
    if ([...j.linearSpring, ...j.angularSpring].some((k) => k < 0)) {
      warnings.note('joint-negative-spring', j.name);
    }
    joints.push({
      name: j.name,
      bodyA,
      bodyB,
      position: sub(mmdToModelPosition(j.position, unitMetres), origin),
      rotation: mmdRotationToQuat(j.rotation),
      ...mmdToModelLimits(j.linearMin, j.linearMax, j.angularMin, j.angularMax, unitMetres),
      linearStiffness: linearSpringToSi(nonNegative(j.linearSpring)),
      angularStiffness: angularSpringToSi(nonNegative(j.angularSpring), unitMetres),
    });
  }
  return joints;
}

function nonNegative(k: MmdJoint['linearSpring']): MmdJoint['linearSpring'] {
  return [Math.max(0, k[0]), Math.max(0, k[1]), Math.max(0, k[2])];
}
