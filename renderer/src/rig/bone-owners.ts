import type { HumanoidBoneName } from './humanoid-bones';
import { fingerBones } from './humanoid-bones';
import type { Side } from './build-parts';
import { SIDE_SUFFIX } from './build-parts';

function sideOwners(side: Side): [HumanoidBoneName, string][] {
  const s = SIDE_SUFFIX[side];
  return [
    [`${side}Shoulder`, 'torso'],
    [`${side}UpperArm`, `arm${s}_up`],
    [`${side}LowerArm`, `arm${s}_lo`],
    [`${side}Hand`, `hand${s}`],
    ...fingerBones(side).map((bone): [HumanoidBoneName, string] => [bone, `hand${s}`]),
    [`${side}UpperLeg`, `leg${s}_up`],
    [`${side}LowerLeg`, `leg${s}_lo`],
    [`${side}Foot`, `foot${s}`],
    [`${side}Toes`, `foot${s}`],
  ];
}

/**
 * Which part each humanoid bone follows: the original design's table, with the bones that now
 * bend given parts of their own. Changes from the original design: the neck follows the head (the head
 * pivots at the neck bone), hands and fingers follow the hand, feet and toes the foot.
 *
 * | part | bones |
 * |---|---|
 * | pelvis | hips |
 * | torso | spine, chest, upperChest, left/rightShoulder |
 * | head | neck, head, jaw, left/rightEye |
 * | armL_up / armL_lo / handL | leftUpperArm / leftLowerArm / leftHand and its 15 finger bones |
 * | legL_up / legL_lo / footL | leftUpperLeg / leftLowerLeg / leftFoot, leftToes |
 *
 * (and the same with R for the right side). Bones not listed (hair, clothes, any bone outside
 * the humanoid) follow their parent.
 */
export const BONE_OWNERS: ReadonlyMap<HumanoidBoneName, string> = new Map([
  ['hips', 'pelvis'],
  ['spine', 'torso'],
  ['chest', 'torso'],
  ['upperChest', 'torso'],
  ['neck', 'head'],
  ['head', 'head'],
  ['jaw', 'head'],
  ['leftEye', 'head'],
  ['rightEye', 'head'],
  ...sideOwners('left'),
  ...sideOwners('right'),
]);
