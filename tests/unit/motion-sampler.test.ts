import { describe, expect, it } from 'vitest';
import { LINEAR_BEZIER_BYTES, bezierEase } from '../../renderer/src/motion/cubic-bezier';
import {
  keyIndexAt,
  sampleRotation,
  sampleTranslation,
} from '../../renderer/src/motion/sample-track';
import { axisAngleQuat } from '../../renderer/src/motion/quat-tuple';
import {
  angleBetweenQuats,
  partRotation,
  rotationTrack,
  translationTrack,
} from '../support/motion-clips';

const Y: [number, number, number] = [0, 1, 0];

describe('MMD Bézier easing', () => {
  it('is the identity for the default straight curve (control points on the diagonal)', () => {
    const [x1, y1, x2, y2] = LINEAR_BEZIER_BYTES;
    for (const x of [0, 0.1, 0.37, 0.5, 0.9, 1])
      expect(bezierEase(x1, y1, x2, y2, x)).toBeCloseTo(x, 9);
  });

  it('matches hand-computed points of x(t) = 3t² − 2t³ (x1 = 0, x2 = 127)', () => {
    // With x1 = 0 and x2 = 1, x(t) = 3(1 − t)t² + t³ = 3t² − 2t³: x(0.5) = 0.5, x(0.25) = 0.15625.
    // With y1 = y2 = 0, y(t) = t³: 0.125 at t = 0.5, 0.015625 at t = 0.25.
    expect(bezierEase(0, 0, 127, 0, 0.5)).toBeCloseTo(0.125, 9);
    expect(bezierEase(0, 0, 127, 0, 0.15625)).toBeCloseTo(0.015625, 9);
    // With y1 = y2 = 1, y(t) = 3(1 − t)²t + 3(1 − t)t² + t³ = 3t − 3t² + t³: 0.875 at t = 0.5.
    expect(bezierEase(0, 127, 127, 127, 0.5)).toBeCloseTo(0.875, 9);
    // x(0.75) = 3·0.5625 − 2·0.421875 = 0.84375; y(0.75) = 2.25 − 1.6875 + 0.421875 = 0.984375.
    expect(bezierEase(0, 127, 127, 127, 0.84375)).toBeCloseTo(0.984375, 9);
  });

  it('is clamped to 0 and 1 outside the segment', () => {
    expect(bezierEase(0, 0, 127, 0, -0.2)).toBe(0);
    expect(bezierEase(0, 0, 127, 0, 1.3)).toBe(1);
  });
});

describe('keyframe tracks', () => {
  it('finds the key at or before a time', () => {
    const times = Float64Array.from([0, 1, 2.5, 4]);
    expect([-1, 0, 0.5, 1, 2.4, 2.5, 3.9, 4, 9].map((t) => keyIndexAt(times, t))).toEqual([
      0, 0, 0, 1, 1, 2, 2, 3, 3,
    ]);
  });

  it('slerps rotations between keys and holds the ends', () => {
    const track = rotationTrack([1, 3], [axisAngleQuat(Y, 0), axisAngleQuat(Y, Math.PI / 2)]);
    const out = new Float64Array(8);
    const at = (t: number) => {
      sampleRotation(track, t, out, 4);
      return partRotation(out, 1);
    };
    expect(angleBetweenQuats(at(2), axisAngleQuat(Y, Math.PI / 4))).toBeLessThan(1e-9);
    expect(angleBetweenQuats(at(1.5), axisAngleQuat(Y, Math.PI / 8))).toBeLessThan(1e-9);
    expect(angleBetweenQuats(at(0), axisAngleQuat(Y, 0))).toBeLessThan(1e-9);
    expect(angleBetweenQuats(at(7), axisAngleQuat(Y, Math.PI / 2))).toBeLessThan(1e-9);
    // The slot before the written one is untouched.
    expect([...out.slice(0, 4)]).toEqual([0, 0, 0, 0]);
  });

  it('eases a rotation by the curve stored on the key the segment leads into', () => {
    const track = rotationTrack(
      [0, 1],
      [axisAngleQuat(Y, 0), axisAngleQuat(Y, Math.PI / 2)],
      [
        [127, 127, 0, 0], // the first key's curve governs nothing before it
        [0, 0, 127, 0],
      ],
    );
    const out = new Float64Array(4);
    sampleRotation(track, 0.5, out, 0);
    // Halfway in time the curve gives 0.125 of the way: 90° × 0.125.
    expect(
      angleBetweenQuats(partRotation(out, 0), axisAngleQuat(Y, (Math.PI / 2) * 0.125)),
    ).toBeLessThan(1e-9);
  });

  it('interpolates each translation axis by its own curve', () => {
    const track = translationTrack(
      [0, 2],
      [
        [0, 0, 0],
        [1, 2, -4],
      ],
      [
        [20, 20, 107, 107, 20, 20, 107, 107, 20, 20, 107, 107],
        // X straight, Y the t³ curve, Z the 3t − 3t² + t³ curve.
        [20, 20, 107, 107, 0, 0, 127, 0, 0, 127, 127, 127],
      ],
    );
    const out = new Float64Array(3);
    sampleTranslation(track, 1, out, 0);
    expect(out[0]).toBeCloseTo(0.5, 9);
    expect(out[1]).toBeCloseTo(2 * 0.125, 9);
    expect(out[2]).toBeCloseTo(-4 * 0.875, 9);
  });

  it('interpolates translations linearly without curves and holds the ends', () => {
    const track = translationTrack(
      [0, 1, 2],
      [
        [0, 0, 0],
        [1, 0, 0],
        [1, 1, 0],
      ],
    );
    const out = new Float64Array(3);
    sampleTranslation(track, 1.25, out, 0);
    expect([...out]).toEqual([1, 0.25, 0]);
    sampleTranslation(track, 5, out, 0);
    expect([...out]).toEqual([1, 1, 0]);
  });
});
