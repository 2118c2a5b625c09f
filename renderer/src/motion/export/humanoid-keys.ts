import type { RecordedFigureMotion } from '../../physics/recording/recorded-figure-motion';
import type { Vec3 } from '../../physics/vector-math';
import type { HumanoidBoneName } from '../../rig/humanoid-bones';
import { figureHipsHeight } from '../figure-hips-height';
import type { MotionRest } from '../motion-clip';
import { conjugateInto, multiplyInto, rotateVectorInto } from '../quat-buffer';
import type { FigureKind } from '../rest-offsets';
import { partRestCorrections } from '../rest-offsets';

/** The humanoid bone each part is exported as (the torso as the spine, which carries it). */
const EXPORTED_BONE: Readonly<Record<string, HumanoidBoneName>> = {
  pelvis: 'hips',
  torso: 'spine',
  head: 'head',
  armL_up: 'leftUpperArm',
  armL_lo: 'leftLowerArm',
  handL: 'leftHand',
  armR_up: 'rightUpperArm',
  armR_lo: 'rightLowerArm',
  handR: 'rightHand',
  legL_up: 'leftUpperLeg',
  legL_lo: 'leftLowerLeg',
  footL: 'leftFoot',
  legR_up: 'rightUpperLeg',
  legR_lo: 'rightLowerLeg',
  footR: 'rightFoot',
};

/** How a recorded figure becomes humanoid bone rotations. */
export interface HumanoidKeysOptions {
  /** What the rotations are to be relative to: VRM's T-pose (`.vrma`) or MMD's A-pose (`.vmd`). */
  readonly rest: MotionRest;
  /** The kind of figure recorded (decides its arms' rest pose, as when playing a motion). */
  readonly figureKind: FigureKind;
  /**
   * For a VRM avatar: which part each of its humanoid bones follows (`HumanoidRig.boneOwners`).
   * Its bones then get exactly the rotations the view gives them (bone = part), so the file
   * poses the same avatar as it was drawn; without it, one bone per part, turned from the
   * figure's rest to `rest` the inverse way motion playback turns them (`retargetMotion`).
   */
  readonly boneOwners?: ReadonlyMap<HumanoidBoneName, string>;
  /** The hips relative to the root part's centre at rest, metres (default: the doll's origin). */
  readonly hipsOffset?: Vec3;
  /**
   * Height of the hips standing at rest, metres (default: the ragdoll's, from its lowest part).
   * For a VRM avatar, its model's own hips height, so three-vrm scales its root motion by 1.
   */
  readonly restHipsHeight?: number;
}

/** A figure's recorded motion as world rotations of humanoid bones and a hips path. */
export interface HumanoidKeys {
  readonly frameRate: number;
  readonly frameCount: number;
  /** Parents before children (humanoid order). */
  readonly bones: readonly HumanoidBoneName[];
  /** Per frame, per bone: the bone's rotation away from `rest` in the world, x y z w. */
  readonly worlds: Float64Array;
  /**
   * Per frame: the hips position, metres, world axes, relative to the first frame's spot on
   * the floor (x and z of the first frame subtracted; y is the height above the floor).
   */
  readonly hips: Float64Array;
  /** Height of the hips above the floor standing at rest, metres. */
  readonly restHipsHeight: number;
  /** Rest positions of each bone relative to the hips, metres (for the file's skeleton). */
  readonly restOffsets: readonly Vec3[];
  readonly rest: MotionRest;
}

function humanoidOrder(bones: Iterable<HumanoidBoneName>, order: readonly HumanoidBoneName[]) {
  const wanted = new Set(bones);
  return order.filter((bone) => wanted.has(bone));
}

/**
 * What turning one figure's parts into humanoid bones needs, worked out once per figure: see
 * {@link humanoidKeyPlan}, {@link writeHumanoidWorlds}.
 */
export interface HumanoidKeyPlan {
  readonly spec: RecordedFigureMotion['spec'];
  /** Parents before children (humanoid order). */
  readonly bones: readonly HumanoidBoneName[];
  /** Per bone, the part (spec index) it follows. */
  readonly boneParts: Int32Array;
  /** Per part, its rest correction (none for a VRM avatar's own bones). */
  readonly corrections: ReturnType<typeof partRestCorrections> | null;
  /** The root part's spec index. */
  readonly root: number;
  /** The hips relative to the root part's centre at rest, metres. */
  readonly hipsOffset: Float64Array;
  readonly restHipsHeight: number;
  readonly partIndex: ReadonlyMap<string, number>;
  readonly ownerOf: ReadonlyMap<HumanoidBoneName, string>;
}

