import { OTHER_SOLVER_GROUPS } from './mmd/interaction-groups';
import type { PropKind } from './props';
import { PROP_SPECS } from './props';
import type { RapierApi, World } from './rapier-api';
import type { Prop } from './scene-contents';
import type { RandomSource } from './seeded-random';
import { colliderDescForShape } from './shape-collider';
import { giveFullIterations } from './solver-iterations';
import type { Vec3Like } from './vector-math';

/**
 * Makes a ball or box at `at` (metres; see `SceneStage.propDropPoint`), up to 0.3 m
 * off-centre across by two draws of `random`, with its kind's shape and material.
 */
export function createProp(
  rapier: RapierApi,
  world: World,
  id: number,
  kind: PropKind,
  at: Vec3Like,
  random: RandomSource,
): Prop {
  const spec = PROP_SPECS[kind];
  const body = world.createRigidBody(
    rapier.RigidBodyDesc.dynamic()
      .setTranslation(at.x + (random() - 0.5) * 0.6, at.y, at.z + (random() - 0.5) * 0.6)
      .setLinearDamping(spec.material.linearDamping)
      .setAngularDamping(spec.material.angularDamping)
      .setCcdEnabled(true),
  );
  const collider = world.createCollider(
    colliderDescForShape(rapier, spec.shape)
      .setDensity(spec.material.density)
      .setFriction(spec.material.friction)
      .setRestitution(spec.material.restitution),
    body,
  );
  collider.setSolverGroups(OTHER_SOLVER_GROUPS);
  giveFullIterations([body]);
  return { id, kind, body, collider };
}
