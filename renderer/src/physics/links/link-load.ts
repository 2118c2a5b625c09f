import type { Collider, RigidBody, World } from '../rapier-api';
import type { Vec3Like } from '../vector-math';
import { vec3 } from '../vector-math';

/**
 * The bodies one end of a link moves with: its figure's parts and moving MMD bodies, a model
 * prop's, or a prop alone. Inside such a group the ragdoll's own joints and self-contacts push
 * and pull in equal and opposite pairs, so what changes the group's momentum in a step, beyond
 * gravity, damping and contacts with other things, is what holds it from outside: the link.
 */
export interface LoadGroup {
  readonly bodies: readonly RigidBody[];
  /** Whether a collider belongs to the group (its contacts with its own bodies cancel). */
  owns(collider: Collider): boolean;
}

const scratchNormal = vec3();
const scratchVelocity = vec3();

/**
 * Estimates the force a link puts on one of its ends' groups in a step, newtons. rapier.js
 * does not expose a joint's impulses (its joint set has no reader for them), so the force is
 * measured from the motion it caused: the group's change of momentum over the step, less what
 * gravity and damping alone would have done, less the normal impulses of its contacts with
 * anything else (the stage, props, other figures). Friction, other links or pins on the same
 * group, and the grab's spring count as load too (see the user guide's limits). Call
 * {@link begin} before the world steps and {@link force} after. Allocates nothing per step.
 */
export class LinkLoadGauge {
  private cx = 0;
  private cy = 0;
  private cz = 0;
  private group: LoadGroup | null = null;
  private collider: Collider | null = null;

  constructor(
    private readonly world: World,
    private readonly dt: number,
  ) {}

  /**
   * Copies each body's linear velocity into `velocities` (3 numbers a body) before the step.
   * False when the group cannot be measured: a pinned (kinematic) body holds it too.
   */
  begin(group: LoadGroup, velocities: Float64Array): boolean {
    let measurable = true;
    for (let i = 0; i < group.bodies.length; i++) {
      const body = group.bodies[i]!;
      if (!body.isDynamic()) measurable = false;
      const v = body.linvel(scratchVelocity);
      velocities[i * 3] = v.x;
      velocities[i * 3 + 1] = v.y;
      velocities[i * 3 + 2] = v.z;
    }
    return measurable;
  }

  /**
   * The force from outside the group in the step just taken that neither gravity, damping nor
   * contacts explain, newtons. `velocities`: what {@link begin} read.
   */
  force(group: LoadGroup, velocities: Float64Array): number {
    const gravity = this.world.gravity;
    let jx = 0;
    let jy = 0;
    let jz = 0;
    for (let i = 0; i < group.bodies.length; i++) {
      const body = group.bodies[i]!;
      const m = body.mass();
      const v = body.linvel(scratchVelocity);
      const g = body.gravityScale() * this.dt;
      // Rapier adds gravity, then divides by (1 + dt·damping): the free motion of this body.
      const keep = 1 / (1 + this.dt * body.linearDamping());
      const at = i * 3;
      jx += m * (v.x - (velocities[at]! + gravity.x * g) * keep);
      jy += m * (v.y - (velocities[at + 1]! + gravity.y * g) * keep);
      jz += m * (v.z - (velocities[at + 2]! + gravity.z * g) * keep);
    }
    this.contactImpulse(group);
    return Math.hypot(jx - this.cx, jy - this.cy, jz - this.cz) / this.dt;
  }

  /** Sums the normal impulses the group's contacts with other things gave it in the step. */
  private contactImpulse(group: LoadGroup): void {
    this.cx = 0;
    this.cy = 0;
    this.cz = 0;
    this.group = group;
    for (let i = 0; i < group.bodies.length; i++) {
      const body = group.bodies[i]!;
      for (let c = 0; c < body.numColliders(); c++) {
        this.collider = body.collider(c);
        this.world.contactPairsWith(this.collider, this.onPair);
      }
    }
    this.group = null;
    this.collider = null;
  }

  private readonly onPair = (other: Collider): void => {
    if (this.group!.owns(other)) return;
    this.world.contactPair(this.collider!, other, this.onManifold);
  };

  private readonly onManifold = (
    manifold: {
      normal(target?: Vec3Like): Vec3Like;
      numContacts(): number;
      contactImpulse(i: number): number;
    },
    flipped: boolean,
  ): void => {
    let impulse = 0;
    for (let i = 0; i < manifold.numContacts(); i++) impulse += manifold.contactImpulse(i);
    if (impulse === 0) return;
    const n = manifold.normal(scratchNormal);
    // The normal points from the manifold's first collider to its second: it pushes the first
    // one back along −n. Flipped, our collider is the second one.
    const sign = flipped ? 1 : -1;
    this.cx += sign * n.x * impulse;
    this.cy += sign * n.y * impulse;
    this.cz += sign * n.z * impulse;
  };
}
