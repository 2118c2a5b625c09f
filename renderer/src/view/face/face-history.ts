import type { RecordedFace } from '../../motion/export/face-keys';
import { RECORD_RATE_HZ, RECORD_SECONDS } from '../../physics/recording/scene-recorder';
import type { RecordedFrames } from '../recorded-frames';
import { CaptureFloor } from '../recorded-frames';
import type { FaceTarget } from './face-target';

/**
 * Most bytes one figure's face history holds (2 MiB): a full minute for up to 290 weights
 * (an MMD model with 177 morphs takes 1.3 MB); a face with more keeps a shorter history.
 */
export const FACE_HISTORY_MAX_BYTES = 2 * 1024 * 1024;

/** Weights are kept as 16-bit fractions: within 1/131070 of what was drawn. */
const WEIGHT_STEPS = 65535;

/**
 * Eyes whose angles a face history keeps beside the weights (a VRM's gaze, an MMD model's
 * eye bones). Numbers go through a Float64Array, never as a call's argument or result (V8
 * boxes those when it does not inline).
 */
export interface RecordedGaze {
  /** Writes the eyes' yaw and pitch, degrees, into `out[slot]` and `out[slot + 1]`. */
  readAngles(out: Float64Array, slot: number): void;
  /** Turns the eyes to the yaw and pitch in `from[slot]`, `from[slot + 1]` (degrees), at once. */
  showAngles(from: Float64Array, slot: number): void;
}

export interface FaceHistoryOptions {
  /** Seconds of history (default the recorder's). */
  readonly seconds?: number;
  /** Most bytes held (default {@link FACE_HISTORY_MAX_BYTES}). */
  readonly maxBytes?: number;
}

/**
 * One figure's face beside the scene's recording: after each live frame {@link capture} stores
 * every weight of its {@link FaceTarget} (VRM expressions, MMD morphs) and its eyes' angles as
 * the frames recorded since; while the timeline shows a recorded frame, {@link follow} puts
 * that frame's face back instead of letting the face run, so scrubbing, playing back and
 * Export Clip… show the face as it was, and Export Motion… reads it ({@link readInto}).
 * Entries carry the recorder's serial for their frame (see `SpringStateRing`). Weights live in
 * one preallocated Uint16Array ring, angles in a Float32Array: allocates nothing after it is
 * made.
 */
export class FaceHistory implements RecordedFace {
  readonly frameCapacity: number;
  readonly names: readonly string[];
  readonly hasGaze: boolean;
  private readonly weights: Uint16Array;
  private readonly angles: Float32Array;
  /** The recorder's serial (≥ 1) of the frame each entry holds; 0 while empty. */
  private readonly serials: Int32Array;
  /** The face at the last capture, at full precision (see {@link restoreLive}). */
  private readonly live: Float64Array;
  private readonly scratch: Float64Array;
  /** The oldest frame this history can hold: none before its face was shown. */
  private readonly floor = new CaptureFloor();
  /** Whether {@link live} holds a capture yet. */
  private captured = false;
  /** Whether a recorded frame was shown at the last {@link follow}. */
  private showing = false;
  /** The recording's truncation count when recorded frames began to be shown. */
  private truncationsWhenShown = 0;

  constructor(
    private readonly target: FaceTarget,
    private readonly gaze: RecordedGaze | null = null,
    options: FaceHistoryOptions = {},
  ) {
    this.names = target.names;
    this.hasGaze = gaze !== null;
    const count = this.names.length;
    const wanted = Math.round((options.seconds ?? RECORD_SECONDS) * RECORD_RATE_HZ);
    const perFrame = count * 2 + (gaze ? 8 : 0) + 4;
    this.frameCapacity = Math.max(
      1,
      Math.min(wanted, Math.floor((options.maxBytes ?? FACE_HISTORY_MAX_BYTES) / perFrame)),
    );
    this.weights = new Uint16Array(this.frameCapacity * count);
    this.angles = new Float32Array(gaze ? this.frameCapacity * 2 : 0);
    this.serials = new Int32Array(this.frameCapacity);
    this.live = new Float64Array(count + 2);
    this.scratch = new Float64Array(count + 2);
  }

  /** Bytes held by the history's arrays (fixed once made). */
  get byteLength(): number {
    return this.weights.byteLength + this.angles.byteLength + this.serials.byteLength;
  }