/** Works out a figure's humanoid bones and how each follows its part (allocates: once). */
export function humanoidKeyPlan(
  spec: RecordedFigureMotion['spec'],
  order: readonly HumanoidBoneName[],
  options: HumanoidKeysOptions,
): HumanoidKeyPlan {
  const partIndex = new Map(spec.parts.map((part, i) => [part.name, i]));
  const owners: [HumanoidBoneName, string][] = options.boneOwners
    ? [...options.boneOwners]
    : spec.parts.flatMap((part) => {
        const bone = EXPORTED_BONE[part.name];
        return bone ? [[bone, part.name] as [HumanoidBoneName, string]] : [];
      });
  const ownerOf = new Map(owners.filter(([, part]) => partIndex.has(part)));
  const bones = humanoidOrder(ownerOf.keys(), order);
  const boneParts = Int32Array.from(bones, (bone) => partIndex.get(ownerOf.get(bone)!)!);
  const root = partIndex.get(spec.rootPart) ?? 0;
  const corrections = options.boneOwners
    ? null
    : partRestCorrections(spec, options.rest, options.figureKind);
  const pelvisCenter = spec.parts[root]!.center;
  const hipsOffset = new Float64Array(options.hipsOffset ?? pelvisCenter.map((c) => -c));
  const restHipsHeight =
    options.restHipsHeight ?? figureHipsHeight(spec) + pelvisCenter[1] + hipsOffset[1]!;
  return {
    spec,
    bones,
    boneParts,
    corrections,
    root,
    hipsOffset,
    restHipsHeight,
    partIndex,
    ownerOf,
  };
}

/**
 * One frame of {@link humanoidKeys}: the bones' world rotations from the parts' rotations at
 * `rotations[partBase…]` into `worlds[worldsBase…]` (4 per bone), and the hips' position from
 * the root part's centre at `rootPositions[rootBase…]` into `hips[hipsBase…]`. `q` is 16
 * numbers of scratch. Allocates nothing.
 */
export function writeHumanoidWorlds(
  plan: HumanoidKeyPlan,
  rotations: Float64Array,
  partBase: number,
  rootPositions: Float64Array,
  rootBase: number,
  worlds: Float64Array,
  worldsBase: number,
  hips: Float64Array,
  hipsBase: number,
  q: Float64Array,
): void {
  const { bones, boneParts, corrections, root } = plan;
  // W_a: the hips' world rotation, which the pelvis shows as it is.
  for (let c = 0; c < 4; c++) q[12 + c] = rotations[partBase + root * 4 + c]!;
  for (let b = 0; b < bones.length; b++) {
    const p = boneParts[b]!;
    const out = worldsBase + b * 4;
    const correction = corrections?.[p];
    if (!correction) {
      for (let c = 0; c < 4; c++) worlds[out + c] = rotations[partBase + p * 4 + c]!;
      continue;
    }
    // part = W_a · L · W_a⁻¹ · W · R (retargetMotion), so W = W_a · L⁻¹ · W_a⁻¹ · part · R⁻¹.
    q.set(correction.right, 0);
    conjugateInto(q, 0, q, 0);
    multiplyInto(rotations, partBase + p * 4, q, 0, q, 4);
    conjugateInto(q, 12, q, 8);
    multiplyInto(q, 8, q, 4, q, 4);
    q.set(correction.left, 0);
    conjugateInto(q, 0, q, 0);
    multiplyInto(q, 0, q, 4, q, 4);
    multiplyInto(q, 12, q, 4, worlds, out);
  }
  rotateVectorInto(q, 12, plan.hipsOffset, 0, q, 0);
  for (let c = 0; c < 3; c++) hips[hipsBase + c] = rootPositions[rootBase + c]! + q[c]!;
}

/**
 * Turns a figure's recorded parts into humanoid bone rotations (see {@link HumanoidKeysOptions})
 * and its hips path. `order` lists humanoid bones parents first (`HUMANOID_PARENTS`' keys).
 */
