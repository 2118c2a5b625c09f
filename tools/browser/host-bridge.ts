/**
 * The end-to-end tests' stand-in for the preload: gives a Playwright page the same
 * `window.host` (`HostApi`) the app's preload gives the renderer, backed by the same
 * handler functions (`createHostHandlers`) and the same argument validation
 * (`callHostHandler`) the main process serves over IPC. Only the transport differs:
 * `page.exposeBinding` instead of `ipcRenderer.invoke`, `page.evaluate` instead of
 * `webContents.send`.
 *
 * @example
 * ```ts
 * const bridge = await exposeHostToPage(page, { appInfo: { locale: 'ja-JP' } });
 * await page.goto(rendererUrl); // window.host exists before any page script runs
 * await bridge.sendMenuCommand('blast'); // as if picked from the native menu
 * ```
 */

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { AppCommand } from '../../shared/commands';
import type {
  AppInfo,
  DroppedFileHandle,
  DroppedFileResult,
  ExportFileFormat,
  HostApi,
  HostOutcome,
  MenuLanguageCode,
  ReadProgress,
  UpdateRestartResult,
  UpdateStatus,
  AlwaysOnTopState,
} from '../../shared/host-contract';
import { callHostHandler } from '../../electron/main/host/call-host-handler';
import type { Dialogs } from '../../electron/main/host/dialogs';
import { CANCELING_DIALOGS } from './canceling-dialogs';
import { InFlight } from './in-flight';
import { mintDropGrant, newDropKey } from '../../electron/main/host/drop-grants';
import { createHostHandlers } from '../../electron/main/host/host-handlers';
import { toOutcome } from '../../electron/main/host/host-problem';
import { createHostServices, type HostServices } from '../../electron/main/host/host-services';

/** What the bridged host reports; anything left out comes from `DEFAULT_APP_INFO`. */
export interface HostBridgeOptions {
  /** Overrides for `host.getAppInfo()`, e.g. `{ locale: 'ja-JP' }` to start in Japanese. */
  readonly appInfo?: Partial<AppInfo>;
  /** The data folder (library, presets). Default: a new temporary folder. */
  readonly dataDirectory?: string;
  /** The scripted stand-in for the native dialogs. Default: every dialog is canceled. */
  readonly dialogs?: Dialogs;
  /**
   * A page cannot give a dropped `File` a path (that is the preload's `webUtils`), so the
   * test says which path each dropped file name stands for.
   */
  readonly droppedFiles?: Readonly<Record<string, string>>;
  /** Answers Restart now. Default: no update is ready. */
  readonly restartToUpdate?: () => Promise<UpdateRestartResult>;
}

export { CANCELING_DIALOGS };

