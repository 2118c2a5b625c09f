import { describe, expect, it } from 'vitest';
import { WITHOUT_INLINING, measureAllocations } from '../../tools/allocations/allocation-process';
import type { MmdStepAllocations } from '../support/mmd-step-allocations';

/** What one call of a Rapier getter such as `linvel(out)` allocates in its glue, bytes. */
const GETTER_BYTES = 64;

describe('the per-step MMD work allocates next to nothing', () => {
  it('the whip cap allocates nothing of its own, only Rapier’s getter glue; follow bodies nothing', () => {
    const r = measureAllocations<MmdStepAllocations>('tests/support/mmd-step-allocations.ts', {
      nodeFlags: WITHOUT_INLINING,
      timeoutMs: 120_000,
    });
    // The profile sees a single small object per call, so it is not blind.
    expect(r.controlBytesPerCall).toBeGreaterThan(20);
    // Mid-fall every body outruns the cap in absolute terms, so each reads its own velocity
    // and its part's (measured 137 B per dynamic body): the glue of two getter calls, and
    // some of the settling switch's part reads. A read per follow body too would add about 100 B more.
    expect(r.limitSpeedsBytesPerStep / r.dynamicBodies).toBeGreaterThan(GETTER_BYTES);
    expect(r.limitSpeedsBytesPerStep / r.dynamicBodies).toBeLessThan(2.5 * GETTER_BYTES);
    // Our functions themselves (measured 0): one boxed number per figure per step would be
    // about 100 B.
    expect(r.limitSpeedsOwnBytesPerStep).toBeLessThan(32);
  });
});
