import { Vector3 } from 'three';
import type { Object3D } from 'three';
import type {
  VRMSpringBoneCollider,
  VRMSpringBoneColliderGroup,
  VRMSpringBoneJoint,
} from '@pixiv/three-vrm';

/**
 * Added to every chain's reach (metres) and as a fraction of it, so rounding in the matrices
 * never drops a collider a tail could touch.
 */
const REACH_MARGIN_M = 0.002;
const REACH_MARGIN_FRACTION = 0.01;

/** The empty collider list of a group whose collider is out of reach. Never written to. */
const OUT_OF_REACH: VRMSpringBoneCollider[] = [];

/** The spring joints under one topmost spring bone (a strand of hair, a skirt's panels). */
interface ReachChain {
  /** The topmost spring bone: no spring above it, so it stays put while the springs run. */
  readonly top: Object3D;
  /** Farthest any of the chain's tails can be from {@link top}, plus a tail's hit radius, metres. */
  readonly reach: number;
  /** One group per collider, in the colliders' order; each holds its collider or nothing. */
  readonly groups: readonly VRMSpringBoneColliderGroup[];
}

/**
 * Hands each spring chain, every frame, only the colliders it can touch: three-vrm tests every
 * tail of every chain against every collider of its groups, and the ragdoll's body colliders
 * (about 20 per model) are on every chain, so a hair strand was tested against the feet.
 *
 * The result is the same as with every collider on every chain, to the bit. A spring bone only
 * turns, so each of a chain's tails stays within a fixed distance of the chain's topmost
 * bone (the bone lengths down to it, then its own length); a collider farther from that bone
 * than this reach, plus the tail's hit radius and the collider's radius, cannot touch any of
 * the chain's tails in this update, and three-vrm leaves a tail it does not touch alone. The
 * colliders kept are tested in their old order.
 *
 * Only outward spheres and capsules are ever left out; any other shape stays on every chain.
 * A model whose node constraints turn bones before its springs run (a bone above a chain may
 * then move after {@link update}) is made with `byReach` false: every chain keeps every
 * collider.
 */
export class SpringColliderReach {
  private readonly chains: readonly ReachChain[];
  private readonly chainOf = new Map<VRMSpringBoneJoint, ReachChain>();
  /** Each collider alone in a list, handed to a group while it is within reach. */
  private readonly alone: readonly VRMSpringBoneCollider[][];
  private readonly top = new Vector3();
  private readonly head = new Vector3();
  private readonly tail = new Vector3();

  /**
   * World matrices must be current (a rest pose or any pose: only lengths are measured).
   * `joints`: the model's spring joints; `colliders`: the colliders to hand out by reach, or
   * to every chain always when `byReach` is false.
   */
  constructor(
    joints: Iterable<VRMSpringBoneJoint>,
    private readonly colliders: readonly VRMSpringBoneCollider[],
    private readonly byReach = true,
  ) {
    this.alone = colliders.map((collider) => [collider]);
    const all = [...joints];
    const springBones = new Set(all.map((joint) => joint.bone));
    const byTop = new Map<Object3D, VRMSpringBoneJoint[]>();
    for (const joint of all) {
      const top = topSpringBone(joint.bone, springBones);
      const members = byTop.get(top);
      if (members) members.push(joint);
      else byTop.set(top, [joint]);
    }
    this.chains = [...byTop].map(([top, members], c) => {
      const reach = Math.max(...members.map((joint) => tailReach(joint, top)));
      const chain: ReachChain = {
        top,
        reach: reach * (1 + REACH_MARGIN_FRACTION) + REACH_MARGIN_M,
        groups: colliders.map((_, k) => ({
          name: `ragdoll-body:${c}:${k}`,
          colliders: byReach ? OUT_OF_REACH : this.alone[k]!,
        })),
      };
      for (const joint of members) this.chainOf.set(joint, chain);
      return chain;
    });
  }

  /** The groups to give `joint` in place of one group of every collider (empty if unknown). */
  groupsOf(joint: VRMSpringBoneJoint): readonly VRMSpringBoneColliderGroup[] {
    return this.chainOf.get(joint)?.groups ?? [];
  }

