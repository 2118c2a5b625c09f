/**
 * Reads a motion file (VRM Animation or VMD) for the renderer, like a model: refuses what is
 * too large, missing, unreadable or not a motion with a sentence naming the file, and
 * otherwise returns its bytes, size, SHA-256 and format. Reads only.
 */

import type { MotionFile } from '../../../shared/host-contract';
import type { MotionFormat } from '../../../shared/preset-schema';
import { readIdentifiedFile } from './identified-file';
import {
  identifyMotion,
  MOTION_MAGIC_BYTES,
  MotionFormatError,
  readMotionMagic,
} from './motion-format';
import type { ReadUserFileOptions, UserFileKind } from './user-file';

/**
 * The largest motion file the app reads: 64 MiB. Long dance VMDs with facial and camera
 * tracks are a few MB, VRM Animations smaller; anything near this is not a motion.
 */
export const MOTION_MAX_BYTES = 64 * 1024 * 1024;

/** A motion file read from disk: the contract's `MotionFile` without the library's id. */
export type MotionFileData = Omit<MotionFile, 'libraryEntryId'> & {
  /** Modification time when read (ms since 1970). */
  readonly mtimeMs: number;
};

const MOTION_KIND: UserFileKind<MotionFormat> = {
  noun: 'motion',
  wanted: 'a VRM Animation (.vrma) or VMD motion',
  notThisKind: 'not-a-motion',
  headerBytes: MOTION_MAGIC_BYTES,
  checkHeader: (header) => void readMotionMagic(header),
  identify: identifyMotion,
  isFormatError: (error): error is Error => error instanceof MotionFormatError,
};

/**
 * Reads and identifies the motion at `path`.
 *
 * @throws HostProblemError `missing`, `unreadable`, `too-large` or `not-a-motion`
 */
export async function readMotionFile(
  path: string,
  options: ReadUserFileOptions = {},
): Promise<MotionFileData> {
  return readIdentifiedFile(path, MOTION_KIND, MOTION_MAX_BYTES, options);
}
