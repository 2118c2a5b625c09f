/**
 * Reads an avatar file for the renderer: refuses what is too large, missing, unreadable or
 * not a model with a sentence naming the file, and otherwise returns its bytes, size,
 * SHA-256 and what the model calls itself. Reads only; it never changes anything.
 */

import { createHash } from 'node:crypto';
import { stat, type FileHandle } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { ModelFile } from '../../../shared/host-contract';
import { describeError, errorCode, HostProblemError } from './host-problem';
import { identifyModel, MODEL_MAGIC_BYTES, ModelFormatError, readModelMagic } from './model-format';
import type { ReadBudget } from './read-budget';
import { NotARegularFileError, openRegularFile, type OpenedRegularFile } from './regular-file';

/** The largest model file the app reads: 512 MiB (the biggest real avatars are ~100 MB). */
export const MODEL_MAX_BYTES = 512 * 1024 * 1024;

/** A model file read from disk: the contract's `ModelFile` without the library's id. */
export type ModelFileData = Omit<ModelFile, 'libraryEntryId'> & {
  /** Modification time when read (ms since 1970), to reuse the hash while it is unchanged. */
  readonly mtimeMs: number;
};

export interface ReadModelOptions {
  /** Default `MODEL_MAX_BYTES`; tests lower it rather than write half a gigabyte. */
  readonly maxBytes?: number;
  /** Shared with other reads so they cannot hold unbounded memory at once. Default: none. */
  readonly budget?: ReadBudget;
}

/**
 * Reads and identifies the model at `path`.
 *
 * @throws HostProblemError `missing`, `unreadable`, `too-large` or `not-a-model`
 */
export async function readModelFile(
  path: string,
  options: ReadModelOptions = {},
): Promise<ModelFileData> {
  const maxBytes = options.maxBytes ?? MODEL_MAX_BYTES;
  if (options.budget === undefined) return readOpened(path, maxBytes);
  const bytes = await sizeToHold(path, maxBytes);
  return options.budget.run(bytes, () => readOpened(path, maxBytes));
}

/**
 * What reading `path` will hold in memory, looked up before opening it so waiting reads
 * hold no file handle: its size, or 0 when it will be refused before being read.
 */
export async function sizeToHold(path: string, maxBytes: number): Promise<number> {
  try {
    const { size } = await stat(path);
    return size > maxBytes ? 0 : size;
  } catch {
    // The read itself reports why the file cannot be read.
    return 0;
  }
}

async function readOpened(path: string, maxBytes: number): Promise<ModelFileData> {
  const { handle, stats } = await openModel(path);
  try {
    const { size, mtimeMs } = checkedSize(stats, path, maxBytes);
    await checkMagic(handle, path);
    const bytes = await readAll(handle, path);
    const identity = identify(bytes, path);
    const fileName = basename(path);
    return {
      path,
      fileName,
      size,
      sha256: sha256Of(bytes),
      format: identity.format,
      title: identity.title || basename(path, extname(path)),
      author: identity.author,
      bytes,
      mtimeMs,
    };
  } finally {
    await handle.close();
  }
}

/** Lower-case hex SHA-256 of `bytes`. */
export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A human size: `600 MB`, `12.5 KB`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

/** Opens only a regular file: a pipe or device named as a model must not hang the read. */
async function openModel(path: string): Promise<OpenedRegularFile> {
  try {
    return await openRegularFile(path);
  } catch (error) {
    if (error instanceof NotARegularFileError) {
      throw new HostProblemError(
        'unreadable',
        error.kind === 'folder'
          ? `${path} is a folder, not a model file.`
          : `${path} is not a regular file (a pipe, device or socket), so it is not a model.`,
        { cause: error },
      );
    }
    if (errorCode(error) === 'ENOENT') {
      throw new HostProblemError(
        'missing',
        `${path} was not found; it may have been moved, renamed or deleted.`,
        { cause: error },
      );
    }
    throw unreadable(path, error);
  }
}

function checkedSize(
  stats: OpenedRegularFile['stats'],
  path: string,
  maxBytes: number,
): { size: number; mtimeMs: number } {
  if (stats.size > maxBytes) {
    throw new HostProblemError(
      'too-large',
      `${path} is ${formatBytes(stats.size)}; Ragdoll Playground opens models ` +
        `up to ${formatBytes(maxBytes)}.`,
    );
  }
  if (stats.size === 0) {
    throw new HostProblemError('not-a-model', `${path} is empty, not a VRM, PMX or PMD model.`);
  }
  return { size: stats.size, mtimeMs: stats.mtimeMs };
}

/** Checks the header before reading a possibly huge file that is not a model at all. */
async function checkMagic(handle: FileHandle, path: string): Promise<void> {
  const header = new Uint8Array(MODEL_MAGIC_BYTES);
  try {
    const { bytesRead } = await handle.read(header, 0, MODEL_MAGIC_BYTES, 0);
    readModelMagic(header.subarray(0, bytesRead));
  } catch (error) {
    if (error instanceof ModelFormatError) throw notAModel(path, error);
    throw unreadable(path, error);
  }
}

async function readAll(handle: FileHandle, path: string): Promise<Uint8Array> {
  try {
    const buffer = await handle.readFile();
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  } catch (error) {
    throw unreadable(path, error);
  }
}

function identify(bytes: Uint8Array, path: string): ReturnType<typeof identifyModel> {
  try {
    return identifyModel(bytes);
  } catch (error) {
    if (error instanceof ModelFormatError) throw notAModel(path, error);
    throw error;
  }
}

function notAModel(path: string, error: ModelFormatError): HostProblemError {
  return new HostProblemError('not-a-model', `${path} ${error.message}`, { cause: error });
}

function unreadable(path: string, error: unknown): HostProblemError {
  return new HostProblemError(
    'unreadable',
    `${path} could not be read (${describeError(error)}); check that it exists and that ` +
      `you may read it.`,
    { cause: error },
  );
}
