import { resolve } from 'node:path';

/**
 * The folder of real VRM, PMX and PMD models made by other people, which this repository
 * must not contain: it sits beside the checkout when present. Tests and benchmarks that use
 * it skip those files, with a note, when it is absent.
 */
export const REAL_FIXTURES = resolve(import.meta.dirname, '..', '..', 'shared', 'fixtures');

/** `relative` inside {@link REAL_FIXTURES}, e.g. `pmd/mokou/mokou_B.pmd`. */
export function realFixture(relative: string): string {
  return resolve(REAL_FIXTURES, relative);
}

/**
 * Every humanoid model in {@link REAL_FIXTURES} (relative paths), VRM first, for the
 * simulators that run each of them (landing gaps, motions on real figures).
 */
export const REAL_HUMANOID_MODELS: readonly string[] = [
  'vrm0/addon_sphere_unigltf.vrm',
  'vrm0/godette_v4.vrm',
  'vrm0/univrm_emission_v0106.vrm',
  'vrm1/VRMC_materials_mtoon_UV_Animation_Test.vrm',
  'vrm1/VRMC_vrm_expressions_isBinary_Overridden.vrm',
  'vrm1/VRMC_vrm_expressions_isBinary_Overrides.vrm',
  'vrm1/addon_debug_robot.vrm',
  'vrm1/metalkit_smoke_spring.vrm',
  'pmd/low_miku/low_miku.pmd',
  'pmd/mokou/mokou_A.pmd',
  'pmd/mokou/mokou_B.pmd',
  'pmx/gene_light/Gene_light.pmx',
  'pmx/yw_test_model/yw_test_model.pmx',
];
