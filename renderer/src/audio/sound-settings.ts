/**
 * The sound settings a person chooses (VOLUME, mute, impacts on/off, music on/off), kept in
 * the page's storage like the language, so the app starts as it was left.
 */

import { readStoredObject, rememberInStorage } from '../page-storage';

const STORAGE_KEY = 'ragdoll-playground.sound';

export interface SoundSettings {
  /** VOLUME, 0..1 (linear gain). */
  readonly volume: number;
  readonly muted: boolean;
  /** Impact and BLAST sounds on. */
  readonly impacts: boolean;
  /** Music on. */
  readonly music: boolean;
}

export const DEFAULT_SOUND_SETTINGS: SoundSettings = {
  volume: 0.8,
  muted: false,
  impacts: true,
  music: true,
};

/**
 * The saved settings, or the defaults for what is missing or not understood (a damaged or
 * hand-edited entry costs only that entry, never the start).
 */
export function readSoundSettings(storage: Storage | undefined): SoundSettings {
  const entry = readStoredObject(
    storage,
    STORAGE_KEY,
    '[sound] the saved sound settings could not be read; using the defaults:',
  );
  if (entry === null) return DEFAULT_SOUND_SETTINGS;
  const volume = entry.volume;
  return {
    volume:
      typeof volume === 'number' && Number.isFinite(volume)
        ? Math.min(1, Math.max(0, volume))
        : DEFAULT_SOUND_SETTINGS.volume,
    muted: typeof entry.muted === 'boolean' ? entry.muted : DEFAULT_SOUND_SETTINGS.muted,
    impacts: typeof entry.impacts === 'boolean' ? entry.impacts : DEFAULT_SOUND_SETTINGS.impacts,
    music: typeof entry.music === 'boolean' ? entry.music : DEFAULT_SOUND_SETTINGS.music,
  };
}

/** Remembers the settings; a full or locked storage only costs remembering them. */
export function saveSoundSettings(storage: Storage | undefined, settings: SoundSettings): void {
  rememberInStorage(
    storage,
    STORAGE_KEY,
    JSON.stringify(settings),
    '[sound] the sound settings could not be kept:',
  );
}
