import type { Avatar } from '../avatar';
import type { BodySource } from '../body-meshes';
import type { FrameSectionClock } from '../frame-sections';
import { Vector3 } from 'three';
import type { Object3D } from 'three';
import type { VRM, VRMHumanBoneName } from '@pixiv/three-vrm';
import { OwnMatrixGroup } from '../own-matrix-group';
import type { AvatarModel } from './load-avatar-model';
import { FigureStillness } from './figure-stillness';
import { RawBoneCopy } from './raw-bone-copy';
import { drawFlatTransparentInOnePass } from './flat-single-pass';
import { hideUndrawnBranches } from './undrawn-branches';
import { separateMToonOutlines } from './mtoon-outline-meshes';
import { castAndReceiveShadows } from '../outline-mesh';
import { SpringBodyColliders } from './spring-body-colliders';
import { SpringRest } from './spring-rest';
import { VrmPoseWriter } from './vrm-pose-writer';
import { VrmSpringHistory } from './vrm-spring-history';
import type { RecordedFrames } from '../recorded-frames';
import type { FaceCues } from '../face/face-cues';
import { VrmFace } from '../face/vrm-face';
import type { FaceMotionSource } from '../face/motion-face-tracks';

/** Longest time step given to `vrm.update`, seconds: spring bones blow up on long steps. */
export const MAX_VRM_STEP = 1 / 30;

/**
 * `VRM.update` without its first step, `humanoid.update()`, whose work {@link VrmAvatar.update}
 * has just done with {@link RawBoneCopy} (the normalized bones copied onto the raw ones a
 * second time otherwise): the look-at, expressions, node constraints, spring bones and
 * materials, in the library's order.
 * Allocates nothing.
 */
function advanceVrm(vrm: VRM, delta: number): void {
  vrm.lookAt?.update(delta);
  vrm.expressionManager?.update();
  vrm.nodeConstraintManager?.update();
  vrm.springBoneManager?.update(delta);
  const materials = vrm.materials;
  if (!materials) return;
  for (let i = 0; i < materials.length; i++) {
    (materials[i] as { update?: (delta: number) => void }).update?.(delta);
  }
}

/** The figure an avatar follows: its id and each part's body handle by part name. */
export interface AvatarFigure {
  readonly id: number;
  readonly partHandles: ReadonlyMap<string, number>;
  /** The figure's placement count (`Ragdoll.placements`): a change means it was re-placed. */
  readonly placements: () => number;
  /** What the face reacts to; without it the face stays as the model was loaded. */
  readonly face?: FaceCues;
  /** The motion the figure plays, whose face tracks the face shows. */
  readonly motion?: FaceMotionSource;
}

/**
 * One VRM drawn over one ragdoll figure: poses the model from the physics each frame, runs
 * three-vrm's own update (spring bones, expressions, constraints) and owns the model's GPU
 * resources. Disposing it removes the model from the scene and frees everything.
 */
export class VrmAvatar implements Avatar {
  readonly figureId: number;
  private readonly writer: VrmPoseWriter;
  /** `vrm.humanoid.update()` from a table made once (see {@link RawBoneCopy}). */
  private readonly rawBones: RawBoneCopy;
  private readonly colliders: SpringBodyColliders;
  /** The springs start from the rest pose at the origin; the first frame moves the model. */
  private springResetPending = true;
  private disposed = false;
  private readonly root = new OwnMatrixGroup();
  /** Whether the figure's parts are where the avatar was last posed. */
  private readonly stillness: FigureStillness;
  /** Whether the spring bones have stopped moving. */
  private readonly springRest: SpringRest;
  private readonly placements: () => number;
  private seenPlacements: number;
  /** The spring bones' state beside each recorded frame. */
  private readonly springHistory: VrmSpringHistory;
  /** Whether the model was posed since {@link takeShadowChange} last asked. */
  private posedSinceAsked = true;
  /** The figure's placement count when a recorded spring state was last shown, else null. */
  private placementsWhenShown: number | null = null;
  /** The recording's truncation count when recorded frames began to be shown. */
  private truncationsWhenShown = 0;
  /** Blinking, gaze and reactions, when the figure has face cues. */
  readonly face: VrmFace | null;

