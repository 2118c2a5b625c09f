import { Quaternion, Vector3 } from 'three';
import type { Object3D } from 'three';
import type { FacePoint } from './face-cues';
import { GAZE_MAX_PITCH, GAZE_MAX_YAW, GAZE_RATE, GazeAngles } from './gaze-angles';

/** MMD's standard eye bones: both eyes together, then each eye. */
export const MMD_EYE_BONES = { both: '両目', right: '右目', left: '左目' } as const;

/** How far an MMD model's eyes turn at most, degrees, left or right (the iris stays in the eye). */
export const MMD_EYE_MAX_YAW = 12;
/** The same up or down, degrees. */
export const MMD_EYE_MAX_PITCH = 8;
/** A point this far off the face's front (degrees) or further turns the eyes all the way. */
const FULL_TURN_AT = 40;
const DEGREES = Math.PI / 180;

/** What the gaze reads of the drawn pose: bone world poses this frame (`MmdPoseWriter`). */
export interface MmdGazePose {
  worldPosition(index: number): Vector3 | undefined;
  worldRotation(index: number): Quaternion | undefined;
}

const center = new Vector3();
const direction = new Vector3();
const toEye = new Quaternion();
const turn = new Quaternion();
/** The turn's x, y, z, w, worked out in place (see {@link MmdGaze.apply}). */
const turnNumbers = new Float64Array(4);

/**
 * An MMD model's eyes on a point (the camera, or the hand holding one of the figure's parts),
 * as VRM's look-at does for a VRM: 右目 and 左目 (else 両目) turn within
 * {@link MMD_EYE_MAX_YAW} / {@link MMD_EYE_MAX_PITCH}, easing toward their target; a point
 * beyond `GAZE_MAX_YAW` / `GAZE_MAX_PITCH` of the face's front leaves them looking ahead.
 * The turn is added to the eyes' local rotations after the pose writer wrote them (the model
 * faces +Z with every bone's rest frame world-aligned, so it is a turn about the eye's own
 * axes). Its yaw turns the eyes toward the model's left (+X), its pitch up. Allocates nothing
 * per frame.
 */
export class MmdGaze extends GazeAngles {
  /** This frame's target turn, degrees: toward the model's left (+X) and up. */
  private readonly targets = new Float64Array(2);

  /**
   * @param eyes - the eye bones' indices in the skeleton (at least one)
   * @param bones - the skeleton's bones, whose local rotations {@link apply} turns
   * @param allEyeBones - every standard eye bone the model has (両目 too when the gaze turns
   *   右目 and 左目): a motion turning any of them turns the eyes itself
   */
  constructor(
    private readonly eyes: Int32Array,
    private readonly bones: readonly Object3D[],
    private readonly pose: MmdGazePose,
    readonly allEyeBones: readonly number[] = [...eyes],
  ) {
    super();
  }

  /**
   * The gaze of a model with eye bones named as MMD's standard ones (右目 and 左目, else
   * 両目), or null when it has none.
   */
  static of(
    names: readonly string[],
    bones: readonly Object3D[],
    pose: MmdGazePose,
  ): MmdGaze | null {
    const pair = [MMD_EYE_BONES.right, MMD_EYE_BONES.left]
      .map((name) => names.indexOf(name))
      .filter((index) => index >= 0);
    const both = names.indexOf(MMD_EYE_BONES.both);
    const eyes = pair.length > 0 ? pair : both >= 0 ? [both] : [];
    const all = both >= 0 ? [...pair, both] : pair;
    return eyes.length > 0 ? new MmdGaze(Int32Array.from(eyes), bones, pose, all) : null;
  }

  /** The skeleton indices of the bones this gaze turns. */
  get eyeBones(): readonly number[] {
    return [...this.eyes];
  }

  /**
   * Eases the eyes toward `point` (world metres; null: ahead) over `seconds`, from the eye
   * bones' world poses the pose writer worked out this frame.
   */
  update(seconds: number, point: FacePoint | null): void {
    const targets = this.targets;
    targets[0] = 0;
    targets[1] = 0;
    if (point) this.aimAt(point);
    const k = 1 - Math.exp(-GAZE_RATE * (seconds > 0 ? seconds : 0));
    this.yaw += (targets[0]! - this.yaw) * k;
    this.pitch += (targets[1]! - this.pitch) * k;
  }

  /**
   * Turns each eye bone's local rotation by the gaze (after the pose writer wrote it): yaw
   * about y, then pitch about x (up is −x in a +Z-facing frame). The quaternion is worked out
   * here and read with `fromArray`: three.js setters would take each number boxed when V8
   * does not inline them.
   */
  apply(): void {
    const halfYaw = this.yaw * DEGREES * 0.5;
    const halfPitch = -this.pitch * DEGREES * 0.5;
    const sy = Math.sin(halfYaw);
    const cy = Math.cos(halfYaw);
    const sx = Math.sin(halfPitch);
    const cx = Math.cos(halfPitch);
    // q(yaw about y) · q(pitch about x)
    turnNumbers[0] = cy * sx;
    turnNumbers[1] = sy * cx;
    turnNumbers[2] = -sy * sx;
    turnNumbers[3] = cy * cx;
    turn.fromArray(turnNumbers);
    const eyes = this.eyes;
    for (let i = 0; i < eyes.length; i++) this.bones[eyes[i]!]!.quaternion.multiply(turn);
  }

  /** This frame's target angles into `targets` (degrees), or ahead when out of reach. */
  private aimAt(point: FacePoint): void {
    const eyes = this.eyes;
    // Fields set one by one: three.js's setters would take each number boxed when V8 does
    // not inline them.
    center.x = 0;
    center.y = 0;
    center.z = 0;
    let found = 0;
    for (let i = 0; i < eyes.length; i++) {
      const position = this.pose.worldPosition(eyes[i]!);
      if (!position) continue;
      center.add(position);
      found++;
    }
    const rotation = this.pose.worldRotation(eyes[0]!);
    if (found === 0 || !rotation) return;
    direction.x = point.x - center.x / found;
    direction.y = point.y - center.y / found;
    direction.z = point.z - center.z / found;
    toEye.copy(rotation).invert();
    direction.applyQuaternion(toEye);
    const x = direction.x;
    const z = direction.z;
    const yaw = Math.atan2(x, z) / DEGREES;
    const pitch = Math.atan2(direction.y, Math.sqrt(x * x + z * z)) / DEGREES;
    if (Math.abs(yaw) > GAZE_MAX_YAW || Math.abs(pitch) > GAZE_MAX_PITCH) return;
    // In proportion up to FULL_TURN_AT off the front, then all the way. Written out here:
    // a helper's fractional result would be boxed when V8 does not inline it.
    const yawShare = yaw / FULL_TURN_AT;
    const pitchShare = pitch / FULL_TURN_AT;
    const targets = this.targets;
    targets[0] = (yawShare > 1 ? 1 : yawShare < -1 ? -1 : yawShare) * MMD_EYE_MAX_YAW;
    targets[1] = (pitchShare > 1 ? 1 : pitchShare < -1 ? -1 : pitchShare) * MMD_EYE_MAX_PITCH;
  }
}
