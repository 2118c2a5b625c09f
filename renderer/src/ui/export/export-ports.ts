import type { Rewind } from '../../physics/recording/rewind';
import type { SceneRecorder } from '../../physics/recording/scene-recorder';

/**
 * A stretch of the recording to export: simulated seconds (the recorder's time) and the
 * recorder's frame numbers at its ends.
 */
export interface ExportRange {
  readonly startSeconds: number;
  readonly endSeconds: number;
  readonly firstFrame: number;
  readonly lastFrame: number;
}

/** The app's recording as exports read it (the timeline fits). */
export interface ExportRecording {
  readonly recorder: SceneRecorder;
  readonly rewind: Rewind;
  /** The range chosen on the timeline (by default the newest 10 s); null while nothing is held. */
  exportRange(): ExportRange | null;
}

/** The view as exports use it (`RagdollView` fits). */
export interface ExportView {
  /** The canvas the scene is drawn on (double-click, right-click); a clip is captured from it. */
  readonly canvas: HTMLCanvasElement;
  /** The figure the camera orbits (double-click), or null. */
  readonly focusedFigure: number | null;
  /** The view at `width`×`height` pixels as PNG (Save Picture…). */
  picture(width: number, height: number): Promise<Blob>;
  /**
   * Stops the frame loop (no steps, no drawing) until {@link start}: a clip export draws its
   * frames itself.
   */
  stop(): void;
  start(): void;
  /** Draws one frame as after `seconds`, without stepping the physics. */
  drawFrame(seconds: number): void;
}
