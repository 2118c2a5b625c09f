import { describe, expect, it } from 'vitest';
import { measureStepAllocationsInChild } from '../../tools/allocations/allocation-process';

/** Six box dummies × 11 parts, each part's rotation and velocity read once per step. */
const RAPIER_READS_PER_STEP = 6 * 11 * 2;
/** What one Rapier getter allocates in its wasm-bindgen glue (a typed-array view), bytes. */
const BYTES_PER_RAPIER_READ = 64;
/**
 * The child's 10,000 profiled steps took over 3 min here while other jobs
 * share the two cores; the test waits as long as the child may run.
 */
const CHILD_TIMEOUT_MS = 300_000;

describe('the motion step path', () => {
  it(
    'allocates, beyond Rapier’s own step, little more than Rapier’s getters do',
    () => {
      const result = measureStepAllocationsInChild(CHILD_TIMEOUT_MS, ['--motion']);
      expect(result.steps).toBe(10_000);
      expect(result.bareRapierBytesPerStep).toBeGreaterThan(100);
      // Reading each part's rotation and velocity through Rapier's getters costs a typed-array
      // view each (~56 bytes, 7.4 kB here), which no JS-side reuse can avoid; the profile charges
      // them to our frames where V8 inlines the getter. About 2 kB more are boxed doubles in the
      // joint-target math. An object or array made per joint or part per step would add far more
      // (36 spherical joints and 66 parts every step), and fail this.
      expect(result.ownCodeBytesPerStep).toBeLessThan(
        RAPIER_READS_PER_STEP * BYTES_PER_RAPIER_READ + 2_500,
      );
    },
    CHILD_TIMEOUT_MS + 10_000,
  );
});
