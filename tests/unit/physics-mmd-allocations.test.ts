import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { MmdStepAllocations } from '../support/mmd-step-allocations';

describe('the per-step MMD work allocates next to nothing', () => {
  it('the whip cap costs a few bytes per dynamic body per step (Rapier’s getter glue); follow bodies nothing', () => {
    // A separate process with --expose-gc, so vitest's own allocations stay out of the heap.
    const output = execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'tests/support/mmd-step-allocations.ts'],
      { encoding: 'utf8', timeout: 120_000 },
    );
    const r = JSON.parse(output) as MmdStepAllocations;
    const perDynamic = r.limitSpeedsBytesPerStep / r.dynamicBodies;
    // The method sees a single small object per call, so it is not blind.
    expect(r.controlBytesPerCall).toBeGreaterThan(20);
    // One scratch object allocated per body per step would be ≥ 40 B each.
    expect(perDynamic).toBeLessThan(16);
  });
});
