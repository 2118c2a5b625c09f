import type { RagdollPart } from '../ragdoll';
import { vec3 } from '../vector-math';
import type { MmdBody } from './mmd-body';

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
   * jittering hair chain is what the iterations are for (mokou_B's side locks kept whipping at
   * 3-4 m/s under a doll lying still at 0.02 m/s). One velocity read per part; calls Rapier
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
