import { Quaternion, Vector3 } from 'three';
import type { Vec3 } from '../../physics/vector-math';
import type { BoneFinishPlan } from '../../rig/mmd/bone-finish-plan';

const inverse = new Quaternion();
const offset = new Vector3();

/**
 * An MMD skeleton's pose as MMD composes it, in the figure's world (doll space, metres; MMD
 * bones rest unrotated, so a rotation is the bone's rotation away from rest). Each bone's local
 * rotation is `ik × own × append` and its local position `rest + ownMove + appendMove`, as
 * MMD (and saba) compose them; its world pose is its parent's world pose times that. `own` and
 * `ownMove` are what the pose writer gave the bone this frame.
 */
export class MmdBonePoseState {
  readonly ownRotation: Quaternion[];
  readonly ownMove: Vector3[];
  readonly ikRotation: Quaternion[];
  readonly appendRotation: Quaternion[];
  readonly appendMove: Vector3[];
  /** Rest offset from the parent (from the origin for a root), metres. */
  readonly restLocal: readonly Vector3[];
  /** Rest position in the figure's world, metres. */
  readonly restWorld: readonly Vector3[];

  constructor(
    readonly parents: readonly number[],
    restDoll: readonly Vec3[],
    readonly owned: readonly boolean[],
    private readonly plan: BoneFinishPlan,
    /** World positions and rotations, shared with the pose writer. */
    readonly positions: readonly Vector3[],
    readonly rotations: readonly Quaternion[],
  ) {
    const count = parents.length;
    this.ownRotation = Array.from({ length: count }, () => new Quaternion());
    this.ownMove = Array.from({ length: count }, () => new Vector3());
    this.ikRotation = Array.from({ length: count }, () => new Quaternion());
    this.appendRotation = Array.from({ length: count }, () => new Quaternion());
    this.appendMove = Array.from({ length: count }, () => new Vector3());
    this.restWorld = restDoll.map((p) => new Vector3(...p));
    this.restLocal = parents.map((parent, i) => {
      const local = new Vector3(...restDoll[i]!);
      return parent >= 0 ? local.sub(this.restWorld[parent]!) : local;
    });
  }

  /** Reads each bone's own rotation and move from the world pose, and clears IK and 付与. */
  capture(): void {
    for (let i = 0; i < this.parents.length; i++) {
      const parent = this.parents[i]!;
      const own = this.ownRotation[i]!.copy(this.rotations[i]!);
      const move = this.ownMove[i]!.copy(this.positions[i]!);
      if (parent >= 0) {
        inverse.copy(this.rotations[parent]!).invert();
        own.premultiply(inverse);
        move.sub(this.positions[parent]!).applyQuaternion(inverse);
      }
      move.sub(this.restLocal[i]!);
      this.ikRotation[i]!.identity();
      this.appendRotation[i]!.identity();
      this.appendMove[i]!.set(0, 0, 0);
    }
  }

  /**
   * Recomputes bone `index`'s world pose from its parent's and its local one, then that of
   * every bone that follows it. Bones the physics owns keep theirs.
   */
  moved(index: number): void {
    this.place(index);
    const { followerStart, followers } = this.plan;
    for (let k = followerStart[index]!; k < followerStart[index + 1]!; k++) {
      this.place(followers[k]!);
    }
  }

  private place(index: number): void {
    if (this.owned[index]) return;
    const parent = this.parents[index]!;
    const rotation = this.rotations[index]!;
    const position = this.positions[index]!;
    rotation
      .copy(this.ikRotation[index]!)
      .multiply(this.ownRotation[index]!)
      .multiply(this.appendRotation[index]!);
    offset.copy(this.restLocal[index]!).add(this.ownMove[index]!).add(this.appendMove[index]!);
    if (parent < 0) {
      position.copy(offset);
      return;
    }
    const parentRotation = this.rotations[parent]!;
    rotation.premultiply(parentRotation);
    position.copy(offset).applyQuaternion(parentRotation).add(this.positions[parent]!);
  }
}
