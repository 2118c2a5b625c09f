import type { Vec3 } from '../../renderer/src/physics/vector-math';

/**
 * Small humanoid skeletons for rig tests: rest-pose world positions (metres, facing +Z,
 * standing on y = 0), VRM 1.0 bone names.
 */
export type Bones = Record<string, Vec3>;

function bothSides(left: Bones): Bones {
  const out: Bones = {};
  for (const [name, [x, y, z]] of Object.entries(left)) {
    out[name] = [x, y, z];
    out[name.replace(/^left/, 'right')] = [-x, y, z];
  }
  return out;
}

/** A 1.6 m human in T-pose with the body bones and middle fingers. */
export function humanTPose(): Bones {
  return {
    hips: [0, 0.95, 0],
    spine: [0, 1.05, 0],
    chest: [0, 1.18, 0],
    upperChest: [0, 1.3, 0],
    neck: [0, 1.42, 0],
    head: [0, 1.5, 0],
    ...bothSides({
      leftShoulder: [0.04, 1.38, 0],
      leftUpperArm: [0.17, 1.38, 0],
      leftLowerArm: [0.44, 1.38, 0],
      leftHand: [0.69, 1.38, 0],
      leftMiddleProximal: [0.78, 1.38, 0.01],
      leftUpperLeg: [0.09, 0.9, 0],
      leftLowerLeg: [0.09, 0.5, 0.01],
      leftFoot: [0.09, 0.08, -0.02],
      leftToes: [0.09, 0.01, 0.12],
    }),
  };
}

/** The arms lowered `degrees` below horizontal about the shoulders: an A-pose. */
export function aPose(bones: Bones, degrees: number): Bones {
  const out = { ...bones };
  const angle = (degrees * Math.PI) / 180;
  for (const side of ['left', 'right'] as const) {
    const pivot = bones[`${side}UpperArm`]!;
    const turn = side === 'left' ? -angle : angle;
    for (const bone of ['LowerArm', 'Hand', 'MiddleProximal']) {
      const p = bones[`${side}${bone}`];
      if (!p) continue;
      const dx = p[0] - pivot[0];
      const dy = p[1] - pivot[1];
      out[`${side}${bone}`] = [
        pivot[0] + dx * Math.cos(turn) - dy * Math.sin(turn),
        pivot[1] + dx * Math.sin(turn) + dy * Math.cos(turn),
        p[2],
      ];
    }
  }
  return out;
}

/** Only the 15 bones VRM 1.0 requires. */
export function only15(bones: Bones): Bones {
  const keep = [
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
  ];
  return Object.fromEntries(keep.map((name) => [name, bones[name]!]));
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
