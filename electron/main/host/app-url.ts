/**
 * Which URLs are the app itself: the built page as served over `app://renderer/index.html`
 * (host/app-protocol.ts), or in development the electron-vite dev server. Navigation to
 * anything else is blocked and IPC from any other frame is refused.
 */

import { APP_INDEX_URL } from './app-protocol';

/** Where the renderer is loaded from. */
export interface RendererLocation {
  /** Absolute path of the built renderer's `index.html`; its folder is what app:// serves. */
  readonly indexFile: string;
  /** The dev server's URL (`npm run dev` only), e.g. `http://localhost:5173/`. */
  readonly devServerUrl?: string;
}

/** Returns a test for "is this URL our app?" (query and fragment are ignored). */
export function createAppUrlCheck(location: RendererLocation): (url: string) => boolean {
  const devOrigin =
    location.devServerUrl === undefined ? undefined : new URL(location.devServerUrl).origin;
  const own = new URL(APP_INDEX_URL);
  return (url) => {
    const parsed = URL.canParse(url) ? new URL(url) : undefined;
    if (parsed === undefined) return false;
    if (devOrigin !== undefined) return parsed.origin === devOrigin;
    return (
      parsed.protocol === own.protocol &&
      parsed.host === own.host &&
      parsed.pathname === own.pathname &&
      parsed.username === '' &&
      parsed.password === ''
    );
  };
}
