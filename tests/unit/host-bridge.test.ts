/**
 * The end-to-end host bridge in real Chromium: the page gets a frozen `window.host` backed by
 * the real handlers, arguments are validated on the way in, and menu commands reach
 * subscribers until they unsubscribe.
 */

import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppCommand } from '../../shared/commands';
import type { AppInfo, HostApi } from '../../shared/host-contract';
import {
  DEFAULT_APP_INFO,
  exposeHostToPage,
  type HostBridge,
} from '../../tools/browser/host-bridge';

const CHROMIUM = '/usr/bin/chromium';
const PAGE_URL = 'http://ragdoll.test/index.html';

let browser: Browser;
let page: Page;
let bridge: HostBridge;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} not found; install it with \`apt-get install chromium\`.`);
  }
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
  });
});
afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  page = await browser.newPage();
  // A stand-in page with the app's CSP, so the bridge is proven to work under it.
  await page.route(PAGE_URL, (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': "default-src 'self'; script-src 'self'" },
      body: '<!doctype html><title>host bridge</title>',
    }),
  );
  bridge = await exposeHostToPage(page, { appInfo: { locale: 'ja-JP' } });
  await page.goto(PAGE_URL);
  return () => page.close();
});

/** `window.host` as seen from the test's side. */
type HostWindow = Window & { host?: HostApi; received?: AppCommand[]; stop?: () => void };

describe('exposeHostToPage', () => {
  it('installs a frozen, read-only window.host before page scripts run', async () => {
    const shape = await page.evaluate(() => {
      const host = (window as HostWindow).host;
      return {
        methods: host === undefined ? [] : Object.keys(host).sort(),
        frozen: Object.isFrozen(host),
        writable: Object.getOwnPropertyDescriptor(window, 'host')?.writable,
      };
    });
    expect(shape).toEqual({
      methods: [
        'alwaysOnTop',
        'clearLibrary',
        'deletePreset',
        'duplicatePreset',
        'exportPreset',
        'getAboutInfo',
        'getAppInfo',
        'importPreset',
        'keepDroppedFile',
        'listLibrary',
        'listPresets',
        'loadPreset',
        'onAlwaysOnTop',
        'onFileOpened',
        'onMenuCommand',
        'onReadProgress',
        'onShowAbout',
        'onUpdateStatus',
        'openDroppedFile',
        'openDroppedStage',
        'openModelDialog',
        'openMotionDialog',
        'openMusicDialog',
        'openStageDialog',
        'overwritePreset',
        'readModel',
        'readModelTexture',
        'readMotion',
        'readMusic',
        'readStage',
        'relocateLibraryEntry',
        'removeFromLibrary',
        'renamePreset',
        'restartToUpdate',
        'saveExport',
        'savePreset',
        'saveRecovery',
        'setLibraryThumbnail',
        'setMenuLanguage',
        'showDataFolder',
        'takeRecovery',
        'vmcPoll',
        'vmcReceive',
        'vmcSend',
        'vmcSendFrame',
      ],
      frozen: true,
      writable: false,
    });
  });

  it('answers getAppInfo through the real handler, with the overrides applied', async () => {
    const info = await page.evaluate(() => (window as HostWindow).host!.getAppInfo());
    const expected: AppInfo = { ...DEFAULT_APP_INFO, locale: 'ja-JP' };
    expect(info).toEqual(expected);
    expect(info.name).toBe('Ragdoll Playground');
  });

  it('validates arguments before any handler runs', async () => {
    const message = await page.evaluate(async () => {
      const raw = (window as unknown as Record<string, (c: string, a: unknown) => Promise<unknown>>)
        .__ragdollHostBridgeInvoke!;
      return raw('rp:app:get-info', ['unexpected']).then(
        () => 'resolved',
        (error: Error) => error.message,
      );
    });
    expect(message).toContain('host: rp:app:get-info received invalid arguments');
  });

  it('delivers menu commands to subscribers until they unsubscribe', async () => {
    await page.evaluate(() => {
      const scope = window as HostWindow;
      scope.received = [];
      scope.stop = scope.host!.onMenuCommand((command) => scope.received!.push(command));
    });
    await bridge.sendMenuCommand('blast');
    await bridge.sendMenuCommand('help');
    await page.evaluate(() => (window as HostWindow).stop!());
    await bridge.sendMenuCommand('reset');
    expect(await page.evaluate(() => (window as HostWindow).received)).toEqual(['blast', 'help']);
  });

  it('survives a reload', async () => {
    await page.reload();
    const info = await page.evaluate(() => (window as HostWindow).host!.getAppInfo());
    expect(info.locale).toBe('ja-JP');
  });
});
