/**
 * Reads a motion file (VRM Animation or VMD) for the renderer, like a model: refuses what is
 * too large, missing, unreadable or not a motion with a sentence naming the file, and
 * otherwise returns its bytes, size, SHA-256 and format. Reads only.
 */

import type { IdentifiedFileReader, MotionFileData } from './identified-file';
import { fileNamedReader } from './identified-file';
import {
  identifyMotion,
  MOTION_MAGIC_BYTES,
  MotionFormatError,
  readMotionMagic,
} from './motion-format';
import { formatChecks } from './user-file';

/**
 * The largest motion file the app reads: 64 MiB. Long dance VMDs with facial and camera
 * tracks are a few MB, VRM Animations smaller; anything near this is not a motion.
 */
export const MOTION_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Reads and identifies the motion at `path`, named by its file.
 *
 * @throws HostProblemError `missing`, `unreadable`, `too-large` or `not-a-motion`
 */
export const readMotionFile: IdentifiedFileReader<MotionFileData> = fileNamedReader(
  { noun: 'motion', wanted: 'a VRM Animation (.vrma) or VMD motion', notThisKind: 'not-a-motion' },
  formatChecks(MOTION_MAGIC_BYTES, readMotionMagic, identifyMotion, MotionFormatError),
  MOTION_MAX_BYTES,
);
