/**
 * The end-to-end tests' stand-in for the preload: gives a Playwright page the same
 * `window.host` (`HostApi`) the app's preload gives the renderer, backed by the same
 * handler functions (`createHostHandlers`) and the same argument validation
 * (`callHostHandler`) the main process serves over IPC. Only the transport differs:
 * `page.exposeBinding` instead of `ipcRenderer.invoke`, `page.evaluate` instead of
 * `webContents.send` (see ../shared/GUIDE.md §3).
 *
 * @example
 * ```ts
 * const bridge = await exposeHostToPage(page, { appInfo: { locale: 'ja-JP' } });
 * await page.goto(rendererUrl); // window.host exists before any page script runs
 * await bridge.sendMenuCommand('blast'); // as if picked from the native menu
 * ```
 */

import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { AppCommand } from '../../shared/commands';
import type { AppInfo, HostApi } from '../../shared/host-contract';
import { callHostHandler } from '../../electron/main/host/call-host-handler';
import { createHostHandlers } from '../../electron/main/host/host-handlers';

/** What the bridged host reports; anything left out comes from `DEFAULT_APP_INFO`. */
export interface HostBridgeOptions {
  /** Overrides for `host.getAppInfo()`, e.g. `{ locale: 'ja-JP' }` to start in Japanese. */
  readonly appInfo?: Partial<AppInfo>;
}

/** The test's side of the bridge. */
export interface HostBridge {
  /**
   * Delivers `command` to every `host.onMenuCommand` listener in the page, as a native menu
   * click would. Resolves after the listeners have run (synchronously, in the page).
   */
  sendMenuCommand(command: AppCommand): Promise<void>;
}

/**
 * Defaults: the name and version from package.json, this machine's platform, and `en-US`
 * (not the machine's locale) so tests start in English everywhere.
 */
export const DEFAULT_APP_INFO: AppInfo = Object.freeze(readAppInfo());

/** What Playwright tells a binding about its caller (its `BindingSource` is not exported). */
type BindingCaller = Parameters<Parameters<Page['exposeBinding']>[1]>[0];

/** Global names the bridge uses in the page; obscure so they cannot clash with app code. */
const PAGE_NAMES = {
  invoke: '__ragdollHostBridgeInvoke',
  menu: '__ragdollHostBridgeMenuCommand',
} as const;

/**
 * Installs `window.host` in `page` (and in every document it loads later).
 * Call before `page.goto`; calling twice on one page throws (the binding exists).
 *
 * @param page - a playwright-core page
 * @param options - what `getAppInfo` reports
 * @returns a handle for pushing menu commands into the page
 */
export async function exposeHostToPage(
  page: Page,
  options: HostBridgeOptions = {},
): Promise<HostBridge> {
  const handlers = createHostHandlers({ appInfo: { ...DEFAULT_APP_INFO, ...options.appInfo } });
  await page.exposeBinding(
    PAGE_NAMES.invoke,
    (source: BindingCaller, channel: unknown, args: unknown) => {
      // The app's IPC answers only its own page; here, only the top frame.
      if (source.frame !== source.page.mainFrame()) {
        throw new Error(`host: ${String(channel)} is only answered for the top frame.`);
      }
      return callHostHandler(handlers, channel, args);
    },
  );
  await page.addInitScript(installPageHost, PAGE_NAMES);
  return {
    async sendMenuCommand(command) {
      await page.evaluate(
        ([name, picked]) => {
          const deliver = (window as unknown as Record<string, (command: string) => void>)[name];
          if (deliver === undefined) throw new Error('host-bridge: window.host is not installed');
          deliver(picked);
        },
        [PAGE_NAMES.menu, command] as const,
      );
    },
  };
}

/**
 * Runs in the page, serialized by Playwright: it may use nothing outside its own body.
 * Mirrors electron/preload/index.ts method for method.
 */
function installPageHost(names: typeof PAGE_NAMES): void {
  const scope = window as unknown as Record<string, unknown>;
  const invoke = (channel: string, args: unknown[]): Promise<never> =>
    (scope[names.invoke] as (channel: string, args: unknown[]) => Promise<never>)(channel, args);
  const listeners = new Set<(command: AppCommand) => void>();
  const host: HostApi = Object.freeze({
    getAppInfo: () => invoke('rp:app:get-info', []),
    onMenuCommand(listener: (command: AppCommand) => void): () => void {
      // A fresh wrapper per subscription, so subscribing one function twice needs two unsubscribes.
      const relay = (command: AppCommand): void => listener(command);
      listeners.add(relay);
      return () => {
        listeners.delete(relay);
      };
    },
  });
  // Read-only, like a contextBridge.exposeInMainWorld property.
  Object.defineProperty(window, 'host', { value: host, enumerable: true });
  Object.defineProperty(window, names.menu, {
    value: (command: AppCommand) => {
      for (const listener of [...listeners]) listener(command);
    },
  });
}

function readAppInfo(): AppInfo {
  const packageFile = new URL('../../package.json', import.meta.url);
  const manifest = JSON.parse(readFileSync(packageFile, 'utf8')) as {
    productName?: string;
    name: string;
    version: string;
  };
  return {
    name: manifest.productName ?? manifest.name,
    version: manifest.version,
    platform: process.platform,
    locale: 'en-US',
  };
}
