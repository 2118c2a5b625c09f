/**
 * Files the operating system asks the app to open: on Windows and Linux they arrive as
 * command-line arguments (first launch, or a second launch forwarded to the running app);
 * on macOS through the `open-file` event. Only names with an extension the app opens count,
 * so Electron's own arguments (`--flags`, the app path, `.`) are ignored.
 */

import { isAbsolute, resolve } from 'node:path';
import { isOpenableFileName } from '../../../shared/file-types';

/**
 * The openable files named in `argv`, as absolute paths.
 *
 * @param argv - the process's arguments (`process.argv`, or a second instance's)
 * @param workingDirectory - where relative arguments are resolved (the launching shell's)
 */
export function filesFromArgv(argv: readonly string[], workingDirectory: string): string[] {
  return argv
    .slice(1)
    .filter((arg) => !arg.startsWith('-') && isOpenableFileName(arg))
    .map((arg) => (isAbsolute(arg) ? arg : resolve(workingDirectory, arg)));
}
