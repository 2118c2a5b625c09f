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
import type { MmdSpringModel } from './mmd-joint';
import { createMmdJoint } from './mmd-joint';
import type { MmdBodySpec, MmdJointSpec, MmdPhysicsSpec } from './mmd-physics-spec';
import { validateMmdPhysicsSpec } from './validate-mmd-physics-spec';

/** One MMD rigid body in the world. */
export interface MmdBody {
  /** Position in {@link MmdPhysicsSpec.bodies}. */
  readonly index: number;
  readonly spec: MmdBodySpec;
  /** Kinematic (position based) for `follow`, dynamic otherwise. */
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
}

/**
 * Fastest a dynamic MMD body may move relative to its part's centre, m/s. A hair chain is a
 * whip on an infinitely heavy handle (its kinematic root): when a head hits the floor and
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
const partSpin = vec3();
const lever = vec3();
const target = vec3();
const targetRotation = quat();
const stepRotation = quat();
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
 * - `follow` bodies are kinematic and carried rigidly by their part; they push the model's
 *   dynamic bodies but never a ragdoll part or a prop (see `interaction-groups.ts`).
 * - `dynamic` / `dynamic-rotation` bodies are simulated with the file's mass, damping,
 *   restitution and friction (both combined by multiplying, as Bullet does).
 * - Collision groups follow the file; the ragdoll's parts join an MMD group
 *   ({@link MmdPhysicsSpec.partGroups}) so hair and skirts rest on them as intended.
 *
 * Owns its bodies and joints: {@link dispose} removes them (before the ragdoll, or with it).
 */
