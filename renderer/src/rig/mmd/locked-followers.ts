import type { PartSpec } from '../../physics/doll-spec';
import type { MmdBodySpec, MmdJointSpec } from '../../physics/mmd/mmd-physics-spec';
import { distanceBetween } from '../tuple-math';

/**
 * Welded bodies farther than this from their part's centre (metres) stay simulated. Carried
 * rigidly, a long lever on a head that spins at up to about 80 rad/s after a fall moves its tip
 * at 80 × r m/s: mokou_B's 1.1 m side locks reached 84 m/s, past issue #6's 50 m/s. 50 / 80 ≈
 * 0.6 m; beyond it the chain stays simulated and the physics' whip cap holds it.
 */
export const MAX_WELD_REACH = 0.6;

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
 * anyway, so simulating it only costs joints, and Rapier's joints are soft: mokou_B.pmd has a
 * 21-body side lock of hair welded together and to the head, which Rapier bent like a whip
 * until its middle moved at 55 m/s on landing and hundreds of m/s after a blast. Only bodies
 * within {@link MAX_WELD_REACH} of their part's centre are carried; the rest of a welded chain
 * stays simulated. On mokou_B that carries 30 of 105 moving bodies (`npm run bench:mmd`: 1.41
 * ms per step with every welded body carried, 1.49-1.55 ms with this reach, 1.77-1.84 ms with
 * none); their joints end up between two follow bodies, which the physics does not build.
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
