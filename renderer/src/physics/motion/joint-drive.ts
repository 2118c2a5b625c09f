import type { Ragdoll } from '../ragdoll';
import type { RapierApi, RigidBody, World } from '../rapier-api';
import type { QuatLike, Vec3Like } from '../vector-math';
import { quat, rotateVec, vec3 } from '../vector-math';
import type { JointLimits } from './joint-target';
import {
  clampRevoluteTarget,
  clampSphericalTarget,
  jointLimits,
  sphericalMotorTargets,
} from './joint-target';
import type { MuscleGains } from './muscle';
import { readPackedQuat, relativeQuat } from './rotation-math';

/** What the drive needs to know about one joint, worked out once. */
interface DrivenJoint {
  readonly handle: number;
  readonly parentIndex: number;
  readonly childIndex: number;
  readonly revolute: boolean;
  /** Hinge axis (revolute only), doll space = parent space at rest. */
  readonly axis: Vec3Like;
  readonly limits: JointLimits;
  /**
   * The whole figure's moment of inertia about the joint, kg·m²: the motor's gains are scaled
   * by it. A joint moves what hangs from it, but a leg standing on the floor also holds up
   * everything above it, so both sides count.
   */
  readonly inertia: number;
}

const parentRotation = quat();
const childRotation = quat();
const current = quat();
const target = quat();
const motorTargets = vec3();

/**
 * Drives one ragdoll's joint motors toward target relative rotations (one per joint, packed
 * x, y, z, w in `DollSpec.joints` order) with the MUSCLE gains. While it drives a doll it is
 * the only owner of that doll's motors: the STIFFNESS driver must have let go of it.
 */
export class JointDrive {
  private readonly joints: readonly DrivenJoint[];
  private readonly angularAxes: readonly number[];
  private readonly hingeAxis: number;

  constructor(
    rapier: RapierApi,
    private readonly world: World,
    readonly doll: Ragdoll,
    carriedBodies: readonly RigidBody[] = [],
  ) {
    const { JointAxis } = rapier;
    this.angularAxes = [JointAxis.AngX, JointAxis.AngY, JointAxis.AngZ] as number[];
    this.hingeAxis = JointAxis.AngX as number;
    const partIndex = new Map(doll.parts.map((part, index) => [part, index]));
    const carried = inertiasAboutJoints(doll, carriedBodies);
    this.joints = doll.joints.map((joint, j) => ({
      handle: joint.joint.handle,
      parentIndex: partIndex.get(joint.parent)!,
      childIndex: partIndex.get(joint.child)!,
      revolute: joint.spec.kind === 'revolute',
      axis: joint.spec.kind === 'revolute' ? vec3(...joint.spec.axis) : vec3(),
      limits: jointLimits(joint.spec),
      inertia: carried[j]!,
    }));
  }

  /** Number of joints (target arrays hold 4 numbers per joint). */
  get jointCount(): number {
    return this.joints.length;
  }

  /**
   * Turns per-part rotations (packed, doll or world space, any common frame) into the joints'
   * target relative rotations, clamped to each joint's limits.
   */
  jointTargetsFromParts(partRotations: Float64Array, out: Float64Array): void {
    for (let j = 0; j < this.joints.length; j++) {
      const joint = this.joints[j]!;
      relativeJointRotation(partRotations, joint, target);
      this.clampTarget(joint, target);
      writePacked(out, j, target);
    }
  }

  private clampTarget(joint: DrivenJoint, q: QuatLike): void {
    if (joint.revolute)
      clampRevoluteTarget(q, joint.axis, joint.limits.min[0]!, joint.limits.max[0]!);
    else clampSphericalTarget(q, joint.limits);
  }

  /**
   * Sets every motor's model (force-based: the gains are N·m/rad and N·m·s/rad, scaled per
   * joint by what it carries) and force limit. Call when the drive takes over or MUSCLE changes.
   */
  configure(gains: MuscleGains, model: number): void {
    const raw = this.world.impulseJoints.raw;
    // Zero gains are a rigid velocity lock in Rapier, not "off"; MUSCLE 0 allows no force.
    const maxForce = gains.kp === 0 && gains.kd === 0 ? 0 : Number.MAX_VALUE;
    for (const joint of this.joints) {
      const axes = joint.revolute ? 1 : 3;
      for (let a = 0; a < axes; a++) {
        const axis = joint.revolute ? this.hingeAxis : this.angularAxes[a]!;
        raw.jointConfigureMotorModel(joint.handle, axis, model);
        raw.jointSetMotorMaxForce(joint.handle, axis, maxForce);
      }
    }
  }

