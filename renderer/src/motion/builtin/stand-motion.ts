import type { Quat } from '../../physics/vector-math';
import type { HumanoidBoneName } from '../../rig/humanoid-bones';
import { multiplyQuats } from '../quat-tuple';
import type { AuthoredMotion, WorldPose } from './author-motion';
import type { Side } from './body-rotations';
import {
  armDown,
  bentForearm,
  hipDropFor,
  legTiltFor,
  pulse,
  rotX,
  rotY,
  rotZ,
} from './body-rotations';

/** Arms hang this far out from straight down (radians), clear of the hips. */
export const RELAXED_ARM_SPREAD = 0.17;
/** The relaxed elbow bend (radians). */
export const RELAXED_ELBOW_BEND = 0.2;
/** Hip flexion = half the knee bend (radians): knees soft, not locked. */
const SOFT_KNEE = 0.04;
/** Chest lift at the top of a breath (radians, leaning back). */
const BREATH_ANGLE = 0.025;
const BREATH_PERIOD = 4;
/** Sideways weight shift of the hips (metres, each way) and its period (seconds). */
const SHIFT = 0.02;
const SHIFT_PERIOD = 8;

/** The arms of a relaxed stance, turned with the torso (`torso`: its world rotation). */
export function relaxedArms(torso: Quat, sides: readonly Side[]): [HumanoidBoneName, Quat][] {
  return sides.flatMap((side): [HumanoidBoneName, Quat][] => {
    const upper = multiplyQuats(torso, armDown(side, RELAXED_ARM_SPREAD));
    const lower = bentForearm(side, upper, RELAXED_ELBOW_BEND);
    return [
      [`${side}UpperArm`, upper],
      [`${side}LowerArm`, lower],
      [`${side}Hand`, lower],
    ];
  });
}

/**
 * Legs standing with the hips moved `dx` metres sideways and the feet left where they were:
 * both legs tilt about Z by the same angle, the knees stay soft, the feet stay flat.
 * Returns the leg rotations and the hips' displacement (x and the small drop).
 */
export function plantedLegs(dx: number): {
  rotations: [HumanoidBoneName, Quat][];
  hipsOffset: [number, number, number];
} {
  const tilt = legTiltFor(dx);
  const thigh = multiplyQuats(rotZ(tilt), rotX(-SOFT_KNEE));
  const shin = multiplyQuats(rotZ(tilt), rotX(SOFT_KNEE));
  const foot: Quat = [0, 0, 0, 1];
  const rotations = (['left', 'right'] as const).flatMap((side): [HumanoidBoneName, Quat][] => [
    [`${side}UpperLeg`, thigh],
    [`${side}LowerLeg`, shin],
    [`${side}Foot`, foot],
  ]);
  return { rotations, hipsOffset: [dx, -hipDropFor(tilt, SOFT_KNEE), 0] };
}

/**
 * *Stand*: a balanced idle. Arms hang relaxed with soft elbows, the chest rises with a breath
 * every 4 s, the hips shift 2 cm to each side and back over 8 s with the feet planted and the
 * knees almost straight, and the head turns a little. The pelvis and head stay level, so the
 * centre of mass stays over the feet.
 */
export const STAND_MOTION: AuthoredMotion = {
  name: 'stand',
  duration: SHIFT_PERIOD,
  poseAt(time: number): WorldPose {
    const breath = pulse(time, BREATH_PERIOD);
    const chest = rotX(-BREATH_ANGLE * breath);
    const legs = plantedLegs(SHIFT * Math.sin((2 * Math.PI * time) / SHIFT_PERIOD));
    return {
      rotations: new Map<HumanoidBoneName, Quat>([
        ['hips', [0, 0, 0, 1]],
        ['spine', [0, 0, 0, 1]],
        ['chest', chest],
        ['head', rotY(0.06 * Math.sin((2 * Math.PI * time) / SHIFT_PERIOD))],
        ...relaxedArms(chest, ['left', 'right']),
        ...legs.rotations,
      ]),
      hipsOffset: legs.hipsOffset,
    };
  },
};
