import type { RigidBody } from '../rapier-api';
import type { Vec3Like } from '../vector-math';
import { vec3 } from '../vector-math';

/** The bodies one end of a rope moves with (its figure, model prop, or prop). */
export interface ProjectedGroup {
  readonly bodies: readonly RigidBody[];
}

/** Stretch left alone, metres: the solver's own slop, well inside the 1 cm a rope may give. */
export const ROPE_PROJECTION_TOLERANCE = 0.002;

const scratchPosition = vec3();
const scratchVelocity = vec3();

/**
 * Puts a rope stretched past its length back to its length, after the world step. Rapier's
 * rope is a limit the solver meets within its iterations; a figure thrown by a BLAST pulls it
 * several centimetres long for a step or two. Each end's whole group (a figure moves as one,
 * so its own joints stay together) is shifted toward the other by its share of the stretch
 * (by mass; all of it when the other end is the world or pinned), and the ends' speed apart
 * along the rope is taken away the same way, as an inelastic rope would. Allocates nothing.
 *
 * @param a - end A's group, or null (the world, or held by a pin)
 * @param b - end B's group, or null
 * @param from - end A's anchor, world metres
 * @param to - end B's anchor, world metres
 * @param length - the rope's length, metres
 */
export function projectRope(
  a: ProjectedGroup | null,
  b: ProjectedGroup | null,
  from: Vec3Like,
  to: Vec3Like,
  length: number,
  endA: RigidBody | null,
  endB: RigidBody | null,
): boolean {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const dz = to.z - from.z;
  const d = Math.hypot(dx, dy, dz);
  const stretch = d - length;
  if (!(stretch > ROPE_PROJECTION_TOLERANCE) || d === 0) return false;
  const massA = a ? groupMass(a) : 0;
  const massB = b ? groupMass(b) : 0;
  if (massA + massB === 0) return false;
  // Unit direction from A to B; with one end fixed the other takes all of it.
  const nx = dx / d;
  const ny = dy / d;
  const nz = dz / d;
  const shareA = a && b ? massB / (massA + massB) : a ? 1 : 0;
  const shareB = 1 - shareA;
  const va = endA ? endA.linvel(scratchVelocity) : null;
  const speedA = va ? va.x * nx + va.y * ny + va.z * nz : 0;
  const vb = endB ? endB.linvel(scratchVelocity) : null;
  const speedB = vb ? vb.x * nx + vb.y * ny + vb.z * nz : 0;
  const apart = Math.max(0, speedB - speedA);
  if (a) shift(a, nx, ny, nz, stretch * shareA, apart * shareA);
  if (b) shift(b, nx, ny, nz, -stretch * shareB, -apart * shareB);
  return true;
}

function groupMass(group: ProjectedGroup): number {
  let mass = 0;
  for (let i = 0; i < group.bodies.length; i++) mass += group.bodies[i]!.mass();
  return mass;
}

/** Moves every body of a group `distance` along n and changes its velocity by `speed` along n. */
function shift(
  group: ProjectedGroup,
  nx: number,
  ny: number,
  nz: number,
  distance: number,
  speed: number,
): void {
  for (let i = 0; i < group.bodies.length; i++) {
    const body = group.bodies[i]!;
    const p = body.translation(scratchPosition);
    p.x += nx * distance;
    p.y += ny * distance;
    p.z += nz * distance;
    body.setTranslation(p, true);
    const v = body.linvel(scratchVelocity);
    v.x += nx * speed;
    v.y += ny * speed;
    v.z += nz * speed;
    body.setLinvel(v, true);
  }
}
