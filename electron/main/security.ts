/**
 * The app's security guards: the Content Security Policy header and denied permissions for
 * the session, and for every web contents no new windows, no webviews and no navigation
 * away from the app (which is also what stops a dropped file from replacing the page).
 */

import type { Session, WebContents } from 'electron';
import type { Logger } from './host/logger';

/** Sends `policy` as the Content-Security-Policy header of every response in `session`. */
export function installContentSecurityPolicy(session: Session, policy: string): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers = withoutHeader(details.responseHeaders ?? {}, 'content-security-policy');
    callback({ responseHeaders: { ...headers, 'Content-Security-Policy': [policy] } });
  });
}

/** The app needs no camera, location, notifications or anything else a page may ask for. */
export function denyAllPermissions(session: Session, logger: Logger): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    logger.warn(`Denied the "${permission}" permission requested by ${details.requestingUrl}.`);
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
}

/**
 * Guards one web contents. `isAppUrl` decides which navigations are the app's own (a
 * reload in development, for instance); everything else is stopped and logged.
 */
export function guardWebContents(
  contents: WebContents,
  isAppUrl: (url: string) => boolean,
  logger: Logger,
): void {
  contents.setWindowOpenHandler(({ url }) => {
    logger.warn(`Blocked a new window for ${url}; the app has one window.`);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event) => {
    if (isAppUrl(event.url)) return;
    event.preventDefault();
    logger.warn(`Blocked navigation to ${event.url}; only the app's own page may load.`);
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    logger.warn('Blocked a <webview>; the app does not embed other pages.');
  });
  contents.on('render-process-gone', (_event, details) => {
    logger.error(`The page's process ended (${details.reason}, exit code ${details.exitCode}).`);
  });
}

function withoutHeader(
  headers: Record<string, string[]>,
  lowerCaseName: string,
): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => name.toLowerCase() !== lowerCaseName),
  );
}
