import type { Ragdoll } from '../ragdoll';
import type { RapierApi, RigidBody, World } from '../rapier-api';
import { quat, rotateVec, vec3 } from '../vector-math';
import type { BalanceAssist, BalanceAssistKind } from './balance-pin';
import { BalancePin, FOLLOW_PIN, GET_UP_PIN } from './balance-pin';
import type { DollMotion, DollPose } from './doll-motion';
import { createDollPose } from './doll-motion';
import type { FigureMotionState } from './figure-motion-state';
import { blendWeight, getUpSeconds, limitedRise } from './get-up';
import { JointDrive, writePacked } from './joint-drive';
import {
  KNOCK_DOWN_DISTANCE,
  KNOCK_DOWN_SPEED_CHANGE,
  KNOCK_DOWN_TILT,
  LIE_STILL_SECONDS,
  LIE_STILL_SPEED,
} from './knock-down';
import { facingYaw, fastestPartSpeed, lowestPartPoint, lowestRestPoint } from './lying-pose';
import type { MuscleGains } from './muscle';
import { readPackedQuat, slerpQuat, yawQuat } from './rotation-math';
import type { MotorOwnership } from './motor-ownership';
import { PidPin } from './pid-pin';
import { SelfContacts } from './self-contacts';

/** How far below standing height a start still finds support (metres). */
const SUPPORT_MARGIN = 0.15;

const position = vec3();
const velocity = vec3();
const rotation = quat();
const pelvisRotation = quat();
const targetRotation = quat();
const from = quat();
const to = quat();
const offset = vec3();
const rotatedOffset = vec3();
const pinPosition = vec3();
const pinRotation = quat();

/**
 * One figure playing a motion through the physics: its joints' motors follow the motion's
 * pose, a balance pin holds the pelvis where the motion puts it, a hit makes it limp, and once
 * it has lain still it blends back into the motion where it lies. Owns the pin; shares the
 * joint motors with the STIFFNESS driver through {@link MotorOwnership}, one owner at a time.
 */
export class FigureMotion {
  private stateValue: FigureMotionState = 'limp';
  private timeValue: number;
  private readonly pose: DollPose;
  private readonly drive: JointDrive;
  private readonly pin: BalanceAssist;
  private readonly selfContacts: SelfContacts;
  private readonly partRotations: Float64Array;
  private readonly motionTargets: Float64Array;
  private readonly blendTargets: Float64Array;
  private readonly blendStart: Float64Array;
  private readonly masses: Float64Array;
  private readonly totalMass: number;
  private readonly lastVelocity = vec3();
  private readonly rootIndex: number;
  /** Rest centre of the root part in doll space, metres. */
  private readonly restRoot = vec3();
  /** Height of the root part's centre above the ground when the doll stands at rest, metres. */
  private readonly standingRootHeight: number;
  private readonly motorModel: number;
  private stillSeconds = 0;
  private stillNeeded = LIE_STILL_SECONDS;
  /** Set by {@link restart}: decide after the next step whether to start at once. */
  private starting = false;
  private blendSeconds = 0;
  private blendDuration = 0;
  /** Where the motion's doll-space origin stands (x, z) and the ground height, metres. */
  private originX = 0;
  private originZ = 0;
  private groundY = 0;
  private readonly yaw = quat();
  private readonly startPelvis = vec3();
  private readonly startPelvisRotation = quat();
  private riseY = 0;
  private readonly pinTarget = vec3();
  private readonly pinTargetRotation = quat();

  constructor(
    private readonly rapier: RapierApi,
    private readonly world: World,
    readonly doll: Ragdoll,
    readonly motion: DollMotion,
    startTime: number,
    private readonly motors: MotorOwnership,
    carriedBodies: readonly RigidBody[] = [],
    pinKind: BalanceAssistKind = 'pin',
  ) {
    const parts = doll.parts.length;
    this.pose = createDollPose(parts);
    this.drive = new JointDrive(rapier, world, doll, carriedBodies);
    this.partRotations = new Float64Array(4 * parts);
    this.motionTargets = new Float64Array(4 * this.drive.jointCount);
    this.blendTargets = new Float64Array(4 * this.drive.jointCount);
    this.blendStart = new Float64Array(4 * this.drive.jointCount);
    this.masses = Float64Array.from(doll.parts, (part) => part.body.mass());
    this.totalMass = this.masses.reduce((sum, m) => sum + m, 0);
    this.pin =
      pinKind === 'pid'
        ? new PidPin(rapier, world, doll.root.body, this.totalMass)
        : new BalancePin(rapier, world, doll.root.body, this.totalMass);
    this.selfContacts = new SelfContacts(rapier, world, doll);
    this.rootIndex = doll.parts.indexOf(doll.root);
    const [rx, ry, rz] = doll.root.spec.center;
    this.restRoot.x = rx;
    this.restRoot.y = ry;
    this.restRoot.z = rz;
    this.standingRootHeight = ry - lowestRestPoint(doll.spec);
    this.motorModel = rapier.MotorModel.ForceBased as number;
    this.timeValue = wrapTime(startTime, motion.duration);
    this.restart();
  }

