import { describe, expect, it } from 'vitest';
import type { FigureTableAllocations } from '../../tools/allocations/figure-table-allocations';
import { WITHOUT_INLINING, measureAllocations } from '../../tools/allocations/allocation-process';

describe('reading the figure table allocates nothing per frame', () => {
  it('over 10,000 frames of what BODIES colours, the music clock and VMC out read, with six figures', () => {
    const result = measureAllocations<FigureTableAllocations>(
      'tools/allocations/figure-table-allocations.ts',
      { nodeFlags: WITHOUT_INLINING, timeoutMs: 60_000 },
    );
    expect(result.frames).toBe(10_000);
    // A new table each frame (what a change of the figures makes) shows as some 300 bytes.
    expect(result.controlBytesPerFrame).toBeGreaterThan(100);
    // One boxed number (16 bytes) per frame would show as about 16 here.
    expect(result.bytesPerFrame).toBeLessThan(2);
  });
});
