import type { RigidBody } from './rapier-api';

/**
 * Solver iterations (Rapier's substeps) an island gets per step, unless it is a passive MMD
 * figure in motion: ragdolls, props and figures following a motion.
 */
export const SOLVER_ITERATIONS = 8;

/**
 * The world's own count: what the island of a passive MMD figure (its ragdoll, hair and skirts)
 * gets while it moves. Rapier gives each island the world's count plus the largest extra any
 * of its bodies asks for, so everything else asks for {@link FULL_EXTRA_ITERATIONS}.
 *
 * Why 4: a pile of MMD figures spends most of its step in the solver, and 4 iterations cut the
 * step by about a fifth with the hair still swinging and colliding as authored. At rest they
 * get more again (`mmd/settling-iterations.ts`), where convergence shows. Measurements:
 * docs/physics.md#solver-iterations.
 */
export const WORLD_SOLVER_ITERATIONS = 4;

/** What a body outside a moving MMD figure adds to reach {@link SOLVER_ITERATIONS}. */
export const FULL_EXTRA_ITERATIONS = SOLVER_ITERATIONS - WORLD_SOLVER_ITERATIONS;

/** Gives each body's island at least {@link SOLVER_ITERATIONS} (build time, not per step). */
export function giveFullIterations(bodies: readonly RigidBody[]): void {
  for (const body of bodies) body.setAdditionalSolverIterations(FULL_EXTRA_ITERATIONS);
}
