/**
 * Export (a motion, a picture, a clip): the native Save dialog, opened in the folder last
 * exported to (kept between runs, see export-folder-store.ts), then the bytes written
 * atomically (write-file-atomic: a temp file beside the target, flushed, renamed over it) to
 * exactly the path the dialog returned. A write that fails
 * leaves no temp file and no partial file behind, and the message says why in words.
 */
import { basename, dirname, isAbsolute } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { ExportFileFormat } from '../../../shared/host-contract';
import type { Dialogs } from './dialogs';
import type { ExportFolder } from './export-folder-store';
import { HostProblemError } from './host-problem';

export { ExportFolder } from './export-folder-store';

/** Why a write failed, by Node's error code, for the message. */
const WRITE_FAILURES: Readonly<Record<string, string>> = {
  ENOENT: 'the folder does not exist',
  ENOTDIR: 'part of the path is not a folder',
  EACCES: 'you do not have permission to write there',
  EPERM: 'you do not have permission to write there',
  EROFS: 'the disk is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENAMETOOLONG: 'the name is too long',
  EINVAL: 'the system refuses that name',
  EISDIR: 'a folder has that name',
};

/** Writes `bytes` to `path` atomically, or throws a `write-failed` problem naming the file and why. */
export async function writeExportFile(
  path: string,
  bytes: Uint8Array,
  write: (path: string, data: Buffer) => Promise<void> = (target, data) =>
    writeFileAtomic(target, data, { fsync: true }),
): Promise<void> {
  try {
    await write(path, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const why = WRITE_FAILURES[code] ?? `the system said: ${(error as Error).message}`;
    throw new HostProblemError(
      'write-failed',
      `${basename(path)} could not be saved in ${dirname(path)}: ${why}. Nothing was written.`,
      { cause: error },
    );
  }
}

/**
 * Asks where to save an export of `format` (suggesting `suggestedName` in the last folder) and
 * writes it there. Canceling is a `canceled` problem; a path that is not absolute is refused.
 */
export async function saveExport(
  dialogs: Dialogs,
  folder: ExportFolder,
  format: ExportFileFormat,
  suggestedName: string,
  bytes: Uint8Array,
  write?: (path: string, data: Buffer) => Promise<void>,
): Promise<{ readonly path: string }> {
  const path = await dialogs.showSaveExport(await folder.suggest(suggestedName), format);
  if (path === null) throw new HostProblemError('canceled', 'No export file was chosen.');
  if (!isAbsolute(path))
    throw new HostProblemError(
      'not-allowed',
      `${path} is not an absolute path; nothing was written.`,
    );
  await writeExportFile(path, bytes, write);
  await folder.remember(path);
  return { path };
}
