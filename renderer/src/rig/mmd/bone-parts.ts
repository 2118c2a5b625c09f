import type { MmdBone } from '../../formats/mmd/mmd-model';
import { boneHierarchy } from './bone-order';

/** How close to 1 an append (付与) ratio must be for the bone to count as a copy of its source. */
const FULL_APPEND_TOLERANCE = 0.01;

/** Which ragdoll part each MMD bone moves with. */
export interface BoneParts {
  /**
   * The part a bone is driven by directly: a standard bone the rig owns, or a bone that copies
   * the whole rotation (付与, ratio ≈ 1) of such a bone, like 足D from 足. Undefined for the rest.
   */
  readonly owned: readonly (string | undefined)[];
  /**
   * The part a bone moves with: its own, else its nearest ancestor's, else the root part
   * (bones above the hips, such as センター and 全ての親, move with the pelvis).
   */
  readonly carried: readonly string[];
  /** Parent-first bone order (see `boneHierarchy`). */
  readonly order: readonly number[];
}

function appendSource(bone: MmdBone | undefined, count: number): number {
  const a = bone?.append;
  if (!a || !a.rotation || Math.abs(a.ratio - 1) > FULL_APPEND_TOLERANCE) return -1;
  return a.parentIndex >= 0 && a.parentIndex < count ? a.parentIndex : -1;
}

/**
 * Resolves every bone to a ragdoll part. `directOwners` maps a bone index to the part that
 * owns it (from the standard bones and the rig's `boneOwners`).
 */
export function resolveBoneParts(
  bones: readonly MmdBone[],
  directOwners: ReadonlyMap<number, string>,
  rootPart: string,
): BoneParts {
  const owned: (string | undefined)[] = bones.map((_, i) => directOwners.get(i));
  // Follow append chains (足D → 足, or a copy of a copy), at most bones.length links.
  for (let i = 0; i < bones.length; i++) {
    let source = appendSource(bones[i], bones.length);
    for (let hops = 0; owned[i] === undefined && source >= 0 && hops < bones.length; hops++) {
      owned[i] = directOwners.get(source);
      source = appendSource(bones[source], bones.length);
    }
  }
  const { parents, order } = boneHierarchy(bones);
  const carried: string[] = new Array<string>(bones.length).fill(rootPart);
  for (const i of order) {
    const parent = parents[i]!;
    carried[i] = owned[i] ?? (parent >= 0 ? carried[parent]! : rootPart);
  }
  return { owned, carried, order };
}
