import { Bone, Skeleton } from 'three';
import type { MmdBone } from '../../formats/mmd/mmd-model';
import type { Vec3 } from '../../physics/vector-math';
import { boneHierarchy } from '../../rig/mmd/bone-order';

/** An MMD model's bones as three.js bones at their rest pose (model space, metres, +Z forward). */
export interface MmdSkeleton {
  /** Same order and indices as the model's bones. */
  readonly bones: readonly Bone[];
  /** Bones without a (valid) parent: add these under the skinned mesh. */
  readonly roots: readonly Bone[];
  /** Each bone's parent index after checks (see `boneHierarchy`): −1 for a root. */
  readonly parents: readonly number[];
  /** Every bone index once, each parent before its children. */
  readonly order: readonly number[];
  /** Each bone's rest position in model space, metres. */
  readonly restPositions: readonly Vec3[];
  /** The file's bones this skeleton was built from (same indices). */
  readonly source: readonly MmdBone[];
  readonly skeleton: Skeleton;
}

/**
 * Builds the bone hierarchy. MMD bones have no rest rotation (a bone is only a position), so
 * every bone rests unrotated and its local position is the offset from its parent. Parent
 * links are resolved by the rig's `boneHierarchy` (a broken link or a loop makes a root), so
 * the drawn tree is the one the rig reasons about.
 * `skeleton.calculateInverses` is left to the caller, once the bones are in place.
 *
 * @param scale - metres per MMD unit
 */
export function buildMmdSkeleton(bones: readonly MmdBone[], scale: number): MmdSkeleton {
  const restPositions: Vec3[] = bones.map(({ position: [x, y, z] }) => [
    x * scale,
    y * scale,
    -z * scale,
  ]);
  const { parents, order } = boneHierarchy(bones);
  const threeBones = bones.map((bone) => {
    const node = new Bone();
    node.name = bone.name;
    return node;
  });
  const roots: Bone[] = [];
  threeBones.forEach((node, index) => {
    const parent = parents[index]!;
    const [x, y, z] = restPositions[index]!;
    if (parent < 0) {
      node.position.set(x, y, z);
      roots.push(node);
      return;
    }
    const [px, py, pz] = restPositions[parent]!;
    node.position.set(x - px, y - py, z - pz);
    threeBones[parent]!.add(node);
  });
  return {
    bones: threeBones,
    roots,
    parents,
    order,
    restPositions,
    source: bones,
    skeleton: new Skeleton(threeBones),
  };
}
