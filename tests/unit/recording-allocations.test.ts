import { describe, expect, it } from 'vitest';
import { measureStepAllocationsInChild } from '../../tools/allocations/allocation-process';

describe('recording allocates nothing of its own per step', () => {
  it('over 10,000 steps of six figures and 12 props, the recorder adds only Rapier getter views', () => {
    const result = measureStepAllocationsInChild(300_000, ['--recording']);
    expect(result.steps).toBe(10_000);
    expect(result.bareRapierBytesPerStep).toBeGreaterThan(100);
    // Our functions themselves: under 64 bytes a step. One boxed double per body per recorded
    // frame (78 bodies, every second step) would already be some 600.
    expect(result.ownCodeBytesPerStep).toBeLessThan(64);
  }, 320_000);
});