  constructor(
    private readonly model: AvatarModel,
    figure: AvatarFigure,
    source: BodySource,
  ) {
    this.figureId = figure.id;
    this.placements = figure.placements;
    this.seenPlacements = figure.placements();
    const { vrm } = model.loaded;
    // Skinned meshes keep their rest-pose bounds at the origin; once the doll is thrown across
    // the stage they would be culled while in view.
    vrm.scene.traverse((object) => {
      object.frustumCulled = false;
    });
    separateMToonOutlines(vrm.scene);
    castAndReceiveShadows(vrm.scene);
    drawFlatTransparentInOnePass(vrm.scene);
    this.root.name = 'vrm-avatar';
    this.root.add(vrm.scene);
    this.writer = new VrmPoseWriter(
      vrm,
      { ...model.rig, rootPart: model.rig.spec.rootPart },
      figure.partHandles,
      source,
    );
    this.rawBones = new RawBoneCopy(vrm, model.threeVrm.VRMHumanBoneList);
    this.colliders = new SpringBodyColliders(model.threeVrm, vrm, model.rig);
    this.stillness = new FigureStillness(new Set(figure.partHandles.values()), source);
    const joints = [...(vrm.springBoneManager?.joints ?? [])];
    this.springRest = new SpringRest(joints.map((joint) => joint.bone));
    this.springHistory = new VrmSpringHistory(joints);
    // Last, so the body colliders just hung on the bones are hidden with them.
    hideUndrawnBranches(vrm.scene);
    this.face = figure.face ? new VrmFace(vrm, figure.face, figure.id, figure.motion) : null;
  }

  /** The spring bones' recorded states (for tests and the memory figures). */
  get springs(): VrmSpringHistory {
    return this.springHistory;
  }

  /**
   * The model's scene in a group the renderer's matrix pass skips ({@link update} keeps its
   * matrices current): add it to the view's scene at the origin, unrotated.
   */
  get scene(): Object3D {
    return this.root;
  }

  /**
   * Where humanoid bone `name` (three-vrm's name, e.g. `leftHand`) was last drawn: its raw
   * (drawn) node's world position, metres; null when the model has no such bone.
   */
  bonePosition(name: string): { x: number; y: number; z: number } | null {
    const node = this.model.loaded.vrm.humanoid.getRawBoneNode(name as VRMHumanBoneName);
    if (!node) return null;
    const position = new Vector3().setFromMatrixPosition(node.matrixWorld);
    return { x: position.x, y: position.y, z: position.z };
  }

