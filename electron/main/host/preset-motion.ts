/**
 * Checks the motion file a preset names against what was recorded when it was saved (size,
 * then SHA-256), like its figures' models. A file that is gone, changed or unreadable gets a
 * note: the preset still loads, its figures play no motion, and the renderer shows the note.
 */

import { stat } from 'node:fs/promises';
import type { MotionNote } from '../../../shared/host-contract';
import type { Preset, PresetMotionRef } from '../../../shared/preset-schema';
import type { FileHasher } from './file-hash';
import { describeError, errorCode } from './host-problem';

type FileMotionRef = Extract<PresetMotionRef, { kind: 'file' }>;

/** The outcome: nothing to read, a path the renderer may read, or why it cannot. */
export type PresetMotionCheck =
  | { readonly kind: 'none' }
  | { readonly kind: 'verified'; readonly path: string }
  | { readonly kind: 'note'; readonly note: MotionNote };

/** Checks `preset`'s motion file, if it names one; never throws for a file problem. */
export async function checkPresetMotion(
  preset: Preset,
  hasher: FileHasher,
): Promise<PresetMotionCheck> {
  const motion = preset.motion.motion;
  return motion.kind === 'file' ? checkFile(motion, hasher) : { kind: 'none' };
}

async function checkFile(motion: FileMotionRef, hasher: FileHasher): Promise<PresetMotionCheck> {
  const note = (reason: MotionNote['reason'], why: string): PresetMotionCheck => ({
    kind: 'note',
    note: { reason, message: `The motion ${motion.fileName} was not played: ${why}` },
  });
  try {
    const stats = await stat(motion.path);
    if (!stats.isFile()) return note('missing', `${motion.path} is not a file any more.`);
    if (stats.size !== motion.size) {
      return note(
        'changed',
        `${motion.path} has changed since the preset was saved ` +
          `(${stats.size} bytes, was ${motion.size}).`,
      );
    }
    if ((await hasher.hash(motion.path)) !== motion.sha256) {
      return note(
        'changed',
        `${motion.path} has changed since the preset was saved (same size, different content).`,
      );
    }
    return { kind: 'verified', path: motion.path };
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') {
      return note('missing', `${motion.path} was not found; it may have been moved or deleted.`);
    }
    return note('unreadable', `${motion.path} could not be read (${describeError(error)}).`);
  }
}
