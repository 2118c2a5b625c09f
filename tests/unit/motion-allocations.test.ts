import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { MotionSampleAllocations } from '../../scripts/lib/motion-sample-allocations';

describe('sampling a retargeted motion allocates nothing', () => {
  it('over 20,000 samples of a built-in and of a curved MMD clip, once the code has settled', () => {
    // A separate process, so vitest's own allocations stay out of the heap profile.
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/lib/motion-sample-allocations.ts'],
      { encoding: 'utf8', timeout: 120_000 },
    );
    const result = JSON.parse(output) as MotionSampleAllocations;
    expect(result.samples).toBe(20_000);
    // The profile sees an array of four numbers per call (about 50 bytes), so it is working.
    expect(result.controlBytesPerSample).toBeGreaterThan(30);
    // One boxed number (16 bytes) per sample would show as about 16 here.
    expect(result.builtinBytesPerSample).toBeLessThan(4);
    expect(result.mmdBytesPerSample).toBeLessThan(4);
  });
});
