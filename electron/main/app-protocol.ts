/**
 * Registers the `app://` scheme (before the app is ready, as Electron requires) and serves it
 * from the built renderer folder through host/app-protocol.ts, which decides every answer.
 */

import { protocol } from 'electron';
import { APP_SCHEME, serveAppRequest } from './host/app-protocol';
import type { Logger } from './host/logger';

/**
 * Makes `app://` a standard, secure scheme with fetch and V8's code cache (so every start
 * after the first compiles less). Call before `app` is ready.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ]);
}

/** Serves `app://renderer/…` from `rendererFolder` with `contentSecurityPolicy` on each page. */
export function serveAppScheme(
  rendererFolder: string,
  contentSecurityPolicy: string,
  logger: Logger,
): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const answer = await serveAppRequest(request.url, rendererFolder, contentSecurityPolicy);
    if (answer.status !== 200) logger.warn(`Refused ${request.url} (${answer.status}).`);
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  });
}
