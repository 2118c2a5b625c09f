import type { RagdollPart } from '../ragdoll';
import type { RigidBody } from '../rapier-api';
import { FULL_EXTRA_ITERATIONS } from '../solver-iterations';
import { scratchVec3 } from '../vector-math';

/**
 * Extra solver iterations, beyond the sandbox's `SOLVER_ITERATIONS`, a model's island gets while
 * it settles (Rapier adds them per island, so other figures cost nothing more). Hair pressed
 * into its joint limits by gravity and the floor, and a cloak made of joint loops, do not
 * converge in the sandbox's 8 iterations and jitter under a doll lying still, which then never
 * sleeps. 4 calmed them about as well as 8 at less cost, and they are on only while the ragdoll
 * is slower than {@link SETTLE_SPEED}: at rest the solver's residual is all one sees, in motion
 * it hides in the motion. Measurements: docs/physics.md.
 *
 * A long chain lying along the floor that swung sideways for good (low_miku's 1.5 m twin tails)
 * was not the solver's doing but frictionless hair skating on the stage; the stage now grips it
 * (`stage.ts`), and 4 are enough again (docs/physics.md).
 */
export const MMD_EXTRA_SOLVER_ITERATIONS = 4;

/**
 * Below this (m/s, every part of the ragdoll) the model's islands get
 * {@link MMD_EXTRA_SOLVER_ITERATIONS}; they lose them again above twice this.
 */
export const SETTLE_SPEED = 0.5;

/**
 * Steps in a row (1/120 s each: 0.5 s) every ragdoll part must stay under {@link SETTLE_SPEED}
 * before the island gets {@link MMD_EXTRA_SOLVER_ITERATIONS}: figures blasted again and again
 * are slow in many steps between landings, where the extra convergence buys nothing, and the
 * jitter the iterations are for shows only at rest. Measurements:
 * docs/physics.md#settling-iterations.
 */
export const SETTLE_STEPS = 60;

/**
 * Above this (m/s, the fastest ragdoll part) a passive model's island gets the sandbox's full
 * `SOLVER_ITERATIONS` again; it drops to the world's count below {@link CALM_SPEED}. A BLAST
 * spins the head fast enough to stretch hair joints visibly on the world's count; falls, slides
 * and gentler blasts (a DROP lands slower than this) stay cheap. Measurements:
 * docs/physics.md#solver-iterations.
 */
export const VIOLENT_SPEED = 10;
/** Below this (m/s) a model's island leaves the full count again (hysteresis). */
export const CALM_SPEED = 8;

const partVelocity = scratchVec3();

/**
 * The extra iterations (on top of the world's `WORLD_SOLVER_ITERATIONS`) a model's island gets:
 * none while a passive figure moves at ordinary speeds (the cheap case, see
 * `solver-iterations.ts`), the full `SOLVER_ITERATIONS` while it is flung (see
 * {@link VIOLENT_SPEED}) or follows a motion (tracking was measured there), and
 * {@link MMD_EXTRA_SOLVER_ITERATIONS} more than that while it settles.
 */
function extraIterations(
  settling: boolean,
  violent: boolean,
  following: boolean,
  settleIterations: number,
): number {
  if (settling) return FULL_EXTRA_ITERATIONS + settleIterations;
  return violent || following ? FULL_EXTRA_ITERATIONS : 0;
}

/**
 * Sets a model's island's solver iterations: switches {@link MMD_EXTRA_SOLVER_ITERATIONS} on as
 * its ragdoll comes to rest and off as it moves again, and gives a figure flung or following a
 * motion the sandbox's full count. Rapier takes the largest extra of an island's bodies, so it is set
 * on `carriers` only (the model's dynamic bodies, or its ragdoll's root when it has none).
 */
export class SettlingIterations {
  private settling = false;
  private violent = false;
  private extra = -1;
  /** Steps in a row with every part under {@link SETTLE_SPEED} (while not settling). */
  private slowSteps = 0;

  /**
   * `settleSteps`: see {@link SETTLE_STEPS}; `settleIterations`: see
   * {@link MMD_EXTRA_SOLVER_ITERATIONS}.
   */
  constructor(
    private readonly parts: readonly RagdollPart[],
    private readonly carriers: readonly RigidBody[],
    private readonly settleSteps = SETTLE_STEPS,
    private readonly settleIterations = MMD_EXTRA_SOLVER_ITERATIONS,
  ) {
    this.apply(false);
  }

  /** Whether the dynamic bodies have {@link MMD_EXTRA_SOLVER_ITERATIONS} now. */
  get isSettling(): boolean {
    return this.settling;
  }

  /**
   * Gives the island {@link MMD_EXTRA_SOLVER_ITERATIONS} once every ragdoll part has been slower
   * than {@link SETTLE_SPEED} for {@link SETTLE_STEPS} steps in a row, and takes them away above
   * twice that (hysteresis, so a part hovering at the threshold does not flip it every step).
   * The parts, not the hair: a jittering hair chain is what the iterations are for. Gives it
   * the full count while a part is faster than {@link VIOLENT_SPEED}. `following`: the figure
   * follows a motion. One velocity read per part; calls Rapier otherwise only on a change.
   */
  update(following: boolean): void {
    let fastestSquared = 0;
    const parts = this.parts;
    for (let i = 0; i < parts.length; i++) {
      const v = parts[i]!.body.linvel(partVelocity);
      const squared = v.x * v.x + v.y * v.y + v.z * v.z;
      if (squared > fastestSquared) fastestSquared = squared;
    }
    if (this.settling) {
      this.settling = fastestSquared <= 4 * SETTLE_SPEED * SETTLE_SPEED;
      this.slowSteps = 0;
    } else {
      this.slowSteps = fastestSquared < SETTLE_SPEED * SETTLE_SPEED ? this.slowSteps + 1 : 0;
      this.settling = this.slowSteps >= this.settleSteps;
    }
    this.violent = this.violent
      ? fastestSquared >= CALM_SPEED * CALM_SPEED
      : fastestSquared > VIOLENT_SPEED * VIOLENT_SPEED;
    this.apply(following);
  }

  private apply(following: boolean): void {
    const extra = extraIterations(this.settling, this.violent, following, this.settleIterations);
    if (extra === this.extra) return;
    this.extra = extra;
    const carriers = this.carriers;
    for (let i = 0; i < carriers.length; i++) carriers[i]!.setAdditionalSolverIterations(extra);
  }
}
