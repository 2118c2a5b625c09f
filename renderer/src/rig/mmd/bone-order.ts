import type { MmdBone } from '../../formats/mmd/mmd-model';

/** The bone's parent index when it names a real other bone, else −1 (a root). */
export function validParent(bones: readonly MmdBone[], index: number): number {
  const parent = bones[index]?.parentIndex ?? -1;
  return parent >= 0 && parent < bones.length && parent !== index ? parent : -1;
}

/**
 * Bone indices with every parent before its children (PMX does not promise file order does
 * that). A bone caught in a parent loop (a damaged file) is treated as a root where the loop
 * is cut, so every bone appears exactly once.
 */
export function parentFirstOrder(bones: readonly MmdBone[]): number[] {
  const state = new Uint8Array(bones.length); // 0 unseen, 1 on the current path, 2 placed
  const order: number[] = [];
  for (let start = 0; start < bones.length; start++) {
    const path: number[] = [];
    let at = start;
    while (at >= 0 && state[at] === 0) {
      state[at] = 1;
      path.push(at);
      at = validParent(bones, at);
    }
    for (let i = path.length - 1; i >= 0; i--) {
      order.push(path[i]!);
      state[path[i]!] = 2;
    }
  }
  return order;
}
