import type { RagdollPart } from '../ragdoll';
import type { Collider, ImpulseJoint, RigidBody } from '../rapier-api';
import type { QuatLike, Vec3Like } from '../vector-math';
import { multiplyQuat, quat, rotateVec, vec3 } from '../vector-math';
import type { MmdBodySpec, MmdJointSpec } from './mmd-physics-spec';

/** One MMD rigid body in the world. */
export interface MmdBody {
  /** Position in {@link MmdPhysicsSpec.bodies}. */
  readonly index: number;
  readonly spec: MmdBodySpec;
  /**
   * The Rapier body that carries the collider: its own dynamic body, or for `follow` its
   * part's body (the collider is attached to the part at its rest offset). Read poses with
   * {@link MmdBodies.readBody}, which is right for both.
   */
  readonly body: RigidBody;
  readonly collider: Collider;
  /** The ragdoll part it rides with (`follow`) or is placed from (DROP, RESET, old presets). */
  readonly part: RagdollPart;
  /** Rest pose relative to the part: inverse(part rest pose) × body rest pose (metres). */
  readonly offsetPosition: Vec3Like;
  readonly offsetRotation: QuatLike;
}

/** One MMD joint in the world (joints between two `follow` bodies are not built). */
export interface MmdJoint {
  readonly spec: MmdJointSpec;
  readonly joint: ImpulseJoint;
}

/** A body's rest pose relative to its part (position in metres, rotation normalised). */
export interface RestOffset {
  readonly position: Vec3Like;
  readonly rotation: QuatLike;
}

/**
 * inverse(part rest pose) × body rest pose. Parts rest unrotated in doll space, so this is the
 * body's rest position less the part's centre, with the body's rest rotation. Allocates (build
 * time only).
 */
export function restOffset(spec: MmdBodySpec, part: RagdollPart): RestOffset {
  const [qx, qy, qz, qw] = spec.rotation;
  const length = Math.hypot(qx, qy, qz, qw);
  const center = part.spec.center;
  return {
    position: vec3(
      spec.position[0] - center[0],
      spec.position[1] - center[1],
      spec.position[2] - center[2],
    ),
    rotation: quat(qx / length, qy / length, qz / length, qw / length),
  };
}

const partPosition = vec3();
const partRotation = quat();

/**
 * Where a body's part carries it now: part pose × rest offset (metres, world), written into
 * the outs. Allocates nothing of its own.
 */
export function poseFromPart(mmd: MmdBody, position: Vec3Like, rotation: QuatLike): void {
  mmd.part.body.translation(partPosition);
  mmd.part.body.rotation(partRotation);
  rotateVec(partRotation, mmd.offsetPosition, position);
  position.x += partPosition.x;
  position.y += partPosition.y;
  position.z += partPosition.z;
  multiplyQuat(partRotation, mmd.offsetRotation, rotation);
}
