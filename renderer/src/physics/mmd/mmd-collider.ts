import type { PartShape } from '../doll-spec';
import type { RapierApi } from '../rapier-api';
import { mmdCollisionGroups } from './interaction-groups';
import type { MmdBodySpec } from './mmd-physics-spec';

/** Builds a Rapier collider description for a shape (capsule along local Y; metres). */
function colliderDescFor(rapier: RapierApi, shape: PartShape) {
  switch (shape.kind) {
    case 'box':
      return rapier.ColliderDesc.cuboid(...shape.halfExtents);
    case 'sphere':
      return rapier.ColliderDesc.ball(shape.radius);
    case 'capsule':
      return rapier.ColliderDesc.capsule(shape.halfHeight, shape.radius);
  }
}

/**
 * The collider description every MMD body starts from: the file's shape, friction and
 * restitution (both combined by multiplying, as Bullet does), its collision group with
 * `collisionMask` (the file's, or less for `follow` bodies), and the given solver groups (see
 * `interaction-groups.ts`). The caller adds mass or density and placement.
 */
export function mmdColliderDesc(
  rapier: RapierApi,
  spec: MmdBodySpec,
  collisionMask: number,
  solverGroups: number,
) {
  return colliderDescFor(rapier, spec.shape)
    .setFriction(spec.friction)
    .setRestitution(spec.restitution)
    .setFrictionCombineRule(rapier.CoefficientCombineRule.Multiply)
    .setRestitutionCombineRule(rapier.CoefficientCombineRule.Multiply)
    .setCollisionGroups(mmdCollisionGroups(spec.group, collisionMask))
    .setSolverGroups(solverGroups);
}
