import type { PartShape } from './doll-spec';
import type { RapierApi } from './rapier-api';

/**
 * A Rapier collider description for a shape (metres; a capsule lies along local Y), for
 * ragdoll parts, props and MMD bodies alike. The caller adds material and placement.
 */
export function colliderDescForShape(rapier: RapierApi, shape: PartShape) {
  switch (shape.kind) {
    case 'box':
      return rapier.ColliderDesc.cuboid(...shape.halfExtents);
    case 'sphere':
      return rapier.ColliderDesc.ball(shape.radius);
    case 'capsule':
      return rapier.ColliderDesc.capsule(shape.halfHeight, shape.radius);
  }
}
