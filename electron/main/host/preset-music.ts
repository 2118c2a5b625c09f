/**
 * Checks the song a preset names, like its motion file (see preset-file-check.ts). A song that
 * is not the person's, gone, changed or unreadable gets a note: the preset still loads, without
 * music, and the renderer shows the note.
 */

import type { MotionNote } from '../../../shared/host-contract';
import type { Preset } from '../../../shared/preset-schema';
import type { FileHasher } from './file-hash';
import { checkPresetFile, type PresetFileRules } from './preset-file-check';

/** The outcome: no song, a path the renderer may read, or why it cannot. */
export type PresetMusicCheck =
  | { readonly kind: 'none' }
  | { readonly kind: 'verified'; readonly path: string }
  | { readonly kind: 'note'; readonly note: MotionNote };

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
  const result = await checkPresetFile(music, rules, hasher);
  if ('path' in result) return { kind: 'verified', path: result.path };
  return {
    kind: 'note',
    note: {
      reason: result.reason,
      message: `The music ${music.fileName} was not played: ${result.why}`,
    },
  };
}
