import type { RapierApi, RigidBody, World } from '../rapier-api';
import type { QuatLike, Vec3Like } from '../vector-math';
import { vec3 } from '../vector-math';
import { sphericalMotorTargets } from './joint-target';

/** How hard the pin may pull, as multiples of the figure's weight (m·g). */
export interface PinStrength {
  /** Largest sideways force per horizontal axis, × m·g. */
  readonly horizontal: number;
  /** Largest vertical force, × m·g. */
  readonly vertical: number;
  /** Largest torque per axis, × m·g·1 m. */
  readonly torque: number;
}

/**
 * While following: enough to keep a standing figure balanced and staggering under a push,
 * far below what a thrown ball or a blast delivers (a 17 kg ball at 12 m/s brings 200 N·s).
 */
export const FOLLOW_PIN: PinStrength = { horizontal: 0.5, vertical: 0.8, torque: 0.3 };
/** While getting up the pin lifts the pelvis from the floor: more than the weight upward. */
export const GET_UP_PIN: PinStrength = { horizontal: 0.8, vertical: 1.6, torque: 0.5 };

/** Spring of the pin: natural frequency (rad/s) of the pelvis on it, critically damped. */
export const PIN_OMEGA = 20;
/** Rotational spring, as if the figure's rotational inertia were m·(0.3 m)². */
export const PIN_RADIUS_OF_GYRATION = 0.3;

/**
 * What holds a figure following a motion upright: a force-limited pull of the pelvis toward
 * where the motion puts it. {@link BalancePin} is the app's; `PidPin` the measured alternative.
 */
export interface BalanceAssist {
  /** True while it holds the pelvis. */
  readonly holding: boolean;
  /** Starts (or changes) holding with this strength. */
  hold(strength: PinStrength): void;
  /** Lets go: no force at all. */
  release(): void;
  /**
   * Where the pelvis should be (metres, world) and how it should be turned, for the coming
   * step; `pelvisRotation` is its rotation now. Allocates nothing.
   */
  setTarget(position: Vec3Like, rotation: QuatLike, pelvisRotation: QuatLike): void;
  /** Removes what it added to the world. Safe to call twice. */
  dispose(): void;
}

/** Which balance assist figures get: the pin joint (the app's) or Rapier's PidController. */
export type BalanceAssistKind = 'pin' | 'pid';
const GRAVITY = 9.81;

const motorTargets = vec3();

/**
 * The balance assist ("pin"): an invisible kinematic anchor moved each step to where the
 * motion wants the pelvis, joined to the pelvis by a 6-axis joint whose motors are springs with
 * a force limit. Rapier solves them with the other constraints (implicit, so stiff springs stay
 * stable) and the limit lets a hard hit overcome the pin. The anchor stays unrotated, so its
 * linear axes are the world's (a vertical limit apart from the sideways one); the rotation
 * target is fed through the angular motors (see `sphericalMotorTargets`).
 */
export class BalancePin implements BalanceAssist {
  private readonly anchor: RigidBody;
  private readonly jointHandle: number;
  private readonly linearAxes: readonly number[];
  private readonly angularAxes: readonly number[];
  private readonly weight: number;
  private readonly linearStiffness: number;
  private readonly linearDamping: number;
  private readonly angularStiffness: number;
  private readonly angularDamping: number;
  private enabled = false;
  private disposed = false;

