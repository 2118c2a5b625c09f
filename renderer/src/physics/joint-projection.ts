import type { Ragdoll, RagdollJoint, RagdollPart } from './ragdoll';
import type { QuatLike, Vec3Like } from './vector-math';
import { quat, rotateVec, vec3 } from './vector-math';

/**
 * A joint whose two ends are farther apart than this after a step (metres) has its child part
 * moved back onto it.
 */
export const PROJECTION_TOLERANCE = 0.004;

/**
 * Joints are checked while the doll's root moves faster than this (m/s), a fall, a throw or a
 * blast, and for {@link PROJECTION_AFTER_S} after: a doll lying, standing or walking costs one
 * velocity read per step.
 */
export const PROJECTION_SPEED = 2;

/**
 * Seconds the joints are still checked after the root has slowed below
 * {@link PROJECTION_SPEED}: the root stops first, and the upper body and arms land after it
 * (a drop's worst gap came 0.6 s after the pelvis had stopped, the head hitting at 3.6 m/s).
 */
export const PROJECTION_AFTER_S = 1;

/** The joints of `ragdoll` ordered from its root outward, so a moved part carries its limb. */
function rootFirst(ragdoll: Ragdoll): RagdollJoint[] {
  const ordered: RagdollJoint[] = [];
  const reached = new Set<RagdollPart>([ragdoll.root]);
  let grown = true;
  while (grown) {
    grown = false;
    for (const joint of ragdoll.joints) {
      if (reached.has(joint.child) || !reached.has(joint.parent)) continue;
      ordered.push(joint);
      reached.add(joint.child);
      grown = true;
    }
  }
  return ordered;
}

const velocity = vec3();
const anchorParent = vec3();
const anchorChild = vec3();

/**
 * Puts a ragdoll's parts back onto their joints after a step in which a joint came apart
 * (joint projection, as PhysX offers for ragdolls).
 *
 * Why: when a fast part reaches the floor within a step, Rapier's continuous collision
 * detection stops it at the moment of impact but leaves its velocity, and when more contacts
 * start in the same step than it has substeps for (`impact-substeps.ts`: several limbs at
 * once, an MMD model's hair and skirt landing with the doll) it does not solve the part's
 * joints again, so the rest of the figure travels on and the joint opens by the rest of the
 * step's travel, up to 6 cm landing at 20 m/s. Moving the child part (and with it the limb
 * beyond, as its joints are checked after) onto its parent's anchor finishes that travel; its
 * velocity is left alone, and any overlap with the floor is pushed out by the next step's
 * contacts as it would have been. Measurements: BENCHMARKS.md, "Landing gaps".
 */
export class JointProjection {
  private readonly joints: readonly RagdollJoint[];
  /** Each part's pose, read once per checked step, in the order of `ragdoll.parts`. */
  private readonly positions: Vec3Like[];
  private readonly rotations: QuatLike[];
  private readonly partIndex: Map<RagdollPart, number>;
  /** Per joint: the indices of its parent and child in `positions`. */
  private readonly parentOf: number[];
  private readonly childOf: number[];
  /** Steps in {@link PROJECTION_AFTER_S}. */
  private readonly afterSteps: number;
  /** Steps since the root was last faster than {@link PROJECTION_SPEED}. */
  private slowSteps: number;

  /** `stepSeconds`: the length of the steps {@link update} follows. */
  constructor(
    readonly ragdoll: Ragdoll,
    stepSeconds: number,
  ) {
    this.afterSteps = Math.round(PROJECTION_AFTER_S / stepSeconds);
    this.slowSteps = this.afterSteps;
    this.joints = rootFirst(ragdoll);
    this.positions = ragdoll.parts.map(() => vec3());
    this.rotations = ragdoll.parts.map(() => quat());
    this.partIndex = new Map(ragdoll.parts.map((part, i) => [part, i]));
    this.parentOf = this.joints.map((joint) => this.partIndex.get(joint.parent)!);
    this.childOf = this.joints.map((joint) => this.partIndex.get(joint.child)!);
  }

  /**
   * After a world step: while the root is faster than {@link PROJECTION_SPEED} and for
   * {@link PROJECTION_AFTER_S} after, moves each part whose joint is open by more than
   * {@link PROJECTION_TOLERANCE} back onto it. Returns how many parts were moved. Allocates
   * nothing.
   */
  update(): number {
    const v = this.ragdoll.root.body.linvel(velocity);
    if (v.x * v.x + v.y * v.y + v.z * v.z > PROJECTION_SPEED * PROJECTION_SPEED) this.slowSteps = 0;
    else if (this.slowSteps < this.afterSteps) this.slowSteps++;
    else return 0;
    const parts = this.ragdoll.parts;
    for (let i = 0; i < parts.length; i++) {
      parts[i]!.body.translation(this.positions[i]);
      parts[i]!.body.rotation(this.rotations[i]);
    }
    let moved = 0;
    for (let j = 0; j < this.joints.length; j++) {
      const joint = this.joints[j]!;
      const parent = this.parentOf[j]!;
      const child = this.childOf[j]!;
      this.anchor(parent, joint.localAnchorParent, anchorParent);
      this.anchor(child, joint.localAnchorChild, anchorChild);
      const dx = anchorParent.x - anchorChild.x;
      const dy = anchorParent.y - anchorChild.y;
      const dz = anchorParent.z - anchorChild.z;
      if (dx * dx + dy * dy + dz * dz <= PROJECTION_TOLERANCE * PROJECTION_TOLERANCE) continue;
      const at = this.positions[child]!;
      at.x += dx;
      at.y += dy;
      at.z += dz;
      parts[child]!.body.setTranslation(at, true);
      moved++;
    }
    return moved;
  }

  private anchor(part: number, local: Vec3Like, out: Vec3Like): Vec3Like {
    rotateVec(this.rotations[part]!, local, out);
    const at = this.positions[part]!;
    out.x += at.x;
    out.y += at.y;
    out.z += at.z;
    return out;
  }
}
