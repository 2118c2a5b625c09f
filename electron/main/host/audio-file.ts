/**
 * Reads a music file for the page, like a motion: refuses what is too large, missing,
 * unreadable, not a regular file or not audio, with a sentence naming the file, and otherwise
 * returns its bytes, size, SHA-256 and format. Reads only that one file.
 */

import type { AudioFormat } from '../../../shared/audio-files';
import { readIdentifiedFile, type IdentifiedFileData } from './identified-file';
import { AUDIO_MAGIC_BYTES, AudioFormatError, identifyAudio, readAudioMagic } from './audio-format';
import type { ReadUserFileOptions, UserFileKind } from './user-file';

/** The largest music file the app reads: 64 MiB (a 3-minute WAV is about 32 MB). */
export const AUDIO_MAX_BYTES = 64 * 1024 * 1024;

/** A music file read from disk. */
export type AudioFileData = IdentifiedFileData<AudioFormat>;

const AUDIO_KIND: UserFileKind<AudioFormat> = {
  noun: 'music',
  wanted: 'audio (WAV, MP3, Ogg, FLAC, M4A or AAC)',
  notThisKind: 'not-audio',
  headerBytes: AUDIO_MAGIC_BYTES,
  checkHeader: (header) => void readAudioMagic(header),
  identify: identifyAudio,
  isFormatError: (error): error is Error => error instanceof AudioFormatError,
};

/**
 * Reads and identifies the music at `path`.
 *
 * @throws HostProblemError `missing`, `unreadable`, `too-large` or `not-audio`
 */
export async function readAudioFile(
  path: string,
  options: ReadUserFileOptions = {},
): Promise<AudioFileData> {
  return readIdentifiedFile(path, AUDIO_KIND, AUDIO_MAX_BYTES, options);
}
