import { scratchVec3 } from '../vector-math';
import type { MmdBody } from './mmd-body';

/**
 * Fastest a dynamic MMD body may move relative to its part's centre, m/s. A hair chain is a
 * whip on a heavy handle (its root, riding the head): when a head hits the floor and spins,
 * the tip of a chain reaches hundreds of m/s, and nothing in Rapier caps it. Relative to the
 * part's centre (not its point velocity, where the head's spin still counts); a BLAST moves
 * hair and doll together, so it never bites there. Measurements: docs/physics.md.
 */
export const MAX_RELATIVE_SPEED = 15;

const bodyVelocity = scratchVec3();
const partVelocity = scratchVec3();

/**
 * Caps each of `dynamicBodies`' speed relative to its part's centre velocity at
 * {@link MAX_RELATIVE_SPEED}. One velocity read per body (Rapier's getter glue allocates a
 * typed-array view and a boxed handle per call, about 64 bytes, measured by
 * `tools/allocations/step-allocations.ts --mmd`; nothing of ours); only a body faster
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
