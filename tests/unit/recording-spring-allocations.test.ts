import { describe, expect, it } from 'vitest';
import type { SpringHistoryAllocations } from '../../tools/allocations/spring-history-allocations';
import { WITHOUT_INLINING, measureAllocations } from '../../tools/allocations/allocation-process';

describe("the view's spring-bone recording allocates nothing of its own per frame", () => {
  it('capturing after each live frame and showing a frame while scrubbing, 16 joints', () => {
    const result = measureAllocations<SpringHistoryAllocations>(
      'tools/allocations/spring-history-allocations.ts',
      { nodeFlags: WITHOUT_INLINING, timeoutMs: 300_000 },
    );
    expect(result.frames).toBe(10_000);
    expect(result.joints).toBe(16);
    // One boxed number per joint would already be 256 bytes a frame (16 bytes each).
    expect(result.captureBytesPerFrame).toBeLessThan(16);
    expect(result.showBytesPerFrame).toBeLessThan(16);
  }, 320_000);
});
