/**
 * Checks the song a preset names against what was recorded when it was saved (size, then
 * SHA-256), like its motion file. A song that is gone, changed or unreadable gets a note: the
 * preset still loads, without music, and the renderer shows the note.
 */

import { stat } from 'node:fs/promises';
import type { MotionNote } from '../../../shared/host-contract';
import type { Preset, PresetMusicRef } from '../../../shared/preset-schema';
import type { FileHasher } from './file-hash';
import { describeError, errorCode } from './host-problem';

/** The outcome: no song, a path the renderer may read, or why it cannot. */
export type PresetMusicCheck =
  | { readonly kind: 'none' }
  | { readonly kind: 'verified'; readonly path: string }
  | { readonly kind: 'note'; readonly note: MotionNote };

/** Checks `preset`'s song, if it names one; never throws for a file problem. */
export async function checkPresetMusic(
  preset: Preset,
  hasher: FileHasher,
): Promise<PresetMusicCheck> {
  return preset.music ? checkSong(preset.music, hasher) : { kind: 'none' };
}

async function checkSong(music: PresetMusicRef, hasher: FileHasher): Promise<PresetMusicCheck> {
  const note = (reason: MotionNote['reason'], why: string): PresetMusicCheck => ({
    kind: 'note',
    note: { reason, message: `The music ${music.fileName} was not played: ${why}` },
  });
  try {
    const stats = await stat(music.path);
    if (!stats.isFile()) return note('missing', `${music.path} is not a file any more.`);
    if (stats.size !== music.size) {
      return note(
        'changed',
        `${music.path} has changed since the preset was saved ` +
          `(${stats.size} bytes, was ${music.size}).`,
      );
    }
    if ((await hasher.hash(music.path)) !== music.sha256) {
      return note(
        'changed',
        `${music.path} has changed since the preset was saved (same size, different content).`,
      );
    }
    return { kind: 'verified', path: music.path };
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') {
      return note('missing', `${music.path} was not found; it may have been moved or deleted.`);
    }
    return note('unreadable', `${music.path} could not be read (${describeError(error)}).`);
  }
}
