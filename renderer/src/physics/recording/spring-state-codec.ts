/**
 * The compact form of one spring joint's state (a VRM hair or skirt bone, simulated by the
 * view): 22 bytes instead of 10 doubles, so a minute of six avatars' springs stays small.
 *
 * The 10 numbers, in order: the bone's local rotation (quaternion x, y, z, w), the joint's
 * current tail and its previous tail (metres, in the joint's simulation space).
 *
 * - rotation: "smallest three" in two 32-bit words: the largest component's index in two bits
 *   and the other three in 20 bits each (≤ 3e-6 rad off);
 * - current tail: three 21-bit fixed-point numbers in two 32-bit words, 0.05 mm steps, ±52.4 m
 *   (clamped, as body positions are);
 * - previous tail: its offset from the current one, three 16-bit integers in 0.05 mm steps
 *   (±1.6 m in one drawn frame; clamped).
 *
 * Decoding what was encoded gives the same numbers every time, so a recorded frame is shown
 * exactly as it was stored.
 */

/** Numbers per joint state, decoded. */
export const SPRING_STATE_LENGTH = 10;
/** 32-bit words per joint (rotation 2, current tail 2). */
export const SPRING_WORDS = 4;
/** 16-bit offsets per joint (previous tail). */
export const SPRING_OFFSETS = 3;
/** Bytes per recorded joint state. */
export const ENCODED_SPRING_BYTES = SPRING_WORDS * 4 + SPRING_OFFSETS * 2;

const POSITION_SCALE = 20_000;
const POSITION_BIAS = 1 << 20;
const POSITION_MAX = POSITION_BIAS - 1;
const ROTATION_RANGE = Math.SQRT1_2;
const ROTATION_STEPS = (1 << 19) - 1;
const ROTATION_BIAS = 1 << 19;
const OFFSET_MAX = 32_767;

/** The two arrays a run of encoded joint states lives in, indexed by joint slot. */
export interface EncodedSprings {
  readonly words: Uint32Array;
  readonly offsets: Int16Array;
}

/**
 * Encodes the 10-number state at `source[offset]` into slot `slot` of `target`. Allocates
 * nothing (written without helper calls taking doubles, which V8 may box).
 */
export function encodeSpringState(
  source: Float64Array,
  offset: number,
  target: EncodedSprings,
  slot: number,
): void {
  let largest = 0;
  let largestAbs = -1;
  for (let i = 0; i < 4; i++) {
    const abs = Math.abs(source[offset + i]!);
    if (abs > largestAbs) {
      largestAbs = abs;
      largest = i;
    }
  }
  const sign = source[offset + largest]! < 0 ? -1 : 1;
  let a = 0;
  let b = 0;
  let c = 0;
  let word = 0;
  for (let i = 0; i < 4; i++) {
    if (i === largest) continue;
    let steps = Math.round(((sign * source[offset + i]!) / ROTATION_RANGE) * ROTATION_STEPS);
    steps =
      steps > ROTATION_STEPS ? ROTATION_STEPS : steps < -ROTATION_STEPS ? -ROTATION_STEPS : steps;
    steps += ROTATION_BIAS;
    if (word === 0) a = steps;
    else if (word === 1) b = steps;
    else c = steps;
    word++;
  }
  const w = slot * SPRING_WORDS;
  target.words[w] = (a | ((b & 0xfff) << 20)) >>> 0;
  target.words[w + 1] = ((b >>> 12) | (c << 8) | (largest << 28)) >>> 0;

  let qx = Math.round(source[offset + 4]! * POSITION_SCALE);
  qx = (qx > POSITION_MAX ? POSITION_MAX : qx < -POSITION_MAX ? -POSITION_MAX : qx) + POSITION_BIAS;
  let qy = Math.round(source[offset + 5]! * POSITION_SCALE);
  qy = (qy > POSITION_MAX ? POSITION_MAX : qy < -POSITION_MAX ? -POSITION_MAX : qy) + POSITION_BIAS;
  let qz = Math.round(source[offset + 6]! * POSITION_SCALE);
  qz = (qz > POSITION_MAX ? POSITION_MAX : qz < -POSITION_MAX ? -POSITION_MAX : qz) + POSITION_BIAS;
  target.words[w + 2] = (qx | ((qy & 0x7ff) << 21)) >>> 0;
  target.words[w + 3] = ((qy >>> 11) | (qz << 10)) >>> 0;

  // The previous tail as an offset from the current tail as decoded, so decoding gives back
  // the previous tail within one step.
  const o = slot * SPRING_OFFSETS;
  for (let i = 0; i < 3; i++) {
    const stored = i === 0 ? qx : i === 1 ? qy : qz;
    let steps = Math.round(source[offset + 7 + i]! * POSITION_SCALE) - (stored - POSITION_BIAS);
    steps = steps > OFFSET_MAX ? OFFSET_MAX : steps < -OFFSET_MAX ? -OFFSET_MAX : steps;
    target.offsets[o + i] = steps;
  }
}

/** Decodes slot `slot` of `source` into 10 numbers at `target[offset]`. Allocates nothing. */
export function decodeSpringState(
  source: EncodedSprings,
  slot: number,
  target: Float64Array,
  offset: number,
): void {
  const w = slot * SPRING_WORDS;
  const w0 = source.words[w]!;
  const w1 = source.words[w + 1]!;
  const largest = w1 >>> 28;
  const a = w0 & 0xfffff;
  const b = (w0 >>> 20) | ((w1 & 0xff) << 12);
  const c = (w1 >>> 8) & 0xfffff;
  let sum = 0;
  let word = 0;
  for (let i = 0; i < 4; i++) {
    if (i === largest) continue;
    const steps = word === 0 ? a : word === 1 ? b : c;
    const value = ((steps - ROTATION_BIAS) / ROTATION_STEPS) * ROTATION_RANGE;
    target[offset + i] = value;
    sum += value * value;
    word++;
  }
  const big = Math.sqrt(Math.max(0, 1 - sum));
  target[offset + largest] = big;
  const norm = Math.sqrt(sum + big * big);
  for (let i = 0; i < 4; i++) target[offset + i] = target[offset + i]! / norm;

  const p0 = source.words[w + 2]!;
  const p1 = source.words[w + 3]!;
  const qx = (p0 & 0x1fffff) - POSITION_BIAS;
  const qy = ((p0 >>> 21) | ((p1 & 0x3ff) << 11)) - POSITION_BIAS;
  const qz = (p1 >>> 10) - POSITION_BIAS;
  target[offset + 4] = qx / POSITION_SCALE;
  target[offset + 5] = qy / POSITION_SCALE;
  target[offset + 6] = qz / POSITION_SCALE;
  const o = slot * SPRING_OFFSETS;
  target[offset + 7] = (qx + source.offsets[o]!) / POSITION_SCALE;
  target[offset + 8] = (qy + source.offsets[o + 1]!) / POSITION_SCALE;
  target[offset + 9] = (qz + source.offsets[o + 2]!) / POSITION_SCALE;
}
