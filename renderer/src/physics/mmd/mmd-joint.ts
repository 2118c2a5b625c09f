import type { ImpulseJoint, RapierApi, RigidBody, World } from '../rapier-api';
import type { QuatLike, Vec3Like } from '../vector-math';
import { conjugateQuat, multiplyQuat, quat, rotateVec, vec3 } from '../vector-math';
import type { MmdJointSpec } from './mmd-physics-spec';
import type { SpringSide } from './spring-rates';
import { springRates } from './spring-rates';

/**
 * How an MMD spring acts. `acceleration`: the file's k becomes ω² = k / I (see
 * `spring-rates.ts`, the one place the units are explained) and Rapier scales it by the
 * joint's effective mass. `force`: k is used as a torque (N·m/rad) or force (N/m) constant,
 * Bullet's meaning, against the bodies' Rapier masses.
 */
export type MmdSpringModel = 'acceleration' | 'force';

/**
 * The spring model used unless told otherwise: acceleration-based, critically damped.
 * Measured on a 10-link hair chain (0.1 kg links, k = 30 on every angular axis) on the box
 * dummy after a drop, fastest link 12 s later: acceleration ζ = 1: 0.004 m/s (at rest);
 * acceleration ζ = 0.3: 0.08; ζ = 3: 0.10; force-based undamped: 0.14; force-based with
 * d = 2√(k·I): 0.07-0.11; force-based with k = 0.01: 0.085 m/s. Force-based springs keep
 * jittering where hair lies on the body or the floor: with the tiny inertia of hair links in
 * metres (~1e-5 kg·m²) any file k is hundreds of rad/s, a rigid lock fighting the contacts,
 * and Rapier's motor with zero damping corrects position at the full 1/dt rate whatever k is.
 * So each spring is given as ω² = k / I (the file's frequency, see `spring-rates.ts`) to an
 * acceleration-based motor, critically damped: it swings at the author's frequency and settles.
 */
export const DEFAULT_MMD_SPRING_MODEL: MmdSpringModel = 'acceleration';

/**
 * Spring damping as a share of critical damping (d = 2ζ√k, exact for an acceleration-based
 * spring). The files carry none (Bullet's default of 1 is "undamped"); see
 * {@link DEFAULT_MMD_SPRING_MODEL} for why 1.
 */
export const MMD_SPRING_DAMPING_RATIO = 1;

/**
 * A joint side at its rest pose in doll space, as the joint builder needs it: the Rapier body
 * the joint attaches to, and where that body rests (for a `follow` body, a collider on its
 * part, the PART's rest pose, so the joint frame is expressed in the part's local frame).
 */
export interface RestPose extends SpringSide {
  readonly body: RigidBody;
  /** Doll space, metres. */
  readonly position: Vec3Like;
  readonly rotation: QuatLike;
}

/** How one joint axis is constrained, from the file's min and max. */
export type AxisMode = 'locked' | 'limited' | 'free';

/** min = max = 0 is locked; min ≤ max is limited (min = max ≠ 0 pins the axis at that value); min > max is free. */
export function axisMode(min: number, max: number): AxisMode {
  if (min === 0 && max === 0) return 'locked';
  return min <= max ? 'limited' : 'free';
}

const anchor = vec3();
const frame = quat();
const inverse = quat();
const offset = vec3();

/** The joint frame (doll space) as a local frame of a body at rest: anchor and rotation. */
function localFrame(
  jointPosition: readonly [number, number, number],
  jointRotation: QuatLike,
  rest: RestPose,
  anchorOut: Vec3Like,
  frameOut: QuatLike,
): void {
  conjugateQuat(rest.rotation, inverse);
  offset.x = jointPosition[0] - rest.position.x;
  offset.y = jointPosition[1] - rest.position.y;
  offset.z = jointPosition[2] - rest.position.z;
  rotateVec(inverse, offset, anchorOut);
  multiplyQuat(inverse, jointRotation, frameOut);
}

