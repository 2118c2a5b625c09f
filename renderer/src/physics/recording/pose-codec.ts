/**
 * The recorder's compact form of one body's state: 26 bytes instead of 13 doubles, so a
 * minute of six MMD figures fits in 64 MB (see `scene-recorder.ts`).
 *
 * - position: three 21-bit fixed-point numbers in two 32-bit words, 0.05 mm steps, ±52.4 m
 *   (further out is clamped; the fall guard removes or re-drops anything below −15 m);
 * - rotation: "smallest three" in three 16-bit words: the largest component's index in two
 *   bits and the other three in 15 bits each (≤ 1.5e-4 rad off);
 * - velocities: six 16-bit integers, linear in 2 mm/s steps (±65 m/s), angular in 4 mrad/s
 *   steps (±131 rad/s), clamped.
 *
 * Decoding what was encoded gives the same numbers every time, so a recorded frame is shown
 * exactly as it was stored.
 */

/** Words per body in each of the three arrays. */
export const POSITION_WORDS = 2;
export const ROTATION_WORDS = 3;
export const VELOCITY_WORDS = 6;
/** Bytes per recorded body state. */
export const ENCODED_BODY_BYTES = POSITION_WORDS * 4 + ROTATION_WORDS * 2 + VELOCITY_WORDS * 2;

/** Position steps per metre. */
const POSITION_SCALE = 20_000;
const POSITION_BIAS = 1 << 20;
const POSITION_MAX = POSITION_BIAS - 1;
const ROTATION_RANGE = Math.SQRT1_2;
const ROTATION_STEPS = 16_383;
const ROTATION_BIAS = 16_384;
/** Velocity steps per m/s and per rad/s. */
const LINEAR_SCALE = 500;
const ANGULAR_SCALE = 250;

/** The three arrays a run of encoded states lives in, indexed by body slot. */
export interface EncodedStates {
  readonly positions: Uint32Array;
  readonly rotations: Uint16Array;
  readonly velocities: Int16Array;
}

function rotationValue(word: number): number {
  return (((word & 0x7fff) - ROTATION_BIAS) / ROTATION_STEPS) * ROTATION_RANGE;
}

/**
 * Encodes the 13-number state at `source[offset]` (see `physics/body-snapshot.ts`) into slot
 * `slot` of `target`. Allocates nothing.
 */
export function encodeBodyState(
  source: Float64Array,
  offset: number,
  target: EncodedStates,
  slot: number,
): void {
  // Written out without helper calls: a double passed to a function that is not inlined is
  // boxed on the heap, and this runs for every body every second step.
  let qx = Math.round(source[offset]! * POSITION_SCALE);
  qx = (qx > POSITION_MAX ? POSITION_MAX : qx < -POSITION_MAX ? -POSITION_MAX : qx) + POSITION_BIAS;
  let qy = Math.round(source[offset + 1]! * POSITION_SCALE);
  qy = (qy > POSITION_MAX ? POSITION_MAX : qy < -POSITION_MAX ? -POSITION_MAX : qy) + POSITION_BIAS;
  let qz = Math.round(source[offset + 2]! * POSITION_SCALE);
  qz = (qz > POSITION_MAX ? POSITION_MAX : qz < -POSITION_MAX ? -POSITION_MAX : qz) + POSITION_BIAS;
  const p = slot * POSITION_WORDS;
  target.positions[p] = (qx | ((qy & 0x7ff) << 21)) >>> 0;
  target.positions[p + 1] = ((qy >>> 11) | (qz << 10)) >>> 0;

  let largest = 0;
  let largestAbs = -1;
  for (let i = 0; i < 4; i++) {
    const abs = Math.abs(source[offset + 3 + i]!);
    if (abs > largestAbs) {
      largestAbs = abs;
      largest = i;
    }
  }
  const sign = source[offset + 3 + largest]! < 0 ? -1 : 1;
  const r = slot * ROTATION_WORDS;
  let word = 0;
  for (let i = 0; i < 4; i++) {
    if (i === largest) continue;
    let steps = Math.round(((sign * source[offset + 3 + i]!) / ROTATION_RANGE) * ROTATION_STEPS);
    // A float32 quaternion a hair off unit length may round one step past the range.
    steps =
      steps > ROTATION_STEPS ? ROTATION_STEPS : steps < -ROTATION_STEPS ? -ROTATION_STEPS : steps;
    target.rotations[r + word] = steps + ROTATION_BIAS;
    word++;
  }
  target.rotations[r] = target.rotations[r]! | ((largest & 1) << 15);
  target.rotations[r + 1] = target.rotations[r + 1]! | ((largest >> 1) << 15);

  const v = slot * VELOCITY_WORDS;
  for (let i = 0; i < 6; i++) {
    let steps = Math.round(source[offset + 7 + i]! * (i < 3 ? LINEAR_SCALE : ANGULAR_SCALE));
    steps = steps > 32_767 ? 32_767 : steps < -32_767 ? -32_767 : steps;
    target.velocities[v + i] = steps;
  }
}

/** Decodes slot `slot` of `source` into 13 numbers at `target[offset]`. Allocates nothing. */
export function decodeBodyState(
  source: EncodedStates,
  slot: number,
  target: Float64Array,
  offset: number,
): void {
  const p = slot * POSITION_WORDS;
  const w0 = source.positions[p]!;
  const w1 = source.positions[p + 1]!;
  target[offset] = ((w0 & 0x1fffff) - POSITION_BIAS) / POSITION_SCALE;
  target[offset + 1] = (((w0 >>> 21) | ((w1 & 0x3ff) << 11)) - POSITION_BIAS) / POSITION_SCALE;
  target[offset + 2] = ((w1 >>> 10) - POSITION_BIAS) / POSITION_SCALE;

  const r = slot * ROTATION_WORDS;
  const r0 = source.rotations[r]!;
  const r1 = source.rotations[r + 1]!;
  const largest = (r0 >> 15) | ((r1 >> 15) << 1);
  let sum = 0;
  let word = 0;
  for (let i = 0; i < 4; i++) {
    if (i === largest) continue;
    const value = rotationValue(source.rotations[r + word]!);
    target[offset + 3 + i] = value;
    sum += value * value;
    word++;
  }
  target[offset + 3 + largest] = Math.sqrt(Math.max(0, 1 - sum));
  const norm = Math.sqrt(sum + target[offset + 3 + largest]! ** 2);
  for (let i = 0; i < 4; i++) target[offset + 3 + i] = target[offset + 3 + i]! / norm;

  const v = slot * VELOCITY_WORDS;
  for (let i = 0; i < 3; i++) {
    target[offset + 7 + i] = source.velocities[v + i]! / LINEAR_SCALE;
    target[offset + 10 + i] = source.velocities[v + 3 + i]! / ANGULAR_SCALE;
  }
}
