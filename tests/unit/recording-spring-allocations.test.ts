import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { SpringHistoryAllocations } from '../../tools/spring-history-allocations';

describe("the view's spring-bone recording allocates nothing of its own per frame", () => {
  it('capturing after each live frame and showing a frame while scrubbing, 16 joints', () => {
    // A separate process without inlining, as in recording-allocations.test.ts.
    const output = execFileSync(
      process.execPath,
      ['--no-turbo-inlining', '--import', 'tsx', 'tools/spring-history-allocations.ts'],
      { encoding: 'utf8', timeout: 300_000 },
    );
    const result = JSON.parse(output) as SpringHistoryAllocations;
    expect(result.frames).toBe(10_000);
    expect(result.joints).toBe(16);
    // One boxed number per joint would already be 256 bytes a frame (16 bytes each).
    expect(result.captureBytesPerFrame).toBeLessThan(16);
    expect(result.showBytesPerFrame).toBeLessThan(64);
  }, 320_000);
});
