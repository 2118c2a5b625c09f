import type { ReadBeside } from '../../formats/gltf/gltf-container';
import { GltfFileError, readGltfContainer } from '../../formats/gltf/gltf-container';
import { gltfTriangles } from '../../formats/gltf/gltf-triangles';
import { MmdFormatError } from '../../formats/mmd/mmd-format-error';
import { parseMmdModel } from '../../formats/mmd/parse-mmd-model';
import type { MmdModel } from '../../formats/mmd/mmd-model';
import type { StageShape } from '../../physics/stage/stage-shape';
import {
  MAX_STAGE_FILE_BYTES,
  MAX_STAGE_TRIANGLES,
  stageShapeProblem,
} from '../../physics/stage/stage-shape';
import { mmdModelKind } from '../mmd/mmd-prop-rig';
import { mmdStageShape } from './mmd-stage-shape';

/** A stage file that cannot be used; the message names the file, what is wrong and what to do. */
export class StageFileError extends Error {
  override name = 'StageFileError';
}

/** The kinds of file a stage is read from, by extension. */
export type StageFileKind = 'gltf' | 'mmd';

/** `gltf` for .glb/.gltf, `mmd` for .pmx/.pmd, else null. */
export function stageFileKind(fileName: string): StageFileKind | null {
  if (/\.(glb|gltf)$/i.test(fileName)) return 'gltf';
  if (/\.(pmx|pmd)$/i.test(fileName)) return 'mmd';
  return null;
}

/** A stage file read: what the physics builds, the parsed MMD model when it is one, and notes. */
export interface StageFile {
  readonly kind: StageFileKind;
  readonly shape: StageShape;
  /** The parsed model of an MMD stage (the view draws it). */
  readonly mmd?: MmdModel;
  /** Things left out, for the status line. */
  readonly notes: readonly string[];
}

/**
 * Reads a stage from a file's bytes: a glTF (its buffers beside it read through `readBeside`)
 * or an MMD model without a humanoid skeleton. Checks the limits (512 MiB, 2 million
 * triangles) and that there is something to stand on. Throws {@link StageFileError} naming
 * `fileName`; nothing is built.
 */
export async function readStageFile(
  fileName: string,
  bytes: Uint8Array,
  readBeside: ReadBeside,
): Promise<StageFile> {
  const kind = stageFileKind(fileName);
  if (!kind)
    throw new StageFileError(
      `${fileName} is not a stage file: choose a .glb, .gltf, .pmx or .pmd file.`,
    );
  if (bytes.byteLength > MAX_STAGE_FILE_BYTES)
    throw new StageFileError(
      `${fileName} is ${Math.round(bytes.byteLength / 2 ** 20)} MB, more than the 512 MB a stage may be: simplify it and open it again.`,
    );
  const read =
    kind === 'gltf' ? await gltfStage(fileName, bytes, readBeside) : mmdStage(fileName, bytes);
  const problem = stageShapeProblem(read.shape);
  if (problem) throw new StageFileError(problem);
  return read;
}

async function gltfStage(
  fileName: string,
  bytes: Uint8Array,
  readBeside: ReadBeside,
): Promise<StageFile> {
  try {
    const container = await readGltfContainer(bytes, readBeside);
    const triangles = gltfTriangles(container, MAX_STAGE_TRIANGLES);
    return { kind: 'gltf', shape: { name: fileName, ...triangles, fixedShapes: [] }, notes: [] };
  } catch (error) {
    if (!(error instanceof GltfFileError)) throw error;
    throw new StageFileError(
      `${fileName} cannot be used as a stage: ${error.message}. Export it again as glTF 2.0 and open it again.`,
    );
  }
}

function mmdStage(fileName: string, bytes: Uint8Array): StageFile {
  let model: MmdModel;
  try {
    model = parseMmdModel(bytes);
  } catch (error) {
    if (!(error instanceof MmdFormatError)) throw error;
    throw new StageFileError(`${fileName} cannot be used as a stage: ${error.message}`);
  }
  if (model.bones.length > 0 && mmdModelKind(model) === 'figure')
    throw new StageFileError(
      `${fileName} is a figure (it has a humanoid skeleton), not a stage: open it with Open Model.`,
    );
  if (model.mesh.indices.length / 3 > MAX_STAGE_TRIANGLES)
    throw new StageFileError(
      stageShapeProblem({
        name: fileName,
        positions: new Float32Array(0),
        indices: model.mesh.indices,
        fixedShapes: [],
      }) ?? fileName,
    );
  const stage = mmdStageShape(model, fileName);
  const notes =
    stage.movingBodiesLeftOut > 0
      ? [
          `${fileName}: its ${stage.movingBodiesLeftOut} moving rigid bodies are left out; a stage stands still.`,
        ]
      : [];
  return { kind: 'mmd', shape: stage.shape, mmd: model, notes };
}
