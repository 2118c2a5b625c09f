import type { World } from './rapier-api';

/**
 * How many times Rapier may re-solve a step after a fast body's continuous collision
 * detection (CCD) stops it at its time of impact (Rapier's default is 1).
 *
 * Why: with one, a part that would pass into the floor within a step is put back at the
 * moment it touches but keeps its velocity, and its joints are not solved again for the rest
 * of the step, so the rest of the figure travels on and the joint opens by what remained of
 * the step's travel: 2-2.5 cm for a foot landing from a DROP (about 5 m/s), up to 13 cm for
 * a figure landing at 20 m/s after a BLAST. With substeps Rapier solves the remainder of the
 * step again, contact and joints together, so the impact stops the figure through its joints.
 * Substeps run only while a CCD contact happens; a figure in flight or at rest costs nothing
 * more. 2 and 4 left 26-60 mm on some figures, 8 most under 2 cm; what 8 leaves (more parts
 * landing in one step than substeps) the joint projection closes (`joint-projection.ts`;
 * BENCHMARKS.md, "Landing gaps"; `npm run sim:landing-gaps`).
 */
export const IMPACT_SUBSTEPS = 8;

/** Gives `world` the {@link IMPACT_SUBSTEPS} (or `substeps`) CCD substeps per step. */
export function setImpactSubsteps(world: World, substeps: number = IMPACT_SUBSTEPS): void {
  world.integrationParameters.maxCcdSubsteps = substeps;
}
