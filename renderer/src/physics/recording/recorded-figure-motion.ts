import { BODY_SNAPSHOT_LENGTH } from '../body-snapshot';
import type { DollSpec } from '../doll-spec';
import type { SceneRecorder } from './scene-recorder';
import { RECORD_RATE_HZ } from './scene-recorder';

/** Frames per second of exported motions: every second recorded frame. */
export const EXPORT_FRAME_RATE = 30;

/** One figure's parts over a recorded range, as a motion exporter needs them. */
export interface RecordedFigureMotion {
  readonly spec: DollSpec;
  /** Frames per second ({@link EXPORT_FRAME_RATE}). */
  readonly frameRate: number;
  readonly frameCount: number;
  /** The recorder's frame numbers of the exported frames. */
  readonly sourceFrames: Int32Array;
  /** Per frame, per part (spec order): world rotation x, y, z, w (its rotation away from rest). */
  readonly rotations: Float64Array;
  /** Per frame: the root part's centre, world metres. */
  readonly rootPositions: Float64Array;
}

/** A range the recording cannot give (the figure was not there, or it is not recorded). */
export class RecordingRangeError extends Error {
  override name = 'RecordingRangeError';
}

/**
 * The recorded poses of figure `figureId` (built from `spec`) from frame `first` to `last`,
 * every second frame (30 per second). Throws a {@link RecordingRangeError} when a frame of the
 * range is not held or does not hold the figure.
 */
export function recordedFigureMotion(
  recorder: SceneRecorder,
  figureId: number,
  spec: DollSpec,
  first: number,
  last: number,
): RecordedFigureMotion {
  if (!recorder.holds(first) || !recorder.holds(last) || last < first)
    throw new RecordingRangeError(
      `Frames ${first}–${last} are not recorded (frames ${recorder.firstFrame}–${recorder.lastFrame} are).`,
    );
  const stride = RECORD_RATE_HZ / EXPORT_FRAME_RATE;
  const frameCount = Math.floor((last - first) / stride) + 1;
  const parts = spec.parts.length;
  const root = spec.parts.findIndex((part) => part.name === spec.rootPart);
  const rotations = new Float64Array(frameCount * parts * 4);
  const rootPositions = new Float64Array(frameCount * 3);
  const sourceFrames = new Int32Array(frameCount);
  const state = new Float64Array(BODY_SNAPSHOT_LENGTH);
  for (let f = 0; f < frameCount; f++) {
    const frame = first + f * stride;
    sourceFrames[f] = frame;
    const recorded = recorder.layoutAt(frame).figures.find((figure) => figure.id === figureId);
    if (!recorded || recorded.partCount !== parts)
      throw new RecordingRangeError(
        `The figure is not in the recording at ${recorder.timeAt(frame).toFixed(2)} s; choose a range after it was added.`,
      );
    for (let p = 0; p < parts; p++) {
      recorder.readState(frame, recorded.start + p, state);
      rotations.set(state.subarray(3, 7), (f * parts + p) * 4);
      if (p === root) rootPositions.set(state.subarray(0, 3), f * 3);
    }
  }
  return { spec, frameRate: EXPORT_FRAME_RATE, frameCount, sourceFrames, rotations, rootPositions };
}
