/**
 * Opens a path for reading only when it is a regular file. Opening a named pipe (FIFO) for
 * reading waits until some process opens it for writing, which holds one of Node's few I/O
 * threads forever; four of them stall every later file operation in the process. Devices
 * (`/dev/zero`) never end. So the path is checked with `stat` first, opened non-blocking
 * (a pipe swapped in after the check then opens at once instead of waiting), and what was
 * actually opened is checked again through the handle.
 */

import { constants, type Stats } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';

/** Why a path that exists was not opened: it is a folder, or a pipe, device or socket. */
export class NotARegularFileError extends Error {
  override readonly name = 'NotARegularFileError';
  constructor(
    readonly path: string,
    readonly kind: 'folder' | 'special',
  ) {
    super(
      kind === 'folder'
        ? `${path} is a folder, not a file`
        : `${path} is not a regular file (a pipe, device or socket)`,
    );
  }
}

/** An open regular file and what `fstat` said about it when it was opened. */
export interface OpenedRegularFile {
  readonly handle: FileHandle;
  readonly stats: Stats;
}

// Windows has no O_NONBLOCK (its pipes live in a namespace of their own, which `stat` refuses).
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * Opens `path` for reading if it is a regular file (symbolic links are followed). The caller
 * closes the handle.
 *
 * @throws NotARegularFileError for a folder, pipe, device or socket, without waiting on it
 * @throws the fs error (`ENOENT`, `EACCES`…) when the path cannot be checked or opened
 */
export async function openRegularFile(path: string): Promise<OpenedRegularFile> {
  refuseUnlessFile(path, await stat(path));
  const handle = await open(path, READ_FLAGS);
  try {
    // The name may have been swapped between the check and the open: check what was opened.
    const stats = await handle.stat();
    refuseUnlessFile(path, stats);
    return { handle, stats };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

function refuseUnlessFile(path: string, stats: Stats): void {
  if (stats.isFile()) return;
  throw new NotARegularFileError(path, stats.isDirectory() ? 'folder' : 'special');
}
