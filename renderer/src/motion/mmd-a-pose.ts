import type { Quat } from '../physics/vector-math';
import { MMD_UNIT_METRES } from '../rig/mmd/mmd-coordinates';
import { axisAngleQuat } from './quat-tuple';

/**
 * How far below the horizontal an MMD model's arms rest (radians): 37°. MMD motions are made
 * for models in this A-pose; five real models (PMX and PMD, two of them by the same author)
 * measure 32° to 39° from 腕 to ひじ, and the usual Miku-style bodies about 35° to 40°.
 * Playing a VMD on a figure that is not an MMD model turns its arm chain by this much first.
 */
export const MMD_A_POSE_ARM_ANGLE = (37 * Math.PI) / 180;

/**
 * Hip height of a standard MMD model (the 足 bones about 10.5 units above the floor on
 * Miku-sized models), metres at {@link MMD_UNIT_METRES} per unit: the scale VMD root motion is
 * written for.
 */
export const MMD_STANDARD_HIPS_HEIGHT = 10.5 * MMD_UNIT_METRES;

/**
 * The rotation taking a T-pose arm (straight out along ±X) to MMD's A-pose arm: about Z, down
 * by {@link MMD_A_POSE_ARM_ANGLE}. For side 'L' (at +X) the arm turns by −angle, for 'R' by +angle.
 */
export function mmdArmRestOffset(side: 'L' | 'R'): Quat {
  return axisAngleQuat([0, 0, 1], side === 'L' ? -MMD_A_POSE_ARM_ANGLE : MMD_A_POSE_ARM_ANGLE);
}
