/**
 * Gathers what `updateSupport` needs to know about the running build: whether it is
 * packaged, the AppImage path on Linux, and on macOS what `codesign` says of the app bundle
 * (an update can only replace an app signed with a Developer ID).
 */

import { execFile } from 'node:child_process';
import { dirname } from 'node:path';
import type { UpdateEnvironment } from './host/update-policy';

/** `codesign` answers in well under a second; a stuck one must not hold the start. */
const CODESIGN_TIMEOUT_MS = 5000;

export async function readUpdateEnvironment(packaged: boolean): Promise<UpdateEnvironment> {
  const platform = process.platform;
  return {
    platform,
    packaged,
    appImagePath: platform === 'linux' ? process.env['APPIMAGE'] : undefined,
    macSignature: platform === 'darwin' && packaged ? await codesignReport() : undefined,
  };
}

/** What `codesign -dv --verbose=2` prints (to stderr) about the running app bundle. */
function codesignReport(): Promise<string | undefined> {
  // …/Ragdoll Playground.app/Contents/MacOS/Ragdoll Playground → the .app folder.
  const bundle = dirname(dirname(dirname(process.execPath)));
  return new Promise((resolve) => {
    execFile(
      '/usr/bin/codesign',
      ['-dv', '--verbose=2', bundle],
      { timeout: CODESIGN_TIMEOUT_MS },
      (error, _stdout, stderr) => resolve(error === null ? stderr : undefined),
    );
  });
}
