import type { HumanoidBoneName } from '../humanoid-bones';

/** One of MMD's standard bones and the humanoid bone it stands for. */
export interface StandardMmdBone {
  /** The usual Japanese name (as reported in messages). */
  readonly name: string;
  /** What it means, for messages ("left elbow"). */
  readonly english: string;
  /** The VRM humanoid bone (three-vrm's name), or null for センター (it has none). */
  readonly humanoid: HumanoidBoneName | null;
  /** A ragdoll cannot be built without it. */
  readonly required: boolean;
  /** Other spellings seen in real files (compared after NFKC normalisation, see {@link normalizeBoneName}). */
  readonly aliases: readonly string[];
  /** PMX English names that mean this bone (lower case, without spaces, `_` or `.`). */
  readonly englishAliases: readonly string[];
}

type Side = 'left' | 'right';
const SIDE_PREFIX: Readonly<Record<Side, string>> = { left: '左', right: '右' };
const SIDE_WORD: Readonly<Record<Side, string>> = { left: 'left', right: 'right' };
const SIDE_TAG: Readonly<Record<Side, string>> = { left: 'l', right: 'r' };

function bone(
  name: string,
  english: string,
  humanoid: HumanoidBoneName | null,
  required: boolean,
  aliases: readonly string[] = [],
  englishAliases: readonly string[] = [],
): StandardMmdBone {
  return { name, english, humanoid, required, aliases, englishAliases };
}

/** A side's bone: 左/右 + stem, e.g. 左ひじ (left elbow) → leftLowerArm. */
function sided(
  side: Side,
  stem: string,
  english: string,
  humanoid: string,
  required: boolean,
  stemAliases: readonly string[],
  englishStems: readonly string[],
): StandardMmdBone {
  const prefix = SIDE_PREFIX[side];
  const tag = SIDE_TAG[side];
  return bone(
    `${prefix}${stem}`,
    `${SIDE_WORD[side]} ${english}`,
    `${side}${humanoid}`,
    required,
    stemAliases.map((alias) => `${prefix}${alias}`),
    englishStems.flatMap((e) => [`${e}${tag}`, `${SIDE_WORD[side]}${e}`]),
  );
}

function sideBones(side: Side): StandardMmdBone[] {
  return [
    sided(side, '肩', 'shoulder', 'Shoulder', false, [], ['shoulder']),
    sided(side, '腕', 'arm', 'UpperArm', true, [], ['arm', 'upperarm']),
    sided(side, 'ひじ', 'elbow', 'LowerArm', true, ['肘'], ['elbow', 'lowerarm']),
    sided(side, '手首', 'wrist', 'Hand', true, [], ['wrist', 'hand']),
    sided(side, '中指１', 'middle finger', 'MiddleProximal', false, ['中指1'], ['middle1']),
    sided(side, '足', 'leg', 'UpperLeg', true, [], ['leg', 'upperleg']),
    sided(side, 'ひざ', 'knee', 'LowerLeg', true, ['膝'], ['knee', 'lowerleg']),
    sided(side, '足首', 'ankle', 'Foot', true, [], ['ankle', 'foot']),
    sided(side, 'つま先', 'toe', 'Toes', false, ['爪先'], ['toe', 'toes']),
  ];
}

/**
 * MMD's standard bones, in the order messages list them. 下半身 (lower body) stands for the
 * hips; the rig's origin is still the midpoint of the upper legs (足). Only 中指１ of the fingers
 * is read: the rig sizes the hand from it.
 */
export const STANDARD_MMD_BONES: readonly StandardMmdBone[] = [
  bone('センター', 'center', null, false, [], ['center']),
  bone('下半身', 'lower body', 'hips', true, [], ['lowerbody']),
  bone('上半身', 'upper body', 'spine', true, [], ['upperbody']),
  bone('上半身2', 'upper body 2', 'chest', false, [], ['upperbody2']),
  bone('首', 'neck', 'neck', false, [], ['neck']),
  bone('頭', 'head', 'head', true, [], ['head']),
  ...sideBones('left'),
  ...sideBones('right'),
];

/**
 * A bone name in the form names are compared in: NFKC (full-width digits and letters become
 * half-width, half-width katakana full-width: 上半身２ = 上半身2) and trimmed.
 */
export function normalizeBoneName(name: string): string {
  return name.normalize('NFKC').trim();
}

/** A PMX English bone name in the form {@link StandardMmdBone.englishAliases} use. */
export function normalizeEnglishBoneName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_.]/g, '');
}