export function humanoidKeys(
  motion: RecordedFigureMotion,
  order: readonly HumanoidBoneName[],
  options: HumanoidKeysOptions,
): HumanoidKeys {
  const spec = motion.spec;
  const parts = spec.parts.length;
  const plan = humanoidKeyPlan(spec, order, options);
  const { bones, partIndex, ownerOf, hipsOffset, restHipsHeight } = plan;
  const pelvisCenter = spec.parts[plan.root]!.center;
  const worlds = new Float64Array(motion.frameCount * bones.length * 4);
  const hips = new Float64Array(motion.frameCount * 3);
  const q = new Float64Array(16);
  for (let f = 0; f < motion.frameCount; f++) {
    writeHumanoidWorlds(
      plan,
      motion.rotations,
      f * parts * 4,
      motion.rootPositions,
      f * 3,
      worlds,
      f * bones.length * 4,
      hips,
      f * 3,
      q,
    );
  }
  const startX = hips[0] ?? 0;
  const startZ = hips[2] ?? 0;
  for (let f = 0; f < motion.frameCount; f++) {
    hips[f * 3] = hips[f * 3]! - startX;
    hips[f * 3 + 2] = hips[f * 3 + 2]! - startZ;
  }
  const restOffsets = bones.map((bone): Vec3 => {
    const part = spec.parts[partIndex.get(ownerOf.get(bone)!)!]!;
    const joint = spec.joints.find((j) => j.child === part.name);
    const at = joint?.anchor ?? part.center;
    return [
      at[0] - pelvisCenter[0] - hipsOffset[0]!,
      at[1] - pelvisCenter[1] - hipsOffset[1]!,
      at[2] - pelvisCenter[2] - hipsOffset[2]!,
    ];
  });
  return {
    frameRate: motion.frameRate,
    frameCount: motion.frameCount,
    bones,
    worlds,
    hips,
    restHipsHeight,
    restOffsets,
    rest: options.rest,
  };
}

/**
 * Each bone's rotation relative to its nearest exported ancestor under `parents` (a humanoid
 * hierarchy): what a file stores. Per frame, per bone, x y z w.
 */
export function localRotations(
  keys: HumanoidKeys,
  parents: ReadonlyMap<HumanoidBoneName, HumanoidBoneName | null>,
): { parents: Int32Array; locals: Float64Array } {
  const parentIndex = exportedParents(keys.bones, parents);
  const n = keys.bones.length;
  const locals = new Float64Array(keys.worlds.length);
  const inverse = new Float64Array(4);
  for (let f = 0; f < keys.frameCount; f++)
    writeLocalRotations(parentIndex, keys.worlds, f * n * 4, locals, f * n * 4, inverse);
  return { parents: parentIndex, locals };
}

/** Per bone of `bones`, the index of its nearest ancestor among them under `parents`, or -1. */
export function exportedParents(
  bones: readonly HumanoidBoneName[],
  parents: ReadonlyMap<HumanoidBoneName, HumanoidBoneName | null>,
): Int32Array {
  const index = new Map(bones.map((bone, i) => [bone, i]));
  return Int32Array.from(bones, (bone) => {
    for (let p = parents.get(bone) ?? null; p !== null; p = parents.get(p) ?? null) {
      const i = index.get(p);
      if (i !== undefined) return i;
    }
    return -1;
  });
}

/**
 * One frame of {@link localRotations}: each bone's world rotation at `worlds[worldsBase…]`
 * made relative to its parent's (`parentIndex`), into `locals[localsBase…]`. `inverse` is 4
 * numbers of scratch. Allocates nothing.
 */
export function writeLocalRotations(
  parentIndex: Int32Array,
  worlds: Float64Array,
  worldsBase: number,
  locals: Float64Array,
  localsBase: number,
  inverse: Float64Array,
): void {
  for (let b = 0; b < parentIndex.length; b++) {
    const o = worldsBase + b * 4;
    const l = localsBase + b * 4;
    const parent = parentIndex[b]!;
    if (parent < 0) {
      for (let c = 0; c < 4; c++) locals[l + c] = worlds[o + c]!;
      continue;
    }
    conjugateInto(worlds, worldsBase + parent * 4, inverse, 0);
    multiplyInto(inverse, 0, worlds, o, locals, l);
  }
}
