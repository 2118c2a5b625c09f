import type { Collider, RapierApi } from './rapier-api';
import type { Vec3Like } from './vector-math';
import { vec3 } from './vector-math';

/** How far a ray looks for the stage, metres: past the far edge of the 60 m floor from anywhere the camera goes. */
export const STAGE_RAY_LENGTH = 200;

/**
 * Where a ray from `origin` along `direction` (metres; any length but zero) first meets one of
 * the stage's `colliders`, or undefined when it meets none of them within `maxDistance`: it
 * points at the sky, or past the floor's edge. Only the stage is tested, so figures and props
 * in the way are looked through. Allocates: for a drop, not per frame.
 */
export function castRayOntoStage(
  rapier: RapierApi,
  colliders: readonly Collider[],
  origin: Vec3Like,
  direction: Vec3Like,
  maxDistance = STAGE_RAY_LENGTH,
): Vec3Like | undefined {
  const length = Math.hypot(direction.x, direction.y, direction.z);
  if (!(length > 0) || !Number.isFinite(length)) return undefined;
  if (![origin.x, origin.y, origin.z].every(Number.isFinite)) return undefined;
  const unit = vec3(direction.x / length, direction.y / length, direction.z / length);
  const ray = new rapier.Ray(origin, unit);
  let nearest = Infinity;
  for (const collider of colliders) {
    // Solid: a ray starting inside a stage box meets it where it starts.
    const distance = collider.castRay(ray, maxDistance, true);
    if (distance >= 0 && distance < nearest) nearest = distance;
  }
  if (nearest === Infinity) return undefined;
  return vec3(
    origin.x + unit.x * nearest,
    origin.y + unit.y * nearest,
    origin.z + unit.z * nearest,
  );
}
