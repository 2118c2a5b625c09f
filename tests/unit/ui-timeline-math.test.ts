import { describe, expect, it } from 'vitest';
import {
  clampRange,
  defaultExportRange,
  formatOffset,
  formatSpan,
  frameAtPosition,
  shareOfFrame,
  spaceAction,
} from '../../renderer/src/ui/timeline/timeline-math';

describe('the timeline bar’s arithmetic', () => {
  const shown = { first: 100, last: 700 };

  it('maps track points to frames and back, clamped to the track', () => {
    expect(frameAtPosition(0, 600, shown)).toBe(100);
    expect(frameAtPosition(600, 600, shown)).toBe(700);
    expect(frameAtPosition(150, 600, shown)).toBe(250);
    expect(frameAtPosition(-40, 600, shown)).toBe(100);
    expect(frameAtPosition(900, 600, shown)).toBe(700);
    expect(frameAtPosition(10, 0, shown)).toBe(700);
    expect(frameAtPosition(10, 600, { first: 5, last: 5 })).toBe(5);
    for (const frame of [100, 250, 433, 700])
      expect(frameAtPosition(shareOfFrame(frame, shown) * 600, 600, shown)).toBe(frame);
    expect(shareOfFrame(40, shown)).toBe(0);
    expect(shareOfFrame(900, shown)).toBe(1);
  });

  it('keeps a chosen range inside what is recorded', () => {
    expect(clampRange({ first: 50, last: 300 }, shown)).toEqual({ first: 100, last: 300 });
    expect(clampRange({ first: 200, last: 900 }, shown)).toEqual({ first: 200, last: 700 });
    expect(clampRange({ first: 800, last: 900 }, shown)).toEqual({ first: 700, last: 700 });
    expect(clampRange({ first: 10, last: 20 }, shown)).toEqual({ first: 100, last: 100 });
  });

  it('defaults to the newest 10 s, or all of a shorter recording', () => {
    expect(defaultExportRange(shown)).toEqual({ first: 100, last: 700 });
    expect(defaultExportRange({ first: 0, last: 3599 })).toEqual({ first: 2999, last: 3599 });
    expect(defaultExportRange({ first: 0, last: 3599 }, 2, 30)).toEqual({
      first: 3539,
      last: 3599,
    });
  });

  it('gives Space the right meaning in every state', () => {
    expect(spaceAction({ paused: false, playing: false, inPast: false })).toBe('pause');
    expect(spaceAction({ paused: true, playing: false, inPast: true })).toBe('play-back');
    expect(spaceAction({ paused: true, playing: true, inPast: true })).toBe('stop-playback');
    expect(spaceAction({ paused: true, playing: false, inPast: false })).toBe('go-live');
  });

  it('writes how far back a frame is and how long a range is', () => {
    expect(formatOffset(700, 700)).toBe('0.00 s');
    expect(formatOffset(550, 700)).toBe('−2.50 s');
    expect(formatOffset(800, 700)).toBe('0.00 s');
    expect(formatSpan({ first: 100, last: 700 })).toBe('10.0 s');
  });
});
