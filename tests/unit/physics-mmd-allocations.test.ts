import { describe, expect, it } from 'vitest';
import { measureAllocations } from '../support/allocation-process';
import type { MmdStepAllocations } from '../support/mmd-step-allocations';

describe('the per-step MMD work allocates next to nothing', () => {
  it('the whip cap costs a few bytes per dynamic body per step (Rapier’s getter glue); follow bodies nothing', () => {
    // --expose-gc: the script collects garbage between its measured runs.
    const r = measureAllocations<MmdStepAllocations>('tests/support/mmd-step-allocations.ts', {
      nodeFlags: ['--expose-gc'],
      timeoutMs: 120_000,
    });
    const perDynamic = r.limitSpeedsBytesPerStep / r.dynamicBodies;
    // The method sees a single small object per call, so it is not blind.
    expect(r.controlBytesPerCall).toBeGreaterThan(20);
    // One scratch object allocated per body per step would be ≥ 40 B each.
    expect(perDynamic).toBeLessThan(16);
  });
});
