import type { HumanoidBoneName } from '../rig/humanoid-bones';
import { fingerBones } from '../rig/humanoid-bones';

type Side = 'left' | 'right';

function sideParents(side: Side): [HumanoidBoneName, HumanoidBoneName][] {
  const fingers = fingerBones(side);
  return [
    [`${side}Shoulder`, 'upperChest'],
    [`${side}UpperArm`, `${side}Shoulder`],
    [`${side}LowerArm`, `${side}UpperArm`],
    [`${side}Hand`, `${side}LowerArm`],
    // Each finger's first bone hangs from the hand, the next two from the one before.
    ...fingers.map((bone, i): [HumanoidBoneName, HumanoidBoneName] => [
      bone,
      i % 3 === 0 ? `${side}Hand` : fingers[i - 1]!,
    ]),
    [`${side}UpperLeg`, 'hips'],
    [`${side}LowerLeg`, `${side}UpperLeg`],
    [`${side}Foot`, `${side}LowerLeg`],
    [`${side}Toes`, `${side}Foot`],
    [`${side}Eye`, 'head'],
  ];
}

/**
 * The VRM 1.0 humanoid hierarchy: each bone's parent, parents listed before children. Every
 * humanoid bone is here, so a T-pose clip's skeleton can always be the whole of it (bones a
 * file does not animate simply stay at rest).
 */
export const HUMANOID_PARENTS: ReadonlyMap<HumanoidBoneName, HumanoidBoneName | null> = new Map<
  HumanoidBoneName,
  HumanoidBoneName | null
>([
  ['hips', null],
  ['spine', 'hips'],
  ['chest', 'spine'],
  ['upperChest', 'chest'],
  ['neck', 'upperChest'],
  ['head', 'neck'],
  ['jaw', 'head'],
  ...sideParents('left'),
  ...sideParents('right'),
]);
