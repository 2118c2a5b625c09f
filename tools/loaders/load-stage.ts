/**
 * A stage file for the simulator: read from disk with the app's limits, its glTF buffers read
 * only from the file's own folder, then turned into what the physics builds
 * (renderer/src/rig/stage/stage-file.ts).
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, normalize, resolve } from 'node:path';
import { MAX_STAGE_FILE_BYTES } from '../../renderer/src/physics/stage/stage-shape';
import type { StageFile } from '../../renderer/src/rig/stage/stage-file';
import { readStageFile, StageFileError } from '../../renderer/src/rig/stage/stage-file';

/**
 * Reads `path` as a stage. Throws {@link StageFileError} naming the file for anything that
 * cannot be used: missing, too large, damaged, a buffer outside its folder or missing.
 */
export async function loadStageFile(path: string): Promise<StageFile> {
  const name = basename(path);
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new Error('not a file');
    size = info.size;
  } catch {
    throw new StageFileError(`${name} cannot be read: check that the file exists (${path}).`);
  }
  if (size > MAX_STAGE_FILE_BYTES)
    throw new StageFileError(
      `${name} is ${Math.round(size / 2 ** 20)} MB, more than the 512 MB a stage may be: simplify it and open it again.`,
    );
  const folder = dirname(resolve(path));
  const readBeside = async (uri: string): Promise<Uint8Array> => {
    const relative = normalize(uri);
    if (isAbsolute(relative) || relative.startsWith('..'))
      throw new StageFileError(
        `${name} names ${uri}, outside its own folder: keep its files beside it and open it again.`,
      );
    try {
      return new Uint8Array(await readFile(resolve(folder, relative)));
    } catch {
      throw new StageFileError(
        `${name} needs ${uri} beside it, which cannot be read: copy it next to ${name} and open it again.`,
      );
    }
  };
  return readStageFile(name, new Uint8Array(await readFile(path)), readBeside);
}
