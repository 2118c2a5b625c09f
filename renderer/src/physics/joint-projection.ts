import type { Ragdoll, RagdollJoint, RagdollPart } from './ragdoll';
import type { RigidBody } from './rapier-api';

/** The bodies a person holds (grabbed or pinned): a figure with one is left alone. */
export interface HeldBodies {
  /** The grabbed body, or null. */
  readonly grabbed: RigidBody | null;
  /** Whether the body with this handle is pinned. */
  isPinned(handle: number): boolean;
  /** How many bodies are pinned. */
  readonly pinCount: number;
}
import type { QuatLike, Vec3Like } from './vector-math';
import { scratchQuat, scratchVec3 } from './vector-math';

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

/** What a {@link JointProjection} carries along. */
export interface JointProjectionOptions {
  /**
   * Per part, in the order of `ragdoll.parts`, the bodies hanging from it by joints of their
   * own (an MMD model's hair and skirts, `MmdBodies.hangingFromParts`). A move of the part
   * takes them along by the same shift, so their joints stay as they were. None by default.
   */
  readonly carried?: readonly (readonly RigidBody[])[];
  /** Seconds the joints are checked after the root slowed (default {@link PROJECTION_AFTER_S}). */
  readonly afterSeconds?: number;
}

/**
 * Each part's rotation as read from Rapier after this step's world step, for a second check of
 * the same figure in the same step (the angle-limit projection), which then reads none itself.
 */
export interface StepRotations {
  /**
   * Each part's rotation (x, y, z, w), in the order of `ragdoll.parts`, if they were read after
   * this step's world step; otherwise null. Only parts' positions are moved after the read, so
   * the rotations stay true until the next world step.
   */
  rotationsThisStep(): Float64Array | null;
}

/**
 * Outside a landing the root's speed is read every this many steps (a quarter second), not
 * every step: a fall or a flight lasts longer, and a read per figure per step would be the
 * step path's only allocation (Rapier's glue).
 */
export const PROJECTION_CHECK_STEPS = 30;

/** Whether one of `bodies` is grabbed or pinned. Allocates nothing. */
export function holdsAnyOf(bodies: readonly RigidBody[], held: HeldBodies): boolean {
  const grabbed = held.grabbed;
  const pinned = held.pinCount > 0;
  if (grabbed === null && !pinned) return false;
  for (let i = 0; i < bodies.length; i++) {
    const body = bodies[i]!;
    if (body === grabbed || (pinned && held.isPinned(body.handle))) return true;
  }
  return false;
}

