/**
 * Which URLs are the app itself: the built `index.html` on disk, or in development the
 * electron-vite dev server. Navigation to anything else is blocked and IPC from any other
 * frame is refused.
 */

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the renderer is loaded from. */
export interface RendererLocation {
  /** Absolute path of the built renderer's `index.html` (production and `npm start`). */
  readonly indexFile: string;
  /** The dev server's URL (`npm run dev` only), e.g. `http://localhost:5173/`. */
  readonly devServerUrl?: string;
}

/** Returns a test for "is this URL our app?" (query and fragment are ignored). */
export function createAppUrlCheck(location: RendererLocation): (url: string) => boolean {
  const devOrigin =
    location.devServerUrl === undefined ? undefined : new URL(location.devServerUrl).origin;
  const indexFile = normalizePath(resolve(location.indexFile));
  return (url) => {
    const parsed = URL.canParse(url) ? new URL(url) : undefined;
    if (parsed === undefined) return false;
    if (devOrigin !== undefined) return parsed.origin === devOrigin;
    return isSameFile(parsed, indexFile);
  };
}

function isSameFile(url: URL, indexFile: string): boolean {
  // fileURLToPath rejects remote hosts on POSIX; a file URL with a host is never ours anyway.
  if (url.protocol !== 'file:' || url.host !== '') return false;
  return normalizePath(fileURLToPath(url)) === indexFile;
}

/** Windows paths compare without regard to case, as the file system does. */
function normalizePath(path: string): string {
  return process.platform === 'win32' ? path.toLowerCase() : path;
}