export class MmdBodies {
  readonly bodies: readonly MmdBody[];
  readonly joints: readonly MmdJoint[];
  private readonly followers: readonly MmdBody[];
  private readonly dynamicBodies: readonly MmdBody[];
  /** Per follower: whether its part was awake at the last update (to pin it once it sleeps). */
  private readonly followerAwake: boolean[];
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
    this.bodies = spec.bodies.map((bodySpec, index) =>
      this.createBody(rapier, bodySpec, index, parts.get(bodySpec.part)!, dropFromFollowers),
    );
    this.joints = spec.joints.flatMap((jointSpec) => {
      const a = this.bodies[jointSpec.bodyA]!;
      const b = this.bodies[jointSpec.bodyB]!;
      // Two kinematic bodies: nothing for a joint to do.
      if (a.spec.motion === 'follow' && b.spec.motion === 'follow') return [];
      const joint = createMmdJoint(
        rapier,
        world,
        jointSpec,
        restPose(a),
        restPose(b),
        options.springModel,
      );
      return [{ spec: jointSpec, joint }];
    });
    this.followers = this.bodies.filter((body) => body.spec.motion === 'follow');
    this.dynamicBodies = this.bodies.filter((body) => body.spec.motion !== 'follow');
    this.followerAwake = this.followers.map(() => true);
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
    const desc = follow
      ? rapier.RigidBodyDesc.kinematicPositionBased()
      : rapier.RigidBodyDesc.dynamic()
          .setLinearDamping(spec.linearDamping)
          .setAngularDamping(spec.angularDamping)
          .setCcdEnabled(true);
    const body = this.world.createRigidBody(desc);
    const colliderDesc = colliderDescFor(rapier, spec.shape)
      .setFriction(spec.friction)
      .setRestitution(spec.restitution)
      .setFrictionCombineRule(rapier.CoefficientCombineRule.Multiply)
      .setRestitutionCombineRule(rapier.CoefficientCombineRule.Multiply)
      .setCollisionGroups(mmdCollisionGroups(spec.group, mask))
      .setSolverGroups(follow ? MMD_FOLLOW_SOLVER_GROUPS : MMD_DYNAMIC_SOLVER_GROUPS);
    // The file's mass is the body's mass (inertia from the shape); a kinematic body has none.
    if (!follow) colliderDesc.setMass(spec.mass);
    const collider = this.world.createCollider(colliderDesc, body);
    // Parts rest unrotated in doll space, so inverse(part rest) × body rest is a plain offset.
    const [qx, qy, qz, qw] = spec.rotation;
    const length = Math.hypot(qx, qy, qz, qw);
    const center = part.spec.center;
    return {
      index,
      spec,
      body,
      collider,
      part,
      offsetPosition: vec3(
        spec.position[0] - center[0],
        spec.position[1] - center[1],
        spec.position[2] - center[2],
      ),
      offsetRotation: quat(qx / length, qy / length, qz / length, qw / length),
    };
  }

  /** How many bodies (the length of {@link MmdPhysicsSpec.bodies}). */
  get count(): number {
    return this.bodies.length;
  }

  /**
   * Puts every body at its rest offset from its part's current pose, at rest (zero velocity).
   * Call after the ragdoll was placed (DROP, RESET, the fall guard, an old preset).
   */
  place(): void {
    for (const mmd of this.bodies) {
      poseFromPart(mmd, target, targetRotation);
      mmd.body.setTranslation(target, true);
      mmd.body.setRotation(targetRotation, true);
      if (mmd.spec.motion !== 'follow') {
        mmd.body.setLinvel(zero, true);
        mmd.body.setAngvel(zero, true);
      }
    }
    this.followerAwake.fill(true);
  }

  /**
   * Moves the `follow` bodies with their parts; call after each world step (and after
   * anything that changes the parts' velocities outside the step, e.g. BLAST). Allocates
   * nothing of its own; Rapier's getter glue costs about 3 bytes per awake follower per call
   * (measured by `tests/support/mmd-step-allocations.ts`).
   *
   * Each follower is first put exactly where its part now carries it (so what the renderer
   * and the next contacts see is exact), then given a kinematic target one step ahead,
   * extrapolated from the part's velocity, so during the next step it moves (and pushes hair)
   * with the part's speed instead of standing still and jumping. A sleeping part's followers
   * are pinned once and then left alone, so resting figures cost nothing and can sleep.
   */
  followParts(dt: number): void {
    const followers = this.followers;
    for (let i = 0; i < followers.length; i++) {
      const mmd = followers[i]!;
      const partBody = mmd.part.body;
      const awake = !partBody.isSleeping();
      if (!awake && !this.followerAwake[i]) continue;
      this.followerAwake[i] = awake;
      partBody.translation(partPosition);
      partBody.rotation(partRotation);
      rotateVec(partRotation, mmd.offsetPosition, lever);
      target.x = partPosition.x + lever.x;
      target.y = partPosition.y + lever.y;
      target.z = partPosition.z + lever.z;
      multiplyQuat(partRotation, mmd.offsetRotation, targetRotation);
      mmd.body.setTranslation(target, false);
      mmd.body.setRotation(targetRotation, false);
      if (!awake) continue;
      partBody.linvel(partVelocity);
      partBody.angvel(partSpin);
      // The follower's point moves with v + ω × r.
      target.x += (partVelocity.x + partSpin.y * lever.z - partSpin.z * lever.y) * dt;
      target.y += (partVelocity.y + partSpin.z * lever.x - partSpin.x * lever.z) * dt;
      target.z += (partVelocity.z + partSpin.x * lever.y - partSpin.y * lever.x) * dt;
      mmd.body.setNextKinematicTranslation(target);
      spinStep(partSpin, dt, stepRotation);
      mmd.body.setNextKinematicRotation(multiplyQuat(stepRotation, targetRotation, targetRotation));
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
    return capped;
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

  /** Every body's state in spec order (for presets). Allocates. */
  capture(): BodyState[] {
    return this.bodies.map((mmd) => captureBodyState(mmd.body));
  }

  /**
   * Puts the dynamic bodies into saved states (one per body, spec order; the caller checks
   * count and finiteness) and the `follow` bodies back on their parts.
   */
  restore(states: readonly BodyState[]): void {
    for (const mmd of this.dynamicBodies) restoreBodyState(mmd.body, states[mmd.index]!);
    this.followerAwake.fill(true);
    for (const mmd of this.followers) {
      poseFromPart(mmd, target, targetRotation);
      mmd.body.setTranslation(target, true);
      mmd.body.setRotation(targetRotation, true);
    }
  }

  /** Every Rapier body, for measurements. */
  rigidBodies(): RigidBody[] {
    return this.bodies.map((mmd) => mmd.body);
  }

  /** Removes the bodies, colliders and joints from the world. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    // Removing a body removes its collider and its joints.
    for (const mmd of this.bodies) this.world.removeRigidBody(mmd.body);
  }
}

/** A body's rest pose in doll space, for the joint builder. */
function restPose(mmd: MmdBody) {
  const [x, y, z] = mmd.spec.position;
  return { body: mmd.body, position: vec3(x, y, z), rotation: mmd.offsetRotation };
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

/** out = the rotation an angular velocity ω (rad/s) turns through in dt seconds. */
function spinStep(omega: Vec3Like, dt: number, out: QuatLike): QuatLike {
  const speed = Math.hypot(omega.x, omega.y, omega.z);
  const half = (speed * dt) / 2;
  const s = speed > 1e-12 ? Math.sin(half) / speed : dt / 2;
  out.x = omega.x * s;
  out.y = omega.y * s;
  out.z = omega.z * s;
  out.w = Math.cos(half);
  return out;
}
