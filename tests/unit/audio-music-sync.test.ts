/**
 * The rule that keeps a song with the motion: the song's place is the motion's time plus the
 * offset, it plays only while the motion runs and inside the song, at the TIME speed; it is
 * moved only when more than 40 ms off; a clock that stops moving makes it wait.
 */
import { describe, expect, it } from 'vitest';
import {
  MUSIC_STALL_SECONDS,
  StallWatch,
  clampOffset,
  musicTarget,
  needsSeek,
} from '../../renderer/src/audio/music-sync';

describe('music follows the motion clock', () => {
  it('puts the song at the motion time plus the offset, playing while the motion runs', () => {
    expect(musicTarget({ time: 12.5, running: true, timeScale: 1 }, 0.25, 180)).toEqual({
      position: 12.75,
      play: true,
      rate: 1,
    });
    // Paused (or scrubbed): same place, silent.
    expect(musicTarget({ time: 12.5, running: false, timeScale: 1 }, 0, 180).play).toBe(false);
    // TIME 0.5: half speed.
    expect(musicTarget({ time: 3, running: true, timeScale: 0.5 }, 0, 180).rate).toBe(0.5);
    // The motion looped: back near the song's start.
    expect(musicTarget({ time: 0.01, running: true, timeScale: 1 }, 0, 180).position).toBe(0.01);
  });

  it('waits before the song starts and after it ends; no motion, no music', () => {
    const early = musicTarget({ time: 1, running: true, timeScale: 1 }, -2, 180);
    expect(early).toEqual({ position: 0, play: false, rate: 1 });
    const late = musicTarget({ time: 179, running: true, timeScale: 1 }, 2, 180);
    expect(late.play).toBe(false);
    expect(late.position).toBe(180);
    expect(musicTarget({ time: null, running: true, timeScale: 1 }, 0, 180).play).toBe(false);
  });

  it('moves a song only when it is more than 40 ms off', () => {
    const target = { position: 10, play: true, rate: 1 };
    expect(needsSeek(10.039, target)).toBe(false);
    expect(needsSeek(9.961, target)).toBe(false);
    expect(needsSeek(10.05, target)).toBe(true);
    expect(needsSeek(9.9, target)).toBe(true);
  });

  it('keeps the offset within ±5 s in 10 ms steps', () => {
    expect(clampOffset(7)).toBe(5);
    expect(clampOffset(-9)).toBe(-5);
    expect(clampOffset(1.234)).toBeCloseTo(1.23, 10);
    expect(clampOffset(Number.NaN)).toBe(0);
  });

  it('calls a clock stalled once its time has stood still for a quarter second of wall time', () => {
    const watch = new StallWatch();
    expect(watch.moving(1, 0)).toBe(true);
    expect(watch.moving(1, MUSIC_STALL_SECONDS * 1000 - 1)).toBe(true);
    expect(watch.moving(1, MUSIC_STALL_SECONDS * 1000 + 1)).toBe(false);
    expect(watch.moving(1.01, MUSIC_STALL_SECONDS * 1000 + 2)).toBe(true);
  });
});
