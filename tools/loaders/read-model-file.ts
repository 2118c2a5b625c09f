import { readFile } from 'node:fs/promises';

/**
 * The bytes of the model file at `path`. A file that cannot be read throws what `error` makes
 * of a message naming the path and why (`hall.pmx: cannot be read (ENOENT)`).
 */
export async function readModelFile(
  path: string,
  error: (message: string) => Error,
): Promise<Uint8Array> {
  try {
    return await readFile(path);
  } catch (cause) {
    const why = (cause as NodeJS.ErrnoException).code ?? (cause as Error).message;
    throw error(`${path}: cannot be read (${why})`);
  }
}
