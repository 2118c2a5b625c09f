import type { Figure } from '../../renderer/src/physics/sandbox';
import { distance, quat, rotateVec, vec3 } from '../../renderer/src/physics/vector-math';

/**
 * Measurements of a sandbox figure's MMD bodies for the tests: joint gaps and speeds, the
 * latter including `follow` bodies (colliders on their parts, which `Sandbox.measure` does
 * not list as bodies of their own) at the point they ride.
 */

const at = vec3();
const rotation = quat();
const local = vec3();
const inBody = vec3();
const turned = vec3();
const endA = vec3();
const endB = vec3();
const inverse = quat();

/** Where the joint point (doll space at rest) is now, carried by body `index`. */
function jointEnd(figure: Figure, index: number, point: readonly number[], out: typeof endA) {
  const mmd = figure.mmd!.bodies[index]!;
  const rest = mmd.spec.position;
  local.x = point[0]! - rest[0];
  local.y = point[1]! - rest[1];
  local.z = point[2]! - rest[2];
  const q = mmd.offsetRotation;
  inverse.x = -q.x;
  inverse.y = -q.y;
  inverse.z = -q.z;
  inverse.w = q.w;
  rotateVec(inverse, local, inBody);
  figure.mmd!.readBody(index, at, rotation);
  rotateVec(rotation, inBody, turned);
  out.x = at.x + turned.x;
  out.y = at.y + turned.y;
  out.z = at.z + turned.z;
}

/**
 * Largest distance (metres) between the two ends of the figure's built MMD joints; with
 * `lockedOnly`, only joints whose three translations are locked (0..0), where any gap is error.
 */
export function maxMmdJointGap(figure: Figure, lockedOnly = false): number {
  let gap = 0;
  for (const { spec: joint } of figure.mmd!.joints) {
    if (lockedOnly && [0, 1, 2].some((i) => joint.linearMin[i] !== 0 || joint.linearMax[i] !== 0))
      continue;
    jointEnd(figure, joint.bodyA, joint.position, endA);
    jointEnd(figure, joint.bodyB, joint.position, endB);
    gap = Math.max(gap, distance(endA, endB));
  }
  return gap;
}

const v = vec3();
const w = vec3();
const lever = vec3();

/**
 * Fastest MMD body of the figure, m/s: dynamic bodies' own speed, and each `follow` body's
 * speed at its centre as its part carries it (v + ω × r). Also NaN-safe: a NaN speed counts
 * as Infinity.
 */
export function fastestMmdBody(figure: Figure): number {
  let fastest = 0;
  for (const mmd of figure.mmd!.bodies) {
    let speed: number;
    if (mmd.spec.motion === 'follow') {
      const part = mmd.part.body;
      part.linvel(v);
      part.angvel(w);
      rotateVec(part.rotation(rotation), mmd.offsetPosition, lever);
      speed = Math.hypot(
        v.x + w.y * lever.z - w.z * lever.y,
        v.y + w.z * lever.x - w.x * lever.z,
        v.z + w.x * lever.y - w.y * lever.x,
      );
    } else {
      mmd.body.linvel(v);
      speed = Math.hypot(v.x, v.y, v.z);
    }
    fastest = Math.max(fastest, Number.isNaN(speed) ? Infinity : speed);
  }
  return fastest;
}
