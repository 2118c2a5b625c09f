import type { BodyState } from '../body-state';
import { captureBodyState, restoreBodyState } from '../body-state';
import type { PartShape } from '../doll-spec';
import type { Ragdoll, RagdollPart } from '../ragdoll';
import type { Collider, ImpulseJoint, RapierApi, RigidBody, World } from '../rapier-api';
import type { QuatLike, Vec3Like } from '../vector-math';
import { multiplyQuat, quat, rotateVec, vec3 } from '../vector-math';
import {
  MMD_DYNAMIC_SOLVER_GROUPS,
  MMD_FOLLOW_SOLVER_GROUPS,
  followFilterDrop,
  mmdCollisionGroups,
  partCollisionGroups,
  partGroupOf,
} from './interaction-groups';
import type { MmdSpringModel, RestPose } from './mmd-joint';
import { createMmdJoint } from './mmd-joint';
import type { MmdBodySpec, MmdJointSpec, MmdPhysicsSpec } from './mmd-physics-spec';
import { validateMmdPhysicsSpec } from './validate-mmd-physics-spec';

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

/** Options for {@link MmdBodies}. */
export interface MmdBodiesOptions {
  /** How springs act (default {@link DEFAULT_MMD_SPRING_MODEL}). */
  readonly springModel?: MmdSpringModel;
  /** The model's dynamic bodies' total mass as a share of the ragdoll's (default {@link MMD_MASS_SHARE}). */
  readonly massShare?: number;
}

/**
 * The model's dynamic bodies together weigh this share of the ragdoll (their ratios kept).
 *
 * Why: MMD authors masses only relative to each other. In MMD the bones drive the `follow`
 * bodies with infinite mass, so a 22.5 kg skirt plate (Gene_light) is as harmless as a 0.1 kg
 * one; here the ragdoll carries them on parts of finite mass, and Gene's bodies (~half the
 * ragdoll's mass or more) yanked it through the joints until it flew (379-474 m/s in the 60 s
 * BLAST 14 soak). Scaling every dynamic body by one factor leaves the hair's own motion as
 * authored, because springs are acceleration-based with the file's frequencies (see
 * `spring-rates.ts`) and damping is a rate, while the hair's pull on the ragdoll becomes a
 * modest load, as a real hairdo's is. Measured (`tests/unit/mmd-soak.test.ts` and
 * `tests/unit/physics-mmd-models.test.ts`, see BENCHMARKS.md): 0.1 keeps every model under
 * 50 m/s in the soak and settles them lying down.
 */
export const MMD_MASS_SHARE = 0.1;

/**
 * Extra solver iterations a model's dynamic bodies get while they settle (Rapier adds them per
 * island, so other figures cost nothing more). Hair pressed into its joint limits by gravity
 * and the floor, and Gene_light's cloak (a mesh of joint loops), do not converge in the
 * sandbox's 8 iterations and jitter under a doll lying still, which then never sleeps.
 * Fastest MMD body 20 and 30 s after a drop, seeds 1-3, with 0 / 4 / 8 extra: mokou_B
 * 0.07-0.24 / 0.05-0.07 / 0.04-0.20 m/s; Gene_light 0.12-0.22 / 0.08-0.14 / 0.09-0.16;
 * low_miku 0.13-0.21 / 0-0.22 (asleep on one seed) / 0-0.10 (asleep on two). Cost of a still
 * doll that stays awake, mokou_B: 1.21 / 1.67 / 2.27 ms per step, so 4. Always on they would
 * also cost 70% in play (`npm run bench:mmd` with 8: 1.95 ms against 1.15), so they are on
 * only while the ragdoll is slower than {@link SETTLE_SPEED}: at rest the solver's residual is
 * all one sees, in motion it hides in the motion.
 */
export const MMD_EXTRA_SOLVER_ITERATIONS = 4;

/**
 * Below this (m/s, every part of the ragdoll) the model's islands get
 * {@link MMD_EXTRA_SOLVER_ITERATIONS}; they lose them again above twice this.
 */
export const SETTLE_SPEED = 0.5;

