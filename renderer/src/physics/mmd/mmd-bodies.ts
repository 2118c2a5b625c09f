import type { BodyState } from '../body-state';
import type { Ragdoll } from '../ragdoll';
import type { RapierApi, RigidBody, World } from '../rapier-api';
import type { QuatLike, Vec3Like } from '../vector-math';
import { MMD_MASS_SHARE, createDynamicBody, massScaleFor } from './dynamic-body';
import { createFollowCollider } from './follow-collider';
import { hangingBodies } from './hanging-bodies';
import { followFilterDrop, partCollisionGroups, partGroupOf } from './interaction-groups';
import { joinMmdBodies } from './join-mmd-bodies';
import type { MmdBody, MmdJoint } from './mmd-body';
import {
  addRigidMotion,
  captureStates,
  placeAtRest,
  readBodyPose,
  restoreStates,
} from './mmd-body-poses';
import type { MmdSpringModel } from './mmd-joint';
import type { MmdPhysicsSpec } from './mmd-physics-spec';
import { SettlingIterations } from './settling-iterations';
import { capRelativeSpeeds } from './whip-cap';
import { validateMmdPhysicsSpec } from './validate-mmd-physics-spec';

export type { MmdBody, MmdJoint } from './mmd-body';

/** Options for {@link MmdBodies}. */
export interface MmdBodiesOptions {
  /** How springs act (default {@link DEFAULT_MMD_SPRING_MODEL}). */
  readonly springModel?: MmdSpringModel;
  /** The model's dynamic bodies' total mass as a share of the ragdoll's (default {@link MMD_MASS_SHARE}). */
  readonly massShare?: number;
  /**
   * Steps in a row the ragdoll must be slow before the settling iterations (default
   * `SETTLE_STEPS`, `settling-iterations.ts`).
   */
  readonly settleSteps?: number;
  /**
   * Extra solver iterations while settling (default `MMD_EXTRA_SOLVER_ITERATIONS`,
   * `settling-iterations.ts`).
   */
  readonly settleIterations?: number;
}

/**
 * A model's own rigid bodies and joints (hair, skirts, accessories) running beside its
 * ragdoll, built from an {@link MmdPhysicsSpec} and placed from the ragdoll's parts as they
 * are now (their rest offsets; the ragdoll is normally just built or placed, so at rest).
 * The owner: it composes the pieces, each in its own file.
 *
 * - `follow` bodies are massless colliders attached to their part's body at their rest offset
 *   (`follow-collider.ts`, which says why not kinematic bodies).
 * - `dynamic` / `dynamic-rotation` bodies are simulated with the file's masses scaled by one
 *   factor ({@link MMD_MASS_SHARE}), damping, restitution and friction (`dynamic-body.ts`,
 *   `mmd-collider.ts`); springs at the file's frequencies (`join-mmd-bodies.ts`,
 *   `spring-rates.ts`).
 * - Collision groups follow the file; the ragdoll's parts join an MMD group
 *   ({@link MmdPhysicsSpec.partGroups}) so hair and skirts rest on them as intended.
 * - After each step, {@link limitSpeeds} caps whips (`whip-cap.ts`) and sets the island's
 *   solver iterations: the world's few while moving, more while settling or following a
 *   motion (`settling-iterations.ts`).
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
  /**
   * Per ragdoll part (the order of `ragdoll.parts`), the dynamic bodies hanging from it: the
   * chains whose joints lead back to one of its `follow` bodies (`hanging-bodies.ts`). What
   * moves a part by a jump moves these along (`joint-projection.ts`).
   */
  readonly hangingFromParts: readonly (readonly RigidBody[])[];
  private readonly dynamicBodies: readonly MmdBody[];
  private readonly settling: SettlingIterations;
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
    const massScale = massScaleFor(spec, ragdoll, options.massShare ?? MMD_MASS_SHARE);
    this.massScale = massScale;
    this.bodies = spec.bodies.map((bodySpec, index) => {
      const part = parts.get(bodySpec.part)!;
      return bodySpec.motion === 'follow'
        ? createFollowCollider(rapier, world, bodySpec, index, part, dropFromFollowers, massScale)
        : createDynamicBody(rapier, world, bodySpec, index, part, massScale);
    });
    this.joints = joinMmdBodies(
      rapier,
      world,
      spec.joints,
      this.bodies,
      massScale,
      options.springModel,
    );
    this.dynamicBodies = this.bodies.filter((body) => body.spec.motion !== 'follow');
    this.hangingFromParts = hangingBodies(this.bodies, spec.joints, ragdoll.parts);
    this.settling = new SettlingIterations(
      ragdoll.parts,
      this.dynamicBodies.length > 0
        ? this.dynamicBodies.map((mmd) => mmd.body)
        : [ragdoll.root.body],
      options.settleSteps,
      options.settleIterations,
    );
    this.place();
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
    placeAtRest(this.dynamicBodies);
  }

  /**
   * Caps each dynamic body's speed relative to its part's centre velocity at
   * `MAX_RELATIVE_SPEED` (m/s, `whip-cap.ts`) and sets the island's solver iterations
   * (`settling-iterations.ts`; `following`: the figure follows a motion); call after each world
   * step. Nothing while the ragdoll's root sleeps; otherwise one velocity read per body and per
   * part (see {@link capRelativeSpeeds} for what allocates). Returns how many bodies were capped.
   */
  limitSpeeds(following = false): number {
    // A resting ragdoll whips nothing; skip reading every body while it sleeps.
    if (this.ragdoll.root.body.isSleeping()) return 0;
    const capped = capRelativeSpeeds(this.dynamicBodies);
    this.settling.update(following);
    return capped;
  }

  /**
   * Whether the model's islands get `MMD_EXTRA_SOLVER_ITERATIONS` (`settling-iterations.ts`)
   * now (they settle).
   */
  get isSettling(): boolean {
    return this.settling.isSettling;
  }

  /**
   * Copies body `index`'s (its place in {@link MmdPhysicsSpec.bodies}) current position
   * (metres, world) and rotation into the outs, for posing bones. False when there is no such
   * body. Allocates nothing of its own.
   */
  readBody(index: number, position: Vec3Like, rotation: QuatLike): boolean {
    const mmd = this.bodies[index];
    if (!mmd || this.disposed) return false;
    readBodyPose(mmd, position, rotation);
    return true;
  }

  /**
   * Adds a rigid motion to every dynamic body: linear velocity `velocity + ω × (x − com)` and
   * angular velocity `omega` (m/s, rad/s; `com` in metres), the motion BLAST gives the whole
   * doll, so hair flies with the head instead of being torn off it. Allocates: once per blast.
   */
  addRigidMotion(velocity: Vec3Like, omega: Vec3Like, com: Vec3Like): void {
    addRigidMotion(this.dynamicBodies, velocity, omega, com);
  }

  /**
   * Every body's state in spec order (for presets; a `follow` body's is its pose with its
   * part's velocities, and is not needed to restore it). Allocates.
   */
  capture(): BodyState[] {
    return captureStates(this.bodies);
  }

  /**
   * Puts the dynamic bodies into saved states (one per body, spec order; the caller checks
   * count and finiteness); `follow` colliders ride their parts.
   */
  restore(states: readonly BodyState[]): void {
    restoreStates(this.dynamicBodies, states);
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
