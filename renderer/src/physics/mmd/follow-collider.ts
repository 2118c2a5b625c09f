import type { RagdollPart } from '../ragdoll';
import type { RapierApi, World } from '../rapier-api';
import { quat, vec3 } from '../vector-math';
import { MMD_FOLLOW_SOLVER_GROUPS } from './interaction-groups';
import type { MmdBody } from './mmd-body';
import { restOffset } from './mmd-body';
import { mmdColliderDesc } from './mmd-collider';
import type { RestPose } from './mmd-joint';
import type { MmdBodySpec } from './mmd-physics-spec';

/**
 * Builds a `follow` body: a massless collider attached to its part's body at its rest offset
 * (a welded one weighs its file mass × `massScale`, kg; see `MmdBodySpec.welded`).
 * It moves with the part exactly and at no per-step cost, pushes the model's dynamic bodies,
 * and holds the part off the stage and props like the part's own collider does; its contacts
 * with ragdoll parts are never solved (see `interaction-groups.ts`). `dropFromMask` is taken
 * out of the file's collision mask (see `followFilterDrop`).
 *
 * Kinematic bodies moved after each step were tried first and did worse: a follow body larger
 * than its part sank into the floor when the doll lay down and squeezed the hair jointed to it,
 * which then never came to rest, and each cost JavaScript calls every step
 * (docs/physics.md#follow-bodies).
 */
export function createFollowCollider(
  rapier: RapierApi,
  world: World,
  spec: MmdBodySpec,
  index: number,
  part: RagdollPart,
  dropFromMask: number,
  massScale: number,
): MmdBody {
  const offset = restOffset(spec, part);
  // Massless, so the part weighs and turns exactly as the ragdoll spec says.
  const colliderDesc = mmdColliderDesc(
    rapier,
    spec,
    spec.collisionMask & ~dropFromMask,
    MMD_FOLLOW_SOLVER_GROUPS,
  )
    .setDensity(0)
    .setTranslation(offset.position.x, offset.position.y, offset.position.z)
    .setRotation(offset.rotation);
  // A welded body weighs what it would simulated (see `MmdBodySpec.welded`).
  if (spec.welded) colliderDesc.setMass(spec.mass * massScale);
  const collider = world.createCollider(colliderDesc, part.body);
  return {
    index,
    spec,
    body: part.body,
    collider,
    part,
    offsetPosition: offset.position,
    offsetRotation: offset.rotation,
  };
}

/**
 * A `follow` body's side of a joint: the joint attaches to its part, with the frame expressed
 * in the part's local frame (the part's rest pose, unrotated, at its centre in metres); for the
 * springs it is infinitely heavy, as in MMD.
 */
export function followRestPose(mmd: MmdBody): RestPose {
  const [x, y, z] = mmd.part.spec.center;
  return { body: mmd.body, position: vec3(x, y, z), rotation: quat(), fileMassScale: 'infinite' };
}
