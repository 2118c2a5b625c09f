import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { StepAllocations } from '../../tools/step-allocations';

describe('the step path allocates nothing of its own', () => {
  it('over 10,000 steps, the sandbox adds only the fall guard query to what Rapier allocates', () => {
    // A separate process, so vitest's own allocations stay out of the heap profile; without
    // inlining, so Rapier's step keeps its own frame in the profile's stacks instead of being
    // folded into the sandbox's (which would charge all its glue to our code).
    const output = execFileSync(
      process.execPath,
      ['--no-turbo-inlining', '--import', 'tsx', 'tools/step-allocations.ts'],
      {
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    const result = JSON.parse(output) as StepAllocations;
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
