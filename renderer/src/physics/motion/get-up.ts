/**
 * The get-up: a continuous blend from the lying pose into the motion's pose, never a teleport.
 */

/** The pelvis target rises at most 5 cm per 60 Hz frame: 3 m/s. */
export const MAX_RISE_SPEED = 0.05 * 60;
/** Shortest and longest blend, seconds. */
export const GET_UP_MIN_SECONDS = 0.5;
export const GET_UP_MAX_SECONDS = 2.5;
/** Blend seconds per metre the pelvis has to rise, on top of the shortest blend. */
const SECONDS_PER_METRE = 1.8;

/** How long the blend takes for a pelvis that must rise `rise` metres. */
export function getUpSeconds(rise: number): number {
  const seconds = GET_UP_MIN_SECONDS + SECONDS_PER_METRE * Math.max(0, rise);
  return Math.min(GET_UP_MAX_SECONDS, seconds);
}

/** Smoothstep 0..1: starts and ends at rest, so the blend has no jolt at either end. */
export function blendWeight(elapsed: number, duration: number): number {
  const t = Math.min(1, Math.max(0, elapsed / duration));
  return t * t * (3 - 2 * t);
}

/**
 * The pelvis target height for the next step: toward `desired`, rising by at most
 * {@link MAX_RISE_SPEED}·dt (lowering is free).
 */
export function limitedRise(previous: number, desired: number, dt: number): number {
  return Math.min(desired, previous + MAX_RISE_SPEED * dt);
}
