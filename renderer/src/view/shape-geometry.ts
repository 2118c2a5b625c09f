import { BoxGeometry, CapsuleGeometry, Quaternion, SphereGeometry } from 'three';
import type { BufferGeometry } from 'three';
import type { PartShape } from '../physics/doll-spec';

/** Segments that keep spheres and capsules round at the sizes a doll uses, without many triangles. */
const ROUND_SEGMENTS = 20;
const CAP_SEGMENTS = 6;

/**
 * The three.js geometry of a collision shape, in metres, centred on the body's origin.
 * `colliderRotation` ([x, y, z, w]) is baked into the vertices so one mesh per body is
 * enough: the mesh then takes the body's transform unchanged.
 */
export function geometryForShape(
  shape: PartShape,
  colliderRotation?: readonly [number, number, number, number],
): BufferGeometry {
  const geometry = createShapeGeometry(shape);
  if (colliderRotation) {
    const [x, y, z, w] = colliderRotation;
    geometry.applyQuaternion(new Quaternion(x, y, z, w));
  }
  geometry.computeBoundingSphere();
  return geometry;
}

function createShapeGeometry(shape: PartShape): BufferGeometry {
  switch (shape.kind) {
    case 'box': {
      const [hx, hy, hz] = shape.halfExtents;
      return new BoxGeometry(hx * 2, hy * 2, hz * 2);
    }
    case 'sphere':
      return new SphereGeometry(shape.radius, ROUND_SEGMENTS, ROUND_SEGMENTS / 2);
    case 'capsule':
      // three.js and Rapier agree: a capsule stands along local Y; `length` is the straight part.
      return new CapsuleGeometry(shape.radius, shape.halfHeight * 2, CAP_SEGMENTS, ROUND_SEGMENTS);
  }
}
