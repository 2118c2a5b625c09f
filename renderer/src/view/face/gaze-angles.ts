import type { RecordedGaze } from './face-history';

/**
 * A point further off the face's front than this (degrees, left or right) is out of the eyes'
 * reach: they look ahead instead of straining at the edge of their range.
 */
export const GAZE_MAX_YAW = 55;
/** The same up or down, degrees. */
export const GAZE_MAX_PITCH = 40;
/** How fast the eyes turn toward a new target: the gap shrinks by e each 1/this seconds. */
export const GAZE_RATE = 14;

/**
 * The eyes' turn a gaze eases toward its target and a face history records: yaw and pitch,
 * degrees. What the angles mean on the model is the subclass's.
 */
export abstract class GazeAngles implements RecordedGaze {
  protected yaw = 0;
  protected pitch = 0;

  /** The eyes' current yaw and pitch, degrees. */
  get angles(): { readonly yaw: number; readonly pitch: number } {
    return { yaw: this.yaw, pitch: this.pitch };
  }

  readAngles(out: Float64Array, slot: number): void {
    out[slot] = this.yaw;
    out[slot + 1] = this.pitch;
  }

  showAngles(from: Float64Array, slot: number): void {
    this.yaw = from[slot]!;
    this.pitch = from[slot + 1]!;
  }
}
