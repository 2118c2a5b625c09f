/**
 * A recording stand-in for the `electron` module, just wide enough for out/main/index.js.
 * It keeps what the main process configures (window options, listeners, handlers, menu) in
 * `recorded`, and lets the harness fire events the way Electron would.
 */

import { EventEmitter } from 'node:events';
import { request as httpRequest, type RequestOptions } from 'node:http';

type Listener = (...args: never[]) => unknown;

/** An Electron-style event whose default can be prevented. */
export interface FakeEvent {
  readonly url?: string;
  defaultPrevented: boolean;
  preventDefault(): void;
}

export function fakeEvent(fields: { url?: string } = {}): FakeEvent {
  return {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

export class FakeWebContents extends EventEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  readonly sent: { channel: string; args: unknown[] }[] = [];
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
  }
  reloads = 0;
  reload(): void {
    this.reloads += 1;
  }
}

interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export class BrowserWindow extends EventEmitter {
  static getAllWindows(): BrowserWindow[] {
    return recorded.windows.filter((window) => !window.destroyed);
  }
  static getFocusedWindow(): BrowserWindow | null {
    return BrowserWindow.getAllWindows()[0] ?? null;
  }

  readonly webContents = new FakeWebContents();
  loaded: { file?: string; url?: string } = {};
  shown = false;
  maximized = false;
  /** Each `setAlwaysOnTop` call: the flag and the level. */
  readonly alwaysOnTop: [boolean, string | undefined][] = [];
  destroyed = false;
  bounds: Bounds;

  constructor(readonly options: Record<string, unknown> & Partial<Bounds>) {
    super();
    this.bounds = {
      x: options.x ?? 0,
      y: options.y ?? 0,
      width: options.width ?? 800,
      height: options.height ?? 600,
    };
    recorded.windows.push(this);
    // Electron announces every new web contents, so app-wide guards attach here.
    app.emit('web-contents-created', fakeEvent(), this.webContents);
  }
  loadFile(file: string): Promise<void> {
    this.loaded = { file };
    return Promise.resolve();
  }
  loadURL(url: string): Promise<void> {
    this.loaded = { url };
    return Promise.resolve();
  }
  show(): void {
    this.shown = true;
  }
  maximize(): void {
    this.maximized = true;
  }
  setAlwaysOnTop(flag: boolean, level?: string): void {
    this.alwaysOnTop.push([flag, level]);
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  isMinimized(): boolean {
    return false;
  }
  restore(): void {}
  focus(): void {}
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getNormalBounds(): Bounds {
    return { ...this.bounds };
  }
}

class FakeApp extends EventEmitter {
  isPackaged = false;
  quitCalls = 0;
  exitCode: number | undefined;
  private isReadyNow = false;
  private markReady: () => void = () => undefined;
  private readonly ready = new Promise<void>((resolve) => {
    this.markReady = resolve;
  });

  /** The harness calls this where Electron would emit `ready`. */
  becomeReady(): void {
    this.isReadyNow = true;
    this.markReady();
    this.emit('ready');
  }
  isReady(): boolean {
    return this.isReadyNow;
  }
  whenReady(): Promise<void> {
    return this.ready;
  }
  requestSingleInstanceLock(): boolean {
    return true;
  }
  getPath(name: string): string {
    const folder = process.env['RP_STUB_USER_DATA'];
    if (name !== 'userData' || folder === undefined) {
      throw new Error(`electron-stub: getPath(${name}) is not stubbed`);
    }
    return folder;
  }
  getName(): string {
    return 'Ragdoll Playground';
  }
  getVersion(): string {
    return '0.1.0';
  }
  getLocale(): string {
    return process.env['RP_STUB_LOCALE'] ?? 'en-US';
  }
  addRecentDocument(path: string): void {
    recorded.recentDocuments.push(path);
  }
  quit(): void {
    this.quitCalls += 1;
  }
  exit(code: number): void {
    this.exitCode = code;
  }
}

export const app = new FakeApp();

export const ipcMain = {
  handle(channel: string, handler: Listener): void {
    // Electron refuses a second handler for one channel; so does the stand-in.
    if (recorded.ipcHandlers.has(channel)) {
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    }
    recorded.ipcHandlers.set(channel, handler);
  },
  removeHandler(channel: string): void {
    recorded.ipcHandlers.delete(channel);
  },
};

export const session = {
  /** electron-updater asks for its own uncached session; requests ignore it here. */
  fromPartition(partition: string): { partition: string } {
    return { partition };
  },
  defaultSession: {
    webRequest: {
      onHeadersReceived(listener: Listener): void {
        recorded.headersListeners.push(listener);
      },
    },
    setPermissionRequestHandler(handler: Listener | null): void {
      recorded.permissionRequestHandler = handler ?? undefined;
    },
    setPermissionCheckHandler(handler: Listener | null): void {
      recorded.permissionCheckHandler = handler ?? undefined;
    },
  },
};

/** The app's own scheme: what was registered and the handler that serves it. */
export const protocol = {
  registerSchemesAsPrivileged(schemes: unknown[]): void {
    recorded.privilegedSchemes.push(...schemes);
  },
  handle(scheme: string, handler: Listener): void {
    recorded.protocolHandlers.set(scheme, handler);
  },
};

/** Native dialogs: the user cancels every one (the bundle test has no one to click). */
export const dialog = {
  showOpenDialog: (...args: unknown[]) => {
    recorded.dialogs.push({ kind: 'open', args });
    return Promise.resolve({ canceled: true, filePaths: [] as string[] });
  },
  showSaveDialog: (...args: unknown[]) => {
    recorded.dialogs.push({ kind: 'save', args });
    return Promise.resolve({ canceled: true, filePath: '' });
  },
  showMessageBox: (_window: unknown, options: { message: string }) => {
    recorded.messageBoxes.push(options.message);
    return Promise.resolve({ response: 0, checkboxChecked: false });
  },
};

/** The file manager: records each folder the app asked it to open, and succeeds. */
export const shell = {
  openPath(path: string): Promise<string> {
    recorded.openedPaths.push(path);
    return Promise.resolve('');
  },
};

export const screen = {
  getAllDisplays: () => [
    { id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 } },
    { id: 2, workArea: { x: 1920, y: 0, width: 2560, height: 1400 } },
  ],
};

