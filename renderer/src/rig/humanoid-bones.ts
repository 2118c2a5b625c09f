import type { Vec3 } from '../physics/vector-math';

/**
 * A VRM humanoid bone name as three-vrm spells it (`VRMHumanBoneName`, VRM 1.0 names; three-vrm
 * already maps VRM 0.x's names onto these). Kept a plain string so this layer stays free of
 * `@pixiv/*` imports.
 */
export type HumanoidBoneName = string;

/**
 * Rest-pose world positions of the humanoid bones, metres, keyed by bone name. The model faces
 * +Z with Y up (turn VRM 0.x first with `VRMUtils.rotateVRM0`) and stands on y = 0.
 */
export type HumanoidBonePositions = Readonly<Record<HumanoidBoneName, Vec3 | undefined>>;

/** The bones VRM 1.0 requires, and so the least a ragdoll can be built from. */
export const REQUIRED_BONES = [
  'hips',
  'spine',
  'head',
  'leftUpperArm',
  'leftLowerArm',
  'leftHand',
  'rightUpperArm',
  'rightLowerArm',
  'rightHand',
  'leftUpperLeg',
  'leftLowerLeg',
  'leftFoot',
  'rightUpperLeg',
  'rightLowerLeg',
  'rightFoot',
] as const satisfies readonly HumanoidBoneName[];

/**
 * The optional bones whose absence {@link specFromHumanoidBones} reports: the body bones (torso,
 * neck, shoulders, toes, eyes, jaw). Fingers are left out of the report: there are 30 of them,
 * many models have none, and the ragdoll only needs them to size the hands.
 */
export const REPORTED_OPTIONAL_BONES = [
  'chest',
  'upperChest',
  'neck',
  'leftShoulder',
  'rightShoulder',
  'leftToes',
  'rightToes',
  'leftEye',
  'rightEye',
  'jaw',
] as const satisfies readonly HumanoidBoneName[];

const FINGERS = ['Thumb', 'Index', 'Middle', 'Ring', 'Little'] as const;
const THUMB_JOINTS = ['Metacarpal', 'Proximal', 'Distal'] as const;
const FINGER_JOINTS = ['Proximal', 'Intermediate', 'Distal'] as const;

/** The 15 finger bones of one hand, VRM 1.0 names (`leftThumbMetacarpal`, ...). */
export function fingerBones(side: 'left' | 'right'): HumanoidBoneName[] {
  return FINGERS.flatMap((finger) =>
    (finger === 'Thumb' ? THUMB_JOINTS : FINGER_JOINTS).map((joint) => `${side}${finger}${joint}`),
  );
}