  get state(): FigureMotionState {
    return this.stateValue;
  }

  /** Seconds into the motion, 0 ≤ t < duration. */
  get time(): number {
    return this.timeValue;
  }

  /**
   * Starts afresh from wherever the figure is (a new motion, DROP, RESET, a restored preset).
   * After the next step (when Rapier has the new positions) a figure that is still and has
   * something under it starts blending into the motion at once; one in the air falls limp
   * and gets up once it has lain still.
   */
  restart(): void {
    this.goLimp();
    this.stillNeeded = LIE_STILL_SECONDS;
    this.starting = true;
  }

  /** Knocks the figure down (a blast, a grab): limp until it has lain still. */
  knockDown(): void {
    if (this.stateValue === 'limp') return;
    this.goLimp();
    this.stillNeeded = LIE_STILL_SECONDS;
  }

  /** Before the world step: advance the motion and set motor and pin targets. */
  beforeStep(dt: number, playing: boolean, gains: MuscleGains): void {
    if (playing) this.timeValue = wrapTime(this.timeValue + dt, this.motion.duration);
    if (this.stateValue === 'limp') return;
    this.readPartRotations();
    this.motion.sample(this.timeValue, this.pose);
    this.drive.jointTargetsFromParts(this.pose.rotations, this.motionTargets);
    this.motionRootTarget(this.pinTarget, this.pinTargetRotation);
    if (this.stateValue === 'gettingUp') this.blendTowardMotion(dt);
    const targets = this.stateValue === 'gettingUp' ? this.blendTargets : this.motionTargets;
    this.drive.drive(this.partRotations, targets, gains);
    readPackedQuat(this.partRotations, this.rootIndex, pelvisRotation);
    if (this.stateValue === 'gettingUp')
      this.pin.setTarget(pinPosition, pinRotation, pelvisRotation);
    else this.pin.setTarget(this.pinTarget, this.pinTargetRotation, pelvisRotation);
    // A figure following a motion never sleeps: the motion moves on whether it is still or not.
    this.doll.root.body.wakeUp();
  }

  /** After the world step: knock-down, lying still, the end of the get-up. */
  afterStep(dt: number, getUpEnabled: boolean, gains: MuscleGains): void {
    if (this.stateValue === 'limp') {
      this.watchLying(dt, getUpEnabled, gains);
      return;
    }
    if (this.struck() || this.pushedOver()) {
      this.knockDown();
      return;
    }
    if (this.stateValue === 'gettingUp' && this.blendSeconds >= this.blendDuration) {
      this.stateValue = 'following';
      this.pin.hold(FOLLOW_PIN);
    }
  }

  /** Applies a new MUSCLE to the joints it drives (no effect while limp). */
  setGains(gains: MuscleGains): void {
    if (this.stateValue !== 'limp') this.drive.configure(gains, this.motorModel);
  }

  /**
   * Mean angle (radians) between each joint's relative rotation and the motion's target for
   * the current moment (clamped to the joint's limits, which is what the motors chase).
   */
  trackingError(): number {
    this.readPartRotations();
    this.motion.sample(this.timeValue, this.pose);
    this.drive.jointTargetsFromParts(this.pose.rotations, this.motionTargets);
    return this.drive.meanError(this.partRotations, this.motionTargets);
  }

  /** The root part's target centre for the current moment (metres, world), while following. */
  motionRootHeightAboveGround(): number {
    this.motion.sample(this.timeValue, this.pose);
    return this.standingRootHeight + this.pose.rootOffset[1]!;
  }

  /** Removes the pin and gives the motors back. */
  dispose(): void {
    if (this.stateValue !== 'limp') this.motors.release(this.doll);
    this.pin.dispose();
    this.selfContacts.dispose();
  }

  // ---- internals ----------------------------------------------------------------------