  /**
   * Call after the face ran on a live frame: stores it as every frame recorded since the last
   * capture (several when a drawn frame took more than two physics steps).
   */
  capture(recording: RecordedFrames): void {
    this.readFace(this.live);
    this.captured = true;
    const last = recording.lastRecordedFrame;
    if (last < recording.firstRecordedFrame) return;
    const oldest = this.floor.oldestFrame(recording, this.frameCapacity);
    for (let frame = last; frame >= oldest; frame--) {
      const serial = recording.serialAt(frame);
      if (this.holdsSerial(frame, serial)) break;
      this.write(frame, serial, this.live);
    }
  }

  /** Whether the face at `frame` is held (recorded while this face was shown). */
  holds(frame: number, recording: RecordedFrames): boolean {
    return (
      frame >= recording.firstRecordedFrame &&
      frame <= recording.lastRecordedFrame &&
      this.holdsSerial(frame, recording.serialAt(frame))
    );
  }

  /**
   * Copies the face recorded at `frame` as `serial` into `out`: each weight (0–1, in
   * {@link names} order), then, with {@link hasGaze}, the eyes' yaw and pitch (degrees).
   * False, and `out` untouched, when that frame is not held. Allocates nothing.
   */
  readInto(frame: number, serial: number, out: Float64Array): boolean {
    if (!this.holdsSerial(frame, serial)) return false;
    const count = this.names.length;
    const index = frame % this.frameCapacity;
    const base = index * count;
    const weights = this.weights;
    for (let i = 0; i < count; i++) out[i] = weights[base + i]! / WEIGHT_STEPS;
    if (this.gaze) {
      out[count] = this.angles[2 * index]!;
      out[count + 1] = this.angles[2 * index + 1]!;
    }
    return true;
  }

  /**
   * Call once a frame before the face's own update. While `recording` shows a recorded frame,
   * puts that frame's face on the target (drawn through `FaceTarget.apply`; a frame not held
   * leaves the face as it is) and returns true: the face must not run. Live again, returns
   * false, first putting the face back as at the last capture when the scene was left as it
   * was before those frames (a pause undone, a clip exported); resumed from one of them, the
   * face carries on from the frame shown.
   */
  follow(recording: RecordedFrames | undefined): boolean {
    const shown = recording?.shownFrame ?? null;
    if (recording !== undefined && shown !== null) {
      if (!this.showing) {
        this.showing = true;
        this.truncationsWhenShown = recording.truncations;
      }
      if (this.holds(shown, recording)) {
        this.readInto(shown, recording.serialAt(shown), this.scratch);
        this.put(this.scratch);
      }
      return true;
    }
    if (this.showing) {
      this.showing = false;
      const leftAsWas =
        recording === undefined || recording.truncations === this.truncationsWhenShown;
      if (leftAsWas && this.captured) this.put(this.live);
    }
    return false;
  }

  /** Puts the face back as at the last {@link capture}, at full precision. */
  restoreLive(): void {
    if (this.captured) this.put(this.live);
  }

  private holdsSerial(frame: number, serial: number): boolean {
    return frame >= 0 && serial !== 0 && this.serials[frame % this.frameCapacity] === serial;
  }

  private write(frame: number, serial: number, source: Float64Array): void {
    const count = this.names.length;
    const index = frame % this.frameCapacity;
    const base = index * count;
    const weights = this.weights;
    for (let i = 0; i < count; i++) {
      const w = source[i]!;
      weights[base + i] = Math.round((w < 0 ? 0 : w > 1 ? 1 : w) * WEIGHT_STEPS);
    }
    if (this.gaze) {
      this.angles[2 * index] = source[count]!;
      this.angles[2 * index + 1] = source[count + 1]!;
    }
    this.serials[index] = serial;
  }

  private readFace(out: Float64Array): void {
    const count = this.names.length;
    const target = this.target;
    for (let i = 0; i < count; i++) target.readWeight(i, out, i);
    this.gaze?.readAngles(out, count);
  }

  private put(face: Float64Array): void {
    const count = this.names.length;
    const target = this.target;
    for (let i = 0; i < count; i++) target.setWeightFrom(i, face, i);
    this.gaze?.showAngles(face, count);
    target.apply();
  }
}