/** The test's side of the bridge. */
export interface HostBridge {
  /**
   * Delivers `command` to every `host.onMenuCommand` listener in the page, as a native menu
   * click would. Resolves after the listeners have run (synchronously, in the page).
   */
  sendMenuCommand(command: AppCommand): Promise<void>;
  /** Delivers Help > About to every `host.onShowAbout` listener, as the native menu would. */
  showAbout(): Promise<void>;
  /** Delivers an update status to every `host.onUpdateStatus` listener. */
  sendUpdateStatus(status: UpdateStatus): Promise<void>;
  /**
   * Switches ALWAYS ON TOP as View > Always on Top would: the bridged window's state changes
   * and every `host.onAlwaysOnTop` listener hears it.
   */
  switchAlwaysOnTopFromMenu(on: boolean): Promise<void>;
  /** Whether the bridged window is kept on top now (a browser has no window: the state alone). */
  readonly alwaysOnTop: boolean;
  /**
   * Opens `path` as the OS or File > Open Model… would, and delivers the result to every
   * `host.onFileOpened` listener in the page.
   */
  openFile(path: string): Promise<HostOutcome<DroppedFileResult>>;
  /** The data folder the bridged host uses. */
  readonly dataDirectory: string;
  /** The services behind the handlers, for setting up or inspecting state. */
  readonly services: HostServices;
  /** Every language the page asked the native menu to speak, in order. */
  readonly menuLanguages: readonly MenuLanguageCode[];
  /**
   * Every channel the page invoked, in the order the host answered (the answer is on its way
   * to the page by then): to wait for a request that changes nothing visible, such as a
   * canceled dialog, before checking that nothing changed.
   */
  readonly answered: readonly string[];
  /**
   * Resolves once no request the page made (or {@link openFile}) is still being answered:
   * then no host write is under way, and the data folder can be removed.
   */
  settled(): Promise<void>;
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
  drop: '__ragdollHostBridgeDrop',
  menu: '__ragdollHostBridgeMenuCommand',
  fileOpened: '__ragdollHostBridgeFileOpened',
  readProgress: '__ragdollHostBridgeReadProgress',
  about: '__ragdollHostBridgeShowAbout',
  updateStatus: '__ragdollHostBridgeUpdateStatus',
  alwaysOnTop: '__ragdollHostBridgeAlwaysOnTop',
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
  const dataDirectory = options.dataDirectory ?? mkdtempSync(join(tmpdir(), 'rp-bridge-data-'));
  // The bridge plays the preload: it alone knows the key drops are signed with.
  const dropKey = newDropKey();
  const services = createHostServices({
    dataDirectory,
    dropKey,
    dialogs: options.dialogs ?? CANCELING_DIALOGS,
    // As the app's main process sends it to the window; the page may be gone by then.
    onReadProgress: (progress) => {
      page
        .evaluate(
          ([name, delivered]) => {
            const deliver = (window as unknown as Record<string, (value: unknown) => void>)[name];
            deliver?.(delivered);
          },
          [PAGE_NAMES.readProgress, progress] as const,
        )
        .catch(() => undefined);
    },
  });
  const menuLanguages: MenuLanguageCode[] = [];
  const answered: string[] = [];
  // What the page asked for and the host is still answering: settled() waits for it.
  const answering = new InFlight();
  let onTop = false;
  const handlers = createHostHandlers({
    appInfo: { ...DEFAULT_APP_INFO, ...options.appInfo },
    services,
    setMenuLanguage: (language) => menuLanguages.push(language),
    alwaysOnTop: (on) => {
      if (on !== null) onTop = on;
      return Promise.resolve({ on: onTop });
    },
    dataFolder: dataDirectory,
    // A browser has no file manager to open: say so, as a failed shell.openPath would.
    openFolder: () => Promise.resolve('the test browser has no file manager'),
    ...(options.restartToUpdate === undefined ? {} : { restartToUpdate: options.restartToUpdate }),
  });
  await page.exposeBinding(PAGE_NAMES.drop, (source: BindingCaller, fileName: unknown) => {
    if (source.frame !== source.page.mainFrame()) {
      throw new Error('host: dropped files are only accepted from the top frame.');
    }
    const path = typeof fileName === 'string' ? options.droppedFiles?.[fileName] : undefined;
    if (path === undefined) {
      throw new Error(`host: "${String(fileName)}" is not a file dropped from the desktop.`);
    }
    // The same door as the preload's IPC call: rp:file:dropped with the path and its grant.
    return answering.track(
      callHostHandler(handlers, 'rp:file:dropped', [path, mintDropGrant(dropKey, path)]),
    );
  });
  await page.exposeBinding(
    PAGE_NAMES.invoke,
    (source: BindingCaller, channel: unknown, args: unknown) => {
      // The app's IPC answers only its own page; here, only the top frame.
      if (source.frame !== source.page.mainFrame()) {
        throw new Error(`host: ${String(channel)} is only answered for the top frame.`);
      }
      return answering.track(
        callHostHandler(handlers, channel, args).finally(() => answered.push(String(channel))),
      );
    },
  );
  await page.addInitScript({ content: pageScript(installPageHost, PAGE_NAMES) });
  return {
    dataDirectory,
    services,
    menuLanguages,
    answered,
    settled: () => answering.settled(),
    async openFile(path) {
      const outcome = await answering.track(toOutcome(() => services.openFileFromUser(path)));
      await deliverToPage(page, PAGE_NAMES.fileOpened, outcome);
      return outcome;
    },
    showAbout: () => deliverToPage(page, PAGE_NAMES.about, null),
    sendUpdateStatus: (status) => deliverToPage(page, PAGE_NAMES.updateStatus, status),
    get alwaysOnTop() {
      return onTop;
    },
    switchAlwaysOnTopFromMenu(on) {
      onTop = on;
      return deliverToPage(page, PAGE_NAMES.alwaysOnTop, { on });
    },
    sendMenuCommand: (command) => deliverToPage(page, PAGE_NAMES.menu, command),
  };
}