  private goLimp(): void {
    if (this.stateValue !== 'limp') this.motors.release(this.doll);
    this.pin.release();
    this.selfContacts.setEnabled(true);
    this.stateValue = 'limp';
    this.stillSeconds = 0;
  }

  private watchLying(dt: number, getUpEnabled: boolean, gains: MuscleGains): void {
    if (this.starting) {
      this.starting = false;
      // The figure as a whole, not its fastest part: in the first step after being placed a
      // limb (or an MMD model's hair pushing on it) may twitch faster than a lying figure's
      // limit, and a figure put down standing should start standing, not slump first.
      const settled = speed(this.centreOfMassVelocity(velocity)) < LIE_STILL_SPEED;
      if (settled && getUpEnabled && this.supported()) {
        this.startGetUp(gains);
        return;
      }
    }
    const still = fastestPartSpeed(this.doll.parts) < LIE_STILL_SPEED;
    this.stillSeconds = still ? this.stillSeconds + dt : 0;
    if (getUpEnabled && this.stillSeconds >= this.stillNeeded) this.startGetUp(gains);
  }

  private startGetUp(gains: MuscleGains): void {
    const pelvis = this.doll.root.body;
    pelvis.translation(this.startPelvis);
    pelvis.rotation(this.startPelvisRotation);
    this.readPartRotations();
    this.drive.currentJointRotations(this.partRotations, this.blendStart);
    yawQuat(facingYaw(this.startPelvisRotation), this.yaw);
    this.groundY = lowestPartPoint(this.doll.parts);
    // The motion's origin goes where the pelvis lies, so the figure rises on the spot.
    this.motion.sample(this.timeValue, this.pose);
    this.rootOffset(rotatedOffset);
    this.originX = this.startPelvis.x - rotatedOffset.x;
    this.originZ = this.startPelvis.z - rotatedOffset.z;
    this.riseY = this.startPelvis.y;
    const rise = this.groundY + this.standingRootHeight + this.pose.rootOffset[1]! - this.riseY;
    this.blendDuration = getUpSeconds(rise);
    this.blendSeconds = 0;
    this.motors.take(this.doll);
    this.drive.configure(gains, this.motorModel);
    this.pin.hold(GET_UP_PIN);
    this.selfContacts.setEnabled(false);
    this.rememberVelocities();
    this.stateValue = 'gettingUp';
  }

  /** The pose's root offset from rest, turned by the figure's yaw (metres, world). */
  private rootOffset(out: typeof offset): typeof offset {
    offset.x = this.restRoot.x + this.pose.rootOffset[0]!;
    offset.y = this.restRoot.y + this.pose.rootOffset[1]!;
    offset.z = this.restRoot.z + this.pose.rootOffset[2]!;
    return rotateVec(this.yaw, offset, out);
  }

  /** Where the motion puts the pelvis now, and how it turns it (world). */
  private motionRootTarget(out: typeof pinPosition, outRotation: typeof pinRotation): void {
    this.rootOffset(rotatedOffset);
    out.x = this.originX + rotatedOffset.x;
    out.y = this.groundY + this.standingRootHeight + this.pose.rootOffset[1]!;
    out.z = this.originZ + rotatedOffset.z;
    readPackedQuat(this.pose.rotations, this.rootIndex, rotation);
    // yaw · pelvis rotation
    const y = this.yaw;
    outRotation.x = y.w * rotation.x + y.x * rotation.w + y.y * rotation.z - y.z * rotation.y;
    outRotation.y = y.w * rotation.y - y.x * rotation.z + y.y * rotation.w + y.z * rotation.x;
    outRotation.z = y.w * rotation.z + y.x * rotation.y - y.y * rotation.x + y.z * rotation.w;
    outRotation.w = y.w * rotation.w - y.x * rotation.x - y.y * rotation.y - y.z * rotation.z;
  }

  /** Joint and pin targets part way from the lying pose to the motion's. */
  private blendTowardMotion(dt: number): void {
    this.blendSeconds += dt;
    const s = blendWeight(this.blendSeconds, this.blendDuration);
    for (let j = 0; j < this.drive.jointCount; j++) {
      readPackedQuat(this.blendStart, j, from);
      readPackedQuat(this.motionTargets, j, to);
      writePacked(this.blendTargets, j, slerpQuat(from, to, s, targetRotation));
    }
    const desiredY = this.startPelvis.y + (this.pinTarget.y - this.startPelvis.y) * s;
    this.riseY = limitedRise(this.riseY, desiredY, dt);
    pinPosition.x = this.startPelvis.x + (this.pinTarget.x - this.startPelvis.x) * s;
    pinPosition.y = this.riseY;
    pinPosition.z = this.startPelvis.z + (this.pinTarget.z - this.startPelvis.z) * s;
    slerpQuat(this.startPelvisRotation, this.pinTargetRotation, s, pinRotation);
    // Until the blend ends, the pin's own target is the blended one (for the push-over test).
    this.pinTarget.x = pinPosition.x;
    this.pinTarget.y = pinPosition.y;
    this.pinTarget.z = pinPosition.z;
    this.pinTargetRotation.x = pinRotation.x;
    this.pinTargetRotation.y = pinRotation.y;
    this.pinTargetRotation.z = pinRotation.z;
    this.pinTargetRotation.w = pinRotation.w;
  }