  /** Each expression's weight by name, 0–1, as last set (for tests and diagnostics). */
  expressionWeights(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const expression of this.model.loaded.vrm.expressionManager?.expressions ?? []) {
      out[expression.expressionName] = expression.weight;
    }
    return out;
  }

  /** The spring-bone colliders made from the ragdoll's shapes (for tests and diagnostics). */
  get bodyColliders(): SpringBodyColliders {
    return this.colliders;
  }

  /** How many body colliders exist and how many spring joints collide with them. */
  colliderReport(): { colliders: number; jointsUsingThem: number } {
    let joints = 0;
    for (const joint of this.model.loaded.vrm.springBoneManager?.joints ?? []) {
      if (this.colliders.collideWith(joint)) joints++;
    }
    return { colliders: this.colliders.colliders.length, jointsUsingThem: joints };
  }

  /**
   * Call after the figure was put somewhere new (DROP, RESET): on the next frame the spring
   * bones restart from the new pose instead of whipping back from the old place.
   */
  requestSpringReset(): void {
    this.springResetPending = true;
  }

  /**
   * Poses the model from the physics and advances its springs by `seconds` (capped).
   *
   * World matrices are computed once here, before the springs (three-vrm reads a spring
   * bone's child and our body colliders where they are now, not where the last frame drew
   * them), and the springs then move only their own chains; the renderer's pass leaves the
   * model out (see {@link OwnMatrixGroup}).
   *
   * With `recording`: while it shows a recorded frame whose spring state is held, the springs
   * show that state instead of running; live, their state is kept beside each new frame.
   */
  update(seconds: number, sections?: FrameSectionClock, recording?: RecordedFrames): void {
    const shown = recording?.shownFrame ?? null;
    if (recording && shown !== null && this.springHistory.holds(shown, recording)) {
      this.showRecorded(shown, recording, sections);
      return;
    }
    const vrm = this.model.loaded.vrm;
    // Back from showing recorded frames. Resumed from one (a new future began): the springs
    // hold its state and carry on from it. Left as before (a clip export, a pause undone):
    // they carry on from their live state.
    const wasShowing = this.placementsWhenShown !== null;
    const newFuture = wasShowing && recording?.truncations !== this.truncationsWhenShown;
    if (wasShowing && !newFuture) this.springHistory.restoreLive();
    // Re-placed by anything (DROP, RESET, the fall guard, a preset): restart the springs.
    // Resuming from a recorded frame re-places the figure once, which is no reason to.
    const placements = this.placements();
    if (placements !== this.seenPlacements) {
      const resumed = newFuture && placements === this.placementsWhenShown! + 1;
      this.seenPlacements = placements;
      if (!resumed) this.springResetPending = true;
    }
    this.placementsWhenShown = null;
    // Lying still with its hair settled: the bones are where the last frame left them, and
    // every matrix with them (the renderer's pass skips the model), so nothing needs doing.
    const step = Math.min(Math.max(seconds, 0), MAX_VRM_STEP);
    if (!this.springResetPending && this.springRest.atRest && this.stillness.unchanged()) {
      if (recording && shown === null) this.springHistory.capture(recording);
      // The face lives on while the body rests: blinking, gaze and reactions.
      this.face?.updateAtRest(step, recording);
      sections?.lap('pose');
      return;
    }
    this.writer.write();
    this.rawBones.copy();
    this.posedSinceAsked = true;
    sections?.lap('pose');
    if (this.springResetPending) {
      this.springResetPending = false;
      vrm.scene.updateMatrixWorld(true);
      vrm.springBoneManager?.reset();
    } else {
      vrm.scene.updateMatrixWorld();
    }
    this.colliders.update();
    sections?.lap('matrices');
    // Before the look-at and expressions are drawn in `advanceVrm`.
    this.face?.update(step, recording);
    advanceVrm(vrm, step);
    this.springRest.observe();
    // The pose to compare the next frames with, needed only once the springs go quiet (a
    // figure in motion skips these reads).
    if (this.springRest.quiet) this.stillness.remember();
    if (recording && shown === null) this.springHistory.capture(recording);
    sections?.lap('springs');
  }

  /**
   * Shows a recorded frame: the model posed from the bodies put back for it, and the spring
   * bones exactly as they were then (nothing simulated), ready to carry on from there.
   */
  private showRecorded(
    frame: number,
    recording: RecordedFrames,
    sections: FrameSectionClock | undefined,
  ): void {
    const vrm = this.model.loaded.vrm;
    if (this.placementsWhenShown === null) this.truncationsWhenShown = recording.truncations;
    this.writer.write();
    this.rawBones.copy();
    this.posedSinceAsked = true;
    sections?.lap('pose');
    this.springHistory.show(frame, recording);
    vrm.scene.updateMatrixWorld();
    // The face as recorded with the frame: expressions and the eyes, drawn now.
    this.face?.updateAtRest(0, recording);
    this.colliders.update();
    sections?.lap('matrices');
    this.springResetPending = false;
    this.seenPlacements = this.placements();
    this.placementsWhenShown = this.seenPlacements;
    // The springs must run again on the next live frame, wherever they had settled before.
    this.springRest.wake();
    sections?.lap('springs');
  }

  /**
   * Whether the model was posed again since this was last asked (its spring bones can swing on
   * a figure lying still, which moves its shadow); clears it. A model lying still with its hair
   * settled is skipped and says no.
   */
  takeShadowChange(): boolean {
    const posed = this.posedSinceAsked;
    this.posedSinceAsked = false;
    return posed;
  }

  /** True while the figure lies still and its spring bones have settled: updates skip it. */
  get resting(): boolean {
    return this.springRest.atRest && this.stillness.unchanged();
  }

  /** Removes the model from the scene and frees its geometries, materials and textures. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const scene = this.model.loaded.vrm.scene;
    this.root.removeFromParent();
    scene.removeFromParent();
    this.model.threeVrm.VRMUtils.deepDispose(scene);
  }
}
