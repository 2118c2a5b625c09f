/**
 * Where the renderer comes from: the built files next to this bundle, or in development the
 * electron-vite dev server. A packaged app never follows the environment variable, so it
 * cannot be pointed at another page.
 */

import { join } from 'node:path';
import { app } from 'electron';
import type { RendererLocation } from './host/app-url';
import type { Logger } from './host/logger';

/** Hosts a dev server may run on: this machine only. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Paths here are relative to the built bundle, `out/main/index.js`. */
export function resolveRendererLocation(logger: Logger): RendererLocation {
  const indexFile = join(import.meta.dirname, '../renderer/index.html');
  const devServerUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'];
  if (devServerUrl === undefined || devServerUrl === '') return { indexFile };
  if (isLoopbackHttpUrl(devServerUrl)) return { indexFile, devServerUrl };
  logger.error(
    `ELECTRON_RENDERER_URL=${devServerUrl} is not an http URL on this machine; ` +
      `loading the built renderer from ${indexFile} instead.`,
  );
  return { indexFile };
}

/** The preload script, bundled as one CommonJS file because sandboxed preloads cannot import. */
export function preloadPath(): string {
  return join(import.meta.dirname, '../preload/index.cjs');
}

function isLoopbackHttpUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  return (
    (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
    LOOPBACK_HOSTS.has(parsed.hostname)
  );
}
