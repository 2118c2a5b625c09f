/**
 * The BUILT main process (out/main/index.js), run under plain Node with a recording
 * stand-in for `electron` (tests/support/main-bundle/): window security settings, the CSP
 * header, the navigation, window-open, webview and permission guards, one IPC handler per
 * contract channel (with sender and argument checks), the menu, and the saved window state.
 * `npm test` builds first; on its own, run `npm run build` before this file.
 */

import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_COMMANDS, COMMANDS } from '../../shared/commands';
import { HOST_CHANNELS } from '../../shared/host-contract';
import { parseContentSecurityPolicy } from '../support/content-security-policy';
import { presetContent, tempFolder, vrmBytes } from '../support/host-files';
import {
  RENDERER_INDEX,
  requireBuiltBundle,
  runMainBundle,
} from '../support/main-bundle/run-main-bundle';
import type { MainBundleReport, MenuItemRecord } from '../support/main-bundle/scenario';

const APP_URL = 'app://renderer/index.html';
const DROPPED_FILE = pathToFileURL('/home/someone/Downloads/avatar.vrm').href;
const FOREIGN = ['https://example.com/', 'http://localhost:5173/', DROPPED_FILE, 'about:blank'];
const PERMISSIONS = ['media', 'geolocation', 'notifications', 'clipboard-read', 'fullscreen'];

function cspOf(report: MainBundleReport): Map<string, string[]> {
  const values = Object.entries(report.responseHeaders)
    .filter(([name]) => name.toLowerCase() === 'content-security-policy')
    .flatMap(([, value]) => value);
  expect(values).toHaveLength(1);
  return parseContentSecurityPolicy(values[0]!);
}

function flatten(items: readonly MenuItemRecord[]): MenuItemRecord[] {
  return items.flatMap((item) => [item, ...flatten(item.submenu ?? [])]);
}

it('says to run `npm run build` first when the bundle is missing', () => {
  // Every runMainBundle call starts with this check, so a missing out/main fails each test so.
  const missing = join(tmpdir(), 'rp-no-such-build', 'out', 'main', 'index.js');
  expect(() => requireBuiltBundle(missing)).toThrow(
    `${missing} does not exist: run \`npm run build\` first`,
  );
  expect(() => requireBuiltBundle()).not.toThrow();
});

