import type { Group } from 'three';
import { DrawnBonePose } from '../../motion/drawn-bone-pose';
import type { FigureBones } from '../../motion/figure-bones';
import { mmdFigureBones } from '../../motion/figure-bones';
import { drawnBonesOf } from '../../motion/retarget-motion';
import type { DollMotion } from '../../physics/motion/doll-motion';
import type { MmdBodySpec } from '../../physics/mmd/mmd-physics-spec';
import type { Vec3 } from '../../physics/vector-math';
import type { MmdBoneDriver } from '../../rig/mmd/bone-drivers';
import type { Avatar } from '../avatar';
import type { BodySource } from '../body-meshes';
import type { FrameSectionClock } from '../frame-sections';
import { MotionTimeHistory } from '../motion-time-history';
import type { RecordedFrames } from '../recorded-frames';
import type { MmdSkinnedModel } from './mmd-skinned-mesh';
import type { MmdBodyReader } from './mmd-pose-writer';
import { MmdPoseWriter } from './mmd-pose-writer';
import type { FaceCues } from '../face/face-cues';
import { MMD_FACE_NAMES } from '../face/face-roles';
import { FaceHistory } from '../face/face-history';
import type { FacePoint } from '../face/face-cues';
import { MmdGaze } from '../face/mmd-gaze';
import { FigureFace } from '../face/figure-face';
import { MotionFaceTracks } from '../face/motion-face-tracks';
import { LiveVmcFace } from '../face/live-vmc-face';

/** What an MMD avatar needs of a rig: a figure's `MmdRig` and a prop's `MmdPropRig` both fit. */
export interface MmdAvatarRig {
  /** Model space origin of doll space, metres. */
  readonly rig: { readonly origin: Vec3 };
  readonly boneDrivers: readonly MmdBoneDriver[];
  readonly physics: { readonly bodies: readonly MmdBodySpec[] };
}

/** The figure (or model prop) an MMD avatar follows. */
export interface MmdAvatarFigure {
  readonly id: number;
  /** Body handle of each ragdoll part, by part name. */
  readonly partHandles: ReadonlyMap<string, number>;
  /** The figure's own MMD bodies (`figure.mmd`), or null when the model has none. */
  readonly bodies: MmdBodyReader | null;
  /** The motion the figure plays, whose other bones (fingers, eyes) the model turns; none for a prop. */
  readonly motion?: DrawnMotionSource;
  /** What the face reacts to; without it (a prop) the face stays as loaded. */
  readonly face?: FaceCues;
}

/** A figure's motion as its drawn model reads it each frame (the sandbox's, for one figure). */
export interface DrawnMotionSource {
  /** The motion the figure plays now, or null when it is passive. */
  current(): DollMotion | null;
  /** Seconds into that motion, already within its loop (paused, TIME and looping included). */
  time(): number;
}

/**
 * One MMD model drawn over one ragdoll figure: each frame its bones take the ragdoll parts'
 * and the model's own rigid bodies' poses (see `MmdPoseWriter`). Hair and skirts move because
 * their bodies are simulated; there are no spring bones to restart, since DROP and RESET put
 * those bodies back themselves. Owns its mesh, materials, textures and skeleton.
 */
export class MmdAvatar implements Avatar {
  readonly figureId: number;
  /** The model's bones as motions name them, and which of them a motion may turn. */
  readonly figureBones: FigureBones;
  private readonly writer: MmdPoseWriter;
  private readonly motion: DrawnMotionSource | undefined;
  /** The motion {@link drawnPose} was built for. */
  private boundMotion: DollMotion | null = null;
  /** The motion's turns of bones no physics owns; null when it turns none of them. */
  private drawnPose: DrawnBonePose | null = null;
  private readonly motionTimes = new MotionTimeHistory();
  /** The motion time this frame shows, seconds (NaN: none). */
  private readonly clock = new Float64Array(1);
  private disposed = false;
  /** Blinking and reactions on the model's morphs, when the figure has face cues. */
  readonly face: FigureFace | null;
  /** The morph weights (and the eyes' turn) beside each recorded frame, when the figure has a face. */
  readonly faceHistory: FaceHistory | null;
  /** The eyes on the camera or the hand, when the figure has a face and the model eye bones. */
  readonly gaze: MmdGaze | null;
  private readonly faceCues: FaceCues | null;
  private readonly point: FacePoint = { x: 0, y: 0, z: 0 };
  /** Whether the bound motion turns an eye bone: the motion's eyes win over the gaze. */
  private motionTurnsEyes = false;

