import type { PartShape } from './doll-spec';
import type { ModelPropSpec } from './model-prop';
import { MODEL_PROP_CLEARANCE, modelPropStandingAt } from './model-prop-placement';
import type { Placement } from './ragdoll';
import type { Collider, RapierApi } from './rapier-api';
import { colliderDescForShape } from './shape-collider';
import type { Quat, Vec3, Vec3Like } from './vector-math';
import { quat, vec3 } from './vector-math';

/**
 * How high above the dropped-on point a prop's lowest point starts before it is lowered,
 * metres: above the top of anything on the stage (the slope's upper edge, the highest, is
 * under 2 m above the floor), so lowering it finds the topmost surface under it.
 */
export const DROP_LOWER_FROM = 2.5;

/** A shape of the prop in its rest pose, doll space. */
interface RestShape {
  readonly shape: PartShape;
  readonly center: Vec3;
  readonly rotation: Quat | undefined;
}

const STILL = vec3();
const DOWN = vec3(0, -1, 0);

/**
 * Where a model prop dropped at `point` (a point of the stage's surface, metres, such as where
 * a ray from the camera met it) stands: upright in its rest pose, its carrier centred over the
 * point, lowered straight down onto the stage `colliders` until the first of its shapes that
 * meet the stage touches one (the floor, a stair, the slope or the wall's top, whichever is
 * highest under it), and left {@link MODEL_PROP_CLEARANCE} above that, so it is neither sunk
 * in nor dropped from high. Undefined when, lowered, it meets none of them (it hangs past the
 * stage's edge) or `point` is not finite. Allocates: for a drop, not per step.
 */
export function modelPropDropPlacement(
  rapier: RapierApi,
  colliders: readonly Collider[],
  spec: ModelPropSpec,
  point: Vec3Like,
): Placement | undefined {
  if (![point.x, point.y, point.z].every(Number.isFinite)) return undefined;
  const start = modelPropStandingAt(spec, point.x, point.z, point.y + DROP_LOWER_FROM);
  const offset = start.position;
  // Far enough to pass the point itself, whatever the prop's lowest shape really is.
  const maxDistance = DROP_LOWER_FROM + 2;
  let nearest = Infinity;
  for (const rest of stageShapes(spec)) {
    const shape = colliderDescForShape(rapier, rest.shape).shape;
    const position = vec3(
      offset.x + rest.center[0],
      offset.y + rest.center[1],
      offset.z + rest.center[2],
    );
    const rotation = rest.rotation ? quat(...rest.rotation) : quat();
    for (const collider of colliders) {
      const hit = collider.castShape(STILL, shape, position, rotation, DOWN, 0, maxDistance, true);
      if (hit && hit.time_of_impact < nearest) nearest = hit.time_of_impact;
    }
  }
  if (nearest === Infinity) return undefined;
  return {
    position: vec3(offset.x, offset.y - nearest + MODEL_PROP_CLEARANCE, offset.z),
    rotation: start.rotation,
  };
}

/**
 * The prop's shapes that the stage stops: the carrier's box when it collides, and every body
 * whose collision mask has any bit set (the stage is in every group; see
 * `mmd/interaction-groups.ts`).
 */
function stageShapes(spec: ModelPropSpec): RestShape[] {
  const shapes: RestShape[] = [];
  const carrier = spec.carrier.parts[0]!;
  if (spec.carrierCollides)
    shapes.push({
      shape: carrier.shape,
      center: carrier.center,
      rotation: carrier.colliderRotation,
    });
  for (const body of spec.mmd.bodies)
    if ((body.collisionMask & 0xffff) !== 0)
      shapes.push({ shape: body.shape, center: body.position, rotation: body.rotation });
  return shapes;
}