/**
 * Fastest a dynamic MMD body may move relative to its part's centre, m/s. A hair chain is a
 * whip on a heavy handle (its root, riding the head): when a head hits the floor and
 * spins at 60-80 rad/s, the tip of a 10-link chain was measured at 100-430 m/s in a 60 s
 * blast soak (BLAST 14 every 5 s), and nothing in Rapier caps it. Measured caps (fastest
 * hair over that soak, three seeds): relative to the part's point velocity (v + ω × r),
 * 15 m/s: 84-102 m/s, since the head's own spin still counts; relative to the part's centre,
 * 15 m/s: 31-37 m/s; 10 m/s: 30-37. A BLAST moves hair and doll together, so it never bites there.
 */
export const MAX_RELATIVE_SPEED = 15;

const partPosition = vec3();
const partRotation = quat();
const partVelocity = vec3();
const target = vec3();
const targetRotation = quat();
const scratchVelocity = vec3();
const zero = vec3();

/** Builds a Rapier collider description for a shape (capsule along local Y). */
function colliderDescFor(rapier: RapierApi, shape: PartShape) {
  switch (shape.kind) {
    case 'box':
      return rapier.ColliderDesc.cuboid(...shape.halfExtents);
    case 'sphere':
      return rapier.ColliderDesc.ball(shape.radius);
    case 'capsule':
      return rapier.ColliderDesc.capsule(shape.halfHeight, shape.radius);
  }
}

/**
 * A model's own rigid bodies and joints (hair, skirts, accessories) running beside its
 * ragdoll, built from an {@link MmdPhysicsSpec} and placed from the ragdoll's parts as they
 * are now (their rest offsets; the ragdoll is normally just built or placed, so at rest).
 *
 * - `follow` bodies are colliders attached to their part's body at their rest offset, with no
 *   mass: they move with the part exactly and at no per-step cost, push the model's dynamic
 *   bodies, and hold the part off the stage and props like its own collider does; their
 *   contacts with ragdoll parts are never solved (see `interaction-groups.ts`).
 *
 *   Kinematic bodies moved after each step were tried first (they tracked within 2 µm) and
 *   measured worse: a follow body larger than its part sank into the floor when the doll lay
 *   down (mokou_B's head body 6 cm), squeezing the hair jointed to it against the floor, so
 *   30 hair bodies still jittered at 2-4 m/s 20 s after a drop (0.006 m/s with the doll held
 *   standing); and each follower cost JavaScript getter and setter calls every step.
 * - `dynamic` / `dynamic-rotation` bodies are simulated with the file's masses scaled by one
 *   factor ({@link MMD_MASS_SHARE}), damping, restitution and friction (both combined by
 *   multiplying, as Bullet does); springs at the file's frequencies (`spring-rates.ts`).
 * - Collision groups follow the file; the ragdoll's parts join an MMD group
 *   ({@link MmdPhysicsSpec.partGroups}) so hair and skirts rest on them as intended.
 *
 * Owns its bodies and joints: {@link dispose} removes them (before the ragdoll, or with it).
 */
export class MmdBodies {
  readonly bodies: readonly MmdBody[];
  readonly joints: readonly MmdJoint[];
  /**
   * What every dynamic body's file mass was multiplied by (see {@link MMD_MASS_SHARE}); 1 when
   * the model has no dynamic bodies.
   */
  readonly massScale: number;
  private readonly dynamicBodies: readonly MmdBody[];
  /** Whether the dynamic bodies have {@link MMD_EXTRA_SOLVER_ITERATIONS} now. */
  private settling = false;
  private disposed = false;

