import type { RecordedFigureMotion } from '../../physics/recording/recorded-figure-motion';
import type { Vec3 } from '../../physics/vector-math';
import type { HumanoidBoneName } from '../../rig/humanoid-bones';
import { HUMANOID_PARENTS } from '../humanoid-hierarchy';
import type { FigureKind } from '../rest-offsets';
import type { FaceKeys, RecordedFace } from './face-keys';
import { humanoidKeys } from './humanoid-keys';
import { writeVmd } from './write-vmd';
import { vrmaExpressionNames, writeVrma } from './write-vrma';

/** The motion file kinds a figure's recording can be written as. */
export type MotionExportFormat = 'vrma' | 'vmd';

/** What is known of the recorded figure beyond its spec. */
export interface ExportedFigure {
  readonly kind: FigureKind;
  /** An MMD model's own name (else its file name): a `.vmd` names the model it was made on. */
  readonly modelName?: string;
  /** Its face as recorded beside the scene's frames; none for the box dummy. */
  readonly face?: RecordedFace;
  /** For a VRM avatar: its rig's bone owners, hips offset and model hips height (see `humanoidKeys`). */
  readonly vrm?: {
    readonly boneOwners: ReadonlyMap<HumanoidBoneName, string>;
    readonly hipsOffset: Vec3;
    readonly restHipsHeight: number;
  };
}

/** A written motion file and what it holds. */
export interface ExportedMotion {
  readonly bytes: Uint8Array;
  readonly frames: number;
  /** The bones keyed, by their humanoid names. */
  readonly bones: readonly string[];
  /** The face's weights written (VRM expressions, MMD morphs), by name. */
  readonly faceNames: readonly string[];
  /** Whether the eyes' gaze was written (a `.vrma`'s look-at). */
  readonly gaze: boolean;
}

/** The format a file name asks for (`.vrma` or `.vmd`, any case), or null. */
export function motionExportFormat(fileName: string): MotionExportFormat | null {
  const match = /\.(vrma|vmd)$/i.exec(fileName);
  return match ? (match[1]!.toLowerCase() as MotionExportFormat) : null;
}

/**
 * A figure's recorded motion as a `.vrma` (T-pose rotations and hips translation) or `.vmd`
 * (MMD's standard bones and センター). `name` goes into the file: the animation's name, or a
 * VMD's model name when the figure has no {@link ExportedFigure.modelName}. With `face` (the
 * face recorded over the same frames, see `recordedFaceKeys`), a `.vrma` also gets expression
 * and look-at tracks and a `.vmd` morph keys.
 */
export function exportFigureMotion(
  motion: RecordedFigureMotion,
  figure: ExportedFigure,
  format: MotionExportFormat,
  name: string,
  face: FaceKeys | null = null,
): ExportedMotion {
  const keys = humanoidKeys(motion, [...HUMANOID_PARENTS.keys()], {
    rest: format === 'vrma' ? 'tpose' : 'mmd',
    figureKind: figure.kind,
    ...(figure.vrm && format === 'vrma' ? figure.vrm : {}),
  });
  if (face && face.frameCount !== keys.frameCount)
    throw new Error(`exportFigureMotion: ${face.frameCount} face frames for ${keys.frameCount}`);
  const frames = keys.frameCount;
  if (format === 'vrma') {
    const bytes = writeVrma(keys, name, face);
    const faceNames = face ? vrmaExpressionNames(face) : [];
    return { bytes, frames, bones: keys.bones, faceNames, gaze: (face?.gaze ?? null) !== null };
  }
  const bytes = writeVmd(keys, figure.modelName ?? name, face);
  return { bytes, frames, bones: keys.bones, faceNames: face?.names ?? [], gaze: false };
}
