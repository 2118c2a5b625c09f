import type { MmdBone } from '../../formats/mmd/mmd-model';

/** The bone's parent index when it names a real other bone, else −1 (a root). */
export function validParent(bones: readonly MmdBone[], index: number): number {
  const parent = bones[index]?.parentIndex ?? -1;
  return parent >= 0 && parent < bones.length && parent !== index ? parent : -1;
}

/** An MMD skeleton's parent links after checks, and an order that visits parents first. */
export interface BoneHierarchy {
  /** Each bone's parent index, −1 for a root (also where a broken link or a loop was cut). */
  readonly parents: readonly number[];
  /** Every bone index once, each parent before its children. */
  readonly order: readonly number[];
}

/**
 * Resolves the bones' parent links into a tree: an index out of range or naming the bone
 * itself makes a root, and a parent loop (a damaged file) is cut at the bone whose parent
 * link would close it, which becomes a root. PMX does not promise that file order puts
 * parents first, so the order is worked out here. The rig and the renderer's skeleton both use
 * this, so the drawn hierarchy and the pose order always agree.
 */
export function boneHierarchy(bones: readonly MmdBone[]): BoneHierarchy {
  const state = new Uint8Array(bones.length); // 0 unseen, 1 on the current path, 2 placed
  const parents = new Array<number>(bones.length).fill(-1);
  const order: number[] = [];
  for (let start = 0; start < bones.length; start++) {
    const path: number[] = [];
    let at = start;
    while (at >= 0 && state[at] === 0) {
      state[at] = 1;
      path.push(at);
      at = validParent(bones, at);
    }
    // The walk ended at a root (−1), at a bone already placed, or back on this path (a loop).
    const top = path[path.length - 1];
    if (top !== undefined && at >= 0 && state[at] === 2) parents[top] = at;
    for (let i = path.length - 1; i >= 0; i--) {
      const bone = path[i]!;
      if (i < path.length - 1) parents[bone] = path[i + 1]!;
      order.push(bone);
      state[bone] = 2;
    }
  }
  return { parents, order };
}
