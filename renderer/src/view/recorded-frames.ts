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
