import { Matrix4, Quaternion, Vector3 } from 'three';
import type { Object3D } from 'three';
import type {
  VRM,
  VRMSpringBoneCollider,
  VRMSpringBoneColliderShape,
  VRMSpringBoneJoint,
} from '@pixiv/three-vrm';
import type * as ThreeVrm from '@pixiv/three-vrm';
import type { DollSpec, PartSpec } from '../../physics/doll-spec';
import type { Vec3 } from '../../physics/vector-math';
import { SpringColliderReach } from './spring-collider-reach';

/** What the colliders need from the rig (`HumanoidRig` fits). */
export interface ColliderRig {
  readonly spec: DollSpec;
  readonly boneOwners: ReadonlyMap<string, string>;
  /** Model-space position of the doll's origin, metres. */
  readonly origin: Vec3;
}

/** A capsule or sphere in model space at rest, metres. */
type RestShape =
  | { readonly kind: 'sphere'; readonly center: Vector3; readonly radius: number }
  | {
      readonly kind: 'capsule';
      readonly head: Vector3;
      readonly tail: Vector3;
      readonly radius: number;
    };

/**
 * The ragdoll's own shapes as spring-bone colliders, so hair and skirts rest on the body
 * instead of passing through it (the original design listed that as a limitation). Each part becomes one
 * sphere or capsule (a box becomes a row of capsules that covers it) on the raw bone that
 * follows the part, given to every spring joint of the model; each frame a chain is handed
 * only those it can reach ({@link SpringColliderReach}: the same result, fewer tests).
 *
 * The shapes are fixed to the bones at rest, so they move exactly as the parts do: every bone
 * a part owns turns rigidly with it. {@link update} must run after the bones are posed and
 * before the spring bones update: three-vrm reads a collider's `colliderMatrix`, which only
 * `updateWorldMatrix` refreshes, not the scene's `updateMatrixWorld`.
 */
export class SpringBodyColliders {
  readonly colliders: readonly VRMSpringBoneCollider[];
  private readonly reach: SpringColliderReach;

  /** @param threeVrm the three-vrm module (loaded lazily by the caller). */
  constructor(threeVrm: typeof ThreeVrm, vrm: VRM, rig: ColliderRig) {
    vrm.scene.updateMatrixWorld(true);
    const colliders: VRMSpringBoneCollider[] = [];
    const toBone = new Matrix4();
    for (const part of rig.spec.parts) {
      const bone = boneFollowing(vrm, rig.boneOwners, part.name);
      if (!bone) continue;
      toBone.copy(bone.matrixWorld).invert();
      for (const shape of restShapes(part, rig.origin)) {
        const collider = new threeVrm.VRMSpringBoneCollider(
          toColliderShape(threeVrm, shape, toBone),
        );
        collider.name = `ragdoll-collider:${part.name}`;
        bone.add(collider);
        colliders.push(collider);
      }
    }
    this.colliders = colliders;
    const joints = vrm.springBoneManager?.joints ?? [];
    // Node constraints turn bones after these colliders are handed out and before the springs
    // run: a chain under such a bone keeps every collider.
    const constrained = (vrm.nodeConstraintManager?.constraints.size ?? 0) > 0;
    this.reach = new SpringColliderReach(joints, colliders, !constrained);
    // A list of its own for each joint: three-vrm hands every joint of one spring the same
    // list, so pushing onto it once per joint had each tail tested against each collider as
    // many times as its spring has joints.
    for (const joint of joints) {
      joint.colliderGroups = [...joint.colliderGroups, ...this.reach.groupsOf(joint)];
    }
    this.update();
  }

  /**
   * Refreshes each collider's world matrix from its (already updated) bone, then which of
   * them each spring chain can reach. Allocates nothing.
   */
  update(): void {
    for (let i = 0; i < this.colliders.length; i++) {
      this.colliders[i]!.updateWorldMatrix(false, false);
    }
    this.reach.update();
  }

  /** Whether `joint` collides with these colliders (a joint added after them does not). */
  collideWith(joint: VRMSpringBoneJoint): boolean {
    return this.reach.groupsOf(joint).length > 0;
  }
}

/** The shallowest raw bone whose owner is `part`, or undefined when the model has none. */
function boneFollowing(
  vrm: VRM,
  owners: ReadonlyMap<string, string>,
  part: string,
): Object3D | undefined {
  let best: Object3D | undefined;
  let bestDepth = Infinity;
  for (const [bone, owner] of owners) {
    if (owner !== part) continue;
    const node = vrm.humanoid.getRawBoneNode(bone as never);
    if (!node) continue;
    let depth = 0;
    for (let parent = node.parent; parent; parent = parent.parent) depth++;
    if (depth < bestDepth) {
      best = node;
      bestDepth = depth;
    }
  }
  return best;
}

/** A part's shape at rest in model space: one sphere or capsule, or capsules covering a box. */
export function restShapes(part: PartSpec, origin: Vec3): RestShape[] {
  const center = new Vector3(
    origin[0] + part.center[0],
    origin[1] + part.center[1],
    origin[2] + part.center[2],
  );
  const rotation = part.colliderRotation
    ? new Quaternion(...part.colliderRotation)
    : new Quaternion();
  const shape = part.shape;
  const along = (x: number, y: number, z: number): Vector3 =>
    new Vector3(x, y, z).applyQuaternion(rotation).add(center);
  if (shape.kind === 'sphere') return [{ kind: 'sphere', center, radius: shape.radius }];
  if (shape.kind === 'capsule') {
    const h = shape.halfHeight;
    return [{ kind: 'capsule', head: along(0, -h, 0), tail: along(0, h, 0), radius: shape.radius }];
  }
  // A box: capsules along its longest axis, as thick as its thinnest, side by side across the
  // middle axis so together they fill it without reaching past its faces.
  const half = shape.halfExtents;
  const [long, middle, thin] = [0, 1, 2].sort((a, b) => half[b]! - half[a]!) as [
    number,
    number,
    number,
  ];
  const radius = half[thin]!;
  const reach = Math.max(0, half[long]! - radius);
  const spread = Math.max(0, half[middle]! - radius);
  const rows = Math.max(1, Math.ceil(spread / radius) + 1);
  const shapes: RestShape[] = [];
  for (let row = 0; row < rows; row++) {
    const across = rows === 1 ? 0 : -spread + (2 * spread * row) / (rows - 1);
    const point = (sign: number): Vector3 => {
      const local = [0, 0, 0];
      local[long] = sign * reach;
      local[middle] = across;
      return along(local[0]!, local[1]!, local[2]!);
    };
    shapes.push({ kind: 'capsule', head: point(-1), tail: point(1), radius });
  }
  return shapes;
}

function toColliderShape(
  threeVrm: typeof ThreeVrm,
  shape: RestShape,
  toBone: Matrix4,
): VRMSpringBoneColliderShape {
  if (shape.kind === 'sphere') {
    return new threeVrm.VRMSpringBoneColliderShapeSphere({
      offset: shape.center.clone().applyMatrix4(toBone),
      radius: shape.radius,
    });
  }
  return new threeVrm.VRMSpringBoneColliderShapeCapsule({
    offset: shape.head.clone().applyMatrix4(toBone),
    tail: shape.tail.clone().applyMatrix4(toBone),
    radius: shape.radius,
  });
}