  /**
   * True when something other than the figure itself is under its pelvis within standing
   * height (plus a margin): it stands or lies on something, rather than hanging in the air.
   * Allocates (a ray query); runs once per start.
   */
  private supported(): boolean {
    const pelvis = this.doll.root.body.translation();
    const own = new Set(this.doll.parts.map((part) => part.collider.handle));
    const ray = new this.rapier.Ray(pelvis, { x: 0, y: -1, z: 0 });
    const reach = this.standingRootHeight + SUPPORT_MARGIN;
    const hit = this.world.castRay(
      ray,
      reach,
      true,
      undefined,
      undefined,
      undefined,
      undefined,
      (collider) => !own.has(collider.handle) && !collider.isSensor(),
    );
    return hit !== null;
  }

  private readPartRotations(): void {
    const parts = this.doll.parts;
    for (let i = 0; i < parts.length; i++) {
      parts[i]!.body.rotation(rotation);
      writePacked(this.partRotations, i, rotation);
    }
  }

  /** The figure's centre-of-mass velocity now (m/s) into `out`. */
  private centreOfMassVelocity(out: typeof velocity): typeof velocity {
    const parts = this.doll.parts;
    let x = 0;
    let y = 0;
    let z = 0;
    for (let i = 0; i < parts.length; i++) {
      parts[i]!.body.linvel(velocity);
      const m = this.masses[i]!;
      x += m * velocity.x;
      y += m * velocity.y;
      z += m * velocity.z;
    }
    out.x = x / this.totalMass;
    out.y = y / this.totalMass;
    out.z = z / this.totalMass;
    return out;
  }

  private rememberVelocities(): void {
    this.centreOfMassVelocity(this.lastVelocity);
  }

  /**
   * True when the centre of mass's velocity jumped sideways or downward in the last step (and
   * remembers the new one). The motors are internal forces, so however hard they swing a limb
   * the figure's momentum stays, except through the floor: a foot stamped down pushes the whole
   * figure up (measured: 1.4 m/s in one step on a light avatar whose hand hit its own hip).
   * The floor only pushes up, so only a sideways or downward jump counts: something from
   * outside (a ball, a figure, a box) changes it this fast.
   */
  private struck(): boolean {
    const before = this.lastVelocity;
    const bx = before.x;
    const by = before.y;
    const bz = before.z;
    const now = this.centreOfMassVelocity(before);
    const dx = now.x - bx;
    const dy = Math.min(0, now.y - by);
    const dz = now.z - bz;
    return dx * dx + dy * dy + dz * dz > KNOCK_DOWN_SPEED_CHANGE * KNOCK_DOWN_SPEED_CHANGE;
  }

  /** True when the pelvis is far from where the pin wants it, or turned far from it. */
  private pushedOver(): boolean {
    const pelvis = this.doll.root.body;
    pelvis.translation(position);
    const dx = position.x - this.pinTarget.x;
    const dy = position.y - this.pinTarget.y;
    const dz = position.z - this.pinTarget.z;
    if (dx * dx + dy * dy + dz * dz > KNOCK_DOWN_DISTANCE * KNOCK_DOWN_DISTANCE) return true;
    pelvis.rotation(rotation);
    const t = this.pinTargetRotation;
    const dot = Math.abs(rotation.x * t.x + rotation.y * t.y + rotation.z * t.z + rotation.w * t.w);
    return 2 * Math.acos(Math.min(1, dot)) > KNOCK_DOWN_TILT;
  }
}

function speed(v: { x: number; y: number; z: number }): number {
  return Math.sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
}

/** `time` wrapped into [0, duration). */
function wrapTime(time: number, duration: number): number {
  if (!Number.isFinite(time)) return 0;
  const wrapped = time % duration;
  return wrapped < 0 ? wrapped + duration : wrapped;
}