  /**
   * @param pelvis the body the pin holds
   * @param mass the whole figure's mass, kg (sets the spring and the force limits)
   */
  constructor(
    rapier: RapierApi,
    private readonly world: World,
    private readonly pelvis: RigidBody,
    mass: number,
  ) {
    const at = pelvis.translation();
    this.anchor = world.createRigidBody(
      rapier.RigidBodyDesc.kinematicPositionBased().setTranslation(at.x, at.y, at.z),
    );
    const joint = world.createImpulseJoint(
      rapier.JointData.generic(vec3(), vec3(), vec3(1, 0, 0), 0 as never),
      this.anchor,
      pelvis,
      true,
    );
    joint.setContactsEnabled(false);
    this.jointHandle = joint.handle;
    const { JointAxis } = rapier;
    this.linearAxes = [JointAxis.LinX, JointAxis.LinY, JointAxis.LinZ] as number[];
    this.angularAxes = [JointAxis.AngX, JointAxis.AngY, JointAxis.AngZ] as number[];
    this.weight = mass * GRAVITY;
    this.linearStiffness = mass * PIN_OMEGA * PIN_OMEGA;
    this.linearDamping = 2 * mass * PIN_OMEGA;
    const inertia = mass * PIN_RADIUS_OF_GYRATION * PIN_RADIUS_OF_GYRATION;
    this.angularStiffness = inertia * PIN_OMEGA * PIN_OMEGA;
    this.angularDamping = 2 * inertia * PIN_OMEGA;
    const raw = world.impulseJoints.raw;
    const model = rapier.MotorModel.ForceBased as number;
    for (const axis of [...this.linearAxes, ...this.angularAxes]) {
      raw.jointConfigureMotorModel(this.jointHandle, axis, model);
    }
    this.release();
  }

  /** True while the pin holds the pelvis. */
  get holding(): boolean {
    return this.enabled;
  }

  /** Starts (or changes) holding with this strength; the anchor jumps to the pelvis first. */
  hold(strength: PinStrength): void {
    const raw = this.world.impulseJoints.raw;
    if (!this.enabled) {
      this.anchor.setTranslation(this.pelvis.translation(), false);
      this.enabled = true;
    }
    const [x, y, z] = this.linearAxes as [number, number, number];
    raw.jointSetMotorMaxForce(this.jointHandle, x, strength.horizontal * this.weight);
    raw.jointSetMotorMaxForce(this.jointHandle, y, strength.vertical * this.weight);
    raw.jointSetMotorMaxForce(this.jointHandle, z, strength.horizontal * this.weight);
    for (const axis of this.linearAxes) {
      raw.jointConfigureMotorPosition(
        this.jointHandle,
        axis,
        0,
        this.linearStiffness,
        this.linearDamping,
      );
    }
    for (const axis of this.angularAxes) {
      raw.jointSetMotorMaxForce(this.jointHandle, axis, strength.torque * this.weight);
    }
  }

  /** Lets go: no force at all (the figure is limp), and the figure may fall asleep. */
  release(): void {
    const raw = this.world.impulseJoints.raw;
    for (const axis of [...this.linearAxes, ...this.angularAxes]) {
      raw.jointConfigureMotorPosition(this.jointHandle, axis, 0, 0, 0);
      raw.jointSetMotorMaxForce(this.jointHandle, axis, 0);
    }
    this.enabled = false;
  }

  /**
   * Where the pelvis should be (metres) and how it should be turned, for the coming step.
   * `pelvisRotation` is its rotation now. Allocates nothing.
   */
  setTarget(position: Vec3Like, rotation: QuatLike, pelvisRotation: QuatLike): void {
    if (!this.enabled) return;
    this.anchor.setNextKinematicTranslation(position);
    // The anchor is unrotated, so the joint's relative rotation is the pelvis's own.
    sphericalMotorTargets(pelvisRotation, rotation, motorTargets);
    const raw = this.world.impulseJoints.raw;
    const [ax, ay, az] = this.angularAxes as [number, number, number];
    const k = this.angularStiffness;
    const c = this.angularDamping;
    raw.jointConfigureMotorPosition(this.jointHandle, ax, motorTargets.x, k, c);
    raw.jointConfigureMotorPosition(this.jointHandle, ay, motorTargets.y, k, c);
    raw.jointConfigureMotorPosition(this.jointHandle, az, motorTargets.z, k, c);
  }

  /** Removes the anchor and its joint. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.world.removeRigidBody(this.anchor);
  }
}
