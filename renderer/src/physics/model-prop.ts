import type { BodyState } from './body-state';
import { captureBodyState, restoreBodyState } from './body-state';
import { PROP_BLAST_RADIUS, blastBody } from './blast';
import type { DollSpec } from './doll-spec';
import { OTHER_SOLVER_GROUPS, mmdCollisionGroups } from './mmd/interaction-groups';
import { MmdBodies } from './mmd/mmd-bodies';
import type { MmdPhysicsSpec } from './mmd/mmd-physics-spec';
import type { Placement } from './ragdoll';
import { Ragdoll } from './ragdoll';
import type { Collider, RapierApi, RigidBody, World } from './rapier-api';
import type { Vec3Like } from './vector-math';
import { vec3 } from './vector-math';

/** A model opened as a prop (see `rig/mmd/mmd-prop-rig.ts`): what the physics builds it from. */
export interface ModelPropSpec {
  /** One part, the rigid carrier; doll space as in {@link MmdPhysicsSpec}. */
  readonly carrier: DollSpec;
  /** The model's own bodies and joints; every body names the carrier's part. */
  readonly mmd: MmdPhysicsSpec;
  /** True when the carrier's own box collides (a model with no bone-following bodies). */
  readonly carrierCollides: boolean;
}

/** Collision groups that meet nothing: the carrier's box when the model's bodies collide instead. */
const NO_GROUPS = 0;

const before = vec3();
const beforeSpin = vec3();
const after = vec3();
const afterSpin = vec3();
const com = vec3();

/**
 * A model without a humanoid skeleton in the scene, held like a ball or box: one rigid carrier
 * (a one-part {@link Ragdoll}) whose bone-following (type 0) bodies ride it as colliders, and
 * the model's moving bodies and joints swinging from it ({@link MmdBodies}, as on a figure).
 *
 * Unlike on a figure, the bone-following bodies are the prop's surface: they are solved
 * against everything (figures' parts included, as a ball is), keep the file's whole collision
 * mask, and the carrier's box only carries the mass unless there is nothing else to collide.
 * Owns its bodies: {@link dispose} removes them.
 */
export class ModelProp {
  readonly kind = 'model';
  readonly ragdoll: Ragdoll;
  readonly mmd: MmdBodies;

  constructor(
    rapier: RapierApi,
    world: World,
    readonly id: number,
    readonly spec: ModelPropSpec,
    placement: Placement,
  ) {
    this.ragdoll = new Ragdoll(rapier, world, spec.carrier, placement);
    try {
      this.mmd = new MmdBodies(rapier, world, spec.mmd, this.ragdoll);
    } catch (error) {
      this.ragdoll.dispose();
      throw error;
    }
    for (const body of this.mmd.bodies) {
      if (body.spec.motion !== 'follow') continue;
      body.collider.setSolverGroups(OTHER_SOLVER_GROUPS);
      body.collider.setCollisionGroups(
        mmdCollisionGroups(body.spec.group, body.spec.collisionMask),
      );
    }
    this.collider.setSolverGroups(OTHER_SOLVER_GROUPS);
    if (!spec.carrierCollides) this.collider.setCollisionGroups(NO_GROUPS);
  }

  /** The carrier's Rapier body: what grabbing, pinning and BLAST move. */
  get body(): RigidBody {
    return this.ragdoll.root.body;
  }

  /** The carrier's own collider (its box). */
  get collider(): Collider {
    return this.ragdoll.root.collider;
  }

  /** Puts the carrier at `placement` at rest and the moving bodies at rest beneath it. */
  place(placement: Placement): void {
    this.ragdoll.place(placement);
    this.mmd.place();
  }

  /**
   * BLAST, as on a ball within `PROP_BLAST_RADIUS` of `center`: the carrier takes the kick and
   * the moving bodies the same change of rigid motion, so the joints do not tear them off.
   */
  blast(center: Vec3Like, power: number, spin: Vec3Like): void {
    const body = this.body;
    body.linvel(before);
    body.angvel(beforeSpin);
    if (!blastBody(body, center, power, spin, PROP_BLAST_RADIUS)) return;
    // An impulse changes the velocity at once in Rapier; the difference is the kick.
    body.linvel(after);
    body.angvel(afterSpin);
    after.x -= before.x;
    after.y -= before.y;
    after.z -= before.z;
    afterSpin.x -= beforeSpin.x;
    afterSpin.y -= beforeSpin.y;
    afterSpin.z -= beforeSpin.z;
    const centre = body.worldCom();
    com.x = centre.x;
    com.y = centre.y;
    com.z = centre.z;
    this.mmd.addRigidMotion(after, afterSpin, com);
  }

  /** The carrier's state, then each MMD body's in spec order (for presets). Allocates. */
  capture(): { carrier: BodyState; bodies: BodyState[] } {
    return { carrier: captureBodyState(this.body), bodies: this.mmd.capture() };
  }

  /**
   * Puts the prop into saved states: the carrier's, then the moving bodies' when `bodies` has
   * one per MMD body, else they are placed at rest beneath the carrier. The caller checks that
   * every number is finite.
   */
  restore(carrier: BodyState, bodies: readonly BodyState[] | undefined): void {
    restoreBodyState(this.body, carrier);
    this.ragdoll.notePlaced();
    if (bodies && bodies.length === this.mmd.count) this.mmd.restore(bodies);
    else this.mmd.place();
  }

  /** Removes the carrier, the bodies, colliders and joints. Safe to call twice. */
  dispose(): void {
    this.mmd.dispose();
    this.ragdoll.dispose();
  }
}
