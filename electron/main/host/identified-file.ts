/**
 * A model, motion or song read whole for the page: the bytes with the names, size and SHA-256
 * the page, the library and presets know it by, and what it was identified as. One reader
 * serves every kind; each kind gives its words, its format's checks, its largest size and how
 * a file of it is named.
 */

import { basename, extname } from 'node:path';
import type { ModelFile, MotionFile, MusicFile } from '../../../shared/host-contract';
import { sha256Of } from './file-hash';
import {
  readUserFile,
  type ReadUserFileOptions,
  type UserFileChecks,
  type UserFileWords,
} from './user-file';

/** What every file read whole is known by, besides the format and names its kind gives it. */
interface ReadFileFacts {
  readonly path: string;
  readonly fileName: string;
  /** Bytes. */
  readonly size: number;
  /** SHA-256 of the bytes, hex: how a preset tells the same file after a move. */
  readonly sha256: string;
  readonly bytes: Uint8Array;
  /** Modification time when read (ms since 1970), to reuse the hash while it is unchanged. */
  readonly mtimeMs: number;
}

/** A contract's file (`ModelFile`, `MotionFile`, `MusicFile`) as read from disk: without the library's id, with its modification time. */
export type FileReadFromDisk<File> = Omit<File, 'libraryEntryId'> & Pick<ReadFileFacts, 'mtimeMs'>;

/** A model file read from disk: the contract's `ModelFile` without the library's id. */
export type ModelFileData = FileReadFromDisk<ModelFile>;
/** A motion file read from disk: the contract's `MotionFile` without the library's id. */
export type MotionFileData = FileReadFromDisk<MotionFile>;
/** A music file read from disk. */
export type AudioFileData = FileReadFromDisk<MusicFile>;

/**
 * Reads and identifies the file at `path`; `options.maxBytes` defaults to the kind's largest.
 *
 * @throws HostProblemError `missing`, `unreadable`, `too-large` or the kind's `notThisKind`
 */
export type IdentifiedFileReader<Data> = (
  path: string,
  options?: ReadUserFileOptions,
) => Promise<Data>;

/**
 * The reader of one kind of file (see {@link readUserFile}): `name` turns what the format's
 * checks identified, and the file name without its extension, into the format and names the
 * file is listed by.
 *
 * @param defaultMaxBytes - the largest size read when `options.maxBytes` is not given, bytes
 */
export function identifiedFileReader<Identity, Named extends object>(
  words: UserFileWords,
  checks: UserFileChecks<Identity>,
  defaultMaxBytes: number,
  name: (identity: Identity, fileTitle: string) => Named,
): IdentifiedFileReader<ReadFileFacts & Named> {
  const kind = { ...words, ...checks };
  return async (path, options = {}) => {
    const { bytes, size, mtimeMs, identity } = await readUserFile(
      path,
      options.maxBytes ?? defaultMaxBytes,
      kind,
      options.budget,
      options.onProgress,
    );
    return {
      path,
      fileName: basename(path),
      size,
      sha256: sha256Of(bytes),
      ...name(identity, basename(path, extname(path))),
      bytes,
      mtimeMs,
    };
  };
}

/**
 * The reader of a kind of file named by its format and its file name without the extension
 * (motions, songs: neither format names itself usefully); see {@link identifiedFileReader}.
 */
export function fileNamedReader<Format>(
  words: UserFileWords,
  checks: UserFileChecks<Format>,
  defaultMaxBytes: number,
): IdentifiedFileReader<ReadFileFacts & { readonly format: Format; readonly title: string }> {
  return identifiedFileReader(words, checks, defaultMaxBytes, (format, fileTitle) => ({
    format,
    title: fileTitle,
  }));
}
