import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { StepAllocations } from '../../tools/step-allocations';

describe('the step path allocates nothing of its own', () => {
  it('over 10,000 steps, the sandbox adds only its reads of Rapier to what Rapier allocates', () => {
    // A separate process, so vitest's own allocations stay out of the heap profile; without
    // inlining, so Rapier's step keeps its own frame in the profile's stacks instead of being
    // folded into the sandbox's (which would charge all its glue to our code).
    const output = execFileSync(
      process.execPath,
      ['--no-turbo-inlining', '--import', 'tsx', 'tools/step-allocations.ts'],
      {
        encoding: 'utf8',
        timeout: 300_000,
      },
    );
    const result = JSON.parse(output) as StepAllocations;
    expect(result.steps).toBe(10_000);
    // The profile really saw allocations (Rapier's glue makes plenty), so it was working.
    expect(result.bareRapierBytesPerStep).toBeGreaterThan(100);
    // Our own functions allocate nothing (a closure, an array or a boxed number per step
    // would show here).
    expect(result.ownCodeBytesPerStep).toBeLessThan(8);
    // What our calls into Rapier allocate in its glue: the fall guard's narrow-phase query
    // every 30th step (about 90 bytes), and while a figure lands or flies the joint
    // projection's two reads per part per step (about 48 bytes each; Rapier's getters make a
    // typed-array view on every call). Here that is some 180 bytes per step on average. A
    // getter left in the step path for every body, every step (36 bodies here) would add
    // some 1,700 bytes per step.
    expect(result.sandboxOwnBytesPerStep).toBeLessThan(400);
    // And in total the sandbox step costs what Rapier's step costs, within sampling noise.
    expect(result.sandboxBytesPerStep).toBeLessThan(result.bareRapierBytesPerStep * 1.02);
  }, 320_000);
});
