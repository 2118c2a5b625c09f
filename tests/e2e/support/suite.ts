import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AppPage, OpenOptions } from './app-page';
import { SLOW_TIMEOUT_MS, openApp } from './app-page';
import { launchChromium } from '../../../tools/browser/browser';
import { serveRendererSnapshot } from '../../../tools/browser/renderer-snapshot';
import type { StaticServer } from '../../../tools/browser/static-server';

/** Runs `body` on a freshly opened app page, then checks the page logged no errors. */
export type WithApp = (
  body: (app: AppPage) => Promise<void>,
  options?: OpenOptions,
) => Promise<void>;

/**
 * One browser and one server per test file (launching Chromium is the slow part), and a
 * fresh context per test so nothing leaks between them. Call at the top of a test file.
 */
export function useAppSuite(): WithApp {
  // expect.poll gives up after 1 s unless told otherwise; a list read over the host bridge or
  // a status after a model loads can take longer than that on a loaded two-core machine.
  // Only the wait grows: what each poll checks stays the same.
  vi.setConfig({ expect: { poll: { timeout: SLOW_TIMEOUT_MS } } });
  let browser: Browser | undefined;
  let server: StaticServer | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
    server = await serveRendererSnapshot();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return async (body, options) => {
    if (!browser || !server) throw new Error('e2e: the suite did not start (see beforeAll).');
    const app = await openApp(browser, server.url, options);
    try {
      await body(app);
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  };
}