/** The joints of `ragdoll` ordered from its root outward, so a moved part carries its limb. */
export function rootFirst(ragdoll: Ragdoll): RagdollJoint[] {
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

/**
 * Puts a ragdoll's parts back onto their joints after a step in which a joint came apart
 * (joint projection, as PhysX offers for ragdolls).
 *
 * Why: when a fast part reaches the floor within a step, Rapier's continuous collision
 * detection stops it at the moment of impact but leaves its velocity, and its joints are not
 * solved again in that step, so the rest of the figure travels on and the joint opens by the
 * rest of the step's travel: 2 cm for a foot landing from a DROP, up to 13 cm landing at
 * 20 m/s after a BLAST. Moving the child part (and with it the limb
 * beyond, as its joints are checked after) onto its parent's anchor finishes that travel; its
 * velocity is left alone, and any overlap with the floor is pushed out by the next step's
 * contacts as it would have been. Rapier's own remedy, more CCD substeps per step
 * (`integrationParameters.maxCcdSubsteps`, 1 by default), closed most gaps too, but with 8 an
 * MMD figure's hair and feet reached 60-100 m/s after a BLAST. Measurements: BENCHMARKS.md,
 * "Landing gaps".
 */
export class JointProjection implements StepRotations {
  /**
   * Each part's body, in the order of `ragdoll.parts`. Read through the body objects: a handle
   * kept as a double (a typed array, a number field) is boxed afresh on every call that
   * passes it, while a body keeps its handle boxed once.
   */
  private readonly bodies: readonly RigidBody[];
  private readonly root: RigidBody;
  /** Each part's position (3 numbers) and rotation (x, y, z, w), read once per checked step. */
  private readonly positions: Float64Array;
  private readonly rotations: Float64Array;
  /** Per joint, root outward: the parent's and child's part index and local anchors. */
  private readonly parentOf: Int32Array;
  private readonly childOf: Int32Array;
  private readonly anchorsParent: Float64Array;
  private readonly anchorsChild: Float64Array;
  /**
   * Per part, in the order of `ragdoll.parts`, the bodies that hang from it by joints of their
   * own (an MMD model's hair and skirts) and move with it when it is moved.
   */
  private readonly carried: readonly (readonly RigidBody[])[];
  private readonly vec: Vec3Like = scratchVec3();
  private readonly rot: QuatLike = scratchQuat();
  private readonly ends = new Float64Array(6);
  /** Steps in {@link JointProjectionOptions.afterSeconds}. */
  private readonly afterSteps: number;
  /** Steps since the root was last faster than {@link PROJECTION_SPEED}. */
  private slowSteps: number;
  /** Steps outside a landing, counted to read the root every {@link PROJECTION_CHECK_STEPS}. */
  private idleSteps = 0;
  /** Whether {@link rotations} were read after the latest world step (see {@link update}). */
  private rotationsRead = false;

  /**
   * `stepSeconds`: the length of the steps {@link update} follows.
   */
  constructor(
    readonly ragdoll: Ragdoll,
    stepSeconds: number,
    options: JointProjectionOptions = {},
  ) {
    const carried = options.carried ?? [];
    this.root = ragdoll.root.body;
    const parts = ragdoll.parts;
    const index = new Map(parts.map((part, i) => [part, i]));
    const joints = rootFirst(ragdoll);
    this.bodies = parts.map((part) => part.body);
    this.carried = parts.map((_, i) => carried[i] ?? []);
    this.positions = new Float64Array(parts.length * 3);
    this.rotations = new Float64Array(parts.length * 4);
    this.parentOf = Int32Array.from(joints, (joint) => index.get(joint.parent)!);
    this.childOf = Int32Array.from(joints, (joint) => index.get(joint.child)!);
    this.anchorsParent = Float64Array.from(joints.flatMap((j) => xyz(j.localAnchorParent)));
    this.anchorsChild = Float64Array.from(joints.flatMap((j) => xyz(j.localAnchorChild)));
    this.afterSteps = Math.round((options.afterSeconds ?? PROJECTION_AFTER_S) / stepSeconds);
    this.slowSteps = this.afterSteps;
  }

  /**
   * After a world step: while the root is faster than {@link PROJECTION_SPEED} (seen within
   * {@link PROJECTION_CHECK_STEPS}) and for {@link PROJECTION_AFTER_S} after, moves each part
   * whose joint is open by more than {@link PROJECTION_TOLERANCE} back onto it. Not while the
   * figure sleeps, nor while one of its parts is held: a grab or a pin pulls a part where the
   * person wants it, and moving that part (or the limb between it and the root) away again
   * makes the two fight, which threw a hanging figure metres. Returns how many parts were
   * moved. Allocates nothing.
   */
  update(held: HeldBodies): number {
    this.rotationsRead = false;
    const landing = this.slowSteps < this.afterSteps;
    if (!landing && this.idleSteps++ % PROJECTION_CHECK_STEPS !== 0) return 0;
    if (this.root.isSleeping()) return 0;
    const v = this.root.linvel(this.vec);
    const speedSquared = v.x * v.x + v.y * v.y + v.z * v.z;
    if (speedSquared > PROJECTION_SPEED * PROJECTION_SPEED) this.slowSteps = 0;
    else if (landing) this.slowSteps++;
    else return 0;
    if (holdsAnyOf(this.bodies, held)) return 0;
    this.readPoses();
    this.rotationsRead = true;
    const tolerance = PROJECTION_TOLERANCE * PROJECTION_TOLERANCE;
    const ends = this.ends;
    const positions = this.positions;
    let moved = 0;
    for (let j = 0; j < this.parentOf.length; j++) {
      const child = this.childOf[j]!;
      this.anchor(this.parentOf[j]!, this.anchorsParent, j, 0);
      this.anchor(child, this.anchorsChild, j, 3);
      const dx = ends[0]! - ends[3]!;
      const dy = ends[1]! - ends[4]!;
      const dz = ends[2]! - ends[5]!;
      if (dx * dx + dy * dy + dz * dz <= tolerance) continue;
      const to = this.vec;
      to.x = positions[child * 3] = positions[child * 3]! + dx;
      to.y = positions[child * 3 + 1] = positions[child * 3 + 1]! + dy;
      to.z = positions[child * 3 + 2] = positions[child * 3 + 2]! + dz;
      this.bodies[child]!.setTranslation(to, true);
      // The bodies hanging from the part, by the same shift. Here rather than in a function of
      // its own: one called only at landings is seldom optimised, and unoptimised code boxes
      // every double it adds (docs/physics.md#projection-measurements).
      const carried = this.carried[child]!;
      for (let i = 0; i < carried.length; i++) {
        const body = carried[i]!;
        body.translation(to);
        to.x += dx;
        to.y += dy;
        to.z += dz;
        body.setTranslation(to, true);
      }
      moved++;
    }
    return moved;
  }

  /**
   * The parts' rotations read by this step's {@link update}, or null if it read none. Valid
   * from {@link update} after a world step until the next world step; the sandbox calls
   * {@link update} once after every world step.
   */
  rotationsThisStep(): Float64Array | null {
    return this.rotationsRead ? this.rotations : null;
  }

  /**
   * After the parts were put into saved poses (rewind, undo): checks the joints for the next
   * {@link PROJECTION_AFTER_S}, as after a landing. The saved scene may be mid-landing, and how
   * fast the root was before it is not saved; checking costs a pose read per step, and moves
   * only parts whose joint is open past {@link PROJECTION_TOLERANCE}.
   */
  restart(): void {
    this.slowSteps = 0;
    this.idleSteps = 0;
  }

  /**
   * Checks the joints in each of the next `steps` steps at least (longer if the root flies
   * faster than {@link PROJECTION_SPEED}): a blast spins each part of a doll on its own
   * (MMD figures excepted), which opens joints in its first steps, before an idle check would
   * see the root move. Shorter than {@link restart}'s watch: a doll blasted every second would
   * otherwise be read every step.
   */
  checkNextSteps(steps: number): void {
    this.slowSteps = Math.min(this.slowSteps, Math.max(0, this.afterSteps - steps));
    this.idleSteps = 0;
  }

  private readPoses(): void {
    const p = this.vec;
    const q = this.rot;
    for (let i = 0; i < this.bodies.length; i++) {
      const body = this.bodies[i]!;
      body.translation(p);
      this.positions[i * 3] = p.x;
      this.positions[i * 3 + 1] = p.y;
      this.positions[i * 3 + 2] = p.z;
      body.rotation(q);
      this.rotations[i * 4] = q.x;
      this.rotations[i * 4 + 1] = q.y;
      this.rotations[i * 4 + 2] = q.z;
      this.rotations[i * 4 + 3] = q.w;
    }
  }

  /** The world point of joint `j`'s anchor on `part` (local anchors in `anchors`) into `ends[at..at+2]`. */
  private anchor(part: number, anchors: Float64Array, j: number, at: number): void {
    const r = this.rotations;
    const qx = r[part * 4]!;
    const qy = r[part * 4 + 1]!;
    const qz = r[part * 4 + 2]!;
    const qw = r[part * 4 + 3]!;
    const vx = anchors[j * 3]!;
    const vy = anchors[j * 3 + 1]!;
    const vz = anchors[j * 3 + 2]!;
    // v + 2w(q × v) + 2q × (q × v)
    const tx = 2 * (qy * vz - qz * vy);
    const ty = 2 * (qz * vx - qx * vz);
    const tz = 2 * (qx * vy - qy * vx);
    const p = this.positions;
    this.ends[at] = p[part * 3]! + vx + qw * tx + (qy * tz - qz * ty);
    this.ends[at + 1] = p[part * 3 + 1]! + vy + qw * ty + (qz * tx - qx * tz);
    this.ends[at + 2] = p[part * 3 + 2]! + vz + qw * tz + (qx * ty - qy * tx);
  }
}

function xyz(v: Vec3Like): [number, number, number] {
  return [v.x, v.y, v.z];
}
