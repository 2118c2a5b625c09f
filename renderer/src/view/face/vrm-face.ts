import type { Object3D } from 'three';
import type { VRM } from '@pixiv/three-vrm';
import type { FaceCues, FacePoint } from './face-cues';
import { VRM_FACE_NAMES } from './face-roles';
import { FaceHistory } from './face-history';
import { FigureFace } from './figure-face';
import type { RecordedFrames } from '../recorded-frames';
import { VrmFaceTarget } from './vrm-face-target';
import { VrmGaze } from './vrm-gaze';
import { MotionLookAt } from './motion-look-at';
import { LiveVmcFace } from './live-vmc-face';
import type { FaceMotionSource } from './motion-face-tracks';
import { MMD_TO_VRM_EXPRESSION, MotionFaceTracks } from './motion-face-tracks';

/**
 * A VRM figure's face: {@link FigureFace} on its expressions, and its eyes on the camera, or
 * on the hand while one of its parts is held ({@link VrmGaze}), or where the motion it
 * follows looks (a VRM Animation's look-at track). The avatar calls
 * A VMC sender's expressions show while the figure plays Live (VMC) ({@link LiveVmcFace}).
 * {@link update} each frame before three-vrm draws the look-at and expressions, or
 * {@link updateAtRest} when it skips the rest of its work. Allocates nothing per frame.
 */
export class VrmFace {
  readonly face: FigureFace;
  readonly gaze: VrmGaze | null;
  /** The expressions and gaze beside each recorded frame. */
  readonly history: FaceHistory;
  private readonly point: FacePoint = { x: 0, y: 0, z: 0 };
  private readonly eyes: readonly Object3D[];
  /** The motion's gaze, when the figure plays motions. */
  private readonly motionLookAt: MotionLookAt | null;
  /** The motion's yaw and pitch this frame, degrees. */
  private readonly angles = new Float64Array(2);

  /**
   * @param seed - the blink rhythm's seed (the figure id)
   * @param motion - the figure's motion, whose face tracks play over the reactions
   */
  constructor(
    private readonly vrm: VRM,
    private readonly cues: FaceCues,
    seed: number,
    motion?: FaceMotionSource,
  ) {
    const target = new VrmFaceTarget(vrm.expressionManager);
    this.face = new FigureFace(target, VRM_FACE_NAMES, cues, seed);
    if (motion) {
      const tracks = new MotionFaceTracks(target, motion, cues, MMD_TO_VRM_EXPRESSION);
      this.face.setMotionFace(new LiveVmcFace(target, 'vrm', motion, tracks));
    }
    this.gaze = vrm.lookAt ? new VrmGaze(vrm.lookAt) : null;
    this.motionLookAt = motion && this.gaze ? new MotionLookAt(motion, cues) : null;
    this.history = new FaceHistory(target, this.gaze);
    const eyes: Object3D[] = [];
    for (const name of ['leftEye', 'rightEye'] as const) {
      const eye = vrm.humanoid.getRawBoneNode(name);
      if (eye) eyes.push(eye);
    }
    this.eyes = eyes;
  }

  /**
   * This frame's weights and gaze, over `seconds`; the model's matrices must be current. With
   * `recording`: live, the face is kept beside the frames recorded; while a recorded frame is
   * shown, the face shows it as it was (see {@link FaceHistory.follow}) and does not run.
   */
  update(seconds: number, recording?: RecordedFrames): void {
    if (this.history.follow(recording)) return;
    this.face.update(seconds);
    const gaze = this.gaze;
    if (gaze && this.motionLookAt?.write(this.angles, 0)) {
      // The motion's own gaze wins, as its expressions do.
      gaze.showAngles(this.angles, 0);
    } else if (gaze) {
      const cues = this.cues;
      const point = this.point;
      const seen = cues.readHeld(point) || cues.readViewer(point);
      gaze.update(seconds, seen ? point : null);
    }
    if (recording) this.history.capture(recording);
  }

  /**
   * The same while the rest of the avatar skips its frame (the body lies still): draws the
   * expressions and look-at itself, and moves the eye bones' matrices with them.
   */
  updateAtRest(seconds: number, recording?: RecordedFrames): void {
    this.update(seconds, recording);
    const vrm = this.vrm;
    vrm.lookAt?.update(seconds);
    vrm.expressionManager?.update();
    const eyes = this.eyes;
    for (let i = 0; i < eyes.length; i++) eyes[i]!.updateMatrixWorld(true);
  }
}
