/**
 * The clip's frame schedule: which recorded frame each clip frame shows and its exact time,
 * independent of how long drawing takes.
 */
import { describe, expect, it } from 'vitest';
import { ClipFrameSchedule } from '../../renderer/src/ui/export/clip-frame-schedule';

describe('clip frame schedule', () => {
  it('takes every second 60 Hz frame at 30 fps, stamped at exactly i / 30 s', () => {
    const schedule = new ClipFrameSchedule(100, 280, 60, 30);
    // 3 s of recording: 90 steps of two frames, plus the first frame.
    expect(schedule.frames).toBe(91);
    expect(schedule.recordedFrame(0)).toBe(100);
    expect(schedule.recordedFrame(1)).toBe(102);
    expect(schedule.recordedFrame(90)).toBe(280);
    expect(schedule.timestampUs(0)).toBe(0);
    expect(schedule.timestampUs(1)).toBe(33_333);
    expect(schedule.timestampUs(2)).toBe(66_667);
    expect(schedule.timestampUs(30)).toBe(1_000_000);
    expect(schedule.seconds).toBeCloseTo(91 / 30, 12);
  });

  it('leaves no gap or overlap between frame times, however they round', () => {
    const schedule = new ClipFrameSchedule(0, 599, 60, 30);
    let end = 0;
    for (let i = 0; i < schedule.frames; i++) {
      expect(schedule.timestampUs(i)).toBe(end);
      expect([33_333, 33_334]).toContain(schedule.durationUs(i));
      end += schedule.durationUs(i);
    }
    expect(end).toBe(Math.round((schedule.frames * 1e6) / 30));
  });

  it('takes every frame at 60 fps, and the last one only when the range reaches it', () => {
    const sixty = new ClipFrameSchedule(10, 70, 60, 60);
    expect(sixty.frames).toBe(61);
    expect(sixty.recordedFrame(60)).toBe(70);
    expect(sixty.timestampUs(60)).toBe(1_000_000);
    // An odd number of recorded frames at 30 fps: the last clip frame stays inside the range.
    const odd = new ClipFrameSchedule(0, 7, 60, 30);
    expect(odd.frames).toBe(4);
    expect(odd.recordedFrame(3)).toBe(6);
  });

  it('refuses a rate above the recording or a range that ends before it starts', () => {
    expect(() => new ClipFrameSchedule(0, 60, 60, 120)).toThrow(/1 to 60 fps, not 120/);
    expect(() => new ClipFrameSchedule(0, 60, 60, 0)).toThrow(RangeError);
    expect(() => new ClipFrameSchedule(50, 40, 60, 30)).toThrow(/ends \(frame 40\) before/);
  });
});
