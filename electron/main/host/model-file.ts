/**
 * Reads an avatar file for the renderer: refuses what is too large, missing, unreadable or
 * not a model with a sentence naming the file, and otherwise returns its bytes, size,
 * SHA-256 and what the model calls itself. Reads only; it never changes anything.
 */

import { createHash } from 'node:crypto';
import { basename, extname } from 'node:path';
import type { ModelFile } from '../../../shared/host-contract';
import {
  identifyModel,
  MODEL_MAGIC_BYTES,
  ModelFormatError,
  readModelMagic,
  type ModelIdentity,
} from './model-format';
import { readUserFile, type ReadUserFileOptions, type UserFileKind } from './user-file';

export { formatBytes, sizeToHold } from './user-file';

/** The largest model file the app reads: 512 MiB (the biggest real avatars are ~100 MB). */
export const MODEL_MAX_BYTES = 512 * 1024 * 1024;

/** A model file read from disk: the contract's `ModelFile` without the library's id. */
export type ModelFileData = Omit<ModelFile, 'libraryEntryId'> & {
  /** Modification time when read (ms since 1970), to reuse the hash while it is unchanged. */
  readonly mtimeMs: number;
};

const MODEL_KIND: UserFileKind<ModelIdentity> = {
  noun: 'model',
  wanted: 'a VRM, PMX or PMD model',
  notThisKind: 'not-a-model',
  headerBytes: MODEL_MAGIC_BYTES,
  checkHeader: (header) => void readModelMagic(header),
  identify: identifyModel,
  isFormatError: (error): error is Error => error instanceof ModelFormatError,
};

/**
 * Reads and identifies the model at `path`.
 *
 * @throws HostProblemError `missing`, `unreadable`, `too-large` or `not-a-model`
 */
export async function readModelFile(
  path: string,
  options: ReadUserFileOptions = {},
): Promise<ModelFileData> {
  const { bytes, size, mtimeMs, identity } = await readUserFile(
    path,
    options.maxBytes ?? MODEL_MAX_BYTES,
    MODEL_KIND,
    options.budget,
    options.onProgress,
  );
  return {
    path,
    fileName: basename(path),
    size,
    sha256: sha256Of(bytes),
    format: identity.format,
    title: identity.title || basename(path, extname(path)),
    author: identity.author,
    bytes,
    mtimeMs,
  };
}

/** Lower-case hex SHA-256 of `bytes`. */
export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
