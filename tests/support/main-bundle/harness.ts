/**
 * Child-process entry (`node --import tsx harness.ts`): loads the BUILT main bundle with
 * `electron` resolved to the recording stand-in, plays the scenario from RP_MAIN_SCENARIO
 * the way Electron would, and prints one JSON report on stdout. Assertions live in the test.
 */

import { readFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { register } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as StubModule from './electron-stub';
import {
  APP_REQUESTS,
  type AppResponseRecord,
  type FileOpenedRecord,
  type MainBundleReport,
  type MainBundleScenario,
  type MenuItemRecord,
} from './scenario';

type Stub = typeof StubModule;
type AnyFunction = (...args: unknown[]) => unknown;

const scenario = JSON.parse(process.env['RP_MAIN_SCENARIO'] ?? '') as MainBundleScenario;
const logs: string[] = [];

captureConsole();
Object.defineProperty(process, 'platform', { value: scenario.platform });
process.env['RP_STUB_USER_DATA'] = scenario.userData;
process.env['RP_STUB_LOCALE'] = scenario.locale;
if (scenario.rendererUrl === undefined) delete process.env['ELECTRON_RENDERER_URL'];
else process.env['ELECTRON_RENDERER_URL'] = scenario.rendererUrl;

register('./resolve-electron.mjs', import.meta.url);
const stub = (await import(new URL('./electron-stub.ts', import.meta.url).href)) as Stub;
await import(pathToFileURL(scenario.bundle).href);
// macOS announces double-clicked files before `ready`.
for (const path of scenario.openFiles) stub.app.emit('open-file', stub.fakeEvent(), path);
stub.app.becomeReady();
const window = await waitFor(() => {
  const first = stub.recorded.windows[0];
  return first !== undefined && (first.loaded.file ?? first.loaded.url) !== undefined
    ? first
    : undefined;
}, 'the main window to be created and loaded');
window.emit('ready-to-show');
window.webContents.emit('did-finish-load');
const filesOpened = await waitFor(() => {
  const sent = window.webContents.sent.filter((message) => message.channel === 'rp:file:opened');
  return sent.length >= scenario.openFiles.length ? sent.map(describeFileOpened) : undefined;
}, 'the opened files to be delivered to the page');

// The page's process ends; the main process may reload it (before the window is closed below).
for (const gone of scenario.pageGone) {
  window.webContents.emit('render-process-gone', stub.fakeEvent(), gone);
}
const pageReloads = window.webContents.reloads;

const { webPreferences, ...windowOptions } = window.options as Record<string, unknown> & {
  webPreferences: Record<string, unknown>;
};
const preload = webPreferences['preload'];
const report: MainBundleReport = {
  windowCount: stub.recorded.windows.length,
  windowOptions,
  webPreferences,
  preloadExists: typeof preload === 'string' && existsSync(preload),
  loaded: window.loaded,
  shownWhenReady: window.shown,
  maximizedWhenReady: window.maximized,
  alwaysOnTopCalls: window.alwaysOnTop.map(([flag, level]) => [flag, level ?? null] as const),
  headerListenerCount: stub.recorded.headersListeners.length,
  responseHeaders: runHeaderListener(stub),
  navigations: scenario.navigations.map((url) => {
    const event = stub.fakeEvent({ url });
    window.webContents.emit('will-navigate', event, url);
    return { url, prevented: event.defaultPrevented };
  }),
  windowOpens: scenario.windowOpens.map((url) => ({
    url,
    action: window.webContents.windowOpenHandler?.({ url }).action ?? 'no handler',
  })),
  webviewPrevented: emitPrevented(window.webContents, 'will-attach-webview'),
  permissionRequests: scenario.permissions.map((permission) => ({
    permission,
    granted: requestPermission(stub, window.webContents, permission),
  })),
  permissionChecks: scenario.permissions.map((permission) => ({
    permission,
    allowed: (stub.recorded.permissionCheckHandler as AnyFunction | undefined)?.(
      window.webContents,
      permission,
      'file://',
      {},
    ),
  })),
  ipcChannels: [...stub.recorded.ipcHandlers.keys()],
  ipcResults: await Promise.all(scenario.ipcCalls.map((call) => invokeHandler(stub, call))),
  menu: stub.recorded.applicationMenu?.template.map(describeMenuItem),
  sentToRenderer: clickMenuItems(stub, window),
  ...(await closeAndQuit(stub, window)),
  logs,
  filesOpened,
  recentDocuments: stub.recorded.recentDocuments,
  pageReloads,
  privilegedSchemes: stub.recorded.privilegedSchemes,
  appResponses: await askAppScheme(stub),
  messageBoxes: stub.recorded.messageBoxes,
};
process.stdout.write(`${JSON.stringify(report)}\n`, () => process.exit(0));

/** Asks the registered app:// handler for each of `APP_REQUESTS`, as Chromium would. */
async function askAppScheme(electron: Stub): Promise<AppResponseRecord[]> {
  const handler = electron.recorded.protocolHandlers.get('app') as AnyFunction | undefined;
  if (handler === undefined) return [];
  return Promise.all(
    APP_REQUESTS.map(async (url) => {
      const response = (await handler(new Request(url))) as Response;
      return {
        url,
        status: response.status,
        contentType: response.headers.get('content-type'),
        csp: response.headers.get('content-security-policy'),
        bytes: (await response.arrayBuffer()).byteLength,
      };
    }),
  );
}

function describeFileOpened(message: { args: unknown[] }): FileOpenedRecord {
  const outcome = message.args[0] as {
    ok: boolean;
    value?: { kind: string; model?: { title: string }; loaded?: { preset: { name: string } } };
    problem?: { code: string };
  };
  if (!outcome.ok) return { ok: false, code: outcome.problem?.code ?? 'none' };
  const value = outcome.value!;
  return {
    ok: true,
    kind: value.kind,
    title: value.model?.title ?? value.loaded?.preset.name ?? '',
  };
}

function captureConsole(): void {
  for (const level of ['log', 'info', 'warn', 'error'] as const) {
    console[level] = (...parts: unknown[]) => {
      logs.push(
        `${level}: ${parts.map((part) => (part instanceof Error ? part.message : String(part))).join(' ')}`,
      );
    };
  }
}

async function waitFor<T>(probe: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) {
      throw new Error(
        `main-bundle harness: gave up waiting for ${what}. Logs:\n${logs.join('\n')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function runHeaderListener(electron: Stub): Record<string, string[]> {
  let result: Record<string, string[]> = {};
  for (const listener of electron.recorded.headersListeners as AnyFunction[]) {
    const details = {
      url: 'http://localhost:5173/',
      resourceType: 'mainFrame',
      // A server's own policy must be replaced, not merged or duplicated.
      responseHeaders: { 'content-security-policy': ['default-src *'], 'X-Other': ['kept'] },
    };
    listener(details, (response: { responseHeaders?: Record<string, string[]> }) => {
      result = response.responseHeaders ?? {};
    });
  }
  return result;
}

function emitPrevented(target: NodeJS.EventEmitter, eventName: string): boolean {
  const event = stub.fakeEvent();
  target.emit(eventName, event, {}, {});
  return event.defaultPrevented;
}

function requestPermission(electron: Stub, contents: unknown, permission: string): unknown {
  let granted: unknown = 'never answered';
  const handler = electron.recorded.permissionRequestHandler as AnyFunction | undefined;
  handler?.(contents, permission, (answer: unknown) => (granted = answer), {
    requestingUrl: 'https://example.com/',
  });
  return granted;
}

async function invokeHandler(
  electron: Stub,
  call: MainBundleScenario['ipcCalls'][number],
): Promise<{ result?: unknown; error?: string }> {
  const handler = electron.recorded.ipcHandlers.get(call.channel) as AnyFunction | undefined;
  if (handler === undefined) return { error: `no handler for ${call.channel}` };
  const event = { senderFrame: call.frameUrl === null ? null : { url: call.frameUrl } };
  try {
    return { result: await handler(event, ...call.args) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function describeMenuItem(item: unknown): MenuItemRecord {
  const fields = item as Record<string, unknown>;
  const pick = (key: string): Record<string, unknown> =>
    fields[key] === undefined ? {} : { [key]: fields[key] };
  const submenu = fields['submenu'];
  return {
    ...pick('id'),
    ...pick('label'),
    ...pick('role'),
    ...pick('type'),
    ...pick('accelerator'),
    ...pick('registerAccelerator'),
    hasClick: typeof fields['click'] === 'function',
    ...(Array.isArray(submenu) ? { submenu: submenu.map(describeMenuItem) } : {}),
  };
}

function clickMenuItems(
  electron: Stub,
  target: InstanceType<Stub['BrowserWindow']>,
): { channel: string; args: unknown[] }[] {
  const items = (electron.recorded.applicationMenu?.template ?? []) as Record<string, unknown>[];
  const all = flatten(items);
  for (const id of scenario.menuClicks) {
    const item = all.find((candidate) => candidate['id'] === id);
    if (item === undefined) throw new Error(`main-bundle harness: no menu item with id ${id}`);
    (item['click'] as AnyFunction)(item, target, {});
  }
  return target.webContents.sent;
}

function flatten(items: Record<string, unknown>[]): Record<string, unknown>[] {
  return items.flatMap((item) => [
    item,
    ...(Array.isArray(item['submenu'])
      ? flatten(item['submenu'] as Record<string, unknown>[])
      : []),
  ]);
}

/** Closes the window as a user would, then lets the app quit, and reads what was saved. */
async function closeAndQuit(
  electron: Stub,
  target: InstanceType<Stub['BrowserWindow']>,
): Promise<
  Pick<
    MainBundleReport,
    | 'savedAfterMove'
    | 'reopenedOnActivate'
    | 'quitHeldForSave'
    | 'quitCallsAfterSave'
    | 'savedWindowState'
  >
> {
  const file = join(scenario.userData, 'window-state.json');
  target.bounds = { x: 300, y: 150, width: 1300, height: 850 };
  target.emit('moved');
  const savedAfterMove = await waitFor(
    () => (existsSync(file) ? readFileSync(file, 'utf8') : undefined),
    'window-state.json after a move',
  );
  target.bounds = { x: 200, y: 120, width: 1400, height: 900 };
  target.emit('close', electron.fakeEvent());
  target.destroyed = true;
  target.emit('closed');
  electron.app.emit('window-all-closed');
  electron.app.emit('activate');
  const reopened = await waitFor(
    () => (openWindowCount(electron) === 1 ? true : undefined),
    'a new window after activate',
  );
  const quitsBefore = electron.app.quitCalls;
  const willQuit = electron.fakeEvent();
  electron.app.emit('will-quit', willQuit);
  await waitFor(
    () => (electron.app.quitCalls > quitsBefore ? true : undefined),
    'the app to quit again once its saves are flushed',
  );
  return {
    savedAfterMove: JSON.parse(savedAfterMove) as unknown,
    reopenedOnActivate: reopened,
    quitHeldForSave: willQuit.defaultPrevented,
    quitCallsAfterSave: electron.app.quitCalls,
    savedWindowState: existsSync(file)
      ? (JSON.parse(await readFile(file, 'utf8')) as unknown)
      : null,
  };
}

function openWindowCount(electron: Stub): number {
  return electron.BrowserWindow.getAllWindows().length;
}
