/**
 * Reads a music file for the page, like a motion: refuses what is too large, missing,
 * unreadable, not a regular file or not audio, with a sentence naming the file, and otherwise
 * returns its bytes, size, SHA-256 and format. Reads only that one file.
 */

import { basename, extname } from 'node:path';
import type { AudioFormat } from '../../../shared/audio-files';
import { sha256Of } from './model-file';
import { AUDIO_MAGIC_BYTES, AudioFormatError, identifyAudio, readAudioMagic } from './audio-format';
import { readUserFile, type ReadUserFileOptions, type UserFileKind } from './user-file';

/** The largest music file the app reads: 64 MiB (a 3-minute WAV is about 32 MB). */
export const AUDIO_MAX_BYTES = 64 * 1024 * 1024;

/** A music file read from disk. */
export interface AudioFileData {
  readonly path: string;
  readonly fileName: string;
  /** Bytes. */
  readonly size: number;
  /** SHA-256 of the bytes, hex: how a preset tells the same song after a move. */
  readonly sha256: string;
  readonly format: AudioFormat;
  /** The file name without its extension. */
  readonly title: string;
  readonly bytes: Uint8Array;
  /** Modification time when read (ms since 1970). */
  readonly mtimeMs: number;
}

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
  const { bytes, size, mtimeMs, identity } = await readUserFile(
    path,
    options.maxBytes ?? AUDIO_MAX_BYTES,
    AUDIO_KIND,
    options.budget,
  );
  return {
    path,
    fileName: basename(path),
    size,
    sha256: sha256Of(bytes),
    format: identity,
    title: basename(path, extname(path)),
    bytes,
    mtimeMs,
  };
}
