import type { MmdBone, MmdIkLink, Triple } from '../../formats/mmd/mmd-model';
import type { Vec3 } from '../../physics/vector-math';

/**
 * What finishing an MMD skeleton after physics takes, worked out once per model: which bones
 * inherit (付与) from which, the IK chains in three.js's axes, the order MMD evaluates them in,
 * and, per bone, the bones below it that follow it. Bones the physics owns (`owned`) are never
 * moved, so they take no inheritance, are no IK link, and cut the follower lists: what hangs
 * below an owned bone follows that bone, which keeps its own pose.
 */
export interface BoneFinishPlan {
  /** Bones with an inheritance or a usable IK chain, in MMD's order (after physics, layer, index). */
  readonly steps: Int32Array;
  /** By bone index. */
  readonly appends: readonly (AppendPlan | null)[];
  /** By bone index: the IK chain a bone carries, reduced to links that can move its target. */
  readonly iks: readonly (IkPlan | null)[];
  /**
   * `followers[followerStart[i] .. followerStart[i + 1])`: the bones not owned by physics below
   * bone `i`, parents first, not below an owned bone.
   */
  readonly followerStart: Int32Array;
  readonly followers: Int32Array;
}

export interface AppendPlan {
  readonly source: number;
  readonly ratio: number;
  readonly rotation: boolean;
  readonly translation: boolean;
  readonly local: boolean;
}

/** One IK chain; angles are radians in three.js's axes. */
export interface IkPlan {
  readonly target: number;
  readonly loopCount: number;
  readonly limitAngle: number;
  /** From the target upward, links the physics owns or that do not carry the target left out. */
  readonly links: readonly IkLinkPlan[];
}

/** Euler orders MMD decomposes a limited link in, as three.js names them. */
export type IkEulerOrder = 'YXZ' | 'ZYX' | 'XZY';

export type IkLinkLimit =
  /** The link turns about one of its parent's axes only (a knee), angle in [min, max]. */
  | { readonly kind: 'axis'; readonly axis: 0 | 1 | 2; readonly min: number; readonly max: number }
  /** Each Euler angle of the link's rotation (in `order`) within [min, max]. */
  | {
      readonly kind: 'euler';
      readonly order: IkEulerOrder;
      readonly min: Vec3;
      readonly max: Vec3;
    };

export interface IkLinkPlan {
  readonly bone: number;
  /** Null for a link that turns freely. */
  readonly limit: IkLinkLimit | null;
}

/** More CCD iterations than this change nothing visible and only cost (babylon-mmd caps there too). */
export const MAX_IK_LOOPS = 256;

/**
 * @param parents - each bone's parent after checks (see `boneHierarchy`), −1 for a root
 * @param owned - true for bones whose pose the physics gives (ragdoll parts, moving bodies)
 */
export function planBoneFinish(
  bones: readonly MmdBone[],
  parents: readonly number[],
  owned: readonly boolean[],
): BoneFinishPlan {
  const { followerStart, followers } = followerLists(parents, owned);
  const follows = (bone: number, follower: number) => {
    for (let k = followerStart[bone]!; k < followerStart[bone + 1]!; k++) {
      if (followers[k] === follower) return true;
    }
    return false;
  };
  const appends = bones.map((bone) => appendPlan(bone, bones.length));
  const iks = bones.map((bone) => {
    const ik = bone.ik;
    if (!ik || owned[ik.targetIndex] === true) return null;
    const links = ik.links
      .filter((link) => !owned[link.boneIndex] && follows(link.boneIndex, ik.targetIndex))
      .map(linkPlan);
    if (links.length === 0) return null;
    return {
      target: ik.targetIndex,
      loopCount: Math.min(ik.loopCount, MAX_IK_LOOPS),
      limitAngle: ik.limitAngle,
      links,
    };
  });
  const steps = bones
    .map((_, i) => i)
    .filter((i) => (appends[i] !== null && !owned[i]) || iks[i] !== null)
    .sort((a, b) => evaluationKey(bones[a]!, a, bones[b]!, b));
  return { steps: Int32Array.from(steps), appends, iks, followerStart, followers };
}

function evaluationKey(a: MmdBone, ai: number, b: MmdBone, bi: number): number {
  return Number(a.afterPhysics) - Number(b.afterPhysics) || a.layer - b.layer || ai - bi;
}

function appendPlan(bone: MmdBone, count: number): AppendPlan | null {
  const a = bone.append;
  if (!a || a.parentIndex < 0 || a.parentIndex >= count || !Number.isFinite(a.ratio)) return null;
  if (a.ratio === 0) return null;
  return {
    source: a.parentIndex,
    ratio: a.ratio,
    rotation: a.rotation,
    translation: a.translation,
    local: a.local,
  };
}

/**
 * PMX limits are about MMD's left-handed axes; mirroring z negates angles about x and y, so
 * those ranges are negated and swapped (as for joint limits).
 */
function toThreeRange(min: Triple, max: Triple): { min: Vec3; max: Vec3 } {
  const lowX = Math.min(-max[0], -min[0]);
  const lowY = Math.min(-max[1], -min[1]);
  return {
    min: [lowX, lowY, Math.min(min[2], max[2])],
    max: [Math.max(-max[0], -min[0]), Math.max(-max[1], -min[1]), Math.max(min[2], max[2])],
  };
}

const HALF_PI = Math.PI / 2;

function linkPlan(link: MmdIkLink): IkLinkPlan {
  if (!link.limits) return { bone: link.boneIndex, limit: null };
  const { min, max } = toThreeRange(link.limits.min, link.limits.max);
  const turns = [0, 1, 2].filter((axis) => min[axis] !== 0 || max[axis] !== 0);
  if (turns.length === 1) {
    const axis = turns[0] as 0 | 1 | 2;
    return { bone: link.boneIndex, limit: { kind: 'axis', axis, min: min[axis], max: max[axis] } };
  }
  // The first angle of the order must stay within ±90° to be recovered without gimbal flips.
  const order: IkEulerOrder =
    -HALF_PI < min[0] && max[0] < HALF_PI
      ? 'YXZ'
      : -HALF_PI < min[1] && max[1] < HALF_PI
        ? 'ZYX'
        : 'XZY';
  return { bone: link.boneIndex, limit: { kind: 'euler', order, min, max } };
}

function followerLists(
  parents: readonly number[],
  owned: readonly boolean[],
): { followerStart: Int32Array; followers: Int32Array } {
  const children: number[][] = parents.map(() => []);
  parents.forEach((parent, i) => {
    if (parent >= 0) children[parent]!.push(i);
  });
  const followerStart = new Int32Array(parents.length + 1);
  const all: number[] = [];
  for (let i = 0; i < parents.length; i++) {
    followerStart[i] = all.length;
    const queue = [...children[i]!];
    for (let q = 0; q < queue.length; q++) {
      const bone = queue[q]!;
      if (owned[bone]) continue;
      all.push(bone);
      queue.push(...children[bone]!);
    }
  }
  followerStart[parents.length] = all.length;
  return { followerStart, followers: Int32Array.from(all) };
}
