import { Group } from 'three';

/**
 * A group that the renderer's per-frame world-matrix pass leaves alone. three.js's `render`
 * runs `scene.updateMatrixWorld()`, which recomputes the local and world matrix of every
 * object in the scene; for a skinned avatar whose owner has already brought every bone up to
 * date in this frame (it must, before its spring bones run) that would be the same work a
 * second time. The group itself stays at the origin, unmoved, so its matrices stay identity;
 * whoever puts something in it updates that something's matrices every frame (for a VRM,
 * `vrm.scene.updateMatrixWorld()`).
 */
export class OwnMatrixGroup extends Group {
  /** Does nothing: the contents' owner updates their matrices itself, once a frame. */
  override updateMatrixWorld(): void {}
}
