import type { Avatar } from '../avatar';
import type { BodySource } from '../body-meshes';
import type { FrameSectionClock } from '../frame-sections';
import type { AvatarModel } from './load-avatar-model';
import { SpringBodyColliders } from './spring-body-colliders';
import { VrmPoseWriter } from './vrm-pose-writer';

/** Longest time step given to `vrm.update`, seconds: spring bones blow up on long steps. */
export const MAX_VRM_STEP = 1 / 30;

/** The figure an avatar follows: its id and each part's body handle by part name. */
export interface AvatarFigure {
  readonly id: number;
  readonly partHandles: ReadonlyMap<string, number>;
  /** The figure's placement count (`Ragdoll.placements`): a change means it was re-placed. */
  readonly placements: () => number;
}

/**
 * One VRM drawn over one ragdoll figure: poses the model from the physics each frame, runs
 * three-vrm's own update (spring bones, expressions, constraints) and owns the model's GPU
 * resources. Disposing it removes the model from the scene and frees everything.
 */
export class VrmAvatar implements Avatar {
  readonly figureId: number;
  private readonly writer: VrmPoseWriter;
  private readonly colliders: SpringBodyColliders;
  /** The springs start from the rest pose at the origin; the first frame moves the model. */
  private springResetPending = true;
  private disposed = false;
  private readonly placements: () => number;
  private seenPlacements: number;

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
    this.writer = new VrmPoseWriter(
      vrm,
      { ...model.rig, rootPart: model.rig.spec.rootPart },
      figure.partHandles,
      source,
    );
    this.colliders = new SpringBodyColliders(model.threeVrm, vrm, model.rig);
  }

  /** The model's scene: add it to the view's scene at the origin, unrotated. */
  get scene(): AvatarModel['loaded']['vrm']['scene'] {
    return this.model.loaded.vrm.scene;
  }

  /** The spring-bone colliders made from the ragdoll's shapes (for tests and diagnostics). */
  get bodyColliders(): SpringBodyColliders {
    return this.colliders;
  }

  /** How many body colliders exist and how many spring joints collide with them. */
  colliderReport(): { colliders: number; jointsUsingThem: number } {
    const group = this.colliders.group;
    let joints = 0;
    for (const joint of this.model.loaded.vrm.springBoneManager?.joints ?? []) {
      if (joint.colliderGroups.includes(group)) joints++;
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

  /** Poses the model from the physics and advances its springs by `seconds` (capped). */
  update(seconds: number, sections?: FrameSectionClock): void {
    const vrm = this.model.loaded.vrm;
    // Re-placed by anything (DROP, RESET, the fall guard, a preset): restart the springs.
    const placements = this.placements();
    if (placements !== this.seenPlacements) {
      this.seenPlacements = placements;
      this.springResetPending = true;
    }
    this.writer.write();
    vrm.humanoid.update();
    sections?.lap('pose');
    if (this.springResetPending) {
      this.springResetPending = false;
      vrm.scene.updateMatrixWorld(true);
      vrm.springBoneManager?.reset();
    } else {
      vrm.scene.updateMatrixWorld();
    }
    this.colliders.updateMatrices();
    sections?.lap('matrices');
    vrm.update(Math.min(Math.max(seconds, 0), MAX_VRM_STEP));
    sections?.lap('springs');
  }

  /** Removes the model from the scene and frees its geometries, materials and textures. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const scene = this.model.loaded.vrm.scene;
    scene.removeFromParent();
    this.model.threeVrm.VRMUtils.deepDispose(scene);
  }
}
