import type { RagdollPart } from '../ragdoll';
import { vec3 } from '../vector-math';
import type { MmdBody } from './mmd-body';

/**
 * Extra solver iterations a model's dynamic bodies get while they settle (Rapier adds them per
 * island, so other figures cost nothing more). Hair pressed into its joint limits by gravity
 * and the floor, and a cloak made of joint loops, do not converge in the sandbox's 8
 * iterations and jitter under a doll lying still, which then never sleeps. 4 calmed them about
 * as well as 8 at less cost, and they are on only while the ragdoll is slower than
 * {@link SETTLE_SPEED}: at rest the solver's residual is all one sees, in motion it hides in
 * the motion. Measurements: docs/physics.md.
 */
export const MMD_EXTRA_SOLVER_ITERATIONS = 4;

/**
 * Below this (m/s, every part of the ragdoll) the model's islands get
 * {@link MMD_EXTRA_SOLVER_ITERATIONS}; they lose them again above twice this.
 */
export const SETTLE_SPEED = 0.5;

const partVelocity = vec3();

/**
 * Switches {@link MMD_EXTRA_SOLVER_ITERATIONS} on a model's dynamic bodies as its ragdoll comes
 * to rest and off as it moves again.
 */
export class SettlingIterations {
  private settling = false;

  constructor(
    private readonly parts: readonly RagdollPart[],
    private readonly dynamicBodies: readonly MmdBody[],
  ) {}

  /** Whether the dynamic bodies have {@link MMD_EXTRA_SOLVER_ITERATIONS} now. */
  get isSettling(): boolean {
    return this.settling;
  }

  /**
   * Gives the dynamic bodies {@link MMD_EXTRA_SOLVER_ITERATIONS} once every ragdoll part is
   * slower than {@link SETTLE_SPEED} and takes them away above twice that (hysteresis, so a
   * part hovering at the threshold does not flip it every step). The parts, not the hair: a
   * jittering hair chain is what the iterations are for. One velocity read per part; calls Rapier
   * otherwise only on a change.
   */
  update(): void {
    let fastestSquared = 0;
    const parts = this.parts;
    for (let i = 0; i < parts.length; i++) {
      const v = parts[i]!.body.linvel(partVelocity);
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
}
