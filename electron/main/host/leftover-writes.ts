/**
 * Temp files left by writes that were interrupted (the app killed or the machine off between
 * writing `name.json.123456` and renaming it over `name.json`). They hold nothing the real
 * file lacks, so they are removed at start; one younger than a minute may belong to a write
 * still running and is left alone.
 */

import { lstat, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describeError, errorCode } from './host-problem';
import type { Logger } from './logger';

/** write-file-atomic's temp name: the file's name, a dot and a 32-bit number. */
const TEMP_NAME = /^.+\.(?:json|ragdoll|png)\.\d{1,10}$/;

/** Temp files younger than this are not touched: 60 s. */
export const LEFTOVER_MIN_AGE_MS = 60_000;

/**
 * Removes interrupted writes' temp files directly in each folder (missing folders are fine).
 *
 * @returns the paths removed
 */
export async function removeLeftoverWrites(
  folders: readonly string[],
  logger: Logger,
  now: () => Date = () => new Date(),
): Promise<string[]> {
  const removed: string[] = [];
  for (const folder of folders) {
    let names: string[];
    try {
      names = await readdir(folder);
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') {
        logger.warn(
          `Could not look for leftover temp files in ${folder}: ${describeError(error)}.`,
        );
      }
      continue;
    }
    for (const name of names.filter((candidate) => TEMP_NAME.test(candidate))) {
      const path = join(folder, name);
      try {
        const stats = await lstat(path);
        if (!stats.isFile() || now().getTime() - stats.mtimeMs < LEFTOVER_MIN_AGE_MS) continue;
        await unlink(path);
        removed.push(path);
      } catch (error) {
        logger.warn(`Could not remove the leftover temp file ${path}: ${describeError(error)}.`);
      }
    }
  }
  if (removed.length > 0) {
    logger.info(`Removed ${removed.length} temp file(s) left by interrupted writes.`);
  }
  return removed;
}