  constructor(
    rapier: RapierApi,
    private readonly world: World,
    readonly spec: MmdPhysicsSpec,
    readonly ragdoll: Ragdoll,
    options: MmdBodiesOptions = {},
  ) {
    const parts = new Map(ragdoll.parts.map((part) => [part.spec.name, part]));
    validateMmdPhysicsSpec(spec, new Set(parts.keys()));
    for (const part of ragdoll.parts) {
      part.collider.setCollisionGroups(partCollisionGroups(partGroupOf(spec, part.spec.name)));
    }
    const dropFromFollowers = followFilterDrop(spec, [...parts.keys()]);
    this.massScale = massScaleFor(spec, ragdoll, options.massShare ?? MMD_MASS_SHARE);
    this.bodies = spec.bodies.map((bodySpec, index) =>
      this.createBody(rapier, bodySpec, index, parts.get(bodySpec.part)!, dropFromFollowers),
    );
    this.joints = spec.joints.flatMap((jointSpec) => {
      const a = this.bodies[jointSpec.bodyA]!;
      const b = this.bodies[jointSpec.bodyB]!;
      // Two colliders on parts: a joint would only bind the ragdoll's parts together.
      if (a.spec.motion === 'follow' && b.spec.motion === 'follow') return [];
      const joint = createMmdJoint(
        rapier,
        world,
        jointSpec,
        this.restPose(a),
        this.restPose(b),
        options.springModel,
      );
      return [{ spec: jointSpec, joint }];
    });
    this.dynamicBodies = this.bodies.filter((body) => body.spec.motion !== 'follow');
    this.place();
  }

  private createBody(
    rapier: RapierApi,
    spec: MmdBodySpec,
    index: number,
    part: RagdollPart,
    dropFromFollowers: number,
  ): MmdBody {
    const follow = spec.motion === 'follow';
    const mask = follow ? spec.collisionMask & ~dropFromFollowers : spec.collisionMask;
    // Parts rest unrotated in doll space, so inverse(part rest) × body rest is a plain offset.
    const [qx, qy, qz, qw] = spec.rotation;
    const length = Math.hypot(qx, qy, qz, qw);
    const center = part.spec.center;
    const offsetPosition = vec3(
      spec.position[0] - center[0],
      spec.position[1] - center[1],
      spec.position[2] - center[2],
    );
    const offsetRotation = quat(qx / length, qy / length, qz / length, qw / length);
    const body = follow
      ? part.body
      : this.world.createRigidBody(
          rapier.RigidBodyDesc.dynamic()
            .setLinearDamping(spec.linearDamping)
            .setAngularDamping(spec.angularDamping)
            .setCcdEnabled(true),
        );
    const colliderDesc = colliderDescFor(rapier, spec.shape)
      .setFriction(spec.friction)
      .setRestitution(spec.restitution)
      .setFrictionCombineRule(rapier.CoefficientCombineRule.Multiply)
      .setRestitutionCombineRule(rapier.CoefficientCombineRule.Multiply)
      .setCollisionGroups(mmdCollisionGroups(spec.group, mask))
      .setSolverGroups(follow ? MMD_FOLLOW_SOLVER_GROUPS : MMD_DYNAMIC_SOLVER_GROUPS);
    if (follow) {
      // Massless, so the part weighs and turns exactly as the ragdoll spec says.
      colliderDesc
        .setDensity(0)
        .setTranslation(offsetPosition.x, offsetPosition.y, offsetPosition.z)
        .setRotation(offsetRotation);
    } else {
      // The file's mass, normalised (inertia from the shape).
      colliderDesc.setMass(spec.mass * this.massScale);
    }
    const collider = this.world.createCollider(colliderDesc, body);
    return { index, spec, body, collider, part, offsetPosition, offsetRotation };
  }

  /**
   * A body's rest pose in doll space for the joint builder. A `follow` body is a collider on
   * its part, so the joint attaches to the part and its frame is expressed in the part's
   * local frame (the part's rest pose); for the springs it is infinitely heavy, as in MMD.
   */
  private restPose(mmd: MmdBody): RestPose {
    if (mmd.spec.motion === 'follow') {
      const [x, y, z] = mmd.part.spec.center;
      return {
        body: mmd.body,
        position: vec3(x, y, z),
        rotation: quat(),
        fileMassScale: 'infinite',
      };
    }
    const [x, y, z] = mmd.spec.position;
    return {
      body: mmd.body,
      position: vec3(x, y, z),
      rotation: mmd.offsetRotation,
      fileMassScale: 1 / this.massScale,
    };
  }

  /** How many bodies (the length of {@link MmdPhysicsSpec.bodies}). */
  get count(): number {
    return this.bodies.length;
  }

