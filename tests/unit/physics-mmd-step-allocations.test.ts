import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { realFixture } from '../../tools/fixtures/real-fixtures';
import { measureStepAllocationsInChild } from '../../tools/allocations/allocation-process';

const MOKOU = realFixture('pmd/mokou/mokou_B.pmd');
const present = existsSync(MOKOU);
if (!present) console.log(`physics-mmd-step-allocations: ${MOKOU} not found; skipped`);

describe('six MMD figures falling, landing and settling allocate only Rapier’s getter views', () => {
  it.skipIf(!present)(
    'over the 10 s after a drop of six mokou_B, our step path stays within its budget',
    { timeout: 900_000 },
    () => {
      const result = measureStepAllocationsInChild(880_000, ['--mmd']);
      expect(result.steps).toBe(1200);
      // The profile saw Rapier's own step allocate (its glue, some 700 bytes per step here), so
      // it worked.
      expect(result.bareRapierBytesPerStep).toBeGreaterThan(100);
      // Our path, Rapier's getter glue included (measured 42.7 kB when six mokou_B had 522
      // dynamic bodies; 330 since their welded side locks are carried): each `linvel(out)` or
      // `translation(out)` costs 48 bytes for the typed-array view the wasm-bindgen glue makes
      // and 16 for the body handle Rapier's wrapper boxes (`isSleeping()` the 16 alone), and the
      // step reads about 660 times at 522 bodies while the figures are awake: the whip cap one
      // velocity per dynamic body, the settling switch 90, the still-scene sleep some 50
      // positions. The public API has no read without them.
      expect(result.sandboxOwnBytesPerStep).toBeLessThan(48_000);
      // Our functions themselves (measured 11 B after the JIT warm-up): one boxed number per
      // dynamic body per step would add over 8 kB, one per figure about 100 B.
      expect(result.ownCodeBytesPerStep).toBeLessThan(64);
    },
  );
});
