/**
 * The face logic on its own, driven by time and events: blinking at irregular 2–6 s intervals
 * for about 0.15 s, and reactions that ease in and out (surprise while held, pain stronger
 * with a stronger hit, eyes shut after lying knocked down, neutral again on getting up).
 */
import { describe, expect, it } from 'vitest';
import {
  BLINK_GAP_MAX,
  BLINK_GAP_MIN,
  BLINK_SECONDS,
  BlinkClock,
} from '../../renderer/src/view/face/blink-clock';
import type { FaceCueReading } from '../../renderer/src/view/face/face-reactions';
import {
  FaceReactions,
  HIT_SPEED_CHANGE,
  LIMP_EYES_CLOSE_SECONDS,
  hitPain,
} from '../../renderer/src/view/face/face-reactions';

const FRAME = 1 / 60;

describe('BlinkClock', () => {
  it('blinks both eyes for about 0.15 s at irregular 2–6 s intervals', () => {
    const clock = new BlinkClock(7);
    const starts: number[] = [];
    const lengths: number[] = [];
    let closedSince = -1;
    let peak = 0;
    for (let frame = 0; frame < 60 * 120; frame++) {
      const w = clock.advance(FRAME);
      peak = Math.max(peak, w);
      const t = frame * FRAME;
      if (w > 0 && closedSince < 0) {
        closedSince = t;
        starts.push(t);
      }
      if (w === 0 && closedSince >= 0) {
        lengths.push(t - closedSince);
        closedSince = -1;
      }
    }
    expect(peak).toBe(1);
    expect(starts.length).toBeGreaterThan(120 / BLINK_GAP_MAX);
    expect(clock.count).toBe(starts.length);
    const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(BLINK_GAP_MIN + BLINK_SECONDS - 2 * FRAME);
      expect(gap).toBeLessThanOrEqual(BLINK_GAP_MAX + BLINK_SECONDS + 2 * FRAME);
    }
    // Irregular: the gaps spread over the range rather than repeating one value.
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeGreaterThan(1.5);
    for (const length of lengths) expect(Math.abs(length - BLINK_SECONDS)).toBeLessThan(2 * FRAME);
  });

  it('gives different figures different rhythms', () => {
    const a = new BlinkClock(1);
    const b = new BlinkClock(2);
    let differ = 0;
    for (let i = 0; i < 600; i++) if (a.advance(FRAME) !== b.advance(FRAME)) differ++;
    expect(differ).toBeGreaterThan(0);
  });
});

describe('FaceReactions', () => {
  const cue = (over: Partial<FaceCueReading> = {}): FaceCueReading => ({
    held: false,
    jolt: 0,
    state: 'passive',
    ...over,
  });

  it('is surprised within 0.2 s of a grab, holds, and eases back after the release', () => {
    const r = new FaceReactions();
    let t = 0;
    while (r.surprise <= 0.5) {
      r.update(FRAME, cue({ held: true }));
      t += FRAME;
    }
    expect(t).toBeLessThan(0.2);
    const levels: number[] = [];
    for (let i = 0; i < 120; i++) {
      r.update(FRAME, cue());
      levels.push(r.surprise);
    }
    // Eased: no frame drops by more than a fraction, and it ends neutral.
    for (let i = 1; i < levels.length; i++) expect(levels[i - 1]! - levels[i]!).toBeLessThan(0.1);
    expect(levels[10]).toBe(1);
    expect(levels.at(-1)).toBe(0);
  });

  it('shows more pain for a harder hit, and none for an ordinary bump', () => {
    expect(hitPain(HIT_SPEED_CHANGE)).toBeLessThan(hitPain(6));
    expect(hitPain(6)).toBeLessThan(hitPain(12));
    const peakFor = (jolt: number): number => {
      const r = new FaceReactions();
      r.update(FRAME, cue({ jolt }));
      let peak = 0;
      for (let i = 0; i < 120; i++) {
        r.update(FRAME, cue());
        peak = Math.max(peak, r.pain);
      }
      return peak;
    };
    expect(peakFor(1)).toBe(0);
    expect(peakFor(4)).toBeGreaterThan(0.3);
    expect(peakFor(12)).toBeGreaterThan(peakFor(4));
  });

  it('is pained when knocked down, shuts its eyes lying limp, and is neutral on getting up', () => {
    const r = new FaceReactions();
    for (let i = 0; i < 30; i++) r.update(FRAME, cue({ state: 'following' }));
    expect(r.pain).toBe(0);
    r.update(FRAME, cue({ state: 'limp' }));
    for (let i = 0; i < 10; i++) r.update(FRAME, cue({ state: 'limp' }));
    expect(r.pain).toBeGreaterThan(0.5);
    for (let t = 0; t < LIMP_EYES_CLOSE_SECONDS + 0.6; t += FRAME)
      r.update(FRAME, cue({ state: 'limp' }));
    expect(r.eyesShut).toBe(1);
    for (let i = 0; i < 60; i++) r.update(FRAME, cue({ state: 'gettingUp' }));
    expect(r.eyesShut).toBe(0);
    expect(r.pain).toBe(0);
  });

  it('is not pained by a knock-down the hand caused', () => {
    const r = new FaceReactions();
    r.update(FRAME, cue({ state: 'following' }));
    for (let i = 0; i < 20; i++) r.update(FRAME, cue({ state: 'limp', held: true }));
    expect(r.pain).toBe(0);
    expect(r.surprise).toBe(1);
  });
});
