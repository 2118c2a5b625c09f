/**
 * What the main-bundle harness is asked to do (the scenario) and what it saw (the report).
 * Both cross a process boundary as JSON, so neither holds functions.
 */

/** One IPC request the harness sends to a registered handler. */
export interface IpcCall {
  readonly channel: string;
  readonly args: readonly unknown[];
  /** The URL of the frame the request appears to come from; null: a destroyed frame. */
  readonly frameUrl: string | null;
}

export interface MainBundleScenario {
  /** Absolute path of the built main bundle to load. */
  readonly bundle: string;
  /** Absolute path used as `app.getPath('userData')`. */
  readonly userData: string;
  /** Pretend to run on this platform (process.platform is replaced before loading). */
  readonly platform: NodeJS.Platform;
  /** What `app.getLocale()` returns. */
  readonly locale: string;
  /** `ELECTRON_RENDERER_URL`, as `electron-vite dev` would set it. */
  readonly rendererUrl?: string;
  /** URLs the window tries to navigate to (`will-navigate`). */
  readonly navigations: readonly string[];
  /** URLs the page tries to open in a new window. */
  readonly windowOpens: readonly string[];
  /** Permissions the page requests and checks. */
  readonly permissions: readonly string[];
  readonly ipcCalls: readonly IpcCall[];
  /** Menu item ids (app commands) to click, in order. */
  readonly menuClicks: readonly string[];
  /**
   * Files the OS asks the app to open (macOS `open-file`), announced before the app is
   * ready; the harness then reports the page loaded (`did-finish-load`).
   */
  readonly openFiles: readonly string[];
  /** The page's process ends this way (`render-process-gone`), in order, after it loaded. */
  readonly pageGone: readonly { readonly reason: string; readonly exitCode: number }[];
}

/** What the main process sent on `rp:file:opened`, without the model's bytes. */
export interface FileOpenedRecord {
  readonly ok: boolean;
  readonly kind?: string;
  readonly title?: string;
  readonly code?: string;
}

/** A menu template item without its click function. */
export interface MenuItemRecord {
  readonly id?: string;
  readonly label?: string;
  readonly role?: string;
  readonly type?: string;
  readonly accelerator?: string;
  readonly registerAccelerator?: boolean;
  readonly hasClick: boolean;
  readonly submenu?: MenuItemRecord[];
}

/** URLs the harness asks the app:// handler for: the page, and ways out of its folder. */
export const APP_REQUESTS = [
  'app://renderer/index.html',
  'app://renderer/..%2fmain%2findex.js',
  'app://renderer/assets/..%2f..%2fmain%2findex.js',
  'app://renderer/..%5cmain%5cindex.js',
  'app://evil/index.html',
] as const;

export interface AppResponseRecord {
  readonly url: string;
  readonly status: number;
  readonly contentType: string | null;
  readonly csp: string | null;
  readonly bytes: number;
}

export interface MainBundleReport {
  readonly windowCount: number;
  /** The BrowserWindow constructor options, without webPreferences. */
  readonly windowOptions: Record<string, unknown>;
  readonly webPreferences: Record<string, unknown>;
  readonly preloadExists: boolean;
  readonly loaded: { readonly file?: string; readonly url?: string };
  readonly shownWhenReady: boolean;
  readonly maximizedWhenReady: boolean;
  /** Each `setAlwaysOnTop` call on the window: the flag and the level (null: none given). */
  readonly alwaysOnTopCalls: readonly (readonly [boolean, string | null])[];
  /** Headers the CSP listener returned for a response that had its own CSP and one other header. */
  readonly headerListenerCount: number;
  readonly responseHeaders: Record<string, string[]>;
  readonly navigations: readonly { readonly url: string; readonly prevented: boolean }[];
  readonly windowOpens: readonly { readonly url: string; readonly action: string }[];
  readonly webviewPrevented: boolean;
  readonly permissionRequests: readonly {
    readonly permission: string;
    readonly granted: unknown;
  }[];
  readonly permissionChecks: readonly { readonly permission: string; readonly allowed: unknown }[];
  readonly ipcChannels: readonly string[];
  readonly ipcResults: readonly { readonly result?: unknown; readonly error?: string }[];
  readonly menu: readonly MenuItemRecord[] | undefined;
  readonly sentToRenderer: readonly { readonly channel: string; readonly args: unknown[] }[];
  /** window-state.json once the window reported the end of a move (before closing). */
  readonly savedAfterMove: unknown;
  /** After the window closed, `activate` (a dock click) opened a new one. */
  readonly reopenedOnActivate: boolean;
  /** After the window closed and the app was asked to quit. */
  readonly quitHeldForSave: boolean;
  readonly quitCallsAfterSave: number;
  readonly savedWindowState: unknown;
  /** Lines the main process logged, `level: text`. */
  readonly logs: readonly string[];
  /** Each `rp:file:opened` event, in order (see `openFiles`). */
  readonly filesOpened: readonly FileOpenedRecord[];
  /** Paths given to `app.addRecentDocument`. */
  readonly recentDocuments: readonly string[];
  /** Schemes registered as privileged before the app was ready. */
  readonly privilegedSchemes: readonly unknown[];
  /** What the app:// handler answered for each of `APP_REQUESTS`. */
  readonly appResponses: readonly AppResponseRecord[];
  /** How often the page was reloaded (after `pageGone`). */
  readonly pageReloads: number;
  /** The messages of message boxes shown, in order. */
  readonly messageBoxes: readonly string[];
}