  /**
   * One step's motor targets: each joint pulled from its relative rotation now (from the
   * parts' world rotations, packed) toward its target with gains kp, kd. Allocates nothing.
   */
  drive(partRotations: Float64Array, jointTargets: Float64Array, gains: MuscleGains): void {
    const raw = this.world.impulseJoints.raw;
    for (let j = 0; j < this.joints.length; j++) {
      const joint = this.joints[j]!;
      readPackedQuat(jointTargets, j, target);
      const kp = gains.kp * joint.inertia;
      const kd = gains.kd * joint.inertia;
      if (joint.revolute) {
        // A hinge has one coordinate, the twist itself: no axis mixing to correct for.
        const angle =
          2 *
          Math.atan2(
            target.x * joint.axis.x + target.y * joint.axis.y + target.z * joint.axis.z,
            target.w,
          );
        raw.jointConfigureMotorPosition(joint.handle, this.hingeAxis, angle, kp, kd);
        continue;
      }
      relativeJointRotation(partRotations, joint, current);
      sphericalMotorTargets(current, target, motorTargets);
      raw.jointConfigureMotorPosition(joint.handle, this.angularAxes[0]!, motorTargets.x, kp, kd);
      raw.jointConfigureMotorPosition(joint.handle, this.angularAxes[1]!, motorTargets.y, kp, kd);
      raw.jointConfigureMotorPosition(joint.handle, this.angularAxes[2]!, motorTargets.z, kp, kd);
    }
  }

  /**
   * Mean angle (radians) between each joint's relative rotation now and its target: how well
   * the doll tracks the pose.
   */
  meanError(partRotations: Float64Array, jointTargets: Float64Array): number {
    if (this.joints.length === 0) return 0;
    let sum = 0;
    for (let j = 0; j < this.joints.length; j++) {
      const joint = this.joints[j]!;
      relativeJointRotation(partRotations, joint, current);
      readPackedQuat(jointTargets, j, target);
      const dot =
        current.x * target.x + current.y * target.y + current.z * target.z + current.w * target.w;
      sum += 2 * Math.acos(Math.min(1, Math.abs(dot)));
    }
    return sum / this.joints.length;
  }

  /** Writes each joint's relative rotation now into `out` (packed, joint order). */
  currentJointRotations(partRotations: Float64Array, out: Float64Array): void {
    for (let j = 0; j < this.joints.length; j++) {
      const joint = this.joints[j]!;
      relativeJointRotation(partRotations, joint, current);
      writePacked(out, j, current);
    }
  }
}

/**
 * out = `joint`'s relative rotation (its child's in its parent's frame), from the part
 * rotations packed in `partRotations`. Allocates nothing.
 */
function relativeJointRotation(
  partRotations: Float64Array,
  joint: DrivenJoint,
  out: QuatLike,
): QuatLike {
  readPackedQuat(partRotations, joint.parentIndex, parentRotation);
  readPackedQuat(partRotations, joint.childIndex, childRotation);
  return relativeQuat(parentRotation, childRotation, out);
}

/** Writes q as the `index`-th packed quaternion of `out`. */
export function writePacked(out: Float64Array, index: number, q: QuatLike): void {
  const i = 4 * index;
  out[i] = q.x;
  out[i + 1] = q.y;
  out[i + 2] = q.z;
  out[i + 3] = q.w;
}

const centre = vec3();
const anchor = vec3();

/**
 * For each joint of a doll (spec order), the moment of inertia of every part, and of the bodies
 * the figure carries along (an MMD model's hair and skirts), about the joint's anchor: Σ m·d² plus each part's own mean principal inertia (kg·m²). Measured on the bodies as
 * built; allocates (runs once per figure and motion).
 */
function inertiasAboutJoints(doll: Ragdoll, carriedBodies: readonly RigidBody[]): number[] {
  const bodies = [...doll.parts.map((part) => part.body), ...carriedBodies];
  return doll.joints.map((joint) => {
    joint.child.body.translation(anchor);
    joint.child.body.rotation(target);
    // The anchor in the world: the child's centre plus its local anchor, turned.
    rotateVec(target, joint.localAnchorChild, centre);
    const ax = anchor.x + centre.x;
    const ay = anchor.y + centre.y;
    const az = anchor.z + centre.z;
    let inertia = 0;
    for (const body of bodies) {
      const com = body.worldCom();
      const own = body.principalInertia();
      const d2 = (com.x - ax) ** 2 + (com.y - ay) ** 2 + (com.z - az) ** 2;
      inertia += body.mass() * d2 + (own.x + own.y + own.z) / 3;
    }
    return inertia;
  });
}
