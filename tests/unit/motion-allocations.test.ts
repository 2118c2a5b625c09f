import { describe, expect, it } from 'vitest';
import type { MotionSampleAllocations } from '../../tools/allocations/motion-sample-allocations';
import { measureAllocations } from '../../tools/allocations/allocation-process';

describe('sampling a retargeted motion allocates nothing', () => {
  it('over 20,000 samples of a built-in and of a curved MMD clip, once the code has settled', () => {
    const result = measureAllocations<MotionSampleAllocations>(
      'tools/allocations/motion-sample-allocations.ts',
      { timeoutMs: 120_000 },
    );
    expect(result.samples).toBe(20_000);
    // The profile sees an array of four numbers per call (about 50 bytes), so it is working.
    expect(result.controlBytesPerSample).toBeGreaterThan(30);
    // One boxed number (16 bytes) per sample would show as about 16 here.
    expect(result.builtinBytesPerSample).toBeLessThan(4);
    expect(result.mmdBytesPerSample).toBeLessThan(4);
  });
});
