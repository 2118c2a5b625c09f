import { Quaternion, Vector3 } from 'three';
import type { VRMLookAt } from '@pixiv/three-vrm';
import type { FacePoint } from './face-cues';
import { GAZE_MAX_PITCH, GAZE_MAX_YAW, GAZE_RATE, GazeAngles } from './gaze-angles';

const headPosition = new Vector3();
const headRotation = new Quaternion();
const toHead = new Quaternion();
const direction = new Vector3();
/** This frame's angles, radians then degrees (see {@link wrapDegreesAt}). */
const YAW = 0;
const PITCH = 1;
const angles = new Float64Array(2);

/**
 * Turns a VRM's eyes (three-vrm's look-at, bone or expression type, whichever the model has)
 * toward a point: the camera, or the hand holding one of the figure's parts. The angles ease
 * toward their target and stay within {@link GAZE_MAX_YAW} / {@link GAZE_MAX_PITCH}; the
 * model's own range maps then bound what the eyes do. Set before `lookAt.update()`.
 * Allocates nothing per frame of its own (three-vrm's own `lookAt(point)` allocates two arrays
 * a call); see {@link update} for what V8 boxes when it does not inline.
 */
export class VrmGaze extends GazeAngles {
  private readonly frontAzimuth: number;
  private readonly frontAltitude: number;

  constructor(private readonly lookAt: VRMLookAt) {
    super();
    // Our yaw and pitch are set each frame; three-vrm's own target following stays off.
    lookAt.autoUpdate = false;
    const front = lookAt.faceFront;
    this.frontAzimuth = Math.atan2(-front.z, front.x);
    this.frontAltitude = Math.atan2(front.y, Math.hypot(front.x, front.z));
  }

  /** Sets the angles at once (a recorded frame shown); the look-at draws them at its update. */
  override showAngles(from: Float64Array, slot: number): void {
    super.showAngles(from, slot);
    this.lookAt.yaw = this.yaw;
    this.lookAt.pitch = this.pitch;
  }

  /**
   * Eases the eyes toward `point` (world, metres; null: straight ahead) over `seconds`.
   * The head's world matrix must be current. Its numbers go through a Float64Array and
   * plain fields, never as a call's argument or result (V8 boxes those when it does not
   * inline), and `Math.hypot` is not used (V8 allocates its arguments). What is left: the
   * look-at's yaw and pitch setters, three-vrm's only way in, take their angle boxed when
   * not inlined (two numbers, 32 bytes a frame, as the allocation test measures).
   */
  update(seconds: number, point: FacePoint | null): void {
    let yawTarget = 0;
    let pitchTarget = 0;
    if (point) {
      const lookAt = this.lookAt;
      lookAt.getLookAtWorldPosition(headPosition);
      lookAt.getLookAtWorldQuaternion(headRotation);
      // Into the head's rest frame, as three-vrm's own lookAt(point) does.
      const rest = (lookAt as unknown as { _restHeadWorldQuaternion: Quaternion })
        ._restHeadWorldQuaternion;
      toHead.copy(rest).multiply(headRotation.invert());
      direction.x = point.x;
      direction.y = point.y;
      direction.z = point.z;
      direction.sub(headPosition).applyQuaternion(toHead);
      const x = direction.x;
      const z = direction.z;
      const azimuth = Math.atan2(-z, x);
      const altitude = Math.atan2(direction.y, Math.sqrt(x * x + z * z));
      angles[YAW] = azimuth - this.frontAzimuth;
      angles[PITCH] = this.frontAltitude - altitude;
      wrapDegreesAt(angles, YAW);
      wrapDegreesAt(angles, PITCH);
      const yaw = angles[YAW]!;
      const pitch = angles[PITCH]!;
      if (Math.abs(yaw) <= GAZE_MAX_YAW && Math.abs(pitch) <= GAZE_MAX_PITCH) {
        yawTarget = yaw;
        pitchTarget = pitch;
      }
    }
    const k = 1 - Math.exp(-GAZE_RATE * Math.max(0, seconds));
    this.yaw += (yawTarget - this.yaw) * k;
    this.pitch += (pitchTarget - this.pitch) * k;
    this.lookAt.yaw = this.yaw;
    this.lookAt.pitch = this.pitch;
  }
}

/** `values[slot]`, radians, as degrees in (-180, 180], in place. */
function wrapDegreesAt(values: Float64Array, slot: number): void {
  const radians = values[slot]!;
  const turns = Math.round(radians / (2 * Math.PI));
  values[slot] = ((radians - 2 * Math.PI * turns) * 180) / Math.PI;
}
