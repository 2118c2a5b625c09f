import { RECORD_RATE_HZ, RECORD_SECONDS } from '../physics/recording/scene-recorder';
import type { RecordedFrames } from './recorded-frames';
import { CaptureFloor } from './recorded-frames';

/**
 * A figure's motion time beside the scene's recording, for what the view alone poses from the
 * motion (an MMD model's fingers and eyes): after each live frame {@link capture} stores the
 * time as every frame recorded since, so a scrubbed frame shows those bones as they were.
 * Entries carry the recorder's serial for their frame (see `SpringStateRing`). NaN stands for
 * "no motion then". Allocates nothing after it is made.
 */
export class MotionTimeHistory {
  private readonly times: Float64Array;
  /** The recorder's serial (≥ 1) of the frame each entry holds; 0 while empty. */
  private readonly serials: Int32Array;
  /** The oldest frame this history can hold: none before its model was shown. */
  private readonly floor = new CaptureFloor();

  constructor(frameCapacity = Math.round(RECORD_SECONDS * RECORD_RATE_HZ)) {
    this.times = new Float64Array(frameCapacity);
    this.serials = new Int32Array(frameCapacity);
  }

  /** Stores clock[0] (seconds, or NaN) as every frame recorded since the last capture. */
  capture(recording: RecordedFrames, clock: Float64Array): void {
    const last = recording.lastRecordedFrame;
    if (last < recording.firstRecordedFrame) return;
    const capacity = this.times.length;
    const oldest = this.floor.oldestFrame(recording, capacity);
    for (let frame = last; frame >= oldest; frame--) {
      const serial = recording.serialAt(frame);
      const index = frame % capacity;
      if (serial !== 0 && this.serials[index] === serial) break;
      this.times[index] = clock[0]!;
      this.serials[index] = serial;
    }
  }

  /** Writes the time stored for `frame` into clock[0]; false when it is not held. */
  readInto(frame: number, recording: RecordedFrames, clock: Float64Array): boolean {
    if (frame < recording.firstRecordedFrame || frame > recording.lastRecordedFrame) return false;
    const serial = recording.serialAt(frame);
    const index = frame % this.times.length;
    if (frame < 0 || serial === 0 || this.serials[index] !== serial) return false;
    clock[0] = this.times[index]!;
    return true;
  }
}
