/**
 * Reads a music file for the page, like a motion: refuses what is too large, missing,
 * unreadable, not a regular file or not audio, with a sentence naming the file, and otherwise
 * returns its bytes, size, SHA-256 and format. Reads only that one file.
 */

import type { AudioFileData, IdentifiedFileReader } from './identified-file';
import { fileNamedReader } from './identified-file';
import { AUDIO_MAGIC_BYTES, AudioFormatError, identifyAudio, readAudioMagic } from './audio-format';
import { formatChecks } from './user-file';

/** The largest music file the app reads: 64 MiB (a 3-minute WAV is about 32 MB). */
export const AUDIO_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Reads and identifies the music at `path`, named by its file.
 *
 * @throws HostProblemError `missing`, `unreadable`, `too-large` or `not-audio`
 */
export const readAudioFile: IdentifiedFileReader<AudioFileData> = fileNamedReader(
  { noun: 'music', wanted: 'audio (WAV, MP3, Ogg, FLAC, M4A or AAC)', notThisKind: 'not-audio' },
  formatChecks(AUDIO_MAGIC_BYTES, readAudioMagic, identifyAudio, AudioFormatError),
  AUDIO_MAX_BYTES,
);
