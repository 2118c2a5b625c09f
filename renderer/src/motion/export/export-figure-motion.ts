import type { RecordedFigureMotion } from '../../physics/recording/recorded-figure-motion';
import type { Vec3 } from '../../physics/vector-math';
import type { HumanoidBoneName } from '../../rig/humanoid-bones';
import { HUMANOID_PARENTS } from '../humanoid-hierarchy';
import type { FigureKind } from '../rest-offsets';
import { humanoidKeys } from './humanoid-keys';
import { writeVmd } from './write-vmd';
import { writeVrma } from './write-vrma';

/** The motion file kinds a figure's recording can be written as. */
export type MotionExportFormat = 'vrma' | 'vmd';

/** What is known of the recorded figure beyond its spec. */
export interface ExportedFigure {
  readonly kind: FigureKind;
  /** An MMD model's own name (else its file name): a `.vmd` names the model it was made on. */
  readonly modelName?: string;
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
}

/** The format a file name asks for (`.vrma` or `.vmd`, any case), or null. */
export function motionExportFormat(fileName: string): MotionExportFormat | null {
  const match = /\.(vrma|vmd)$/i.exec(fileName);
  return match ? (match[1]!.toLowerCase() as MotionExportFormat) : null;
}

/**
 * A figure's recorded motion as a `.vrma` (T-pose rotations and hips translation) or `.vmd`
 * (MMD's standard bones and センター). `name` goes into the file: the animation's name, or a
 * VMD's model name when the figure has no {@link ExportedFigure.modelName}.
 */
export function exportFigureMotion(
  motion: RecordedFigureMotion,
  figure: ExportedFigure,
  format: MotionExportFormat,
  name: string,
): ExportedMotion {
  const keys = humanoidKeys(motion, [...HUMANOID_PARENTS.keys()], {
    rest: format === 'vrma' ? 'tpose' : 'mmd',
    figureKind: figure.kind,
    ...(figure.vrm && format === 'vrma' ? figure.vrm : {}),
  });
  const bytes =
    format === 'vrma' ? writeVrma(keys, name) : writeVmd(keys, figure.modelName ?? name);
  return { bytes, frames: keys.frameCount, bones: keys.bones };
}
