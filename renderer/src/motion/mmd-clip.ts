import type { HumanoidBoneName } from '../rig/humanoid-bones';
import { STANDARD_MMD_BONES, normalizeBoneName } from '../rig/mmd/mmd-bone-names';
import type { ClipBone, DrawnBoneTrack, FootTarget, MotionClip } from './motion-clip';
import { MMD_STANDARD_HIPS_HEIGHT } from './mmd-a-pose';
import type { RotationTrack, TranslationTrack } from './motion-track';

type Side = 'left' | 'right';
const PREFIX: Readonly<Record<Side, string>> = { left: '左', right: '右' };

function sideChain(side: Side): [string, string][] {
  const p = PREFIX[side];
  return [
    [`${p}肩P`, '上半身2'],
    [`${p}肩`, `${p}肩P`],
    [`${p}腕`, `${p}肩`],
    [`${p}腕捩`, `${p}腕`],
    [`${p}ひじ`, `${p}腕捩`],
    [`${p}手捩`, `${p}ひじ`],
    [`${p}手首`, `${p}手捩`],
    [`${p}足`, '下半身'],
    [`${p}ひざ`, `${p}足`],
    [`${p}足首`, `${p}ひざ`],
    [`${p}つま先`, `${p}足首`],
  ];
}

/**
 * The MMD bones whose keys a VMD's humanoid motion lives in, each with its parent as MMD's
 * standard skeleton has it (parents first). Besides the standard bones the rig knows, the
 * in-between bones: 全ての親 (root), センター (centre), グルーブ (groove), 腰 (waist),
 * 肩P (shoulder lift), 腕捩 and 手捩 (arm and wrist twist). 上半身 hangs from 腰, not from
 * 下半身: lower and upper body turn independently, so the humanoid spine's rotation comes
 * from 上半身 alone while the hips follow 下半身.
 */
export const MMD_MOTION_SKELETON: readonly (readonly [string, string | null])[] = [
  ['全ての親', null],
  ['センター', '全ての親'],
  ['グルーブ', 'センター'],
  ['腰', 'グルーブ'],
  ['下半身', '腰'],
  ['上半身', '腰'],
  ['上半身2', '上半身'],
  ['首', '上半身2'],
  ['頭', '首'],
  ...sideChain('left'),
  ...sideChain('right'),
];

const HUMANOID_OF = new Map(
  STANDARD_MMD_BONES.map((bone) => [normalizeBoneName(bone.name), bone.humanoid]),
);
const SKELETON_NAMES = new Set(MMD_MOTION_SKELETON.map(([name]) => normalizeBoneName(name)));
const ALIASES = new Map(
  STANDARD_MMD_BONES.flatMap((bone) =>
    bone.aliases.map((alias) => [normalizeBoneName(alias), normalizeBoneName(bone.name)] as const),
  ),
);

/**
 * The name of {@link MMD_MOTION_SKELETON} bone a VMD bone name stands for (any usual spelling:
 * full- or half-width, 肘 for ひじ, 膝 for ひざ), or null when it is not one of them.
 */
export function mmdSkeletonName(name: string): string | null {
  const normal = normalizeBoneName(name);
  const canonical = ALIASES.get(normal) ?? normal;
  return SKELETON_NAMES.has(canonical) ? canonical : null;
}

/** The humanoid bone an MMD skeleton bone is, or null for the in-between bones. */
function humanoidOf(name: string): HumanoidBoneName | null {
  return HUMANOID_OF.get(name) ?? null;
}

/** The tracks of one MMD skeleton bone, already in our axes and metres. */
export interface MmdBoneTracks {
  readonly rotation?: RotationTrack;
  readonly translation?: TranslationTrack;
}

/** What {@link mmdClip} needs besides the tracks. */
export interface MmdClipInfo {
  readonly name: string;
  readonly duration: number;
  readonly unusedBones?: readonly string[];
  /** Leg-IK targets; their `parent` is filled in here (全ての親). */
  readonly footTargets?: readonly Omit<FootTarget, 'parent'>[];
  /** Turned bones outside the skeleton, for models that draw them (see `MotionClip.drawnBones`). */
  readonly drawnBones?: readonly DrawnBoneTrack[];
}

/**
 * An `mmd` clip over {@link MMD_MOTION_SKELETON}, with the given tracks keyed by skeleton
 * name (see {@link mmdSkeletonName}); bones without tracks stay at rest. Root motion is
 * scaled from a standard MMD model's hip height (`MMD_STANDARD_HIPS_HEIGHT`).
 */
export function mmdClip(info: MmdClipInfo, tracks: ReadonlyMap<string, MmdBoneTracks>): MotionClip {
  for (const name of tracks.keys()) {
    if (!SKELETON_NAMES.has(name)) throw new Error(`mmdClip: "${name}" is not a skeleton bone`);
  }
  const order = MMD_MOTION_SKELETON.map(([name]) => normalizeBoneName(name));
  const bones: ClipBone[] = MMD_MOTION_SKELETON.map(([rawName, parent]) => {
    const name = normalizeBoneName(rawName);
    const own = tracks.get(name);
    return {
      name,
      humanoid: humanoidOf(name),
      parent: parent === null ? -1 : order.indexOf(normalizeBoneName(parent)),
      rotation: own?.rotation ?? null,
      translation: own?.translation ?? null,
    };
  });
  return {
    name: info.name,
    duration: info.duration,
    rest: 'mmd',
    bones,
    restHipsHeight: MMD_STANDARD_HIPS_HEIGHT,
    unusedBones: info.unusedBones ?? [],
    // MMD's leg-IK bones hang from 全ての親, the skeleton's root.
    footTargets: (info.footTargets ?? []).map((target) => ({ ...target, parent: 0 })),
    drawnBones: info.drawnBones ?? [],
  };
}
