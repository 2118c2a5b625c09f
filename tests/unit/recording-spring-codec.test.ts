/**
 * The spring-state codec and ring: a joint's rotation and tails come back within the stated
 * steps, the same numbers every time, and a ring entry is taken only for the very recording of
 * its frame (not for the frame recorded again under the same number after a resume).
 */
import { describe, expect, it } from 'vitest';
import {
  SPRING_OFFSETS,
  SPRING_STATE_LENGTH,
  SPRING_WORDS,
  decodeSpringState,
  encodeSpringState,
} from '../../renderer/src/physics/recording/spring-state-codec';
import { SpringStateRing } from '../../renderer/src/physics/recording/spring-state-ring';

function randomState(random: () => number): Float64Array {
  const s = new Float64Array(SPRING_STATE_LENGTH);
  let norm = 0;
  for (let i = 0; i < 4; i++) {
    s[i] = random() * 2 - 1;
    norm += s[i]! ** 2;
  }
  for (let i = 0; i < 4; i++) s[i] = s[i]! / Math.sqrt(norm);
  for (let i = 4; i < 7; i++) s[i] = (random() * 2 - 1) * 40;
  for (let i = 7; i < 10; i++) s[i] = s[i - 3]! + (random() * 2 - 1) * 0.5;
  return s;
}

function seeded(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

describe('spring state codec', () => {
  it('keeps the rotation within 1e-5 rad and both tails within 0.05 mm', () => {
    const random = seeded(7);
    const encoded = {
      words: new Uint32Array(SPRING_WORDS),
      offsets: new Int16Array(SPRING_OFFSETS),
    };
    const back = new Float64Array(SPRING_STATE_LENGTH);
    const again = new Float64Array(SPRING_STATE_LENGTH);
    for (let n = 0; n < 2000; n++) {
      const state = randomState(random);
      encodeSpringState(state, 0, encoded, 0);
      decodeSpringState(encoded, 0, back, 0);
      const dot = Math.abs(
        state[0]! * back[0]! + state[1]! * back[1]! + state[2]! * back[2]! + state[3]! * back[3]!,
      );
      expect(2 * Math.acos(Math.min(1, dot))).toBeLessThan(1e-5);
      for (let i = 4; i < 10; i++) expect(Math.abs(back[i]! - state[i]!)).toBeLessThanOrEqual(5e-5);
      encodeSpringState(back, 0, encoded, 0);
      decodeSpringState(encoded, 0, again, 0);
      expect([...again]).toEqual([...back]);
    }
  });

  it('clamps a previous tail more than 1.6 m away instead of wrapping', () => {
    const state = Float64Array.of(0, 0, 0, 1, 0, 1, 0, 5, 1, 0);
    const encoded = {
      words: new Uint32Array(SPRING_WORDS),
      offsets: new Int16Array(SPRING_OFFSETS),
    };
    const back = new Float64Array(SPRING_STATE_LENGTH);
    encodeSpringState(state, 0, encoded, 0);
    decodeSpringState(encoded, 0, back, 0);
    expect(back[7]).toBeCloseTo(32_767 / 20_000, 6);
  });
});

describe('SpringStateRing', () => {
  it('holds a frame only as the recording it was written for, and wraps at its capacity', () => {
    const ring = new SpringStateRing(2, { seconds: 1 });
    expect(ring.frameCapacity).toBe(60);
    expect(ring.byteLength).toBe(60 * (2 * 22 + 4));
    const state = new Float64Array(2 * SPRING_STATE_LENGTH);
    state.set(randomState(seeded(1)), 0);
    state.set(randomState(seeded(2)), SPRING_STATE_LENGTH);
    ring.write(5, 100, state);
    expect(ring.holds(5, 100)).toBe(true);
    expect(ring.holds(5, 101)).toBe(false);
    expect(ring.holds(65, 100)).toBe(true);
    ring.write(65, 160, state);
    expect(ring.holds(5, 100)).toBe(false);
    expect(() => ring.read(5, 100, state)).toThrow(RangeError);
    const back = new Float64Array(2 * SPRING_STATE_LENGTH);
    ring.read(65, 160, back);
    for (let j = 0; j < 2; j++) {
      const o = j * SPRING_STATE_LENGTH;
      // A rotation comes back as q or −q (the same rotation).
      let dot = 0;
      for (let i = 0; i < 4; i++) dot += back[o + i]! * state[o + i]!;
      expect(Math.abs(dot)).toBeGreaterThan(1 - 1e-9);
      for (let i = 4; i < 10; i++)
        expect(Math.abs(back[o + i]! - state[o + i]!)).toBeLessThan(1e-4);
    }
  });

  it('keeps a shorter history for a model with very many joints', () => {
    const ring = new SpringStateRing(400, { maxBytes: 1024 * 1024 });
    expect(ring.frameCapacity).toBe(Math.floor((1024 * 1024) / (400 * 22 + 4)));
    expect(ring.byteLength).toBeLessThanOrEqual(1024 * 1024);
  });
});
