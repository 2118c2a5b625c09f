import type { Vec3 } from '../physics/vector-math';
import type { BodyLandmarks } from './body-landmarks';
import * as P from './rig-proportions';
import type { RigPart } from './rig-shape';
import { add, distanceBetween, normalize, scale, sub } from './tuple-math';

/** Which side a limb is on: the model's own left is +X when it faces +Z. */
export type Side = 'left' | 'right';
/** The suffix of a side's part names, as the box dummy spells them (armL_up, legR_lo). */
export const SIDE_SUFFIX: Readonly<Record<Side, string>> = { left: 'L', right: 'R' };

/** A capsule from one bone to the next, its radius capped so short bones keep a segment. */
function limb(name: string, from: Vec3, to: Vec3, radius: number): RigPart {
  const span = distanceBetween(from, to);
  return {
    name,
    shape: { kind: 'capsule', from, to, radius: Math.min(radius, P.MAX_RADIUS_OF_SPAN * span) },
  };
}

function pelvis(l: BodyLandmarks): RigPart {
  const { k } = l;
  const hipL = l.required('leftUpperLeg');
  const hipR = l.required('rightUpperLeg');
  const spine = l.required('spine');
  const halfWidth = Math.abs(hipL[0] - hipR[0]) / 2 + P.PELVIS_SIDE_MARGIN * k;
  const bottom = -P.PELVIS_BELOW_HIPS * k;
  const top = Math.max(spine[1], bottom + P.MIN_PELVIS_HEIGHT * k);
  const z = (spine[2] + (hipL[2] + hipR[2]) / 2) / 2;
  const halfDepth = P.PELVIS_HALF_DEPTH * k;
  return {
    name: 'pelvis',
    shape: {
      kind: 'box',
      min: [-halfWidth, bottom, z - halfDepth],
      max: [halfWidth, top, z + halfDepth],
      narrowable: false,
    },
  };
}

function torso(l: BodyLandmarks): RigPart {
  const { k } = l;
  const spine = l.required('spine');
  const armL = l.required('leftUpperArm');
  const armR = l.required('rightUpperArm');
  const halfWidth = (Math.abs(armL[0] - armR[0]) / 2) * P.TORSO_WIDTH_OF_SHOULDERS;
  const top = Math.max(l.neckTop[1], spine[1] + P.MIN_TORSO_HEIGHT * k);
  const z = (spine[2] + l.neckTop[2]) / 2;
  const halfDepth = P.TORSO_HALF_DEPTH * k;
  return {
    name: 'torso',
    shape: {
      kind: 'box',
      min: [spine[0] - halfWidth, spine[1], z - halfDepth],
      max: [spine[0] + halfWidth, top, z + halfDepth],
      narrowable: false,
    },
  };
}

function head(l: BodyLandmarks): RigPart {
  const headBone = l.required('head');
  const radius = P.HEAD_RADIUS_OF_HEIGHT * (headBone[1] - l.floorY);
  return {
    name: 'head',
    shape: {
      kind: 'sphere',
      center: add(headBone, [0, P.HEAD_CENTER_ABOVE_BONE * radius, 0]),
      radius,
    },
  };
}

/** The hand: along hand → middle finger when the model has fingers, else along the forearm. */
function hand(l: BodyLandmarks, side: Side): RigPart {
  const { k } = l;
  const wrist = l.required(`${side}Hand`);
  const middle = l.bone(`${side}MiddleProximal`);
  const forearm = sub(wrist, l.required(`${side}LowerArm`));
  const direction = normalize(middle ? sub(middle, wrist) : forearm, normalize(forearm));
  const rawLength = middle
    ? distanceBetween(wrist, middle) * P.HAND_LENGTH_OF_PALM
    : P.HAND_LENGTH * k;
  const [shortest, longest] = P.HAND_LENGTH_RANGE;
  const handLength = Math.min(longest * k, Math.max(shortest * k, rawLength));
  return limb(
    `hand${SIDE_SUFFIX[side]}`,
    wrist,
    add(wrist, scale(direction, handLength)),
    P.HAND_RADIUS * k,
  );
}

/**
 * The foot: a box from the floor up to the ankle (the foot bone), from the heel to the toe tip,
 * square to the body so it lands flat.
 */
function foot(l: BodyLandmarks, side: Side): RigPart {
  const { k } = l;
  const ankle = l.required(`${side}Foot`);
  const toes = l.bone(`${side}Toes`);
  const toeTip = toes ? toes[2] + P.TOE_TIP_BEYOND_TOES * k : ankle[2] + P.FOOT_LENGTH * k;
  const heel = ankle[2] - P.FOOT_HEEL * k;
  const bottom = Math.min(l.floorY, ankle[1] - P.MIN_FOOT_HEIGHT * k);
  const top = Math.max(ankle[1], bottom + P.MIN_FOOT_HEIGHT * k);
  const halfWidth = P.FOOT_HALF_WIDTH * k;
  return {
    name: `foot${SIDE_SUFFIX[side]}`,
    shape: {
      kind: 'box',
      min: [ankle[0] - halfWidth, bottom, Math.min(heel, toeTip - P.MIN_FOOT_HEIGHT * k)],
      max: [ankle[0] + halfWidth, top, toeTip],
      narrowable: true,
    },
  };
}

function arm(l: BodyLandmarks, side: Side): RigPart[] {
  const s = SIDE_SUFFIX[side];
  const shoulder = l.required(`${side}UpperArm`);
  const elbow = l.required(`${side}LowerArm`);
  const wrist = l.required(`${side}Hand`);
  return [
    limb(`arm${s}_up`, shoulder, elbow, P.UPPER_ARM_RADIUS * l.k),
    limb(`arm${s}_lo`, elbow, wrist, P.LOWER_ARM_RADIUS * l.k),
    hand(l, side),
  ];
}

function leg(l: BodyLandmarks, side: Side): RigPart[] {
  const s = SIDE_SUFFIX[side];
  const hip = l.required(`${side}UpperLeg`);
  const knee = l.required(`${side}LowerLeg`);
  const ankle = l.required(`${side}Foot`);
  return [
    limb(`leg${s}_up`, hip, knee, P.THIGH_RADIUS * l.k),
    limb(`leg${s}_lo`, knee, ankle, P.SHIN_RADIUS * l.k),
    foot(l, side),
  ];
}

/**
 * Every part of the doll, sized from bone spans and the scale k: 15 parts (the box dummy's 11 plus
 * two hands and two feet). Overlaps between parts that are not joined are resolved afterwards.
 */
export function buildParts(l: BodyLandmarks): RigPart[] {
  return [
    pelvis(l),
    torso(l),
    head(l),
    ...arm(l, 'left'),
    ...arm(l, 'right'),
    ...leg(l, 'left'),
    ...leg(l, 'right'),
  ];
}
