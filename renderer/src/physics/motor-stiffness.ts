import type { Ragdoll } from './ragdoll';
import type { RapierApi, World } from './rapier-api';
import type { StiffnessDriver } from './stiffness';
import { stiffnessGains } from './stiffness';

/**
 * STIFFNESS through Rapier's joint motors: every angular axis of every joint gets a
 * position motor toward 0 (the rest pose) with the PD gains of `stiffness.ts`. The motors are
 * acceleration-based, so the gains act as ω0² and 2ζω0 whatever the parts weigh, and
 * Rapier solves them implicitly: nothing runs in JavaScript per step and resting dolls
 * can sleep.
 *
 * Spherical joints come back from `createImpulseJoint` without motor methods in JS, so
 * the motors are configured on the raw joint set (`world.impulseJoints.raw`, which
 * Rapier 0.20 and 0.21 expose but do not document).
 */
export class MotorStiffness implements StiffnessDriver {
  readonly method = 'motor' as const;
  private readonly dolls = new Set<Ragdoll>();
  private stiffness = 0;

  constructor(
    private readonly rapier: RapierApi,
    private readonly world: World,
  ) {}

  setStiffness(stiffness: number): void {
    this.stiffness = stiffness;
    for (const doll of this.dolls) this.configure(doll);
  }

  addDoll(doll: Ragdoll): void {
    this.dolls.add(doll);
    this.configure(doll);
  }

  removeDoll(doll: Ragdoll): void {
    this.dolls.delete(doll);
  }

  beforeStep(): void {
    // The motors run inside Rapier's solver.
  }

  private configure(doll: Ragdoll): void {
    const { kp, kd } = stiffnessGains(this.stiffness);
    const raw = this.world.impulseJoints.raw;
    const { JointAxis, MotorModel } = this.rapier;
    const model = MotorModel.AccelerationBased as number;
    // A motor with zero gains is not "off" in Rapier: with no compliance it becomes a rigid
    // velocity lock. Limp (STIFFNESS 0) therefore means a motor allowed no force at all.
    const maxForce = kp === 0 && kd === 0 ? 0 : Number.MAX_VALUE;
    for (const { spec, joint } of doll.joints) {
      const axes =
        spec.kind === 'revolute'
          ? [JointAxis.AngX]
          : [JointAxis.AngX, JointAxis.AngY, JointAxis.AngZ];
      for (const axis of axes) {
        raw.jointConfigureMotorModel(joint.handle, axis as number, model);
        raw.jointConfigureMotorPosition(joint.handle, axis as number, 0, kp, kd);
        raw.jointSetMotorMaxForce(joint.handle, axis as number, maxForce);
      }
      // Changing a motor must wake the doll, or a sleeping one would ignore the new setting.
      joint.body2().wakeUp();
    }
  }
}
