import type { RapierApi } from '../rapier-api';
import { colliderDescForShape } from '../shape-collider';
import { mmdCollisionGroups } from './interaction-groups';
import type { MmdBodySpec } from './mmd-physics-spec';

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
  return colliderDescForShape(rapier, spec.shape)
    .setFriction(spec.friction)
    .setRestitution(spec.restitution)
    .setFrictionCombineRule(rapier.CoefficientCombineRule.Multiply)
    .setRestitutionCombineRule(rapier.CoefficientCombineRule.Multiply)
    .setCollisionGroups(mmdCollisionGroups(spec.group, collisionMask))
    .setSolverGroups(solverGroups);
}
