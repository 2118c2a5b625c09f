import type { PidController, RapierApi, RigidBody, World } from '../rapier-api';
import type { QuatLike, Vec3Like } from '../vector-math';
import { vec3 } from '../vector-math';
import type { BalanceAssist, PinStrength } from './balance-pin';
import { PIN_OMEGA, PIN_RADIUS_OF_GYRATION } from './balance-pin';

const GRAVITY = 9.81;
/** The step this controller is tuned for, seconds (the sandbox's fixed step). */
const STEP = 1 / 120;

const zero = vec3();
const correction = vec3();
const impulse = vec3();

/**
 * The measured alternative to {@link BalancePin}: Rapier's `PidController` (a velocity-level
 * PD controller) computes each step the velocity change that would move the pelvis toward the
 * motion's pose, with the same spring as the pin (ω = {@link PIN_OMEGA}, critically damped:
 * kp = ω²·dt, kd = 2ω·dt), and it is applied as an impulse on the pelvis for the whole
 * figure's mass, clamped per axis to the same force limits. Unlike the pin's joint, the
 * impulse is explicit (computed before the step, not solved with the contacts and joints).
 * Kept for `npm run bench:motion-physics`, which compares the two; the app uses the pin.
 */
export class PidPin implements BalanceAssist {
  private readonly controller: PidController;
  private readonly mass: number;
  private readonly inertia: number;
  private readonly weight: number;
  private strength: PinStrength | null = null;
  private disposed = false;

  /**
   * @param pelvis the body it holds
   * @param mass the whole figure's mass, kg
   */
  constructor(
    rapier: RapierApi,
    private readonly world: World,
    private readonly pelvis: RigidBody,
    mass: number,
  ) {
    const kp = PIN_OMEGA * PIN_OMEGA * STEP;
    const kd = 2 * PIN_OMEGA * STEP;
    this.controller = world.createPidController(kp, 0, kd, rapier.PidAxesMask.All);
    this.mass = mass;
    this.inertia = mass * PIN_RADIUS_OF_GYRATION * PIN_RADIUS_OF_GYRATION;
    this.weight = mass * GRAVITY;
  }

  get holding(): boolean {
    return this.strength !== null;
  }

  hold(strength: PinStrength): void {
    this.strength = strength;
  }

  release(): void {
    this.strength = null;
  }

  /** Pushes the pelvis toward the target for the coming step (an impulse, force-limited). */
  setTarget(position: Vec3Like, rotation: QuatLike, _pelvisRotation: QuatLike): void {
    const strength = this.strength;
    if (!strength || this.disposed) return;
    const limitH = strength.horizontal * this.weight * STEP;
    const limitV = strength.vertical * this.weight * STEP;
    const limitT = strength.torque * this.weight * STEP;
    this.controller.linearCorrection(this.pelvis, position, zero, correction);
    impulse.x = clamp(correction.x * this.mass, limitH);
    impulse.y = clamp(correction.y * this.mass, limitV);
    impulse.z = clamp(correction.z * this.mass, limitH);
    this.pelvis.applyImpulse(impulse, true);
    this.controller.angularCorrection(this.pelvis, rotation, zero, correction);
    impulse.x = clamp(correction.x * this.inertia, limitT);
    impulse.y = clamp(correction.y * this.inertia, limitT);
    impulse.z = clamp(correction.z * this.inertia, limitT);
    this.pelvis.applyTorqueImpulse(impulse, true);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.world.removePidController(this.controller);
  }
}

function clamp(value: number, limit: number): number {
  return Math.max(-limit, Math.min(limit, value));
}
