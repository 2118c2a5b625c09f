import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { StepAllocations } from '../../tools/step-allocations';
import { realFixture } from '../../tools/real-fixtures';
import { WITHOUT_INLINING, measureAllocations } from '../support/allocation-process';

const MOKOU = realFixture('pmd/mokou/mokou_B.pmd');
const present = existsSync(MOKOU);
if (!present) console.log(`physics-mmd-step-allocations: ${MOKOU} not found; skipped`);

describe('six MMD figures falling, landing and settling allocate only Rapier’s getter views', () => {
  it.skipIf(!present)(
    'over the 10 s after a drop of six mokou_B, our step path stays within its budget',
    { timeout: 900_000 },
    () => {
      const result = measureAllocations<StepAllocations>('tools/step-allocations.ts', {
        nodeFlags: WITHOUT_INLINING,
        args: ['--mmd'],
        timeoutMs: 880_000,
      });
      expect(result.steps).toBe(1200);
      // The profile saw Rapier's own step allocate (hundreds of kB per step here), so it worked.
      expect(result.bareRapierBytesPerStep).toBeGreaterThan(10_000);
      // Our path, Rapier's getter glue included (measured 44.7 kB): the whip cap reads 522
      // velocities a step while the figures are awake, about 48 bytes of binding views each
      // (about 25 kB), the settling switch 90 and the still-scene sleep about 51 reads. Writing
      // those reads into `{x, y, z}` literals instead of scratch vectors of their own class made
      // 48 bytes more per read (76.5 kB a step in all).
      expect(result.sandboxOwnBytesPerStep).toBeLessThan(60_000);
      // Our functions themselves (measured 1.8 kB): one object or boxed number per dynamic body
      // per step would add some 8 kB.
      expect(result.ownCodeBytesPerStep).toBeLessThan(4_000);
    },
  );
});
