import { Bone, Skeleton } from 'three';
import type { MmdBone } from '../../formats/mmd/mmd-model';
import type { Vec3 } from '../../physics/vector-math';

/** An MMD model's bones as three.js bones at their rest pose (model space, metres, +Z forward). */
export interface MmdSkeleton {
  /** Same order and indices as the model's bones. */
  readonly bones: readonly Bone[];
  /** Bones without a (valid) parent: add these under the skinned mesh. */
  readonly roots: readonly Bone[];
  /** Each bone's parent index after checks: −1 for a root (also for a broken parent link). */
  readonly parents: readonly number[];
  /** Each bone's rest position in model space, metres. */
  readonly restPositions: readonly Vec3[];
  readonly skeleton: Skeleton;
}

/**
 * Builds the bone hierarchy. MMD bones have no rest rotation (a bone is only a position), so
 * every bone rests unrotated and its local position is the offset from its parent. A parent
 * index out of range or one that would close a loop makes the bone a root instead.
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
  const parents = bones.map((_, index) => checkedParent(bones, index));
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
    restPositions,
    skeleton: new Skeleton(threeBones),
  };
}

/** The bone's parent, or −1 when it has none, it is out of range, or its chain loops. */
function checkedParent(bones: readonly MmdBone[], index: number): number {
  const parent = bones[index]!.parentIndex;
  if (parent < 0 || parent >= bones.length || parent === index) return -1;
  const seen = new Set<number>([index]);
  for (let at = parent; at >= 0 && at < bones.length; at = bones[at]!.parentIndex) {
    if (seen.has(at)) return -1;
    seen.add(at);
  }
  return parent;
}
