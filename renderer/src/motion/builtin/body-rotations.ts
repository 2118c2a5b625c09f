import type { Quat } from '../../physics/vector-math';
import { axisAngleQuat, multiplyQuats } from '../quat-tuple';
import { BUILTIN_LEG_LENGTH } from './author-motion';

/**
 * Rotations for writing built-in motions in the T-pose's world frame (figure facing +Z, its
 * left at +X). Signs: +X tips +Y toward +Z (a nod, a leg kicking back), +Z tips +X toward +Y.
 */

export type Side = 'left' | 'right';

/** +1 for the left side (at +X), −1 for the right. */
export function sideSign(side: Side): 1 | -1 {
  return side === 'left' ? 1 : -1;
}

export function rotX(angle: number): Quat {
  return axisAngleQuat([1, 0, 0], angle);
}

export function rotY(angle: number): Quat {
  return axisAngleQuat([0, 1, 0], angle);
}

export function rotZ(angle: number): Quat {
  return axisAngleQuat([0, 0, 1], angle);
}

/**
 * The upper arm lowered from the T-pose to hang at the side, `spread` radians out from
 * straight down. Lowering turns about Z, so the elbow's hinge (the T-pose's Y) ends up along
 * the side-to-side axis and the forearm bends forward, as an elbow does.
 */
export function armDown(side: Side, spread: number): Quat {
  return rotZ(-sideSign(side) * (Math.PI / 2 - spread));
}

/**
 * The forearm's world rotation for an upper arm at `upperArm` with the elbow bent by `bend`
 * radians (≥ 0). In the T-pose the elbow hinges about Y and a forward bend turns the left
 * forearm by −bend (right: +bend), so the bend is applied in the upper arm's own frame.
 */
export function bentForearm(side: Side, upperArm: Quat, bend: number): Quat {
  return multiplyQuats(upperArm, rotY(-sideSign(side) * bend));
}

/** The tilt about Z that keeps a foot in place when the hips move `dx` metres sideways. */
export function legTiltFor(dx: number): number {
  return -Math.asin(dx / BUILTIN_LEG_LENGTH);
}

/** How far the hips drop when both legs tilt by `tilt` and bend by `bend` at hip and knee. */
export function hipDropFor(tilt: number, bend: number): number {
  return BUILTIN_LEG_LENGTH * (1 - Math.cos(tilt) * Math.cos(bend));
}

/** A value that goes 0 → 1 → 0 once per `period` seconds, smoothly (raised cosine). */
export function pulse(time: number, period: number): number {
  return 0.5 * (1 - Math.cos((2 * Math.PI * time) / period));
}
