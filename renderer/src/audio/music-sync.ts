/**
 * Where the song should be, from the motion's clock: the rule that keeps music in step with a
 * dance. Plain numbers in, plain numbers out, so it is tested without a browser.
 */

/** The song is moved when it is this far (seconds) from where the motion says it should be. */
export const MUSIC_SEEK_TOLERANCE = 0.04;
/** The offset control's range, seconds (±5 s), and its step (10 ms). */
export const MUSIC_OFFSET_MAX = 5;
export const MUSIC_OFFSET_STEP = 0.01;
/**
 * Wall seconds the motion's clock may stand still while said to run before the song waits
 * for it (a hidden window, a stalled frame loop): longer than any frame, shorter than a beat.
 */
export const MUSIC_STALL_SECONDS = 0.25;

/** What the motion is doing now. */
export interface MotionClock {
  /** Seconds into the motion (wrapped into its length), or null when no figure plays one. */
  readonly time: number | null;
  /** Whether simulated time runs and the motion plays (not paused, not scrubbed or replayed). */
  readonly running: boolean;
  /** TIME, 0.1..1: the song plays at this speed. */
  readonly timeScale: number;
}

/** Where and how the song should play. */
export interface MusicTarget {
  /** Seconds into the song. */
  readonly position: number;
  readonly play: boolean;
  /** Playback speed (TIME). */
  readonly rate: number;
}

/**
 * The song's target for a motion at `clock`: the motion's time plus `offset` (seconds; a song
 * that starts late in its file needs a positive one), playing only while the motion runs and
 * the position lies inside the song (`duration`, seconds).
 */
export function musicTarget(clock: MotionClock, offset: number, duration: number): MusicTarget {
  if (clock.time === null) return { position: 0, play: false, rate: clock.timeScale };
  const position = clock.time + offset;
  const inside = position >= 0 && position < duration;
  return {
    position: Math.min(Math.max(position, 0), duration),
    play: clock.running && inside,
    rate: clock.timeScale,
  };
}

/** Whether a song at `current` seconds must be moved to reach `target`. */
export function needsSeek(current: number, target: MusicTarget): boolean {
  return Math.abs(current - target.position) > MUSIC_SEEK_TOLERANCE;
}

/** `offset` clamped to ±{@link MUSIC_OFFSET_MAX} and rounded to {@link MUSIC_OFFSET_STEP}. */
export function clampOffset(offset: number): number {
  if (!Number.isFinite(offset)) return 0;
  const clamped = Math.min(MUSIC_OFFSET_MAX, Math.max(-MUSIC_OFFSET_MAX, offset));
  return Math.round(clamped / MUSIC_OFFSET_STEP) * MUSIC_OFFSET_STEP;
}

/**
 * Tells whether the motion's clock really moves: a clock said to run whose time has not
 * changed for {@link MUSIC_STALL_SECONDS} of wall time is stalled, and the song waits.
 */
export class StallWatch {
  private lastTime: number | null = null;
  private lastChangeMs = 0;

  /** Whether the clock at `time` moves, seen at wall time `nowMs`. */
  moving(time: number | null, nowMs: number): boolean {
    if (time !== this.lastTime) {
      this.lastTime = time;
      this.lastChangeMs = nowMs;
      return true;
    }
    return nowMs - this.lastChangeMs < MUSIC_STALL_SECONDS * 1000;
  }
}
