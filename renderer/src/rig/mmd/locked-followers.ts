import type { PartSpec } from '../../physics/doll-spec';
import type { MmdBodySpec, MmdJointSpec } from '../../physics/mmd/mmd-physics-spec';
import { distanceBetween } from '../tuple-math';

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
 * anyway, so simulating it only costs bodies and joints, and Rapier's joints are soft: a long
 * lock of hair welded together and to the head bends like a whip until it flies apart, and,
 * lying on the floor under another figure, fights the contacts that press it out of its weld
 * for good (mokou_B's side locks, welded at both ends to the head: 5-13 m/s for as long as one
 * waits, so the pile never sleeps).
 *
 * `reach` (metres, default unlimited): bodies farther than this from their part's centre stay
 * simulated. Carried far out, a body that hits the floor strikes its part at a long lever; the
 * soak's fastest body with mokou_B's 0.75 m side locks carried is measured in docs/physics.md.
 *
 * Returns the bodies, changed where welded (same order and indices).
 */
export function weldLockedToFollowers(
  bodies: readonly MmdBodySpec[],
  joints: readonly MmdJointSpec[],
  parts: readonly PartSpec[],
  reach = Infinity,
): MmdBodySpec[] {
  const centers = new Map(parts.map((p) => [p.name, p.center]));
  const withinReach = (body: MmdBodySpec, part: string) =>
    distanceBetween(body.position, centers.get(part) ?? body.position) <= reach;
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
        out[to] = { ...welded, motion: 'follow', part: anchor.part, welded: true };
        changed = true;
      }
    }
  }
  return out;
}