  /**
   * Puts every dynamic body at its rest offset from its part's current pose, at rest (zero
   * velocity); `follow` colliders ride their parts anyway. Call after the ragdoll was placed
   * (DROP, RESET, the fall guard, an old preset).
   */
  place(): void {
    for (const mmd of this.dynamicBodies) {
      poseFromPart(mmd, target, targetRotation);
      mmd.body.setTranslation(target, true);
      mmd.body.setRotation(targetRotation, true);
      mmd.body.setLinvel(zero, true);
      mmd.body.setAngvel(zero, true);
    }
  }

  /**
   * Caps each dynamic body's speed relative to its part's centre velocity at
   * {@link MAX_RELATIVE_SPEED}; call after each world step. Nothing while the ragdoll's root
   * sleeps; otherwise one velocity read per body (Rapier's getter glue allocates about 7 bytes
   * per call, measured by `tests/support/mmd-step-allocations.ts`); a capped body's new
   * velocity is written with `setLinvel`, which allocates a small Rapier vector (only while
   * whipping).
   * Returns how many bodies were capped.
   */
  limitSpeeds(): number {
    // A resting ragdoll whips nothing; skip reading every body while it sleeps.
    if (this.ragdoll.root.body.isSleeping()) return 0;
    let capped = 0;
    const bodies = this.dynamicBodies;
    for (let i = 0; i < bodies.length; i++) {
      const mmd = bodies[i]!;
      const v = mmd.body.linvel(scratchVelocity);
      if (v.x * v.x + v.y * v.y + v.z * v.z <= MAX_RELATIVE_SPEED * MAX_RELATIVE_SPEED) continue;
      if (this.capSpeed(mmd)) capped++;
    }
    this.updateSettling();
    return capped;
  }

  /** Whether the model's islands get {@link MMD_EXTRA_SOLVER_ITERATIONS} now (they settle). */
  get isSettling(): boolean {
    return this.settling;
  }

  /**
   * Gives the dynamic bodies {@link MMD_EXTRA_SOLVER_ITERATIONS} once every ragdoll part is
   * slower than {@link SETTLE_SPEED} and takes them away above twice that (hysteresis, so a
   * part hovering at the threshold does not flip it every step). The parts, not the hair: a
   * jittering hair chain is what the iterations are for (mokou_B's side locks kept whipping at
   * 3-4 m/s under a doll lying still at 0.02 m/s). Calls Rapier only on a change.
   */
  private updateSettling(): void {
    let fastestSquared = 0;
    const parts = this.ragdoll.parts;
    for (let i = 0; i < parts.length; i++) {
      const v = parts[i]!.body.linvel(scratchVelocity);
      const squared = v.x * v.x + v.y * v.y + v.z * v.z;
      if (squared > fastestSquared) fastestSquared = squared;
    }
    const settle = this.settling
      ? fastestSquared <= 4 * SETTLE_SPEED * SETTLE_SPEED
      : fastestSquared < SETTLE_SPEED * SETTLE_SPEED;
    if (settle === this.settling) return;
    this.settling = settle;
    const iterations = settle ? MMD_EXTRA_SOLVER_ITERATIONS : 0;
    for (const mmd of this.dynamicBodies) mmd.body.setAdditionalSolverIterations(iterations);
  }

  private capSpeed(mmd: MmdBody): boolean {
    mmd.part.body.linvel(partVelocity);
    // The part's centre velocity, not v + ω × r: a spinning head must not license a whip.
    const px = partVelocity.x;
    const py = partVelocity.y;
    const pz = partVelocity.z;
    const dx = scratchVelocity.x - px;
    const dy = scratchVelocity.y - py;
    const dz = scratchVelocity.z - pz;
    const relative = Math.hypot(dx, dy, dz);
    if (relative <= MAX_RELATIVE_SPEED) return false;
    const scale = MAX_RELATIVE_SPEED / relative;
    scratchVelocity.x = px + dx * scale;
    scratchVelocity.y = py + dy * scale;
    scratchVelocity.z = pz + dz * scale;
    mmd.body.setLinvel(scratchVelocity, false);
    return true;
  }

