import { createSeededRandom } from '../../physics/seeded-random';
import type { RandomSource } from '../../physics/seeded-random';

/** Shortest and longest pause between blinks, seconds (people blink every 2–6 s at rest). */
export const BLINK_GAP_MIN = 2;
export const BLINK_GAP_MAX = 6;
/** How long one blink lasts, from open through closed to open again, seconds. */
export const BLINK_SECONDS = 0.15;
/** The lids close over this long, stay shut for {@link BLINK_SHUT}, then open (seconds). */
const BLINK_CLOSE = 0.06;
const BLINK_SHUT = 0.02;
const BLINK_OPEN = BLINK_SECONDS - BLINK_CLOSE - BLINK_SHUT;

/** 0 → 0, 1 → 1 with zero slope at both ends: eases a weight in and out. */
export function smoothStep(x: number): number {
  const t = x <= 0 ? 0 : x >= 1 ? 1 : x;
  return t * t * (3 - 2 * t);
}

/**
 * When a face blinks: both eyes, for {@link BLINK_SECONDS}, after irregular pauses between
 * {@link BLINK_GAP_MIN} and {@link BLINK_GAP_MAX} seconds (drawn from a seeded generator, so
 * each figure blinks on its own rhythm and a test can replay it). Plain numbers; allocates
 * nothing per call.
 */
export class BlinkClock {
  private readonly random: RandomSource;
  /** Seconds until the next blink starts (negative while one is under way). */
  private untilNext: number;
  private blinks = 0;

  /** @param seed - figures get different seeds so they do not blink in step */
  constructor(seed: number) {
    this.random = createSeededRandom(seed);
    this.untilNext = this.nextGap();
  }

  /** How many blinks have started so far. */
  get count(): number {
    return this.blinks;
  }

  /**
   * Advances by `seconds` and returns how closed the eyes are now, 0 (open) to 1 (shut).
   */
  advance(seconds: number): number {
    const before = this.untilNext;
    this.untilNext -= Math.max(0, seconds);
    if (before > 0 && this.untilNext <= 0) this.blinks++;
    const into = -this.untilNext;
    if (into < 0) return 0;
    if (into >= BLINK_SECONDS) {
      // The blink is over: the next pause counts from its end.
      this.untilNext = this.nextGap() - (into - BLINK_SECONDS);
      if (this.untilNext <= 0) this.blinks++;
      return this.untilNext <= 0 ? lidWeight(-this.untilNext) : 0;
    }
    return lidWeight(into);
  }

  private nextGap(): number {
    // Squared: short pauses come more often than long ones, as in people.
    const r = this.random();
    return BLINK_GAP_MIN + (BLINK_GAP_MAX - BLINK_GAP_MIN) * r * r;
  }
}

/** How closed the lids are `into` seconds into a blink. */
function lidWeight(into: number): number {
  if (into < BLINK_CLOSE) return smoothStep(into / BLINK_CLOSE);
  if (into < BLINK_CLOSE + BLINK_SHUT) return 1;
  return smoothStep(1 - (into - BLINK_CLOSE - BLINK_SHUT) / BLINK_OPEN);
}
