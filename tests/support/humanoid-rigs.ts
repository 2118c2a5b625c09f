import type { Vec3 } from '../../renderer/src/physics/vector-math';
import { REQUIRED_BONES } from '../../renderer/src/rig/humanoid-bones';
import { HUMAN_T, lowerArms, mirrored, only } from '../../tools/fixtures/fixture-skeletons';

/**
 * Small humanoid skeletons for rig tests: rest-pose world positions (metres, facing +Z,
 * standing on y = 0), VRM 1.0 bone names.
 */
export type Bones = Record<string, Vec3>;

/** Adds the right side of every left bone, mirrored. */
const bothSides = mirrored;

/** A 1.6 m human in T-pose with the body bones and middle fingers (the fixtures' skeleton). */
export function humanTPose(): Bones {
  return structuredClone(HUMAN_T) as Bones;
}

/** The arms lowered `degrees` below horizontal about the shoulders: an A-pose. */
export function aPose(bones: Bones, degrees: number): Bones {
  return lowerArms(bones, (degrees * Math.PI) / 180);
}

/** Only the 15 bones VRM 1.0 requires. */
export function only15(bones: Bones): Bones {
  return only(bones, REQUIRED_BONES);
}

/**
 * A chibi with godette_v4's heights (hips 0.65 m, head 0.98 m): neck close under the head,
 * short arms and legs set close together.
 */
export function chibi(): Bones {
  return {
    hips: [0, 0.65, 0.04],
    spine: [0, 0.65, 0.04],
    chest: [0, 0.76, 0.036],
    neck: [0, 0.92, 0.006],
    head: [0, 0.98, 0.02],
    ...bothSides({
      leftShoulder: [0.05, 0.91, 0.006],
      leftUpperArm: [0.12, 0.907, 0.006],
      leftLowerArm: [0.3, 0.894, 0.005],
      leftHand: [0.45, 0.894, 0.006],
      leftMiddleProximal: [0.54, 0.891, -0.02],
      leftUpperLeg: [0.04, 0.5, -0.007],
      leftLowerLeg: [0.05, 0.27, 0.018],
      leftFoot: [0.05, 0.064, 0.008],
      leftToes: [0.05, 0.021, 0.081],
    }),
  };
}
