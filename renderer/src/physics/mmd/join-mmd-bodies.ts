import type { RapierApi, World } from '../rapier-api';
import { dynamicRestPose } from './dynamic-body';
import { followRestPose } from './follow-collider';
import type { MmdBody, MmdJoint } from './mmd-body';
import type { MmdSpringModel } from './mmd-joint';
import { createMmdJoint } from './mmd-joint';
import type { MmdJointSpec } from './mmd-physics-spec';

/**
 * Builds the model's joints between its built `bodies` (indexed as in the spec). A joint
 * between two `follow` bodies is left out: both are colliders on parts, so it would only bind
 * the ragdoll's parts together. `massScale` is what the dynamic bodies' file masses were
 * multiplied by (the springs undo it).
 */
export function joinMmdBodies(
  rapier: RapierApi,
  world: World,
  joints: readonly MmdJointSpec[],
  bodies: readonly MmdBody[],
  massScale: number,
  springModel?: MmdSpringModel,
): MmdJoint[] {
  const restPose = (mmd: MmdBody) =>
    mmd.spec.motion === 'follow' ? followRestPose(mmd) : dynamicRestPose(mmd, massScale);
  return joints.flatMap((jointSpec) => {
    const a = bodies[jointSpec.bodyA]!;
    const b = bodies[jointSpec.bodyB]!;
    if (a.spec.motion === 'follow' && b.spec.motion === 'follow') return [];
    const joint = createMmdJoint(rapier, world, jointSpec, restPose(a), restPose(b), springModel);
    return [{ spec: jointSpec, joint }];
  });
}
