/**
 * A motion or song read whole for the page: the bytes with the names, size and SHA-256 the
 * page, the library and presets know it by, and the format it was identified as.
 */

import { basename, extname } from 'node:path';
import { sha256Of } from './model-file';
import { readUserFile, type ReadUserFileOptions, type UserFileKind } from './user-file';

/** A file read and identified as `Format`. */
export interface IdentifiedFileData<Format> {
  readonly path: string;
  readonly fileName: string;
  /** Bytes. */
  readonly size: number;
  /** SHA-256 of the bytes, hex: how a preset tells the same file after a move. */
  readonly sha256: string;
  readonly format: Format;
  /** The file name without its extension. */
  readonly title: string;
  readonly bytes: Uint8Array;
  /** Modification time when read (ms since 1970). */
  readonly mtimeMs: number;
}

/**
 * Reads `path` as `kind` (see {@link readUserFile}) and names it.
 *
 * @param defaultMaxBytes - the largest size read when `options.maxBytes` is not given, bytes
 */
export async function readIdentifiedFile<Format>(
  path: string,
  kind: UserFileKind<Format>,
  defaultMaxBytes: number,
  options: ReadUserFileOptions,
): Promise<IdentifiedFileData<Format>> {
  const { bytes, size, mtimeMs, identity } = await readUserFile(
    path,
    options.maxBytes ?? defaultMaxBytes,
    kind,
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
