import { describe, expect, it } from 'vitest';
import { measureStepAllocationsInChild } from '../../tools/allocations/allocation-process';

describe('the step path allocates nothing of its own', () => {
  it('over 10,000 steps, the sandbox adds only its reads of Rapier to what Rapier allocates', () => {
    const result = measureStepAllocationsInChild(300_000);
    expect(result.steps).toBe(10_000);
    // The profile really saw allocations (Rapier's glue makes plenty), so it was working.
    expect(result.bareRapierBytesPerStep).toBeGreaterThan(100);
    // Our own functions allocate next to nothing (a closure, an array or a boxed number per
    // step, 16 bytes, would show here). What they do allocate is the angle-limit projection's
    // arithmetic on the rare steps a joint is past its limit, run unoptimised, so boxed: 4-6
    // bytes per step averaged on Rapier 0.21's trajectories, 7-10 on 0.20's SIMD build.
    expect(result.ownCodeBytesPerStep).toBeLessThan(12);
    // What our calls into Rapier allocate in its glue: the fall guard's narrow-phase query
    // every 30th step (about 90 bytes), while a figure lands or flies the joint
    // projection's two reads per part per step (about 48 bytes each; Rapier's getters make a
    // typed-array view on every call), some 200 bytes per step on average here; and the
    // angle-limit projection's rotation read per limb part, every step while a figure's joints
    // turn fast and every 8th step otherwise, when the joint projection read none that step. A getter left in the step path
    // for every body, every step (36 bodies here) would add some 1,700 bytes per step.
    expect(result.sandboxOwnBytesPerStep).toBeLessThan(400);
    // And in total the sandbox step costs Rapier's step and those reads, nothing more.
    expect(result.sandboxBytesPerStep).toBeLessThan(result.bareRapierBytesPerStep + 400);
  }, 320_000);
});
