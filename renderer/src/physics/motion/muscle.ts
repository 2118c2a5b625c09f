/** MUSCLE runs from 0 (joints do not follow the motion) to 100 (follow it closely). */
export const MUSCLE_MIN = 0;
export const MUSCLE_MAX = 100;
export const MUSCLE_DEFAULT = 100;

/**
 * Natural frequency of a joint's motor at MUSCLE 100, rad/s, for the load the joint carries
 * (the drive multiplies ω0² and 2ζω0 by the carried inertia). At this value the box dummy and
 * the avatars hold the Stand motion within 0.1 rad under gravity (see BENCHMARKS.md).
 */
export const MUSCLE_MAX_OMEGA = 60;
/** Damping ratio of the joint motors: a little over critical, so poses settle without ringing. */
const MUSCLE_DAMPING_RATIO = 1;

/** Motor gains for a MUSCLE value per unit of carried inertia: kp in 1/s², kd in 1/s. Both 0 at MUSCLE 0. */
export interface MuscleGains {
  readonly kp: number;
  readonly kd: number;
}

/** The acceleration-based motor gains for `muscle` (0..100, clamped). */
export function muscleGains(muscle: number): MuscleGains {
  const omega = (MUSCLE_MAX_OMEGA * clampMuscle(muscle)) / MUSCLE_MAX;
  return { kp: omega * omega, kd: 2 * MUSCLE_DAMPING_RATIO * omega };
}

/** `muscle` within 0..100; a non-number becomes the default. */
export function clampMuscle(muscle: number): number {
  if (!Number.isFinite(muscle)) return MUSCLE_DEFAULT;
  return Math.min(MUSCLE_MAX, Math.max(MUSCLE_MIN, muscle));
}
