import type { PartShape } from '../doll-spec';
import type { Quat, Vec3 } from '../vector-math';

/**
 * A model's own rigid bodies and joints (hair, skirts, accessories), already converted from the
 * file (see `renderer/src/rig/mmd/`): doll space (the same space as the ragdoll's
 * `DollSpec` parts: metres, +Y up, +Z forward, origin between the upper legs), right-handed,
 * rotations as unit quaternions, Rapier's damping meaning. The physics layer knows nothing of
 * bones: each body names the ragdoll part it rides with.
 */
export interface MmdPhysicsSpec {
  readonly bodies: readonly MmdBodySpec[];
  readonly joints: readonly MmdJointSpec[];
  /**
   * Optional (added by the physics layer): the MMD collision group (0..15) each ragdoll part
   * is put in, by `DollSpec` part name, so the model's bodies collide with the ragdoll as
   * their masks say. A part not listed gets the group most used by `follow` bodies (the
   * model's own body, which hair and skirts are set up to rest on), or 0 when there are none.
   */
  readonly partGroups?: Readonly<Record<string, number>>;
}

/**
 * How a body moves.
 * - `follow` (type 0): carried rigidly by its part at its rest offset (a massless collider on
 *   the part's body; joints to it attach to the part).
 * - `dynamic` (type 1) and `dynamic-rotation` (type 2): simulated; the difference matters only
 *   to the renderer (type 2 bones take the body's rotation but keep their own position).
 */
export type MmdBodyMotion = 'follow' | 'dynamic' | 'dynamic-rotation';

export interface MmdBodySpec {
  /** As in the file, for messages and the BODIES overlay. */
  readonly name: string;
  /** Index of this body in the file (the renderer maps bones to bodies with it). */
  readonly sourceIndex: number;
  readonly motion: MmdBodyMotion;
  /** The ragdoll part (`DollSpec` part name) the body follows when `follow`. */
  readonly part: string;
  /** Metres. A capsule lies along its local Y axis, like Rapier's. */
  readonly shape: PartShape;
  /** Centre at rest, doll space, metres. */
  readonly position: Vec3;
  /** Orientation at rest, doll space. */
  readonly rotation: Quat;
  /** 0..15. Membership is `1 << group`. */
  readonly group: number;
  /** 16 bits; a set bit means "collides with that group". */
  readonly collisionMask: number;
  /**
   * kg as in the file (at least a small positive floor). Only the ratios between the model's
   * dynamic bodies matter: the physics scales them all by one factor to a share of the
   * ragdoll's mass (`MMD_MASS_SHARE` in `dynamic-body.ts`); springs keep the file's frequencies.
   * Unused for `follow` bodies (massless colliders on their part, kinematic in MMD), except
   * welded ones (see {@link MmdBodySpec.welded}).
   */
  readonly mass: number;
  /**
   * A moving body in the file that fully locked joints weld to a follow body, so it is
   * carried as a follow body (`motion` is `follow`). Its collider keeps its mass, scaled as
   * the dynamic bodies' are, so the part it rides turns as the welded body makes it (a long
   * carried lock of hair striking the floor does not spin a light head).
   */
  readonly welded?: boolean;
  /** Rapier damping, 1/s (from Bullet's share-per-second: −ln(1 − d), capped). */
  readonly linearDamping: number;
  readonly angularDamping: number;
  readonly restitution: number;
  readonly friction: number;
}

/**
 * A 6-DOF spring joint between two bodies. Axes are the joint frame's (the frame `rotation`
 * turns doll-space axes into). An axis with min = max is locked; min > max means free.
 */
export interface MmdJointSpec {
  readonly name: string;
  /** Indices into {@link MmdPhysicsSpec.bodies}. */
  readonly bodyA: number;
  readonly bodyB: number;
  /** Joint frame origin at rest, doll space, metres. */
  readonly position: Vec3;
  /** Joint frame orientation at rest, doll space. */
  readonly rotation: Quat;
  /** Metres, per joint-frame axis. */
  readonly linearMin: Vec3;
  readonly linearMax: Vec3;
  /** Radians, per joint-frame axis (already negated/swapped for the handedness change). */
  readonly angularMin: Vec3;
  readonly angularMax: Vec3;
  /**
   * Spring constants as in the file, converted to SI with the mass kept (N/m and N·m/rad of the
   * file's masses; see `rig/mmd/mmd-physics-units.ts`); 0 means no spring on that axis. The
   * physics runs each as an acceleration-based spring of rate ω² = k / (reduced file mass or
   * inertia about the axis), critically damped (see `spring-rates.ts`).
   */
  readonly linearStiffness: Vec3;
  readonly angularStiffness: Vec3;
}