export const Menu = {
  buildFromTemplate(template: unknown[]): { template: unknown[] } {
    recorded.menuTemplates.push(template);
    return { template };
  },
  setApplicationMenu(menu: { template: unknown[] } | null): void {
    recorded.applicationMenu = menu ?? undefined;
  },
};

/**
 * Electron's `net.request`, as far as electron-updater uses it, over Node's own HTTP client
 * (plain http only: the tests serve from 127.0.0.1). Node's request and response have the
 * methods and events it uses: `on('response')`, `abort`, `end`, `statusCode`, `headers`, `pipe`.
 */
export const net = {
  request(options: RequestOptions & { session?: unknown; redirect?: string }) {
    recorded.netRequests.push(
      `${options.hostname ?? ''}:${String(options.port ?? '')}${options.path ?? ''}`,
    );
    if (options.protocol !== 'http:') {
      throw new Error(`electron-stub: net.request to ${String(options.protocol)} is not stubbed`);
    }
    // Electron's own options mean nothing to Node's client.
    const plain: RequestOptions & { session?: unknown; redirect?: string } = { ...options };
    delete plain.session;
    delete plain.redirect;
    return httpRequest(plain);
  },
};

/** Everything the main process did to the stand-in. */
export const recorded = {
  windows: [] as BrowserWindow[],
  ipcHandlers: new Map<string, Listener>(),
  headersListeners: [] as Listener[],
  permissionRequestHandler: undefined as Listener | undefined,
  permissionCheckHandler: undefined as Listener | undefined,
  menuTemplates: [] as unknown[][],
  applicationMenu: undefined as { template: unknown[] } | undefined,
  recentDocuments: [] as string[],
  dialogs: [] as { kind: 'open' | 'save'; args: unknown[] }[],
  messageBoxes: [] as string[],
  privilegedSchemes: [] as unknown[],
  protocolHandlers: new Map<string, Listener>(),
  /** Folders `shell.openPath` was asked to open. */
  openedPaths: [] as string[],
  /** host:port/path of each `net.request`. */
  netRequests: [] as string[],
};

export default { app, BrowserWindow, dialog, ipcMain, Menu, net, protocol, screen, session, shell };
