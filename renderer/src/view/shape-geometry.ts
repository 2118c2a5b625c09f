import { BoxGeometry, CapsuleGeometry, Quaternion, SphereGeometry } from 'three';
import type { BufferGeometry } from 'three';
import type { PartShape } from '../physics/doll-spec';

/** How finely round shapes are cut: `solid` for drawing, `outline` for the BODIES wireframe. */
export type ShapeDetail = 'solid' | 'outline';

/**
 * Segments per detail. Solid: round at the sizes a doll uses without many triangles.
 * Outline: few enough that a wireframe reads as a shape, not as a filled green blob.
 */
const SEGMENTS: Readonly<Record<ShapeDetail, { round: number; cap: number }>> = {
  solid: { round: 20, cap: 6 },
  outline: { round: 10, cap: 2 },
};

/**
 * The three.js geometry of a collision shape, in metres, centred on the body's origin.
 * `colliderRotation` ([x, y, z, w]) is baked into the vertices so one mesh per body is
 * enough: the mesh then takes the body's transform unchanged.
 */
export function geometryForShape(
  shape: PartShape,
  colliderRotation?: readonly [number, number, number, number],
  detail: ShapeDetail = 'solid',
): BufferGeometry {
  const geometry = createShapeGeometry(shape, SEGMENTS[detail]);
  if (colliderRotation) {
    const [x, y, z, w] = colliderRotation;
    geometry.applyQuaternion(new Quaternion(x, y, z, w));
  }
  geometry.computeBoundingSphere();
  return geometry;
}

function createShapeGeometry(
  shape: PartShape,
  segments: { round: number; cap: number },
): BufferGeometry {
  switch (shape.kind) {
    case 'box': {
      const [hx, hy, hz] = shape.halfExtents;
      return new BoxGeometry(hx * 2, hy * 2, hz * 2);
    }
    case 'sphere':
      return new SphereGeometry(shape.radius, segments.round, segments.round / 2);
    case 'capsule':
      // three.js and Rapier agree: a capsule stands along local Y; `length` is the straight part.
      return new CapsuleGeometry(shape.radius, shape.halfHeight * 2, segments.cap, segments.round);
  }
}