  constructor(
    private readonly drawing: MmdSkinnedModel,
    rig: MmdAvatarRig,
    figure: MmdAvatarFigure,
    source: BodySource,
  ) {
    this.figureId = figure.id;
    const [ox, oy, oz] = rig.rig.origin;
    this.writer = new MmdPoseWriter(
      {
        bones: drawing.skeleton.bones,
        parents: drawing.skeleton.parents,
        order: drawing.skeleton.order,
        restDoll: drawing.skeleton.restPositions.map(([x, y, z]) => [x - ox, y - oy, z - oz]),
        drivers: rig.boneDrivers,
        bodies: rig.physics.bodies,
        source: drawing.skeleton.source,
      },
      figure.partHandles,
      source,
      figure.bodies,
    );
    this.motion = figure.motion;
    this.figureBones = mmdFigureBones(
      drawing.skeleton.bones.map((bone) => bone.name),
      rig.boneDrivers,
    );
    this.face = figure.face
      ? new FigureFace(drawing.face, MMD_FACE_NAMES, figure.face, figure.id)
      : null;
    this.faceCues = figure.face ?? null;
    this.gaze = this.face
      ? MmdGaze.of(
          drawing.skeleton.bones.map((bone) => bone.name),
          drawing.skeleton.bones,
          this.writer,
        )
      : null;
    this.faceHistory = this.face ? new FaceHistory(drawing.face, this.gaze) : null;
    if (this.face && figure.face && figure.motion) {
      const tracks = new MotionFaceTracks(drawing.face, figure.motion, figure.face);
      this.face.setMotionFace(new LiveVmcFace(drawing.face, 'mmd', figure.motion, tracks));
    }
  }

  get scene(): Group {
    return this.drawing.root;
  }

  /** How many materials the model has, and how many draw a texture (for tests). */
  get materialCounts(): { materials: number; textured: number } {
    return { materials: this.drawing.materials.length, textured: this.drawing.texturedMaterials };
  }

  /** Each vertex and group morph's weight by name, 0–1, as last drawn (for tests). */
  expressionWeights(): Record<string, number> {
    const face = this.drawing.face;
    const out: Record<string, number> = {};
    face.names.forEach((name, index) => (out[name] = face.weight(index)));
    return out;
  }

  /** Where bone `name` was last drawn, metres; null when the model has no such bone. */
  bonePosition(name: string): { x: number; y: number; z: number } | null {
    const index = this.drawing.skeleton.bones.findIndex((bone) => bone.name === name);
    const position = index < 0 ? undefined : this.writer.worldPosition(index);
    return position ? { x: position.x, y: position.y, z: position.z } : null;
  }

  /**
   * Never: every bone follows a ragdoll part or one of the model's own bodies, all of which the
   * view's body meshes watch, so the shadow moves only when they do.
   */
  takeShadowChange(): boolean {
    return false;
  }

  /** Nothing to restart: the model's bodies are placed by the physics with the figure. */
  requestSpringReset(): void {}

  /**
   * Poses the bones from the physics, and the bones no physics owns from the figure's motion
   * at its time (with `recording`, at the time of the recorded frame shown); the face runs, or
   * shows the recorded frame's morphs.
   */
  update(seconds = 0, sections?: FrameSectionClock, recording?: RecordedFrames): void {
    this.poseDrawnBones(recording);
    this.writer.write();
    this.updateFace(seconds, recording);
    sections?.lap('pose');
  }

  private updateFace(seconds: number, recording: RecordedFrames | undefined): void {
    const face = this.face;
    const history = this.faceHistory;
    if (!face || !history) return;
    if (!history.follow(recording)) {
      const step = Math.max(0, seconds);
      face.update(step);
      this.updateGaze(step);
      if (recording) history.capture(recording);
    }
    this.gaze?.apply();
  }

  private updateGaze(seconds: number): void {
    const gaze = this.gaze;
    const cues = this.faceCues;
    if (!gaze || !cues) return;
    const point = this.point;
    const turnedByMotion = this.motionTurnsEyes && this.writer.drawnRotations !== null;
    const seen = !turnedByMotion && (cues.readHeld(point) || cues.readViewer(point));
    gaze.update(seconds, seen ? point : null);
  }

  private poseDrawnBones(recording: RecordedFrames | undefined): void {
    const source = this.motion;
    if (!source) return;
    const motion = source.current();
    if (motion !== this.boundMotion) this.bind(motion);
    const pose = this.drawnPose;
    const shown = recording?.shownFrame ?? null;
    const recorded =
      recording !== undefined &&
      shown !== null &&
      this.motionTimes.readInto(shown, recording, this.clock);
    if (!recorded) this.clock[0] = pose ? source.time() : Number.NaN;
    if (recording && shown === null) this.motionTimes.capture(recording, this.clock);
    const turning = pose !== null && Number.isFinite(this.clock[0]);
    if (turning) pose.sampleAt(this.clock);
    this.writer.drawnRotations = turning ? pose.rotations : null;
  }

  /** Finds which bones `motion` turns on this model (once per motion: it allocates). */
  private bind(motion: DollMotion | null): void {
    this.boundMotion = motion;
    const bones = this.figureBones;
    const pose = new DrawnBonePose(
      this.drawing.skeleton.bones.length,
      motion ? drawnBonesOf(motion) : [],
      (name) => {
        const index = bones.indexOf(name);
        return index >= 0 && bones.takesMotion(index) ? index : -1;
      },
    );
    this.drawnPose = pose.size > 0 ? pose : null;
    this.motionTurnsEyes = this.gaze?.allEyeBones.some((eye) => pose.turns(eye)) ?? false;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.drawing.dispose();
  }
}