  /**
   * Fills each chain's groups with the colliders within its reach. Call after the bones and
   * the colliders' matrices are updated for this frame and before the springs run. Allocates
   * nothing.
   */
  update(): void {
    if (!this.byReach) return;
    for (let c = 0; c < this.chains.length; c++) {
      const chain = this.chains[c]!;
      this.top.setFromMatrixPosition(chain.top.matrixWorld);
      for (let k = 0; k < this.colliders.length; k++) {
        chain.groups[k]!.colliders = this.mayTouch(this.colliders[k]!, chain.reach)
          ? this.alone[k]!
          : OUT_OF_REACH;
      }
    }
  }

  /** Whether `collider` lies within `reach` (metres) of {@link top}, or is not a plain shape. */
  private mayTouch(collider: VRMSpringBoneCollider, reach: number): boolean {
    // Read by shape, not `instanceof`: three-vrm's classes load lazily, outside this module.
    const shape = collider.shape as {
      readonly type: string;
      readonly radius?: number;
      readonly inside?: boolean;
      readonly offset?: Vector3;
      readonly tail?: Vector3;
    };
    if (shape.inside === true || shape.radius === undefined) return true;
    const matrix = collider.colliderMatrix;
    this.head.setFromMatrixPosition(matrix);
    if (shape.type === 'sphere') {
      return this.head.distanceTo(this.top) - shape.radius <= reach;
    }
    if (shape.type !== 'capsule' || !shape.offset || !shape.tail) return true;
    // As three-vrm places the capsule: its head at the collider, its tail transformed with it.
    this.tail.subVectors(shape.tail, shape.offset).applyMatrix4(matrix);
    return distanceToSegment(this.top, this.head, this.tail) - shape.radius <= reach;
  }
}

/**
 * The topmost spring bone among `bone` and its ancestors. Nothing above it turns while the
 * springs run, so its position holds still through their update; below it, spring bones
 * turn and the bones between them ride along, each at a fixed distance from its parent.
 */
function topSpringBone(bone: Object3D, springBones: ReadonlySet<Object3D>): Object3D {
  let top = bone;
  for (let node = bone.parent; node; node = node.parent) if (springBones.has(node)) top = node;
  return top;
}

/**
 * How far `joint`'s tail can be from `top`'s origin, metres: the bone lengths from `top` down
 * to the joint's bone, its own length to its tail, and the tail's hit radius. Each is a
 * distance between two points of one bone's frame, so turning the bones does not change it.
 */
function tailReach(joint: VRMSpringBoneJoint, top: Object3D): number {
  const here = new Vector3();
  const above = new Vector3();
  let down = 0;
  for (let bone: Object3D = joint.bone; bone !== top && bone.parent; bone = bone.parent) {
    down += here
      .setFromMatrixPosition(bone.matrixWorld)
      .distanceTo(above.setFromMatrixPosition(bone.parent.matrixWorld));
  }
  here.setFromMatrixPosition(joint.bone.matrixWorld);
  const tailAt = joint.child
    ? above.setFromMatrixPosition(joint.child.matrixWorld)
    : above.copy(joint.initialLocalChildPosition).applyMatrix4(joint.bone.matrixWorld);
  return down + here.distanceTo(tailAt) + joint.settings.hitRadius;
}

/** Distance from `point` to the segment from `a` to `b`, metres. Allocates nothing. */
function distanceToSegment(point: Vector3, a: Vector3, b: Vector3): number {
  const abx = b.x - a.x;
  const aby = b.y - a.y;
  const abz = b.z - a.z;
  const apx = point.x - a.x;
  const apy = point.y - a.y;
  const apz = point.z - a.z;
  const lengthSq = abx * abx + aby * aby + abz * abz;
  const along =
    lengthSq > 0 ? Math.min(1, Math.max(0, (apx * abx + apy * aby + apz * abz) / lengthSq)) : 0;
  const dx = apx - along * abx;
  const dy = apy - along * aby;
  const dz = apz - along * abz;
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}
