import type { PartShape } from './doll-spec';
import type { ModelPropSpec } from './model-prop';
import type { Placement } from './ragdoll';
import { quat, vec3 } from './vector-math';

/**
 * Where model props stand, (x, z) in metres: in front of the figures' slots (which reach
 * z = 1), clear of the slope behind them, the stairs and the wall. The n-th prop added takes
 * spot n, cycling.
 */
export const MODEL_PROP_SPOTS: readonly (readonly [number, number])[] = [
  [0, 1.9],
  [0.8, 1.9],
  [-0.8, 1.9],
  [0.4, 2.6],
  [-0.4, 2.6],
  [1.2, 2.6],
];

/** A prop's lowest point is put this far above the floor (metres), so it settles, not sinks. */
export const MODEL_PROP_CLEARANCE = 0.02;

/** How far a shape reaches from its centre in any direction, metres. */
function reach(shape: PartShape): number {
  if (shape.kind === 'sphere') return shape.radius;
  if (shape.kind === 'box') return Math.hypot(...shape.halfExtents);
  return shape.halfHeight + shape.radius;
}

/**
 * The lowest point of a model prop in its rest pose, doll space, metres: of its carrier's box
 * and every one of its bodies, each counted generously (a shape's full reach below its centre,
 * whatever its rotation), so a prop put with this point on a surface is never sunk into it.
 */
export function modelPropLowestPoint(spec: ModelPropSpec): number {
  const carrier = spec.carrier.parts[0]!;
  const half = carrier.shape.kind === 'box' ? carrier.shape.halfExtents[1] : reach(carrier.shape);
  let lowest = carrier.center[1] - half;
  for (const body of spec.mmd.bodies)
    lowest = Math.min(lowest, body.position[1] - reach(body.shape));
  return lowest;
}

/**
 * The placement of a model prop's doll-space origin that stands it upright, in its rest pose,
 * with its carrier centred over (`x`, `z`) and its lowest point (see
 * {@link modelPropLowestPoint}) at height `lowestY`, metres.
 */
export function modelPropStandingAt(
  spec: ModelPropSpec,
  x: number,
  z: number,
  lowestY: number,
): Placement {
  const center = spec.carrier.parts[0]!.center;
  return {
    position: vec3(x - center[0], lowestY - modelPropLowestPoint(spec), z - center[2]),
    rotation: quat(),
  };
}

/**
 * The placement of a model prop's doll-space origin that stands it upright, in its rest pose,
 * on the floor at spot `index` (see {@link MODEL_PROP_SPOTS}): its carrier centred over the spot,
 * its lowest point (carrier box or any body, counted generously) {@link MODEL_PROP_CLEARANCE}
 * above the floor.
 */
export function modelPropPlacement(spec: ModelPropSpec, index: number): Placement {
  const [x, z] = MODEL_PROP_SPOTS[index % MODEL_PROP_SPOTS.length]!;
  return modelPropStandingAt(spec, x, z, MODEL_PROP_CLEARANCE);
}
