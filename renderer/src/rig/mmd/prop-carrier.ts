import type { PartShape, PartSpec } from '../../physics/doll-spec';
import type { MmdBodySpec } from '../../physics/mmd/mmd-physics-spec';
import type { Quat, Vec3 } from '../../physics/vector-math';
import { rotate } from '../tuple-math';

/** The name of a prop's one ragdoll part: the rigid carrier its bone-following bodies ride. */
export const PROP_PART = 'prop';
/** kg/m³ of what a prop's carrier holds: the BOX prop's density (a solid, light wood). */
export const PROP_DENSITY = 250;
/** A prop's carrier weighs at least this and at most that, kg, whatever its shapes' volume. */
export const MIN_PROP_MASS = 0.2;
export const MAX_PROP_MASS = 40;
/** Smallest half size of the carrier's box, metres (a flat or point-like prop still has one). */
const MIN_HALF_EXTENT = 0.02;

/** An axis-aligned box, doll space, metres. */
interface Bounds {
  min: [number, number, number];
  max: [number, number, number];
}

function emptyBounds(): Bounds {
  return { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
}

function grow(bounds: Bounds, center: Vec3, half: Vec3): void {
  for (let axis = 0; axis < 3; axis++) {
    bounds.min[axis] = Math.min(bounds.min[axis]!, center[axis]! - half[axis]!);
    bounds.max[axis] = Math.max(bounds.max[axis]!, center[axis]! + half[axis]!);
  }
}

/** Half sizes of the axis-aligned box around `shape` turned by `rotation`, metres. */
export function shapeHalfExtents(shape: PartShape, rotation: Quat): Vec3 {
  if (shape.kind === 'sphere') return [shape.radius, shape.radius, shape.radius];
  const axes = [
    rotate(rotation, [1, 0, 0]),
    rotate(rotation, [0, 1, 0]),
    rotate(rotation, [0, 0, 1]),
  ];
  const half = (axis: number): number => {
    if (shape.kind === 'box')
      return axes.reduce(
        (sum, column, j) => sum + Math.abs(column[axis]!) * shape.halfExtents[j]!,
        0,
      );
    return Math.abs(axes[1]![axis]!) * shape.halfHeight + shape.radius;
  };
  return [half(0), half(1), half(2)];
}

/** A shape's volume, m³. */
export function shapeVolume(shape: PartShape): number {
  if (shape.kind === 'sphere') return (4 / 3) * Math.PI * shape.radius ** 3;
  if (shape.kind === 'box')
    return 8 * shape.halfExtents[0] * shape.halfExtents[1] * shape.halfExtents[2];
  return Math.PI * shape.radius ** 2 * (2 * shape.halfHeight + (4 / 3) * shape.radius);
}

/** What a prop's carrier is, and whether its own box is what collides. */
export interface PropCarrier {
  readonly part: PartSpec;
  /**
   * True when the model has no bone-following body to collide with: the carrier's box (the
   * model's bounds) is then its collider, like the BOX prop's. Otherwise the box only carries
   * the mass and the bone-following bodies do the colliding.
   */
  readonly collides: boolean;
}

/**
 * The rigid part a prop hangs everything on: a box around its bone-following bodies (or, when
 * it has none, around `fallbackPoints`: the mesh, else the bones), weighing what those bodies
 * (or that box) would at {@link PROP_DENSITY}, kept within {@link MIN_PROP_MASS}..{@link MAX_PROP_MASS}.
 *
 * @param fallbackPoints - doll-space points, metres, 3 numbers each
 */
export function propCarrier(
  bodies: readonly MmdBodySpec[],
  fallbackPoints: ArrayLike<number>,
): PropCarrier {
  const bounds = emptyBounds();
  let volume = 0;
  const followers = bodies.filter((body) => body.motion === 'follow');
  for (const body of followers) {
    grow(bounds, body.position, shapeHalfExtents(body.shape, body.rotation));
    volume += shapeVolume(body.shape);
  }
  if (followers.length === 0) {
    for (let i = 0; i + 2 < fallbackPoints.length; i += 3)
      grow(bounds, [fallbackPoints[i]!, fallbackPoints[i + 1]!, fallbackPoints[i + 2]!], [0, 0, 0]);
  }
  if (!bounds.min.every(Number.isFinite) || !bounds.max.every(Number.isFinite)) {
    bounds.min = [0, 0, 0];
    bounds.max = [0, 0, 0];
  }
  const center: Vec3 = [0, 1, 2].map(
    (a) => (bounds.min[a]! + bounds.max[a]!) / 2,
  ) as unknown as Vec3;
  const halfExtents: Vec3 = [0, 1, 2].map((a) =>
    Math.max(MIN_HALF_EXTENT, (bounds.max[a]! - bounds.min[a]!) / 2),
  ) as unknown as Vec3;
  const shape: PartShape = { kind: 'box', halfExtents };
  const boxVolume = shapeVolume(shape);
  const mass = Math.min(
    MAX_PROP_MASS,
    Math.max(MIN_PROP_MASS, (followers.length > 0 ? volume : boxVolume) * PROP_DENSITY),
  );
  return {
    part: { name: PROP_PART, shape, center, material: { density: mass / boxVolume } },
    collides: followers.length === 0,
  };
}