/**
 * `run(argument)` as source for the page. esbuild's `keepNames` (tsx, a plain script's
 * loader) wraps named inner functions in `__name(fn, "name")`, a helper that exists only in
 * Node's module, so the page would throw "__name is not defined" and never get `window.host`.
 * The script brings its own `__name`, scoped to itself, that leaves each function as it is.
 */
export function pageScript<A>(run: (argument: A) => void, argument: A): string {
  return `(() => { const __name = (target) => target; (${run.toString()})(${JSON.stringify(argument)}); })();`;
}

/** Calls the page's delivery function `name` with `value`, as `webContents.send` would. */
async function deliverToPage(page: Page, name: string, value: unknown): Promise<void> {
  await page.evaluate(
    ([deliveryName, delivered]) => {
      const deliver = (window as unknown as Record<string, (value: unknown) => void>)[deliveryName];
      if (deliver === undefined) throw new Error('host-bridge: window.host is not installed');
      deliver(delivered);
    },
    [name, value] as const,
  );
}

/**
 * Runs in the page, serialized by Playwright: it may use nothing outside its own body.
 * Mirrors electron/preload/index.ts method for method.
 */
function installPageHost(names: typeof PAGE_NAMES): void {
  const scope = window as unknown as Record<string, unknown>;
  const invoke = (channel: string, args: unknown[]): Promise<never> =>
    (scope[names.invoke] as (channel: string, args: unknown[]) => Promise<never>)(channel, args);
  /**
   * One event the host sends the page: `on` subscribes a listener through a fresh wrapper, so
   * subscribing one function twice needs two unsubscribes; `deliverAs` installs the page
   * function the bridge calls to send it.
   */
  const hostEvent = <T>() => {
    const relays = new Set<(value: T) => void>();
    return {
      on(listener: (value: T) => void): () => void {
        const relay = (value: T): void => listener(value);
        relays.add(relay);
        return () => {
          relays.delete(relay);
        };
      },
      deliverAs(name: string): void {
        Object.defineProperty(window, name, {
          value: (value: T) => {
            for (const relay of [...relays]) relay(value);
          },
        });
      },
    };
  };
  const menuCommand = hostEvent<AppCommand>();
  const fileOpened = hostEvent<HostOutcome<DroppedFileResult>>();
  const readProgress = hostEvent<ReadProgress>();
  const showAbout = hostEvent<null>();
  const updateStatus = hostEvent<UpdateStatus>();
  const alwaysOnTop = hostEvent<AlwaysOnTopState>();
  const host: HostApi = Object.freeze({
    getAppInfo: () => invoke('rp:app:get-info', []),
    openModelDialog: () => invoke('rp:model:open-dialog', []),
    readModel: (path: string) => invoke('rp:model:read', [path]),
    readModelTexture: (modelPath: string, textureName: string) =>
      invoke('rp:model:read-texture', [modelPath, textureName]),
    openStageDialog: () => invoke('rp:stage:open-dialog', []),
    readStage: (path: string) => invoke('rp:stage:read', [path]),
    // The bridge's drops go through the file-drop path only; a stage is opened by the dialog.
    openDroppedStage: (file: DroppedFileHandle) =>
      Promise.resolve({
        ok: false,
        problem: { code: 'not-allowed', message: `${file.name}: drop a stage in the app itself.` },
      } as const),
    openMotionDialog: () => invoke('rp:motion:open-dialog', []),
    readMotion: (path: string) => invoke('rp:motion:read', [path]),
    openMusicDialog: () => invoke('rp:music:open-dialog', []),
    readMusic: (path: string) => invoke('rp:music:read', [path]),
    openDroppedFile: (file: DroppedFileHandle) =>
      (scope[names.drop] as (name: string) => Promise<never>)(file.name),
    keepDroppedFile: (path: string) => invoke('rp:library:keep-dropped', [path]),
    onFileOpened: fileOpened.on,
    listLibrary: () => invoke('rp:library:list', []),
    removeFromLibrary: (id: string) => invoke('rp:library:remove', [id]),
    clearLibrary: () => invoke('rp:library:clear', []),
    relocateLibraryEntry: (id: string) => invoke('rp:library:relocate', [id]),
    setLibraryThumbnail: (id: string, png: Uint8Array) =>
      invoke('rp:library:set-thumbnail', [id, png]),
    listPresets: () => invoke('rp:preset:list', []),
    savePreset: (content: unknown) => invoke('rp:preset:save', [content]),
    overwritePreset: (id: string, content: unknown) => invoke('rp:preset:overwrite', [id, content]),
    renamePreset: (id: string, name: string) => invoke('rp:preset:rename', [id, name]),
    duplicatePreset: (id: string) => invoke('rp:preset:duplicate', [id]),
    deletePreset: (id: string) => invoke('rp:preset:delete', [id]),
    loadPreset: (id: string) => invoke('rp:preset:load', [id]),
    importPreset: () => invoke('rp:preset:import', []),
    exportPreset: (id: string) => invoke('rp:preset:export', [id]),
    saveRecovery: (content: unknown) => invoke('rp:recovery:save', [content]),
    takeRecovery: () => invoke('rp:recovery:take', []),
    saveExport: (format: ExportFileFormat, suggestedName: string, bytes: Uint8Array) =>
      invoke('rp:export:save', [format, suggestedName, bytes]),
    setMenuLanguage: (language: MenuLanguageCode) => invoke('rp:menu:set-language', [language]),
    getAboutInfo: () => invoke('rp:app:about', []),
    showDataFolder: () => invoke('rp:app:show-data-folder', []),
    restartToUpdate: () => invoke('rp:update:restart', []),
    onShowAbout: (listener: () => void) => showAbout.on(() => listener()),
    onUpdateStatus: updateStatus.on,
    alwaysOnTop: (on: boolean | null) => invoke('rp:window:always-on-top', [on]),
    onAlwaysOnTop: alwaysOnTop.on,
    vmcReceive: (request: unknown) => invoke('rp:vmc:receive', [request]),
    vmcPoll: (sequence: number) => invoke('rp:vmc:poll', [sequence]),
    vmcSend: (request: unknown) => invoke('rp:vmc:send', [request]),
    vmcSendFrame: (frame: unknown, time: number) => invoke('rp:vmc:send-frame', [frame, time]),
    onReadProgress: readProgress.on,
    onMenuCommand: menuCommand.on,
  });
  // Read-only, like a contextBridge.exposeInMainWorld property.
  Object.defineProperty(window, 'host', { value: host, enumerable: true });
  menuCommand.deliverAs(names.menu);
  readProgress.deliverAs(names.readProgress);
  showAbout.deliverAs(names.about);
  alwaysOnTop.deliverAs(names.alwaysOnTop);
  updateStatus.deliverAs(names.updateStatus);
  fileOpened.deliverAs(names.fileOpened);
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
