/**
 * The one contract between the renderer and the main process ("the host").
 *
 * - `HostRequests` lists every request the renderer may make: its channel, arguments and
 *   result. The main process registers one handler per channel (electron/main/ipc.ts), the
 *   preload maps the same channels onto `ipcRenderer.invoke`, and the end-to-end tests
 *   expose the same handler functions to Chromium through Playwright instead of IPC.
 * - `HostEvents` lists what the main process pushes to the renderer.
 *
 * No Electron, no DOM: both sides import this file. Later features add channels here.
 */

import type { AppCommand } from './commands';

/** Every channel starts with this prefix, so ours are easy to tell from Electron's. */
export const CHANNEL_PREFIX = 'rp:';

/** Facts about the running app, for the about box and the language default. */
export interface AppInfo {
  readonly name: string;
  readonly version: string;
  /** `process.platform` of the host, e.g. `win32`, `darwin`, `linux`. */
  readonly platform: string;
  /** The system's preferred language tag, e.g. `ja-JP`. */
  readonly locale: string;
}

/** Request channels, their arguments and results. */
export interface HostRequests {
  'rp:app:get-info': { readonly args: readonly []; readonly result: AppInfo };
}

export type HostChannel = keyof HostRequests;

/**
 * Every request channel, once. The object literal is typed against `HostRequests`, so a
 * channel added there and not here (or a stale one left here) is a compile error; that is
 * what lets the main process and its tests derive the channel list at run time.
 */
const requestChannelTable: { readonly [K in HostChannel]: true } = {
  'rp:app:get-info': true,
};

/** Every key of `HostRequests`, for registering and checking handlers at run time. */
export const HOST_CHANNELS: readonly HostChannel[] = Object.freeze(
  Object.keys(requestChannelTable) as HostChannel[],
);

/** Events pushed from the main process to the renderer, with their payloads. */
export interface HostEvents {
  'rp:menu:command': AppCommand;
}

export type HostEventChannel = keyof HostEvents;

/** The channel on which the native menu sends the `AppCommand` the user picked. */
export const MENU_COMMAND_CHANNEL = 'rp:menu:command' satisfies HostEventChannel;

/**
 * The object the preload exposes as `window.host`. Each method is one request channel or
 * one event subscription; nothing else crosses the bridge.
 */
export interface HostApi {
  getAppInfo(): Promise<AppInfo>;
  /** Subscribes to menu commands; returns the unsubscribe function. */
  onMenuCommand(listener: (command: AppCommand) => void): () => void;
}
