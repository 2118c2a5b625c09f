/**
 * Checks the song a preset names, like its motion file (see preset-file-check.ts). A song that
 * is not the person's, gone, changed or unreadable gets a note: the preset still loads, without
 * music, and the renderer shows the note.
 */

import type { Preset } from '../../../shared/preset-schema';
import type { FileHasher } from './file-hash';
import {
  checkPresetFileForNote,
  type PresetFileOutcome,
  type PresetFileRules,
} from './preset-file-check';

/** The outcome: no song, a path the renderer may read, or why it cannot. */
export type PresetMusicCheck = { readonly kind: 'none' } | PresetFileOutcome;

/** The song `preset` names, if any. */
export function presetMusicPath(preset: Preset): string | undefined {
  return preset.music?.path;
}

/** Checks `preset`'s song, if it names one; never throws for a file problem. */
export async function checkPresetMusic(
  preset: Preset,
  hasher: FileHasher,
  rules: PresetFileRules,
): Promise<PresetMusicCheck> {
  const music = preset.music;
  if (!music) return { kind: 'none' };
  return checkPresetFileForNote(
    music,
    rules,
    hasher,
    (why) => `The music ${music.fileName} was not played: ${why}`,
  );
}
