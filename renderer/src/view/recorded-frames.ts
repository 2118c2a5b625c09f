/**
 * What the view reads of the scene's recording (the timeline), so the avatars can keep what
 * only the view simulates (VRM spring bones) beside each recorded frame and show it again.
 * Frame numbers are the recorder's (`physics/recording/scene-recorder.ts`).
 */
export interface RecordedFrames {
  /** The recorded frame the scene shows (paused or played back), or null while live. */
  readonly shownFrame: number | null;
  /** The oldest frame held. */
  readonly firstRecordedFrame: number;
  /** The newest frame held (less than {@link firstRecordedFrame} while none is). */
  readonly lastRecordedFrame: number;
  /**
   * Which recording of a held frame this is: a number no other record shares (a frame
   * recorded again after resuming from the past gets a new one).
   */
  serialAt(frame: number): number;
  /**
   * How many times the simulation carried on from a frame shown (a new future began). When it
   * did not change while frames were shown, the scene was left as it was before them.
   */
  readonly truncations: number;
}

/**
 * Where a history kept beside the recording (spring bones, a face, a motion's time) stops
 * writing at a capture: it stores its state as every frame recorded since its last capture,
 * newest first, but none from before it was first captured, and no more than it holds.
 */
export class CaptureFloor {
  /** The oldest frame the history can have: none before its first capture (−1 until then). */
  private floor = -1;

  /**
   * The oldest frame a capture may write (the newest is `recording.lastRecordedFrame`, at
   * least one frame being held), for a history of `capacity` frames. Call once per capture:
   * resuming from before the first capture lowers the floor, forgetting everything after it.
   */
  oldestFrame(recording: RecordedFrames, capacity: number): number {
    const last = recording.lastRecordedFrame;
    this.floor = this.floor < 0 ? last : Math.min(this.floor, last);
    return Math.max(recording.firstRecordedFrame, this.floor, last - capacity + 1);
  }
}
