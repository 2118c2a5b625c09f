import type { Ragdoll, RagdollJoint } from './ragdoll';
import type { StiffnessDriver } from './stiffness';
import { stiffnessGains } from './stiffness';
import { conjugateQuat, multiplyQuat, quat, rotateVec, vec3 } from './vector-math';

const qa = quat();
const qb = quat();
const qRel = quat();
const axis = vec3();
const omegaA = vec3();
const omegaB = vec3();
const inertia = vec3();
const impulse = vec3();

/** Harmonic mean of the two parts' largest principal inertias (kg·m²). */
function effectiveInertia(joint: RagdollJoint): number {
  joint.parent.body.principalInertia(inertia);
  const ia = Math.max(inertia.x, inertia.y, inertia.z);
  joint.child.body.principalInertia(inertia);
  const ib = Math.max(inertia.x, inertia.y, inertia.z);
  return (ia * ib) / (ia + ib);
}

/**
 * STIFFNESS as the original design wrote it: an explicit PD torque before each step,
 * τ = −kp·angle·axis − kd·(ωchild − ωparent), applied as impulses τ·I·dt to the child
 * and −τ·I·dt to the parent, I the effective inertia of the pair. Kept to compare
 * against {@link MotorStiffness} (see BENCHMARKS.md).
 */
export class PdTorqueStiffness implements StiffnessDriver {
  readonly method = 'pd-torque' as const;
  private readonly joints: RagdollJoint[] = [];
  private readonly inertias: number[] = [];
  private kp = 0;
  private kd = 0;

  setStiffness(stiffness: number): void {
    ({ kp: this.kp, kd: this.kd } = stiffnessGains(stiffness));
  }

  addDoll(doll: Ragdoll): void {
    for (const joint of doll.joints) {
      this.joints.push(joint);
      this.inertias.push(effectiveInertia(joint));
    }
  }

  removeDoll(doll: Ragdoll): void {
    for (let i = this.joints.length - 1; i >= 0; i--) {
      if (doll.joints.includes(this.joints[i]!)) {
        this.joints.splice(i, 1);
        this.inertias.splice(i, 1);
      }
    }
  }

  beforeStep(dt: number): void {
    if (this.kp === 0 && this.kd === 0) return;
    for (let i = 0; i < this.joints.length; i++) {
      const joint = this.joints[i]!;
      const a = joint.parent.body;
      const b = joint.child.body;
      // Leave sleeping pairs asleep: a torque on a resting doll would wake it forever.
      if (a.isSleeping() && b.isSleeping()) continue;
      a.rotation(qa);
      b.rotation(qb);
      multiplyQuat(conjugateQuat(qa, qRel), qb, qRel);
      if (qRel.w < 0) {
        qRel.x = -qRel.x;
        qRel.y = -qRel.y;
        qRel.z = -qRel.z;
        qRel.w = -qRel.w;
      }
      const sinHalf = Math.hypot(qRel.x, qRel.y, qRel.z);
      const angle = 2 * Math.atan2(sinHalf, qRel.w);
      if (sinHalf > 1e-9) {
        axis.x = qRel.x / sinHalf;
        axis.y = qRel.y / sinHalf;
        axis.z = qRel.z / sinHalf;
        rotateVec(qa, axis, axis);
      } else {
        axis.x = axis.y = axis.z = 0;
      }
      a.angvel(omegaA);
      b.angvel(omegaB);
      const scale = this.inertias[i]! * dt;
      impulse.x = (-this.kp * angle * axis.x - this.kd * (omegaB.x - omegaA.x)) * scale;
      impulse.y = (-this.kp * angle * axis.y - this.kd * (omegaB.y - omegaA.y)) * scale;
      impulse.z = (-this.kp * angle * axis.z - this.kd * (omegaB.z - omegaA.z)) * scale;
      b.applyTorqueImpulse(impulse, true);
      impulse.x = -impulse.x;
      impulse.y = -impulse.y;
      impulse.z = -impulse.z;
      a.applyTorqueImpulse(impulse, true);
    }
  }
}
