/**
 * The main process's answers to the renderer's requests, one handler per channel of
 * `HostRequests`, and next to them the schema every channel's arguments must match.
 * A new channel is added here in both tables; the types make forgetting either an error.
 *
 * Handlers are plain functions: `electron/main/ipc.ts` serves them over IPC and the
 * end-to-end tests serve the same functions to Chromium through Playwright.
 */

import { z } from 'zod';
import type { AppInfo, HostChannel, HostRequests } from '../../../shared/host-contract';

/** What the handlers need from the running app, injected so tests can supply it. */
export interface HostDeps {
  /** Name, version, platform and system locale, e.g. from Electron's `app`. */
  readonly appInfo: AppInfo;
}

/** The handler for one channel: its contract arguments in, its contract result out. */
export type HostHandler<K extends HostChannel> = (
  ...args: HostRequests[K]['args']
) => Promise<HostRequests[K]['result']>;

/** One handler per request channel. */
export type HostHandlers = { readonly [K in HostChannel]: HostHandler<K> };

/** The arguments each channel accepts, checked before its handler runs. */
export const HOST_ARGUMENT_SCHEMAS: {
  readonly [K in HostChannel]: z.ZodType<HostRequests[K]['args']>;
} = {
  'rp:app:get-info': z.tuple([]),
};

/** Builds the handlers over `deps`. */
export function createHostHandlers(deps: HostDeps): HostHandlers {
  const appInfo = Object.freeze({ ...deps.appInfo });
  return {
    'rp:app:get-info': () => Promise.resolve(appInfo),
  };
}
