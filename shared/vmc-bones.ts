/**
 * The bones the VMC protocol names: Unity's `HumanBodyBones` (all 55, in Unity's order), with
 * the VRM 1.0 humanoid name each one is. Unity names a thumb's bones Proximal, Intermediate
 * and Distal where VRM 1.0 says Metacarpal, Proximal and Distal (as UniVRM maps them).
 */

const SIDES = ['Left', 'Right'] as const;
const FINGERS = ['Thumb', 'Index', 'Middle', 'Ring', 'Little'] as const;
const JOINTS = ['Proximal', 'Intermediate', 'Distal'] as const;

function fingerNames(): string[] {
  return SIDES.flatMap((side) => FINGERS.flatMap((f) => JOINTS.map((j) => `${side}${f}${j}`)));
}

/** Unity's HumanBodyBones names, index = the enum's value (Hips 0 … UpperChest 54). */
export const VMC_BONES: readonly string[] = Object.freeze([
  'Hips',
  'LeftUpperLeg',
  'RightUpperLeg',
  'LeftLowerLeg',
  'RightLowerLeg',
  'LeftFoot',
  'RightFoot',
  'Spine',
  'Chest',
  'Neck',
  'Head',
  'LeftShoulder',
  'RightShoulder',
  'LeftUpperArm',
  'RightUpperArm',
  'LeftLowerArm',
  'RightLowerArm',
  'LeftHand',
  'RightHand',
  'LeftToes',
  'RightToes',
  'LeftEye',
  'RightEye',
  'Jaw',
  ...fingerNames(),
  'UpperChest',
]);

/** How many bones VMC can name (55). */
export const VMC_BONE_COUNT = VMC_BONES.length;

/** The VRM 1.0 humanoid name of a Unity bone name, e.g. `LeftThumbProximal` → `leftThumbMetacarpal`. */
export function vrmNameOfVmcBone(unity: string): string {
  const thumb = /^(Left|Right)Thumb(Proximal|Intermediate|Distal)$/.exec(unity);
  if (thumb) {
    const joint = { Proximal: 'Metacarpal', Intermediate: 'Proximal', Distal: 'Distal' }[
      thumb[2] as 'Proximal' | 'Intermediate' | 'Distal'
    ];
    return `${thumb[1]!.toLowerCase()}Thumb${joint}`;
  }
  return unity[0]!.toLowerCase() + unity.slice(1);
}

/** VRM 1.0 humanoid names in {@link VMC_BONES} order. */
export const VMC_BONE_VRM_NAMES: readonly string[] = Object.freeze(VMC_BONES.map(vrmNameOfVmcBone));

const INDEX = new Map(VMC_BONES.map((name, i) => [name, i]));

/** The index of a Unity bone name in {@link VMC_BONES}, or −1 for a name VMC does not define. */
export function vmcBoneIndex(unity: string): number {
  return INDEX.get(unity) ?? -1;
}
