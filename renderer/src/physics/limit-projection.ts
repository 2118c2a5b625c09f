import type { HeldBodies, StepRotations } from './joint-projection';
import { holdsAnyOf, rootFirst } from './joint-projection';
import type { Ragdoll, RagdollJoint, RagdollPart } from './ragdoll';
import type { RigidBody } from './rapier-api';
import type { QuatLike, Vec3Like } from './vector-math';
import { scratchQuat, scratchVec3 } from './vector-math';

/**
 * A joint turned past one of its angle limits by more than this after a step (radians) has
 * its child part, and the limb beyond it, turned back onto the limit.
 */
export const LIMIT_TOLERANCE = 0.02;

/**
 * A joint turning faster than this relative to its parent (rad/s) marks its figure as
 * agitated: its joints are then checked every step for {@link AGITATED_S}. Passing a limit by
 * more than {@link LIMIT_TOLERANCE} within a step takes some 20 rad/s on 8 substeps.
 */
export const AGITATED_SPEED = 8;

/** Seconds a figure's joints are checked every step after one last turned that fast. */
export const AGITATED_S = 0.5;

/**
 * A calm figure (awake, no joint turning faster than {@link AGITATED_SPEED}) has its joints
 * checked every this many steps only: a read of each part's rotation per figure per step
 * would be the step path's largest allocation (Rapier's glue makes a typed-array view per read),
 * and figures lie or stand awake for seconds before they sleep.
 */
export const CALM_CHECK_STEPS = 8;

/**
 * Whether every joint of `ragdoll` that limits an angle is a hinge (a revolute joint), as on
 * the box dummy. The sandbox projects only such figures' limits: a hinge's angle is measured
 * about its own axis, exact in any rest pose, while a ball joint's per-axis limits are measured
 * here along doll-space axes, which a model's rig does not promise. On a VRM rig, turning its
 * ball joints back kept a figure lying on the stage moving for good (its limbs turned onto
 * limits it was not past as Rapier measures them, and back by the solver).
 */
export function limitsAreHinges(ragdoll: Ragdoll): boolean {
  return ragdoll.joints.every((joint) => joint.spec.kind === 'revolute' || !joint.spec.limits);
}

/** No angle is past this: an axis without a limit gets it as its range. */
const OPEN = 2;

/** The joints of `ragdoll` with a limited angle, ordered from its root outward. */
function limitedRootFirst(ragdoll: Ragdoll): RagdollJoint[] {
  return rootFirst(ragdoll).filter((joint) => axisLimits(joint).some((range) => range !== null));
}

/**
 * The limits of a joint's three angular axes as Rapier holds them (radians, null when free),
 * in the order of {@link jointAxes}: a hinge turns within its limits about its axis and is
 * locked about the other two.
 */
function axisLimits(joint: RagdollJoint): (readonly [number, number] | null)[] {
  const spec = joint.spec;
  if (spec.kind === 'revolute') return [spec.limits, [0, 0], [0, 0]];
  return [spec.limits?.x ?? null, spec.limits?.y ?? null, spec.limits?.z ?? null];
}

/**
 * Three orthonormal axes in the parent's frame (9 numbers) along which Rapier measures the
 * joint's angles: a hinge's axis and two across it; a ball joint's doll-space X, Y, Z (every
 * part rests unrotated, so doll space is each part's own frame).
 */
