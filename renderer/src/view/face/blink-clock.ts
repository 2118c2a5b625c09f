/** Shortest and longest pause between blinks, seconds (people blink every 2–6 s at rest). */
export const BLINK_GAP_MIN = 2;
export const BLINK_GAP_MAX = 6;
/** How long one blink lasts, from open through closed to open again, seconds. */
export const BLINK_SECONDS = 0.15;
/** The lids close over this long, stay shut for {@link BLINK_SHUT}, then open (seconds). */
const BLINK_CLOSE = 0.06;
const BLINK_SHUT = 0.02;
const BLINK_OPEN = BLINK_SECONDS - BLINK_CLOSE - BLINK_SHUT;

const smoothScratch = new Float64Array(1);

/** 0 → 0, 1 → 1 with zero slope at both ends: eases a weight in and out. */
export function smoothStep(x: number): number {
  smoothScratch[0] = x;
  smoothStepAt(smoothScratch, 0);
  return smoothScratch[0]!;
}

/**
 * {@link smoothStep} in place on `values[slot]`: per-frame code eases through this, since a
 * fractional number handed to or returned from a call V8 does not inline is boxed.
 */
export function smoothStepAt(values: Float64Array, slot: number): void {
  const x = values[slot]!;
  const t = x <= 0 ? 0 : x >= 1 ? 1 : x;
  values[slot] = t * t * (3 - 2 * t);
}

/**
 * When a face blinks: both eyes, for {@link BLINK_SECONDS}, after irregular pauses between
 * {@link BLINK_GAP_MIN} and {@link BLINK_GAP_MAX} seconds (drawn from a seeded generator, so
 * each figure blinks on its own rhythm and a test can replay it). Allocates nothing per frame
 * through {@link advanceInto}.
 */
export class BlinkClock {
  /**
   * The generator's state: mulberry32, the numbers `createSeededRandom(seed)` gives, drawn
   * inside {@link advanceInto} (see there).
   */
  private readonly randomState = new Uint32Array(1);
  /**
   * Seconds until the next blink starts (negative while one is under way), in an array: a
   * field that ever held something else would box every number written to it.
   */
  private readonly untilNext = new Float64Array(1);
  private blinks = 0;
  /** Seconds into the blink under way, then how closed that leaves the lids. */
  private readonly lid = new Float64Array(1);
  private readonly closed = new Float64Array(1);

  /** @param seed - figures get different seeds so they do not blink in step */
  constructor(seed: number) {
    this.randomState[0] = seed >>> 0;
    // As if a blink had just ended: the step draws the first pause, exactly as long as drawn.
    this.untilNext[0] = -BLINK_SECONDS;
    this.advanceInto(0, this.closed, 0);
  }

  /** How many blinks have started so far. */
  get count(): number {
    return this.blinks;
  }

  /**
   * Advances by `seconds` and returns how closed the eyes are now, 0 (open) to 1 (shut).
   */
  advance(seconds: number): number {
    this.advanceInto(seconds, this.closed, 0);
    return this.closed[0]!;
  }

  /**
   * {@link advance}, writing how closed the eyes are into `out[slot]`. The pause and the lid
   * curve are worked out here rather than in helpers: they run a few frames per blink, too
   * seldom for V8 to optimise functions of their own, and unoptimised code boxes every
   * fractional number it computes (and a number returned from a call is boxed). This
   * function runs every frame, so it is optimised whole.
   */
  advanceInto(seconds: number, out: Float64Array, slot: number): void {
    const untilNext = this.untilNext;
    const before = untilNext[0]!;
    untilNext[0] = before - Math.max(0, seconds);
    if (before > 0 && untilNext[0] <= 0) this.blinks++;
    const into = -untilNext[0]!;
    if (into < 0) {
      out[slot] = 0;
      return;
    }
    const lid = this.lid;
    if (into >= BLINK_SECONDS) {
      // The blink is over: the next pause counts from its end. Mulberry32, as in
      // createSeededRandom; squared, short pauses come more often than long ones, as in people.
      const state = this.randomState;
      state[0] = state[0]! + 0x6d2b79f5;
      let t = state[0]!;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      const r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      const gap = BLINK_GAP_MIN + (BLINK_GAP_MAX - BLINK_GAP_MIN) * r * r;
      untilNext[0] = gap - (into - BLINK_SECONDS);
      if (untilNext[0] <= 0) this.blinks++;
      if (!(untilNext[0] <= 0)) {
        out[slot] = 0;
        return;
      }
      lid[0] = -untilNext[0];
    } else {
      lid[0] = into;
    }
    const s = lid[0]!;
    if (s < BLINK_CLOSE) lid[0] = s / BLINK_CLOSE;
    else if (s < BLINK_CLOSE + BLINK_SHUT) lid[0] = 1;
    else lid[0] = 1 - (s - BLINK_CLOSE - BLINK_SHUT) / BLINK_OPEN;
    // Easing 1 gives 1, so the shut lids go through it too.
    smoothStepAt(lid, 0);
    out[slot] = lid[0]!;
  }
}
