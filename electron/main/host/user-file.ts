/**
 * Reading one file the user chose (a model or a motion) for the renderer: refuses what is
 * missing, a folder, empty, too large, unreadable or not of the wanted kind with a sentence
 * naming the file, and checks the header before reading a possibly huge file. Reads only.
 */

import { stat, type FileHandle } from 'node:fs/promises';
import type { HostProblemCode } from '../../../shared/host-contract';
import { READ_PROGRESS_MIN_BYTES } from '../../../shared/host-contract';
import { BOUNDED_READ_CHUNK_BYTES, FileGrewError, readCheckedSize } from './bounded-read';
import { describeError, errorCode, HostProblemError } from './host-problem';
import type { ReadBudget } from './read-budget';
import { NotARegularFileError, openRegularFile, type OpenedRegularFile } from './regular-file';

/** What kind of file is wanted, for the checks and the messages. */
export interface UserFileKind<Identity> {
  /** `model` or `motion`: "a folder, not a model file", "opens models up to…". */
  readonly noun: string;
  /** What the file should be, e.g. `a VRM, PMX or PMD model`. */
  readonly wanted: string;
  /** The problem code when the bytes are not of this kind. */
  readonly notThisKind: Extract<HostProblemCode, 'not-a-model' | 'not-a-motion' | 'not-audio'>;
  /** How many leading bytes `checkHeader` needs. */
  readonly headerBytes: number;
  /** Throws a format error (see `isFormatError`) when the header is not of this kind. */
  checkHeader(header: Uint8Array): void;
  /** Identifies the whole file; throws a format error when it is not of this kind. */
  identify(bytes: Uint8Array): Identity;
  /** True for the errors `checkHeader`/`identify` throw about the bytes (message without a path). */
  isFormatError(error: unknown): error is Error;
}

/** What a kind of file is called in the messages about it (see {@link UserFileKind}). */
export type UserFileWords = Pick<UserFileKind<unknown>, 'noun' | 'wanted' | 'notThisKind'>;

/** How a kind of file's bytes are checked (see {@link UserFileKind}). */
export type UserFileChecks<Identity> = Omit<UserFileKind<Identity>, keyof UserFileWords>;

/**
 * A format module's readers as the checks of a {@link UserFileKind}: the first `headerBytes`
 * bytes go to `readMagic`, the whole file to `identify`, and a `FormatError` either throws
 * means the file is not of this kind.
 */
export function formatChecks<Identity>(
  headerBytes: number,
  readMagic: (header: Uint8Array) => unknown,
  identify: (bytes: Uint8Array) => Identity,
  FormatError: abstract new (...args: never[]) => Error,
): UserFileChecks<Identity> {
  return {
    headerBytes,
    checkHeader: (header) => void readMagic(header),
    identify,
    isFormatError: (error): error is Error => error instanceof FormatError,
  };
}

/** How a model or motion file is read. */
export interface ReadUserFileOptions {
  /** Largest size read, bytes; each kind has its default, and tests lower it. */
  readonly maxBytes?: number;
  /** Shared with other reads so they cannot hold unbounded memory at once. Default: none. */
  readonly budget?: ReadBudget;
  /**
   * Told after each chunk of a file of at least {@link READ_PROGRESS_MIN_BYTES}: bytes read
   * so far and the file's size. Smaller files are read at once and report nothing.
   */
  readonly onProgress?: (bytesRead: number, totalBytes: number) => void;
}

/** How much a big file is read at a time when its progress is reported, bytes (4 MiB). */
export const PROGRESS_CHUNK_BYTES = BOUNDED_READ_CHUNK_BYTES;

/** A file read whole, with what it was identified as. */
export interface UserFileData<Identity> {
  readonly bytes: Uint8Array;
  /** Bytes. */
  readonly size: number;
  /** Modification time when read (ms since 1970). */
  readonly mtimeMs: number;
  readonly identity: Identity;
}

/**
 * Reads and identifies the file at `path`.
 *
 * @param maxBytes - the largest size read
 * @throws HostProblemError `missing`, `unreadable`, `too-large` or `kind.notThisKind`
 */
