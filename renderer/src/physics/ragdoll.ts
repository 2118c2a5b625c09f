import type { Collider, ImpulseJoint, RapierApi, RigidBody, World } from './rapier-api';
import { DOLL_MATERIAL } from './box-doll';
import type { DollSpec, JointSpec, PartMaterial, PartSpec } from './doll-spec';
import { validateDollSpec } from './doll-spec';
import { colliderDescForShape } from './shape-collider';
import type { QuatLike, Vec3Like } from './vector-math';
import { quat, rotateVec, setFromTuple, vec3 } from './vector-math';

/** One rigid part of a built ragdoll. */
export interface RagdollPart {
  readonly spec: PartSpec;
  readonly body: RigidBody;
  readonly collider: Collider;
}

/** One joint of a built ragdoll. */
export interface RagdollJoint {
  readonly spec: JointSpec;
  readonly joint: ImpulseJoint;
  readonly parent: RagdollPart;
  readonly child: RagdollPart;
  /** The anchor in the parent's local frame (metres). */
  readonly localAnchorParent: Vec3Like;
  /** The anchor in the child's local frame (metres). */
  readonly localAnchorChild: Vec3Like;
}

/** Where a doll's origin (its hip height in the rest pose) is put, and how it is turned. */
export interface Placement {
  readonly position: Vec3Like;
  readonly rotation: QuatLike;
}

const scratchOffset = vec3();
const scratchRotated = vec3();
const zero = vec3();

/** The world position of a doll-space point under a placement. */
function placePoint(
  point: readonly [number, number, number],
  placement: Placement,
  out: Vec3Like,
): Vec3Like {
  rotateVec(placement.rotation, setFromTuple(scratchOffset, point), out);
  out.x += placement.position.x;
  out.y += placement.position.y;
  out.z += placement.position.z;
  return out;
}

/**
 * A {@link DollSpec} built in a Rapier world: one dynamic body per part, one impulse joint
 * per joint, connected parts never colliding. Owns its bodies and joints: call
 * {@link Ragdoll.dispose} to remove them from the world.
 */
export class Ragdoll {
  readonly parts: readonly RagdollPart[];
  readonly joints: readonly RagdollJoint[];
  /** The part standing for the whole doll (its pelvis). */
  readonly root: RagdollPart;
  private disposed = false;
  private placedCount = 0;

  constructor(
    private readonly rapier: RapierApi,
    private readonly world: World,
    readonly spec: DollSpec,
    placement: Placement,
  ) {
    validateDollSpec(spec);
    const byName = new Map<string, RagdollPart>();
    this.parts = spec.parts.map((partSpec) => {
      const part = this.createPart(partSpec, placement);
      byName.set(partSpec.name, part);
      return part;
    });
    this.joints = spec.joints.map((jointSpec) =>
      this.createJoint(jointSpec, byName.get(jointSpec.parent)!, byName.get(jointSpec.child)!),
    );
    this.root = byName.get(spec.rootPart)!;
  }

  private createPart(spec: PartSpec, placement: Placement): RagdollPart {
    const material: PartMaterial = { ...DOLL_MATERIAL, ...spec.material };
    const at = placePoint(spec.center, placement, vec3());
    const body = this.world.createRigidBody(
      this.rapier.RigidBodyDesc.dynamic()
        .setTranslation(at.x, at.y, at.z)
        .setRotation(placement.rotation)
        .setLinearDamping(material.linearDamping)
        .setAngularDamping(material.angularDamping)
        .setCcdEnabled(true),
    );
    const colliderDesc = colliderDescForShape(this.rapier, spec.shape)
      .setDensity(material.density)
      .setFriction(material.friction)
      .setRestitution(material.restitution);
    if (spec.colliderRotation) {
      const [x, y, z, w] = spec.colliderRotation;
      colliderDesc.setRotation({ x, y, z, w });
    }
    const collider = this.world.createCollider(colliderDesc, body);
    return { spec, body, collider };
  }

  private createJoint(spec: JointSpec, parent: RagdollPart, child: RagdollPart): RagdollJoint {
    const { JointData } = this.rapier;
    // Every part rests unrotated, so doll-space offsets are already local offsets.
    const localAnchorParent = vec3(
      spec.anchor[0] - parent.spec.center[0],
      spec.anchor[1] - parent.spec.center[1],
      spec.anchor[2] - parent.spec.center[2],
    );
    const localAnchorChild = vec3(
      spec.anchor[0] - child.spec.center[0],
      spec.anchor[1] - child.spec.center[1],
      spec.anchor[2] - child.spec.center[2],
    );
    const data =
      spec.kind === 'revolute'
        ? JointData.revolute(localAnchorParent, localAnchorChild, vec3(...spec.axis))
        : JointData.spherical(localAnchorParent, localAnchorChild);
    const joint = this.world.createImpulseJoint(data, parent.body, child.body, true);
    joint.setContactsEnabled(false);
    this.applyLimits(spec, joint);
    return { spec, joint, parent, child, localAnchorParent, localAnchorChild };
  }

  /**
   * Limits given in JointData are ignored by Rapier 0.20 and 0.21; they hold only when set on the
   * created joint. Spherical limits go through the raw joint set, one angular axis at a time.
   */
  private applyLimits(spec: JointSpec, joint: ImpulseJoint): void {
    const raw = this.world.impulseJoints.raw;
    const { JointAxis } = this.rapier;
    if (spec.kind === 'revolute') {
      raw.jointSetLimits(joint.handle, JointAxis.AngX as number, spec.limits[0], spec.limits[1]);
      return;
    }
    const axes = [
      [JointAxis.AngX, spec.limits?.x],
      [JointAxis.AngY, spec.limits?.y],
      [JointAxis.AngZ, spec.limits?.z],
    ] as const;
    for (const [axis, range] of axes) {
      if (range) raw.jointSetLimits(joint.handle, axis as number, range[0], range[1]);
    }
  }

  /**
   * How many times the doll has been put somewhere new (DROP, RESET, the fall guard, a
   * restored preset). The view compares it frame to frame: an avatar's spring bones must
   * restart from the new place instead of whipping back from the old one.
   */
  get placements(): number {
    return this.placedCount;
  }

  /** Records that the parts were moved somewhere new by other means than {@link place}. */
  notePlaced(): void {
    this.placedCount++;
  }

  /** Puts every part back in the rest pose under `placement`, at rest (zero velocity). */
  place(placement: Placement): void {
    this.placedCount++;
    for (const part of this.parts) {
      placePoint(part.spec.center, placement, scratchRotated);
      part.body.setTranslation(scratchRotated, true);
      part.body.setRotation(placement.rotation, true);
      part.body.setLinvel(zero, true);
      part.body.setAngvel(zero, true);
    }
  }

  /** Removes the bodies, colliders and joints from the world. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    // Removing a body removes its colliders and the joints attached to it.
    for (const part of this.parts) this.world.removeRigidBody(part.body);
  }
}

/** The identity placement at a height: the doll upright with its origin at (x, y, z). */
export function uprightAt(x: number, y: number, z: number): Placement {
  return { position: vec3(x, y, z), rotation: quat() };
}
