/**
 * Checks the motion file a preset names, like its figures' models (see preset-file-check.ts).
 * A file that is not the person's, gone, changed or unreadable gets a note: the preset still
 * loads, its figures play no motion, and the renderer shows the note.
 */

import type { Preset } from '../../../shared/preset-schema';
import type { FileHasher } from './file-hash';
import {
  checkPresetFileForNote,
  type PresetFileOutcome,
  type PresetFileRules,
} from './preset-file-check';

/** The outcome: nothing to read, a path the renderer may read, or why it cannot. */
export type PresetMotionCheck = { readonly kind: 'none' } | PresetFileOutcome;

/** The motion file `preset` names, if any. */
export function presetMotionPath(preset: Preset): string | undefined {
  const motion = preset.motion.motion;
  return motion.kind === 'file' ? motion.path : undefined;
}

/** Checks `preset`'s motion file, if it names one; never throws for a file problem. */
export async function checkPresetMotion(
  preset: Preset,
  hasher: FileHasher,
  rules: PresetFileRules,
): Promise<PresetMotionCheck> {
  const motion = preset.motion.motion;
  if (motion.kind !== 'file') return { kind: 'none' };
  return checkPresetFileForNote(
    motion,
    rules,
    hasher,
    (why) => `The motion ${motion.fileName} was not played: ${why}`,
  );
}
