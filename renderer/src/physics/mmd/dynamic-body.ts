import type { Ragdoll, RagdollPart } from '../ragdoll';
import type { RapierApi, World } from '../rapier-api';
import { vec3 } from '../vector-math';
import { MMD_DYNAMIC_SOLVER_GROUPS } from './interaction-groups';
import type { MmdBody } from './mmd-body';
import { restOffset } from './mmd-body';
import { mmdColliderDesc } from './mmd-collider';
import type { RestPose } from './mmd-joint';
import type { MmdBodySpec, MmdPhysicsSpec } from './mmd-physics-spec';

/**
 * The model's dynamic bodies together weigh this share of the ragdoll (their ratios kept).
 *
 * Why: MMD authors masses only relative to each other. In MMD the bones drive the `follow`
 * bodies with infinite mass, so a heavy skirt plate is as harmless as a light one; here the
 * ragdoll carries them on parts of finite mass, and a model whose bodies weigh as much as the
 * ragdoll yanks it through the joints until it flies. Scaling every dynamic body by one factor
 * leaves the hair's own motion as authored, because springs are acceleration-based with the
 * file's frequencies (see `spring-rates.ts`) and damping is a rate, while the hair's pull on
 * the ragdoll becomes a modest load, as a real hairdo's is. 0.1 keeps every model under
 * 50 m/s in `tests/unit/mmd-soak.test.ts` (docs/physics.md).
 */
export const MMD_MASS_SHARE = 0.1;

/**
 * One factor for every dynamic body's mass so they total `share` × the ragdoll's mass (see
 * {@link MMD_MASS_SHARE}); 1 when there are none.
 */
export function massScaleFor(spec: MmdPhysicsSpec, ragdoll: Ragdoll, share: number): number {
  let dynamicMass = 0;
  for (const body of spec.bodies) if (body.motion !== 'follow') dynamicMass += body.mass;
  let ragdollMass = 0;
  for (const part of ragdoll.parts) ragdollMass += part.body.mass();
  return dynamicMass > 0 && ragdollMass > 0 ? (share * ragdollMass) / dynamicMass : 1;
}

/**
 * Builds a `dynamic` / `dynamic-rotation` body: its own Rapier body with the file's damping
 * and CCD, and a collider with the file's mass × `massScale` (kg; inertia from the shape).
 * It is placed later ({@link MmdBodies.place}); its rest offset from `part` is kept for that.
 */
export function createDynamicBody(
  rapier: RapierApi,
  world: World,
  spec: MmdBodySpec,
  index: number,
  part: RagdollPart,
  massScale: number,
): MmdBody {
  const offset = restOffset(spec, part);
  const body = world.createRigidBody(
    rapier.RigidBodyDesc.dynamic()
      .setLinearDamping(spec.linearDamping)
      .setAngularDamping(spec.angularDamping)
      .setCcdEnabled(true),
  );
  const colliderDesc = mmdColliderDesc(
    rapier,
    spec,
    spec.collisionMask,
    MMD_DYNAMIC_SOLVER_GROUPS,
  ).setMass(spec.mass * massScale);
  const collider = world.createCollider(colliderDesc, body);
  return {
    index,
    spec,
    body,
    collider,
    part,
    offsetPosition: offset.position,
    offsetRotation: offset.rotation,
  };
}

/**
 * A dynamic body's side of a joint: its own rest pose in doll space (metres); the springs
 * undo `massScale` to run at the file's frequencies (see `spring-rates.ts`).
 */
export function dynamicRestPose(mmd: MmdBody, massScale: number): RestPose {
  const [x, y, z] = mmd.spec.position;
  return {
    body: mmd.body,
    position: vec3(x, y, z),
    rotation: mmd.offsetRotation,
    fileMassScale: 1 / massScale,
  };
}
