import type { AngleRange, SphericalJointSpec } from '../physics/doll-spec';

/**
 * Angle limits in radians for the joints the original design left rigid. Spherical limits are per doll
 * axis (the joint frames are the parts' rest frames, which are the doll's axes), and Rapier
 * bounds each axis separately, so the reachable swing is a box whose diagonal is about 1.4×
 * each limit; the ranges are chosen with that in mind.
 *
 * Signs: +X turns +Y toward +Z, so a positive X angle tips the head forward (a nod) and the
 * toes down (pointing the foot).
 */
export const NECK_LIMITS: NonNullable<SphericalJointSpec['limits']> = {
  x: [-0.5, 0.7],
  y: [-0.9, 0.9],
  z: [-0.5, 0.5],
};

/**
 * Wrist limits. A hand may lie along any doll axis (T-pose: X, arms down: Y), so one range
 * serves every axis: about 35° each way, 50° on a diagonal.
 */
export const WRIST_LIMITS: NonNullable<SphericalJointSpec['limits']> = {
  x: [-0.6, 0.6],
  y: [-0.6, 0.6],
  z: [-0.6, 0.6],
};

/** Ankle limits: toes down 35°, up 20°; little twist or roll. */
export const ANKLE_LIMITS: NonNullable<SphericalJointSpec['limits']> = {
  x: [-0.35, 0.6],
  y: [-0.25, 0.25],
  z: [-0.3, 0.3],
};

/** The elbow's range about its canonical axis (see `hingeAxis`): the forearm bends forward. */
export const ELBOW_RANGE: AngleRange = [-2.4, 0];
/** The knee's range about its canonical axis: the shin bends backward. */
export const KNEE_RANGE: AngleRange = [0, 2.5];
