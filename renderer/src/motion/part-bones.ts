import type { HumanoidBoneName } from '../rig/humanoid-bones';

/**
 * For each doll part, the humanoid bones whose rotation it shows, deepest first: the part
 * follows the first of them the clip's skeleton has, and through composition every bone
 * above it (the torso follows upperChest, and so the spine and chest too; the head follows
 * head, and so the neck). A part whose bones the clip lacks follows `PART_PARENTS`.
 */
export const PART_BONES: Readonly<Record<string, readonly HumanoidBoneName[]>> = {
  pelvis: ['hips'],
  torso: ['upperChest', 'chest', 'spine'],
  head: ['head', 'neck'],
  armL_up: ['leftUpperArm'],
  armL_lo: ['leftLowerArm'],
  handL: ['leftHand'],
  armR_up: ['rightUpperArm'],
  armR_lo: ['rightLowerArm'],
  handR: ['rightHand'],
  legL_up: ['leftUpperLeg'],
  legL_lo: ['leftLowerLeg'],
  footL: ['leftFoot'],
  legR_up: ['rightUpperLeg'],
  legR_lo: ['rightLowerLeg'],
  footR: ['rightFoot'],
};

/** The part a part hangs from, for parts whose own bones a clip does not have. */
export const PART_PARENTS: Readonly<Record<string, string>> = {
  torso: 'pelvis',
  head: 'torso',
  armL_up: 'torso',
  armL_lo: 'armL_up',
  handL: 'armL_lo',
  armR_up: 'torso',
  armR_lo: 'armR_up',
  handR: 'armR_lo',
  legL_up: 'pelvis',
  legL_lo: 'legL_up',
  footL: 'legL_lo',
  legR_up: 'pelvis',
  legR_lo: 'legR_up',
  footR: 'legR_lo',
};

/** Which limb chain a part belongs to, for the rest offsets; null for pelvis, torso and head. */
export function limbOf(part: string): { limb: 'arm' | 'leg'; side: 'L' | 'R' } | null {
  const match = /^(arm|hand|leg|foot)([LR])/.exec(part);
  if (!match) return null;
  const kind = match[1] === 'arm' || match[1] === 'hand' ? 'arm' : 'leg';
  return { limb: kind, side: match[2] as 'L' | 'R' };
}