  /**
   * Copies body `index`'s (its place in {@link MmdPhysicsSpec.bodies}) current position
   * (metres, world) and rotation into the outs, for posing bones. False when there is no such
   * body. Allocates nothing of its own.
   */
  readBody(index: number, position: Vec3Like, rotation: QuatLike): boolean {
    const mmd = this.bodies[index];
    if (!mmd || this.disposed) return false;
    if (mmd.spec.motion === 'follow') {
      // From the part, not the collider: right even before the next step moves colliders.
      poseFromPart(mmd, position, rotation);
      return true;
    }
    mmd.body.translation(position);
    mmd.body.rotation(rotation);
    return true;
  }

  /**
   * Adds a rigid motion to every dynamic body: linear velocity `velocity + ω × (x − com)` and
   * angular velocity `omega` (m/s, rad/s; `com` in metres), the motion BLAST gives the whole
   * doll, so hair flies with the head instead of being torn off it. Allocates: once per blast.
   */
  addRigidMotion(velocity: Vec3Like, omega: Vec3Like, com: Vec3Like): void {
    for (const mmd of this.dynamicBodies) {
      mmd.body.translation(target);
      const rx = target.x - com.x;
      const ry = target.y - com.y;
      const rz = target.z - com.z;
      mmd.body.linvel(scratchVelocity);
      scratchVelocity.x += velocity.x + omega.y * rz - omega.z * ry;
      scratchVelocity.y += velocity.y + omega.z * rx - omega.x * rz;
      scratchVelocity.z += velocity.z + omega.x * ry - omega.y * rx;
      mmd.body.setLinvel(scratchVelocity, true);
      mmd.body.angvel(scratchVelocity);
      scratchVelocity.x += omega.x;
      scratchVelocity.y += omega.y;
      scratchVelocity.z += omega.z;
      mmd.body.setAngvel(scratchVelocity, true);
    }
  }

  /**
   * Every body's state in spec order (for presets; a `follow` body's is its pose with its
   * part's velocities, and is not needed to restore it). Allocates.
   */
  capture(): BodyState[] {
    return this.bodies.map((mmd) => {
      const state = captureBodyState(mmd.body);
      if (mmd.spec.motion !== 'follow') return state;
      poseFromPart(mmd, target, targetRotation);
      return {
        ...state,
        position: [target.x, target.y, target.z],
        rotation: [targetRotation.x, targetRotation.y, targetRotation.z, targetRotation.w],
      };
    });
  }

  /**
   * Puts the dynamic bodies into saved states (one per body, spec order; the caller checks
   * count and finiteness); `follow` colliders ride their parts.
   */
  restore(states: readonly BodyState[]): void {
    for (const mmd of this.dynamicBodies) restoreBodyState(mmd.body, states[mmd.index]!);
  }

  /** The dynamic bodies' Rapier bodies (`follow` colliders have none of their own). */
  rigidBodies(): RigidBody[] {
    return this.dynamicBodies.map((mmd) => mmd.body);
  }

  /** Removes the bodies, colliders and joints from the world. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    // Removing a body removes its collider and its joints.
    for (const mmd of this.dynamicBodies) this.world.removeRigidBody(mmd.body);
    for (const mmd of this.bodies) {
      if (mmd.spec.motion === 'follow' && this.world.getCollider(mmd.collider.handle))
        this.world.removeCollider(mmd.collider, false);
    }
  }
}

/**
 * One factor for every dynamic body's mass so they total `share` × the ragdoll's mass (see
 * {@link MMD_MASS_SHARE}); 1 when there are none.
 */
function massScaleFor(spec: MmdPhysicsSpec, ragdoll: Ragdoll, share: number): number {
  let dynamicMass = 0;
  for (const body of spec.bodies) if (body.motion !== 'follow') dynamicMass += body.mass;
  let ragdollMass = 0;
  for (const part of ragdoll.parts) ragdollMass += part.body.mass();
  return dynamicMass > 0 && ragdollMass > 0 ? (share * ragdollMass) / dynamicMass : 1;
}

/** Where a body's part carries it now: part pose × rest offset. */
function poseFromPart(mmd: MmdBody, position: Vec3Like, rotation: QuatLike): void {
  mmd.part.body.translation(partPosition);
  mmd.part.body.rotation(partRotation);
  rotateVec(partRotation, mmd.offsetPosition, position);
  position.x += partPosition.x;
  position.y += partPosition.y;
  position.z += partPosition.z;
  multiplyQuat(partRotation, mmd.offsetRotation, rotation);
}
