import { describe, expect, it } from 'vitest';
import type { StepAllocations } from '../../tools/step-allocations';
import { WITHOUT_INLINING, measureAllocations } from '../support/allocation-process';

describe('the step path allocates nothing of its own', () => {
  it('over 10,000 steps, the sandbox adds only the fall guard query to what Rapier allocates', () => {
    const result = measureAllocations<StepAllocations>('tools/step-allocations.ts', {
      nodeFlags: WITHOUT_INLINING,
      timeoutMs: 120_000,
    });
    expect(result.steps).toBe(10_000);
    // The profile really saw allocations (Rapier's glue makes plenty), so it was working.
    expect(result.bareRapierBytesPerStep).toBeGreaterThan(100);
    // Our code: the fall guard's narrow-phase query every 30th step (about 90 bytes of
    // Rapier callback glue) and nothing else. A single allocating getter in the step path
    // (about 40 bytes each) for the 18 bodies here would add some 700 bytes per step.
    expect(result.sandboxOwnBytesPerStep).toBeLessThan(8);
    // And in total the sandbox step costs what Rapier's step costs, within sampling noise.
    expect(result.sandboxBytesPerStep).toBeLessThan(result.bareRapierBytesPerStep * 1.02);
  });
});