function jointAxes(joint: RagdollJoint): number[] {
  const spec = joint.spec;
  if (spec.kind !== 'revolute') return [1, 0, 0, 0, 1, 0, 0, 0, 1];
  const [ax, ay, az] = spec.axis;
  const length = Math.hypot(ax, ay, az);
  const a = [ax / length, ay / length, az / length] as const;
  // Any unit vector across the axis, then the third by the cross product.
  const seed = Math.abs(a[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
  const dot = seed[0]! * a[0] + seed[1]! * a[1] + seed[2]! * a[2];
  const ux = seed[0]! - dot * a[0];
  const uy = seed[1]! - dot * a[1];
  const uz = seed[2]! - dot * a[2];
  const u = Math.hypot(ux, uy, uz);
  const b = [ux / u, uy / u, uz / u] as const;
  const c = [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  return [...a, ...b, ...c];
}

/** The child part of `joint` and every part beyond it, as indices into `parts`. */
function limbOf(ragdoll: Ragdoll, joint: RagdollJoint, index: Map<RagdollPart, number>): number[] {
  const limb = [joint.child];
  for (let i = 0; i < limb.length; i++) {
    for (const next of ragdoll.joints) if (next.parent === limb[i]) limb.push(next.child);
  }
  return limb.map((part) => index.get(part)!);
}

/** sin(angle / 2) of an angle clamped to ±π: what Rapier compares its limits by. */
function sinHalf(angle: number): number {
  return Math.sin(Math.max(-Math.PI, Math.min(Math.PI, angle)) / 2);
}

/** {@link LimitProjection}'s measure of a joint: past a bound, turning fast, both, neither. */
const PAST = 1;
const FAST = 2;

/**
 * Turns a ragdoll's limbs back onto their joints' angle limits after a step that carried one
 * past a limit by more than {@link LIMIT_TOLERANCE} (angular joint projection; PhysX's
 * ragdoll projection has an angular tolerance too).
 *
 * Why: Rapier solves a limit only from the substep in which the angle is already past it, so a
 * limb spinning into its limit travels up to a substep beyond before it is stopped: a forearm
 * kicked to 35-46 rad/s passed its straight-arm limit by up to 0.064 rad on the figure's 8
 * substeps (0.085 at a 1 cm contact prediction distance), more or less as the moment fell
 * within the step (BENCHMARKS.md, "Angle limits under hard kicks"). 12 substeps held it but
 * cost every box scene 1.31x per step; this costs a rotation read per part while a figure's
 * joints turn fast, and moves bodies only on the rare step that needs it. The child part is
 * turned about its joint's anchor, and the limb beyond it turns with it as one rigid piece, so
 * no other joint opens; velocities are left alone, and the limit, now met early in the next
 * step, stops what is left of the spin there. The sandbox keeps it off figures with MMD
 * bodies: their hair and skirts hang on the parts by joints of their own, which a turned part
 * left strained.
 */
export class LimitProjection {
  /** Each part's body, in the order of `ragdoll.parts`. */
  private readonly bodies: readonly RigidBody[];
  private readonly root: RigidBody;
  /** The parts at either end of a limited joint: only these are read on a check. */
  private readonly watched: Int32Array;
  /** Each part's rotation (x, y, z, w): the watched ones read once per check. */
  private readonly rotations: Float64Array;
  /** Per limited joint, root outward: parent and child part index, the child's local anchor. */
  private readonly parentOf: Int32Array;
  private readonly childOf: Int32Array;
  private readonly anchorsChild: Float64Array;
  /** Per joint 9 numbers: its three angle axes in the parent's frame (see {@link jointAxes}). */
  private readonly axes: Float64Array;
  /** Per joint and axis, sin(limit / 2): low and high (6 numbers per joint). */
  private readonly limits: Float64Array;
  /** The same with {@link LIMIT_TOLERANCE} added outward: past these a joint is projected. */
  private readonly bounds: Float64Array;
  /** Per joint, the limb it turns: `limbParts[limbStart[j]..limbStart[j + 1])`. */
  private readonly limbStart: Int32Array;
  private readonly limbParts: Int32Array;
  /** Per joint, its angle components (3, sin of the half angle) at the last check. */
  private readonly angles: Float64Array;
  /** The most an angle component changes in a step at {@link AGITATED_SPEED}. */
  private readonly calmChange: number;
  /** Steps in {@link AGITATED_S}, and how many of them are left. */
  private readonly agitatedSteps: number;
  private agitatedLeft: number;
  /** Steps since the joints were last checked (or the check was skipped: held, asleep). */
  private sinceCheck = 0;
  private readonly vec: Vec3Like = scratchVec3();
  private readonly rot: QuatLike = scratchQuat();
  /** The turn (x, y, z, w) that projects the joint at hand. */
  private readonly turn = new Float64Array(4);

  /**
   * `stepSeconds`: the length of the steps {@link update} follows. `alreadyRead`: a check of
   * the same figure that runs before this one in each step and may have read every part's
   * rotation already (the joint projection); a check then reads none of its own.
   */
  constructor(
    readonly ragdoll: Ragdoll,
    stepSeconds: number,
    private readonly alreadyRead: StepRotations | null = null,
  ) {
    this.root = ragdoll.root.body;
    const parts = ragdoll.parts;
    const index = new Map(parts.map((part, i) => [part, i]));
    const joints = limitedRootFirst(ragdoll);
    this.bodies = parts.map((part) => part.body);
    this.rotations = new Float64Array(parts.length * 4);
    this.parentOf = Int32Array.from(joints, (joint) => index.get(joint.parent)!);
    this.childOf = Int32Array.from(joints, (joint) => index.get(joint.child)!);
    this.watched = Int32Array.from(new Set([...this.parentOf, ...this.childOf]));
    this.anchorsChild = Float64Array.from(joints.flatMap((j) => xyz(j.localAnchorChild)));
    this.axes = Float64Array.from(joints.flatMap(jointAxes));
    const ranges = joints.flatMap(axisLimits);
    this.limits = Float64Array.from(
      ranges.flatMap((range) => (range ? [sinHalf(range[0]), sinHalf(range[1])] : [-OPEN, OPEN])),
    );
    this.bounds = Float64Array.from(
      ranges.flatMap((range) =>
        range
          ? [sinHalf(range[0] - LIMIT_TOLERANCE), sinHalf(range[1] + LIMIT_TOLERANCE)]
          : [-OPEN, OPEN],
      ),
    );
    const limbs = joints.map((joint) => limbOf(ragdoll, joint, index));
    const starts = [0];
    for (const limb of limbs) starts.push(starts.at(-1)! + limb.length);
    this.limbStart = Int32Array.from(starts);
    this.limbParts = Int32Array.from(limbs.flat());
    this.angles = new Float64Array(joints.length * 3);
    this.calmChange = (AGITATED_SPEED * stepSeconds) / 2;
    this.agitatedSteps = Math.round(AGITATED_S / stepSeconds);
    // A new figure is dropped: watched closely at first.
    this.agitatedLeft = this.agitatedSteps;
  }

  /** Whether the ragdoll has any limited joint to watch. */
  get watches(): boolean {
    return this.parentOf.length > 0;
  }

  /**
   * Checks the joints every step for the next {@link AGITATED_S}: a blast spins every part at
   * once, and a calm figure's next check could be {@link CALM_CHECK_STEPS} steps away, long
   * enough for a spun limb to swing well past its limit first.
   */
  agitate(): void {
    this.agitatedLeft = this.agitatedSteps;
  }

  /**
   * After a world step: turns every limb whose joint is past an angle limit by more than
   * {@link LIMIT_TOLERANCE} back onto the limit. Checks every step while the figure is
   * agitated (see {@link AGITATED_SPEED}), every {@link CALM_CHECK_STEPS} otherwise; not while
   * the figure sleeps, nor while one of its parts is held (a grab or a pin pulls a part where
   * the person wants it; see `joint-projection.ts`). Returns how many joints were projected.
   * Allocates nothing of its own (each rotation read makes Rapier's glue a typed-array view).
   */
  update(held: HeldBodies): number {
    this.sinceCheck++;
    if (this.agitatedLeft === 0 && this.sinceCheck < CALM_CHECK_STEPS) return 0;
    if (this.parentOf.length === 0 || holdsAnyOf(this.bodies, held) || this.root.isSleeping()) {
      this.sinceCheck = 0;
      return 0;
    }
    this.readRotations();
    let fast = false;
    let projected = 0;
    for (let j = 0; j < this.parentOf.length; j++) {
      const seen = this.measure(j);
      if ((seen & FAST) !== 0) fast = true;
      if ((seen & PAST) === 0) continue;
      this.project(j);
      projected++;
    }
    this.sinceCheck = 0;
    if (fast) this.agitatedLeft = this.agitatedSteps;
    else if (this.agitatedLeft > 0) this.agitatedLeft--;
    return projected;
  }

  /**
   * Puts joint `j`'s relative rotation, as Rapier measures its limits, into its `angles` (sin
   * of the half angle about each of the joint's axes). Returns {@link PAST} if one is past its
   * bound, plus {@link FAST} if one moved faster than {@link AGITATED_SPEED} since the last check.
   */
  private measure(j: number): number {
    const r = this.rotations;
    const a = this.parentOf[j]! * 4;
    const b = this.childOf[j]! * 4;
    // conjugate(qa) * qb, taken the short way round (w ≥ 0).
    const ax = -r[a]!;
    const ay = -r[a + 1]!;
    const az = -r[a + 2]!;
    const aw = r[a + 3]!;
    const bx = r[b]!;
    const by = r[b + 1]!;
    const bz = r[b + 2]!;
    const bw = r[b + 3]!;
    let x = aw * bx + ax * bw + ay * bz - az * by;
    let y = aw * by - ax * bz + ay * bw + az * bx;
    let z = aw * bz + ax * by - ay * bx + az * bw;
    if (aw * bw - ax * bx - ay * by - az * bz < 0) {
      x = -x;
      y = -y;
      z = -z;
    }
    const e = this.axes;
    const bounds = this.bounds;
    const angles = this.angles;
    const largestChange = this.calmChange * this.sinceCheck;
    const largestSquared = largestChange * largestChange;
    let seen = 0;
    // Every operation runs on every call (no rare branch), so V8's optimised code never meets
    // one it has no type feedback for and falls back to boxing doubles while it recompiles.
    for (let k = 0; k < 3; k++) {
      const at = j * 3 + k;
      const s = x * e[at * 3]! + y * e[at * 3 + 1]! + z * e[at * 3 + 2]!;
      const change = s - angles[at]!;
      seen |= change * change > largestSquared ? FAST : 0;
      seen |= s < bounds[at * 2]! ? PAST : 0;
      seen |= s > bounds[at * 2 + 1]! ? PAST : 0;
      angles[at] = s;
    }
    return seen;
  }

  /**
   * Turns joint `j`'s limb so that its angles (in `angles`, from {@link measure}) lie within
   * the limits, about the joint's anchor on the child, and writes the new poses to the bodies.
   */
  private project(j: number): void {
    const angles = this.angles;
    const limits = this.limits;
    const e = this.axes;
    // The clamped relative rotation, back in the parent's frame.
    let sumSquares = 0;
    let rx = 0;
    let ry = 0;
    let rz = 0;
    for (let k = 0; k < 3; k++) {
      const at = j * 3 + k;
      const s = Math.max(limits[at * 2]!, Math.min(limits[at * 2 + 1]!, angles[at]!));
      angles[at] = s;
      sumSquares += s * s;
      rx += s * e[at * 3]!;
      ry += s * e[at * 3 + 1]!;
      rz += s * e[at * 3 + 2]!;
    }
    const rw = Math.sqrt(Math.max(0, 1 - sumSquares));
    const r = this.rotations;
    const a = this.parentOf[j]! * 4;
    const child = this.childOf[j]!;
    const b = child * 4;
    // The child's new rotation qa * rel, then the turn that takes it there: new * conjugate(qb).
    const ax = r[a]!;
    const ay = r[a + 1]!;
    const az = r[a + 2]!;
    const aw = r[a + 3]!;
    const nx = aw * rx + ax * rw + ay * rz - az * ry;
    const ny = aw * ry - ax * rz + ay * rw + az * rx;
    const nz = aw * rz + ax * ry - ay * rx + az * rw;
    const nw = aw * rw - ax * rx - ay * ry - az * rz;
    const bx = -r[b]!;
    const by = -r[b + 1]!;
    const bz = -r[b + 2]!;
    const bw = r[b + 3]!;
    const turn = this.turn;
    turn[0] = nw * bx + nx * bw + ny * bz - nz * by;
    turn[1] = nw * by - nx * bz + ny * bw + nz * bx;
    turn[2] = nw * bz + nx * by - ny * bx + nz * bw;
    turn[3] = nw * bw - nx * bx - ny * by - nz * bz;
    // The pivot: the joint's anchor on the child, where it is now.
    const v = this.vec;
    this.bodies[child]!.translation(v);
    const px = v.x;
    const py = v.y;
    const pz = v.z;
    const c = this.anchorsChild;
    rotateInto(r, b, c[j * 3]!, c[j * 3 + 1]!, c[j * 3 + 2]!, v);
    const ox = px + v.x;
    const oy = py + v.y;
    const oz = pz + v.z;
    for (let i = this.limbStart[j]!; i < this.limbStart[j + 1]!; i++) {
      this.turnPart(this.limbParts[i]!, ox, oy, oz);
    }
  }

  /** Turns one part by `turn` about the pivot (px, py, pz) and writes its pose to its body. */
  private turnPart(part: number, px: number, py: number, pz: number): void {
    const body = this.bodies[part]!;
    const v = this.vec;
    body.translation(v);
    rotateInto(this.turn, 0, v.x - px, v.y - py, v.z - pz, v);
    v.x += px;
    v.y += py;
    v.z += pz;
    body.setTranslation(v, true);
    const r = this.rotations;
    const i = part * 4;
    // A part beyond the limited joints (not read on the check) is read now.
    if (!this.isWatched(part)) this.readRotation(part);
    const t = this.turn;
    const qx = r[i]!;
    const qy = r[i + 1]!;
    const qz = r[i + 2]!;
    const qw = r[i + 3]!;
    let x = t[3]! * qx + t[0]! * qw + t[1]! * qz - t[2]! * qy;
    let y = t[3]! * qy - t[0]! * qz + t[1]! * qw + t[2]! * qx;
    let z = t[3]! * qz + t[0]! * qy - t[1]! * qx + t[2]! * qw;
    let w = t[3]! * qw - t[0]! * qx - t[1]! * qy - t[2]! * qz;
    const length = Math.sqrt(x * x + y * y + z * z + w * w);
    x /= length;
    y /= length;
    z /= length;
    w /= length;
    r[i] = x;
    r[i + 1] = y;
    r[i + 2] = z;
    r[i + 3] = w;
    const q = this.rot;
    q.x = x;
    q.y = y;
    q.z = z;
    q.w = w;
    body.setRotation(q, true);
  }

  private isWatched(part: number): boolean {
    const watched = this.watched;
    for (let i = 0; i < watched.length; i++) if (watched[i] === part) return true;
    return false;
  }

  /** The watched parts' rotations: copied when this step's were read already, else read. */
  private readRotations(): void {
    const watched = this.watched;
    const read = this.alreadyRead?.rotationsThisStep() ?? null;
    if (read === null) {
      for (let i = 0; i < watched.length; i++) this.readRotation(watched[i]!);
      return;
    }
    const r = this.rotations;
    for (let i = 0; i < watched.length; i++) {
      const at = watched[i]! * 4;
      r[at] = read[at]!;
      r[at + 1] = read[at + 1]!;
      r[at + 2] = read[at + 2]!;
      r[at + 3] = read[at + 3]!;
    }
  }

  private readRotation(part: number): void {
    const q = this.rot;
    this.bodies[part]!.rotation(q);
    this.rotations[part * 4] = q.x;
    this.rotations[part * 4 + 1] = q.y;
    this.rotations[part * 4 + 2] = q.z;
    this.rotations[part * 4 + 3] = q.w;
  }
}

/** The vector (vx, vy, vz) turned by the quaternion at `q[at..at+3]`, into `out`. */
function rotateInto(
  q: Float64Array,
  at: number,
  vx: number,
  vy: number,
  vz: number,
  out: Vec3Like,
): void {
  const qx = q[at]!;
  const qy = q[at + 1]!;
  const qz = q[at + 2]!;
  const qw = q[at + 3]!;
  // v + 2w(q × v) + 2q × (q × v)
  const tx = 2 * (qy * vz - qz * vy);
  const ty = 2 * (qz * vx - qx * vz);
  const tz = 2 * (qx * vy - qy * vx);
  out.x = vx + qw * tx + (qy * tz - qz * ty);
  out.y = vy + qw * ty + (qz * tx - qx * tz);
  out.z = vz + qw * tz + (qx * ty - qy * tx);
}

function xyz(v: Vec3Like): [number, number, number] {
  return [v.x, v.y, v.z];
}
