/**
 * The blink clock draws its pauses inside its per-frame step (so that step allocates
 * nothing); they must still be the seeded generator's numbers, so a figure's rhythm is the
 * one `createSeededRandom(seed)` gives.
 */
import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '../../renderer/src/physics/seeded-random';
import {
  BLINK_GAP_MAX,
  BLINK_GAP_MIN,
  BLINK_SECONDS,
  BlinkClock,
} from '../../renderer/src/view/face/blink-clock';

const STEP = 1 / 600;

describe('BlinkClock', () => {
  it.each([1, 7, 42, 0xffffffff])('starts its blinks when seed %d says', (seed) => {
    const random = createSeededRandom(seed);
    const expected: number[] = [];
    let t = 0;
    for (let i = 0; i < 20; i++) {
      const r = random();
      // Each pause counts from the end of the blink before it.
      t += (i === 0 ? 0 : BLINK_SECONDS) + BLINK_GAP_MIN + (BLINK_GAP_MAX - BLINK_GAP_MIN) * r * r;
      expected.push(t);
    }
    const clock = new BlinkClock(seed);
    const starts: number[] = [];
    for (let step = 1; starts.length < expected.length; step++) {
      const before = clock.count;
      clock.advance(STEP);
      if (clock.count > before) starts.push(step * STEP);
    }
    starts.forEach((start, i) => expect(Math.abs(start - expected[i]!)).toBeLessThan(STEP + 1e-9));
  });
});
