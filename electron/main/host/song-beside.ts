/**
 * The song made for a dance: MMD dances ship as `dance.vmd` with `dance.wav` (or `.mp3` …)
 * beside it. Finds that one file so the page can offer it; nothing else of the folder is
 * told or made readable.
 */

import { readdir } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { AUDIO_EXTENSIONS } from '../../../shared/audio-files';
import { describeError } from './host-problem';
import type { Logger } from './logger';

/**
 * The music file in `motionPath`'s folder with the same name before its extension (any music
 * extension, any letter case of it; in {@link AUDIO_EXTENSIONS}' order when there are several),
 * or undefined when there is none or the folder cannot be listed (logged).
 */
export async function findSongBeside(motionPath: string, log: Logger): Promise<string | undefined> {
  const folder = dirname(motionPath);
  const stem = basename(motionPath, extname(motionPath));
  let names: string[];
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    names = entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch (error) {
    log.warn(`Could not look beside ${motionPath} for its song: ${describeError(error)}.`);
    return undefined;
  }
  for (const extension of AUDIO_EXTENSIONS) {
    const found = names.find(
      (name) =>
        basename(name, extname(name)) === stem &&
        extname(name).slice(1).toLowerCase() === extension,
    );
    if (found !== undefined) return join(folder, found);
  }
  return undefined;
}
