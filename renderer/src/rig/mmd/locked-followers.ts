import type { PartSpec } from '../../physics/doll-spec';
import type { MmdBodySpec, MmdJointSpec } from '../../physics/mmd/mmd-physics-spec';
import { distanceBetween } from '../tuple-math';

/**
 * Welded bodies farther than this from their part's centre (metres) stay simulated: a far
 * carried body that hits the floor strikes its part at a long lever the part's own inertia
 * does not know about and spins it up. 0.3 m is about a head with its hair; beyond it the
 * chain stays simulated, held by the whip cap. Measurements: docs/physics.md.
 */
export const MAX_WELD_REACH = 0.3;

/** True when a joint allows no movement at all: every translation and rotation limit 0..0. */
export function isFullyLocked(joint: MmdJointSpec): boolean {
  for (let axis = 0; axis < 3; axis++) {
    if (joint.linearMin[axis] !== 0 || joint.linearMax[axis] !== 0) return false;
    if (joint.angularMin[axis] !== 0 || joint.angularMax[axis] !== 0) return false;
  }
  return true;
}

/**
 * Moving bodies welded (by fully locked joints, directly or along a chain of them) to a follow
 * body become follow bodies of that body's part, carried rigidly as the weld says.
 *
 * Why: such a body cannot move relative to the body it is welded to, which the ragdoll carries
 * anyway, so simulating it only costs joints, and Rapier's joints are soft: a long lock of hair
 * welded together and to the head bends like a whip until it flies apart. Only bodies within
 * {@link MAX_WELD_REACH} of their part's centre are carried; the rest of a welded chain stays
 * simulated; their joints end up between two follow bodies, which the physics does not build.
 *
 * Returns the bodies, changed where welded (same order and indices).
 */
export function weldLockedToFollowers(
  bodies: readonly MmdBodySpec[],
  joints: readonly MmdJointSpec[],
  parts: readonly PartSpec[],
): MmdBodySpec[] {
  const centers = new Map(parts.map((p) => [p.name, p.center]));
  const withinReach = (body: MmdBodySpec, part: string) =>
    distanceBetween(body.position, centers.get(part) ?? body.position) <= MAX_WELD_REACH;
  const out = [...bodies];
  const welds = joints.filter(isFullyLocked);
  for (let changed = true; changed;) {
    changed = false;
    for (const joint of welds) {
      for (const [from, to] of [
        [joint.bodyA, joint.bodyB],
        [joint.bodyB, joint.bodyA],
      ] as const) {
        const anchor = out[from]!;
        const welded = out[to]!;
        if (anchor.motion !== 'follow' || welded.motion === 'follow') continue;
        if (!withinReach(welded, anchor.part)) continue;
        out[to] = { ...welded, motion: 'follow', part: anchor.part };
        changed = true;
      }
    }
  }
  return out;
}