export async function readUserFile<Identity>(
  path: string,
  maxBytes: number,
  kind: UserFileKind<Identity>,
  budget?: ReadBudget,
  onProgress?: ReadUserFileOptions['onProgress'],
): Promise<UserFileData<Identity>> {
  if (budget === undefined) return readOpened(path, maxBytes, kind, onProgress);
  const bytes = await sizeToHold(path, maxBytes);
  return budget.run(bytes, () => readOpened(path, maxBytes, kind, onProgress));
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

async function readOpened<Identity>(
  path: string,
  maxBytes: number,
  kind: UserFileKind<Identity>,
  onProgress: ReadUserFileOptions['onProgress'],
): Promise<UserFileData<Identity>> {
  const { handle, stats } = await openFile(path, kind);
  try {
    const { size, mtimeMs } = checkedSize(stats, path, maxBytes, kind);
    await checkHeader(handle, path, kind);
    const bytes = await readChecked(handle, path, size, onProgress);
    let identity: Identity;
    try {
      identity = kind.identify(bytes);
    } catch (error) {
      if (kind.isFormatError(error)) throw notThisKind(path, error, kind);
      throw error;
    }
    return { bytes, size, mtimeMs, identity };
  } finally {
    await handle.close();
  }
}

/** A human size: `600 MB`, `12.5 KB`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

/** Opens only a regular file: a pipe or device named by the user must not hang the read. */
async function openFile(path: string, kind: UserFileKind<unknown>): Promise<OpenedRegularFile> {
  try {
    return await openRegularFile(path);
  } catch (error) {
    if (error instanceof NotARegularFileError) {
      throw new HostProblemError(
        'unreadable',
        error.kind === 'folder'
          ? `${path} is a folder, not a ${kind.noun} file.`
          : `${path} is not a regular file (a pipe, device or socket), so it is not a ${kind.noun}.`,
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
  kind: UserFileKind<unknown>,
): { size: number; mtimeMs: number } {
  if (stats.size > maxBytes) {
    throw new HostProblemError(
      'too-large',
      `${path} is ${formatBytes(stats.size)}; Ragdoll Playground opens ${kind.noun}s ` +
        `up to ${formatBytes(maxBytes)}.`,
    );
  }
  if (stats.size === 0) {
    throw new HostProblemError(kind.notThisKind, `${path} is empty, not ${kind.wanted}.`);
  }
  return { size: stats.size, mtimeMs: stats.mtimeMs };
}

/** Checks the header before reading a possibly huge file that is not of this kind at all. */
async function checkHeader(
  handle: FileHandle,
  path: string,
  kind: UserFileKind<unknown>,
): Promise<void> {
  const header = new Uint8Array(kind.headerBytes);
  try {
    const { bytesRead } = await handle.read(header, 0, kind.headerBytes, 0);
    kind.checkHeader(header.subarray(0, bytesRead));
  } catch (error) {
    if (kind.isFormatError(error)) throw notThisKind(path, error, kind);
    throw unreadable(path, error);
  }
}

/**
 * Reads the file up to the size it was checked at into one buffer of that size, telling
 * `onProgress` after each chunk of a big file. A file that shrinks while it is read ends early
 * (the format check then judges it); one that grows past its checked size is refused.
 */
async function readChecked(
  handle: FileHandle,
  path: string,
  size: number,
  onProgress: ReadUserFileOptions['onProgress'],
): Promise<Uint8Array> {
  const report =
    onProgress !== undefined && size >= READ_PROGRESS_MIN_BYTES
      ? (bytesRead: number) => onProgress(bytesRead, size)
      : undefined;
  try {
    return await readCheckedSize(handle, size, report);
  } catch (error) {
    if (error instanceof FileGrewError) {
      throw new HostProblemError(
        'too-large',
        `${path} ${error.message}; it was not opened. Wait until the program writing it has ` +
          `finished, then open it again.`,
        { cause: error },
      );
    }
    throw unreadable(path, error);
  }
}

function notThisKind(path: string, error: Error, kind: UserFileKind<unknown>): HostProblemError {
  return new HostProblemError(kind.notThisKind, `${path} ${error.message}`, { cause: error });
}

function unreadable(path: string, error: unknown): HostProblemError {
  return new HostProblemError(
    'unreadable',
    `${path} could not be read (${describeError(error)}); check that it exists and that ` +
      `you may read it.`,
    { cause: error },
  );
}
