import { vec3 } from '../vector-math';
import type { MmdBody } from './mmd-body';

/**
 * Fastest a dynamic MMD body may move relative to its part's centre, m/s. A hair chain is a
 * whip on a heavy handle (its root, riding the head): when a head hits the floor and
 * spins at 60-80 rad/s, the tip of a 10-link chain was measured at 100-430 m/s in a 60 s
 * blast soak (BLAST 14 every 5 s), and nothing in Rapier caps it. Measured caps (fastest
 * hair over that soak, three seeds): relative to the part's point velocity (v + ω × r),
 * 15 m/s: 84-102 m/s, since the head's own spin still counts; relative to the part's centre,
 * 15 m/s: 31-37 m/s; 10 m/s: 30-37. A BLAST moves hair and doll together, so it never bites there.
 */
export const MAX_RELATIVE_SPEED = 15;

const bodyVelocity = vec3();
const partVelocity = vec3();

/**
 * Caps each of `dynamicBodies`' speed relative to its part's centre velocity at
 * {@link MAX_RELATIVE_SPEED}. One velocity read per body (Rapier's getter glue allocates about
 * 7 bytes per call, measured by `tests/support/mmd-step-allocations.ts`); only a body faster
 * than the cap in absolute terms reads its part; a capped body's new velocity is written with
 * `setLinvel`, which allocates a small Rapier vector (only while whipping). Returns how many
 * bodies were capped.
 */
export function capRelativeSpeeds(dynamicBodies: readonly MmdBody[]): number {
  let capped = 0;
  for (let i = 0; i < dynamicBodies.length; i++) {
    const mmd = dynamicBodies[i]!;
    const v = mmd.body.linvel(bodyVelocity);
    if (v.x * v.x + v.y * v.y + v.z * v.z <= MAX_RELATIVE_SPEED * MAX_RELATIVE_SPEED) continue;
    if (capSpeed(mmd)) capped++;
  }
  return capped;
}

/** Caps one body whose velocity is in `bodyVelocity`; true when it was capped. */
function capSpeed(mmd: MmdBody): boolean {
  mmd.part.body.linvel(partVelocity);
  // The part's centre velocity, not v + ω × r: a spinning head must not license a whip.
  const px = partVelocity.x;
  const py = partVelocity.y;
  const pz = partVelocity.z;
  const dx = bodyVelocity.x - px;
  const dy = bodyVelocity.y - py;
  const dz = bodyVelocity.z - pz;
  const relative = Math.hypot(dx, dy, dz);
  if (relative <= MAX_RELATIVE_SPEED) return false;
  const scale = MAX_RELATIVE_SPEED / relative;
  bodyVelocity.x = px + dx * scale;
  bodyVelocity.y = py + dy * scale;
  bodyVelocity.z = pz + dz * scale;
  mmd.body.setLinvel(bodyVelocity, false);
  return true;
}
