/**
 * Which recorded frame each frame of a clip shows, and when it plays: a clip at `fps` frames
 * per second over a range recorded at `recordRateHz` takes every `recordRateHz / fps`-th
 * recorded frame, and its frame `i` plays at exactly `i / fps` seconds. Pure arithmetic, so
 * the timing of the file never depends on how long drawing or encoding took.
 */
export class ClipFrameSchedule {
  /** Frames in the clip; it lasts `frames / fps` seconds. */
  readonly frames: number;
  /** Recorded frames per clip frame (2 for 30 fps from 60 Hz, 1 for 60 fps). */
  private readonly stride: number;

  /**
   * @param firstFrame - the recorder's frame number at the range's start
   * @param lastFrame - the recorder's frame number at the range's end (not before `firstFrame`)
   * @param recordRateHz - recorded frames per second of simulated time
   * @param fps - frames per second of the clip (at most `recordRateHz`)
   */
  constructor(
    private readonly firstFrame: number,
    lastFrame: number,
    recordRateHz: number,
    readonly fps: number,
  ) {
    if (!(fps > 0 && fps <= recordRateHz))
      throw new RangeError(`A clip runs at 1 to ${recordRateHz} fps, not ${fps}.`);
    if (!(lastFrame >= firstFrame))
      throw new RangeError(`The range ends (frame ${lastFrame}) before it starts (${firstFrame}).`);
    this.stride = recordRateHz / fps;
    this.frames = Math.floor((lastFrame - firstFrame) / this.stride + 1e-9) + 1;
  }

  /** The recorder's frame that clip frame `index` (0-based) shows. */
  recordedFrame(index: number): number {
    return this.firstFrame + Math.round(index * this.stride);
  }

  /** When clip frame `index` starts, in microseconds (WebCodecs' unit), rounded to whole µs. */
  timestampUs(index: number): number {
    return Math.round((index * 1e6) / this.fps);
  }

  /** How long clip frame `index` lasts, µs: up to the next frame's start, so no gap builds up. */
  durationUs(index: number): number {
    return this.timestampUs(index + 1) - this.timestampUs(index);
  }

  /** The clip's length, seconds. */
  get seconds(): number {
    return this.frames / this.fps;
  }
}
