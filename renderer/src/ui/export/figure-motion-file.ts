import type { ExportedFigure, ExportedMotion } from '../../motion/export/export-figure-motion';
import { exportFigureMotion } from '../../motion/export/export-figure-motion';
import { recordedFaceKeys } from '../../motion/export/face-keys';
import { recordedFigureMotion } from '../../physics/recording/recorded-figure-motion';
import type { SceneRecorder } from '../../physics/recording/scene-recorder';
import type { FigureEntry, FigureTable } from '../../physics/sandbox';
import type { ExportRange } from './export-ports';

/** A figure's motion file, ready to save. */
export interface FigureMotionFile extends ExportedMotion {
  readonly format: 'vrma' | 'vmd';
}

/**
 * The figure a motion export writes: the one the camera orbits (double-click), else the first.
 */
export function figureToExport(
  table: FigureTable,
  focusedFigure: number | null,
): FigureEntry | undefined {
  return (focusedFigure === null ? undefined : table.entryOf(focusedFigure)) ?? table.figures[0];
}

/**
 * `figure`'s recorded motion over `range` as a file: `.vmd` for an MMD model (MMD's standard
 * bones, 30 fps), `.vrma` for a VRM avatar and the box dummy (the humanoid bones its parts stand
 * for), with the face as it was recorded (expressions and gaze, or morphs) when the figure has
 * one. Throws a `RecordingRangeError` when the figure is not in every frame of the range.
 */
export function figureMotionFile(
  recorder: SceneRecorder,
  range: ExportRange,
  figure: FigureEntry,
  exported: ExportedFigure,
  name: string,
): FigureMotionFile {
  const format = exported.kind === 'mmd' ? 'vmd' : 'vrma';
  const motion = recordedFigureMotion(
    recorder,
    figure.id,
    figure.spec,
    range.firstFrame,
    range.lastFrame,
  );
  const face = exported.face
    ? recordedFaceKeys(exported.face, motion.sourceFrames, (frame) => recorder.serialAt(frame))
    : null;
  return { ...exportFigureMotion(motion, exported, format, name, face), format };
}