/**
 * Builds an MMD 6-DOF spring joint between two bodies in Rapier.
 *
 * `JointData.generic` ignores `frame1`/`frame2` (its `intoRaw` passes only anchors, one axis and
 * the lock mask), so the joint is created with the lock mask and then given its full local
 * frames with `setLocalFrame1/2`: every limit and spring then acts about the joint frame's
 * own axes, not the bodies' or the world's (tested with a frame turned 45°). Per axis (axes
 * 0-2 linear X/Y/Z, 3-5 angular): locked axes go into the mask, limited axes get
 * `jointSetLimits`, free axes nothing; axes with a non-zero spring constant get a position
 * motor toward 0 (the rest pose), critically damped, with the rate of {@link springRates}
 * (acceleration model) or the constant itself (force model). Contacts between the two bodies are off, as in MMD's Bullet
 * setup. Allocates: build time only.
 */
export function createMmdJoint(
  rapier: RapierApi,
  world: World,
  spec: MmdJointSpec,
  a: RestPose,
  b: RestPose,
  springModel: MmdSpringModel = DEFAULT_MMD_SPRING_MODEL,
): ImpulseJoint {
  const { JointData, JointAxesMask, MotorModel } = rapier;
  const mins = [...spec.linearMin, ...spec.angularMin];
  const maxs = [...spec.linearMax, ...spec.angularMax];
  const stiffness = [...spec.linearStiffness, ...spec.angularStiffness];
  const maskBits = [
    JointAxesMask.LinX,
    JointAxesMask.LinY,
    JointAxesMask.LinZ,
    JointAxesMask.AngX,
    JointAxesMask.AngY,
    JointAxesMask.AngZ,
  ];
  const modes = mins.map((min, axis) => axisMode(min, maxs[axis]!));
  let mask = 0;
  modes.forEach((mode, axis) => {
    if (mode === 'locked') mask |= maskBits[axis]! as number;
  });
  const [x, y, z, w] = spec.rotation;
  const length = Math.hypot(x, y, z, w);
  const jointRotation = quat(x / length, y / length, z / length, w / length);

  const anchorA = vec3();
  const frameA = quat();
  localFrame(spec.position, jointRotation, a, anchorA, frameA);
  localFrame(spec.position, jointRotation, b, anchor, frame);
  const data = JointData.generic(anchorA, vec3(anchor.x, anchor.y, anchor.z), vec3(1, 0, 0), mask);
  const joint = world.createImpulseJoint(data, a.body, b.body, true);
  joint.setLocalFrame1(anchorA, frameA);
  joint.setLocalFrame2(anchor, frame);
  joint.setContactsEnabled(false);

  const raw = world.impulseJoints.raw;
  const acceleration = springModel === 'acceleration';
  const model = (acceleration ? MotorModel.AccelerationBased : MotorModel.ForceBased) as number;
  const rates = acceleration ? springRates(stiffness, jointRotation, a, b) : stiffness;
  modes.forEach((mode, axis) => {
    if (mode === 'locked') return;
    if (mode === 'limited') raw.jointSetLimits(joint.handle, axis, mins[axis]!, maxs[axis]!);
    const k = rates[axis]!;
    if (!(k > 0)) return;
    raw.jointConfigureMotorModel(joint.handle, axis, model);
    raw.jointConfigureMotorPosition(joint.handle, axis, 0, k, springDamping(k));
  });
  return joint;
}

/**
 * The damping a spring of rate k (ω², 1/s²) gets: d = 2ζ√k = 2ζω with ζ =
 * {@link MMD_SPRING_DAMPING_RATIO} (for a force-based spring the effective mass is not known
 * here; the same √k scale keeps the damping in proportion, and never zero, which Rapier turns
 * into a full-rate position lock).
 */
export function springDamping(k: number): number {
  return 2 * MMD_SPRING_DAMPING_RATIO * Math.sqrt(k);
}