describe('built main process, production (Linux, English, first run)', () => {
  let report: MainBundleReport;
  beforeAll(async () => {
    report = await runMainBundle({
      navigations: [...FOREIGN, APP_URL, `${APP_URL}#help`],
      windowOpens: ['https://example.com/', APP_URL],
      permissions: PERMISSIONS,
      ipcCalls: [
        ...HOST_CHANNELS.map((channel) => ({ channel, args: [], frameUrl: APP_URL })),
        { channel: 'rp:app:get-info', args: [], frameUrl: 'https://example.com/' },
        { channel: 'rp:app:get-info', args: [], frameUrl: null },
        { channel: 'rp:app:get-info', args: ['extra'], frameUrl: APP_URL },
      ],
      menuClicks: ['drop', 'help', 'about', 'check-for-updates'],
    });
  });

  it('opens one window with isolation, sandbox, no Node and web security', () => {
    expect(report.windowCount).toBe(1);
    expect(report.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(report.webPreferences['preload']).toMatch(/out[\\/]preload[\\/]index\.cjs$/);
    expect(report.preloadExists).toBe(true);
  });

  it('gives the preload, and only it, a fresh key to sign dropped paths with', () => {
    expect(report.webPreferences['additionalArguments']).toEqual([
      expect.stringMatching(/^--rp-drop-key=[0-9a-f]{64}$/),
    ]);
  });

  it('loads the built renderer over app:// and shows the window when ready', () => {
    expect(report.loaded).toEqual({ url: APP_URL });
    expect(report.windowOptions).toMatchObject({ show: false, width: 1280, height: 800 });
    expect(report.windowOptions).not.toHaveProperty('x');
    expect(report.shownWhenReady).toBe(true);
    expect(report.maximizedWhenReady).toBe(false);
    // Always on Top is off until the person switches it on (View menu).
    expect(report.alwaysOnTopCalls).toEqual([[false, null]]);
  });

  it('registers app:// as a privileged scheme and serves only the built page from it', async () => {
    expect(report.privilegedSchemes).toEqual([
      {
        scheme: 'app',
        privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
      },
    ]);
    const [page, ...escapes] = report.appResponses;
    const built = await readFile(RENDERER_INDEX);
    expect(page).toMatchObject({ status: 200, bytes: built.byteLength });
    expect(page!.contentType).toMatch(/^text\/html/);
    const csp = new Map(
      page!.csp!.split(';').map((d) => {
        const [name, ...sources] = d.trim().split(/\s+/);
        return [name!, sources];
      }),
    );
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(escapes.length).toBe(4);
    for (const escape of escapes) {
      expect(escape.status, escape.url).toBeGreaterThanOrEqual(400);
      expect(escape.bytes, escape.url).toBe(0);
    }
  });

  it('replaces any CSP header with a strict one: WASM yes, eval and remote sources no', () => {
    expect(report.headerListenerCount).toBe(1);
    expect(report.responseHeaders['X-Other']).toEqual(['kept']);
    const csp = cspOf(report);
    expect(csp.get('script-src')).toContain("'wasm-unsafe-eval'");
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    const sources = [...csp.values()].flat();
    expect(sources).not.toContain("'unsafe-eval'");
    expect(sources).not.toContain('*');
    expect(sources.filter((source) => /^(https?|wss?):/.test(source))).toEqual([]);
  });

  it('blocks navigation away from the app, including to a dropped file', () => {
    for (const url of FOREIGN) {
      expect(report.navigations.find((n) => n.url === url)?.prevented, url).toBe(true);
    }
    expect(report.navigations.find((n) => n.url === APP_URL)?.prevented).toBe(false);
    expect(report.navigations.find((n) => n.url === `${APP_URL}#help`)?.prevented).toBe(false);
    expect(report.logs.some((line) => line.includes(`Blocked navigation to ${DROPPED_FILE}`))).toBe(
      true,
    );
  });

  it('denies every new window and webview', () => {
    expect(report.windowOpens.map((open) => open.action)).toEqual(['deny', 'deny']);
    expect(report.webviewPrevented).toBe(true);
  });

  it('denies every permission request and check', () => {
    expect(report.permissionRequests.map((request) => request.granted)).toEqual(
      PERMISSIONS.map(() => false),
    );
    expect(report.permissionChecks.map((check) => check.allowed)).toEqual(
      PERMISSIONS.map(() => false),
    );
  });

  it('registers exactly one ipcMain.handle per contract channel', () => {
    expect([...report.ipcChannels].sort()).toEqual([...HOST_CHANNELS].sort());
  });

  it('answers the app page, refuses other frames, and validates arguments', () => {
    const results = report.ipcResults;
    expect(results[0]).toEqual({
      result: { name: 'Ragdoll Playground', version: '0.1.0', platform: 'linux', locale: 'en-US' },
    });
    const [foreign, destroyed, extra] = results.slice(HOST_CHANNELS.length);
    expect(foreign?.error).toContain("only answered for the app's own page");
    expect(destroyed?.error).toContain("only answered for the app's own page");
    expect(extra?.error).toContain('host: rp:app:get-info received invalid arguments');
    expect(report.logs.some((line) => line.includes('Refused rp:app:get-info'))).toBe(true);
  });

  it('serves the file channels from the data folder and the native dialogs', () => {
    const resultOf = (channel: string): unknown =>
      report.ipcResults[HOST_CHANNELS.indexOf(channel as (typeof HOST_CHANNELS)[number])];
    expect(resultOf('rp:library:list')).toEqual({ result: { entries: [], notices: [] } });
    expect(resultOf('rp:preset:list')).toEqual({ result: { presets: [], notices: [] } });
    // The stand-in's dialogs are canceled: a quiet `canceled`, not an error.
    for (const channel of ['rp:model:open-dialog', 'rp:preset:import']) {
      expect(resultOf(channel)).toMatchObject({
        result: { ok: false, problem: { code: 'canceled' } },
      });
    }
    // Channels that need arguments refuse the empty list the scenario sends.
    expect(resultOf('rp:model:read')).toMatchObject({
      error: expect.stringContaining('host: rp:model:read received invalid arguments') as unknown,
    });
  });

  it('has File > Open Model… on Ctrl+O, Open Motion… on Ctrl+Shift+O, Open Recent, the exports, then Quit', () => {
    const file = (report.menu ?? []).find((item) => item.label === 'File');
    expect(file?.submenu?.map((item) => item.label ?? item.role ?? item.type)).toEqual([
      'Open Model…',
      'Open Motion…',
      'Open Stage…',
      'Built-in Stage',
      'Open Recent',
      'separator',
      'Export Motion…',
      'Save Picture…',
      'Export Clip…',
      'Picture 2x',
      'separator',
      'Quit Ragdoll Playground',
    ]);
    expect(file?.submenu?.[0]).toMatchObject({ accelerator: 'CmdOrCtrl+O', hasClick: true });
    expect(file?.submenu?.[1]).toMatchObject({
      accelerator: 'CmdOrCtrl+Shift+O',
      hasClick: true,
    });
  });

  it('builds the menu from COMMANDS, showing keys it does not register', () => {
    const menu = report.menu ?? [];
    expect(menu.map((item) => item.label)).toEqual([
      'File',
      'Edit',
      'Scene',
      'Motion',
      'View',
      'Window',
      'Help',
    ]);
    const withIds = flatten(menu).filter((item) => item.id !== undefined);
    const isCommand = (id: string | undefined): boolean =>
      (APP_COMMANDS as readonly (string | undefined)[]).includes(id);
    const items = withIds.filter((item) => isCommand(item.id));
    expect(items.map((item) => item.id).sort()).toEqual([...APP_COMMANDS].sort());
    // Besides the commands: About and the update items of the Help menu (no update is ready).
    expect(
      withIds
        .filter((item) => !isCommand(item.id))
        .map((item) => item.id)
        .sort(),
    ).toEqual(['about', 'check-automatically', 'check-for-updates']);
    for (const item of items) {
      const command = COMMANDS[item.id as (typeof APP_COMMANDS)[number]];
      expect(item).toMatchObject({
        label: command.label.en,
        accelerator: command.accelerator,
        registerAccelerator: false,
        hasClick: true,
      });
    }
    const scene = menu.find((item) => item.label === 'Scene')?.submenu ?? [];
    expect(scene.map((item) => item.id)).toEqual(
      APP_COMMANDS.filter((command) => COMMANDS[command].menu === 'scene'),
    );
    const motion = menu.find((item) => item.label === 'Motion')?.submenu ?? [];
    expect(motion.map((item) => item.id)).toEqual(
      APP_COMMANDS.filter((command) => COMMANDS[command].menu === 'motion'),
    );
    const file = menu.find((item) => item.label === 'File')?.submenu ?? [];
    expect(file.filter((item) => item.id !== undefined).map((item) => item.id)).toEqual(
      APP_COMMANDS.filter((command) => COMMANDS[command].menu === 'file'),
    );
    const edit = menu.find((item) => item.label === 'Edit')?.submenu ?? [];
    expect(edit.slice(0, 2).map((item) => item.id)).toEqual(['undo', 'redo']);
    expect(edit.map((item) => item.role)).toEqual(
      expect.arrayContaining(['cut', 'copy', 'paste', 'selectAll']),
    );
    expect(flatten(menu).some((item) => item.role === 'toggleDevTools')).toBe(false);
  });

  it('sends picked menu commands to the renderer on rp:menu:command', () => {
    expect(report.sentToRenderer).toEqual([
      { channel: 'rp:menu:command', args: ['drop'] },
      { channel: 'rp:menu:command', args: ['help'] },
      { channel: 'rp:app:show-about', args: [null] },
    ]);
  });

  it('answers About and Show Data Folder, and offers no update to a copy run from source', () => {
    const resultOf = (channel: string): unknown =>
      report.ipcResults[HOST_CHANNELS.indexOf(channel as (typeof HOST_CHANNELS)[number])];
    expect(resultOf('rp:app:about')).toMatchObject({
      result: {
        name: 'Ragdoll Playground',
        version: '0.1.0',
        node: process.versions.node,
        dataFolder: expect.stringContaining('rp-main-bundle-') as unknown,
      },
    });
    expect(resultOf('rp:app:show-data-folder')).toMatchObject({ result: { ok: true } });
    expect(resultOf('rp:update:restart')).toEqual({
      result: { restarting: false, reason: 'no update has been downloaded' },
    });
    // Check for Updates… answers, in a box, why this copy cannot update; nothing is fetched.
    expect(report.messageBoxes).toEqual(['This copy cannot update itself.']);
    expect(
      report.logs.some((line) =>
        line.includes('Updates are not offered: this copy runs from its source folder'),
      ),
    ).toBe(true);
  });

  it('opens a new window when activated with none open (macOS dock click)', () => {
    expect(report.reopenedOnActivate).toBe(true);
  });

  it('saves the window bounds when a move ends, before any close', () => {
    expect(report.savedAfterMove).toEqual({
      schemaVersion: 1,
      bounds: { x: 300, y: 150, width: 1300, height: 850 },
      maximized: false,
    });
  });

  it('saves the window bounds on close and holds the quit until they are written', () => {
    expect(report.quitHeldForSave).toBe(true);
    expect(report.savedWindowState).toEqual({
      schemaVersion: 1,
      bounds: { x: 200, y: 120, width: 1400, height: 900 },
      maximized: false,
    });
  });
});

describe('built main process, macOS in Japanese with saved bounds', () => {
  let report: MainBundleReport;
  beforeAll(async () => {
    report = await runMainBundle({
      platform: 'darwin',
      locale: 'ja-JP',
      savedWindowState: {
        schemaVersion: 1,
        bounds: { x: 2100, y: 50, width: 1500, height: 950 },
        maximized: true,
      },
    });
  });

  it('reopens where it was, maximized, on the second display', () => {
    expect(report.windowOptions).toMatchObject({ x: 2100, y: 50, width: 1500, height: 950 });
    expect(report.maximizedWhenReady).toBe(true);
  });

  it('has the macOS app menu and Japanese labels', () => {
    const menu = report.menu ?? [];
    expect(menu.map((item) => item.label)).toEqual([
      'Ragdoll Playground',
      'ファイル',
      '編集',
      'シーン',
      'モーション',
      '表示',
      'ウインドウ',
      'ヘルプ',
    ]);
    expect(flatten(menu).map((item) => item.role)).toEqual(
      expect.arrayContaining(['hide', 'quit', 'copy', 'paste', 'front']),
    );
    // The app menu's About is the page's (versions, notices, data folder), not Electron's panel.
    const appMenu = menu[0]?.submenu ?? [];
    expect(appMenu[0]).toMatchObject({ id: 'about', label: 'Ragdoll Playground について' });
    const drop = flatten(menu).find((item) => item.id === 'drop');
    expect(drop?.label).toBe(COMMANDS.drop.label.ja);
    // macOS keeps Quit in the app menu, so File ends with the exports.
    const file = menu.find((item) => item.label === 'ファイル');
    expect(file?.submenu?.map((item) => item.label ?? item.type)).toEqual([
      'モデルを開く…',
      'モーションを開く…',
      'ステージを開く…',
      '標準のステージ',
      '最近使ったファイル',
      'separator',
      'モーションを書き出す…',
      '画像を保存…',
      '動画を書き出す…',
      '画像を2倍で',
    ]);
  });
});

describe('built main process, files opened by the OS (macOS, before ready)', () => {
  it('opens them once the page has loaded, in order, and adds models to recent documents', async () => {
    const folder = await tempFolder('main-bundle-open');
    try {
      const model = join(folder.path, 'alicia.vrm');
      await writeFile(model, vrmBytes({ version: 1, title: 'Alicia' }));
      const preset = join(folder.path, 'scene.ragdoll');
      const time = '2026-11-30T06:00:00.000Z';
      const stamped = {
        ...presetContent({ name: 'From Finder' }),
        schemaVersion: 1,
        createdAt: time,
        updatedAt: time,
      };
      await writeFile(preset, JSON.stringify(stamped));
      const missing = join(folder.path, 'gone.pmx');
      const report = await runMainBundle({
        platform: 'darwin',
        openFiles: [model, preset, missing],
      });
      expect(report.filesOpened).toEqual([
        { ok: true, kind: 'model', title: 'Alicia' },
        { ok: true, kind: 'preset', title: 'From Finder' },
        { ok: false, code: 'missing' },
      ]);
      expect(report.recentDocuments).toEqual([model]);
    } finally {
      await folder.remove();
    }
  });
});

describe('built main process, saved bounds off every display', () => {
  it('ignores them and opens at the default size', async () => {
    const report = await runMainBundle({
      savedWindowState: {
        schemaVersion: 1,
        bounds: { x: -9000, y: 4000, width: 1500, height: 950 },
        maximized: false,
      },
    });
    expect(report.windowOptions).toMatchObject({ width: 1280, height: 800 });
    expect(report.windowOptions).not.toHaveProperty('x');
    expect(report.logs.some((line) => line.includes('off every connected display'))).toBe(true);
  });
});

describe('built main process, development', () => {
  it('loads the dev server, allows it (and its socket) in the CSP, and nothing else', async () => {
    const report = await runMainBundle({
      rendererUrl: 'http://localhost:5173/',
      navigations: ['http://localhost:5173/?reload', 'http://localhost:5174/', APP_URL],
    });
    expect(report.loaded).toEqual({ url: 'http://localhost:5173/' });
    const csp = cspOf(report);
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining(['http://localhost:5173', 'ws://localhost:5173']),
    );
    expect(report.navigations.map((n) => n.prevented)).toEqual([false, true, true]);
    expect(flatten(report.menu ?? []).some((item) => item.role === 'toggleDevTools')).toBe(true);
  });

  it('refuses a dev server URL that is not on this machine', async () => {
    const report = await runMainBundle({ rendererUrl: 'https://evil.example/' });
    expect(report.loaded).toEqual({ url: APP_URL });
    expect(report.logs.some((line) => line.includes('is not an http URL on this machine'))).toBe(
      true,
    );
  });
});

describe('built main process, the page’s process dies', () => {
  it('reloads the page and says so, three times a minute at most', async () => {
    const report = await runMainBundle({
      pageGone: [
        { reason: 'oom', exitCode: -1 },
        { reason: 'crashed', exitCode: 139 },
        { reason: 'killed', exitCode: 9 },
        { reason: 'crashed', exitCode: 139 },
        { reason: 'clean-exit', exitCode: 0 },
      ],
    });
    expect(report.pageReloads).toBe(3);
    expect(report.messageBoxes).toHaveLength(4);
    expect(report.messageBoxes[0]).toContain('ran out of memory) and was reloaded');
    expect(report.messageBoxes[3]).toContain('so it was not reloaded');
    expect(report.logs.some((line) => line.includes('ran out of memory) and was reloaded'))).toBe(
      true,
    );
  });
});
