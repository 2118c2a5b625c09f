import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AppPage, OpenOptions } from './app-page';
import { SLOW_TIMEOUT_MS, openApp } from './app-page';
import { launchChromium } from '../../../tools/browser/browser';
import { serveRendererSnapshot } from '../../../tools/browser/renderer-snapshot';
import type { StaticServer } from '../../../tools/browser/static-server';

/** Runs `body` on a freshly opened app page, then checks the page logged no errors. */
export type WithApp = ((
  body: (app: AppPage) => Promise<void>,
  options?: OpenOptions,
) => Promise<void>) & {
  /**
   * Runs `body` on the file's one shared page (default options), opened by the first test
   * that asks for it and closed after the file, then checks the page logged no errors. Opening
   * the app is the slowest thing many tests do (15-30 s on a loaded two-core machine): a test
   * that only reads and clicks the interface and leaves it as it found it (dialogs closed,
   * nothing added, language and settings as they were) uses this one. Put such tests before
   * the file's others: a test with its own page closes the shared one first.
   */
  readonly shared: (body: (app: AppPage) => Promise<void>) => Promise<void>;
};

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
  let sharedApp: AppPage | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
    server = await serveRendererSnapshot();
  });
  afterAll(async () => {
    await sharedApp?.close();
    await browser?.close();
    await server?.close();
  });
  const started = (): { browser: Browser; server: StaticServer } => {
    if (!browser || !server) throw new Error('e2e: the suite did not start (see beforeAll).');
    return { browser, server };
  };
  const withApp = async (body: (app: AppPage) => Promise<void>, options?: OpenOptions) => {
    const suite = started();
    // An open page keeps drawing under SwiftShader and takes CPU from this one: measured,
    // tests opening their own page beside the shared one ran 2-4x slower.
    await sharedApp?.close();
    sharedApp = undefined;
    const app = await openApp(suite.browser, suite.server.url, options);
    try {
      await body(app);
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  };
  const shared = async (body: (app: AppPage) => Promise<void>) => {
    const suite = started();
    sharedApp ??= await openApp(suite.browser, suite.server.url);
    const app = sharedApp;
    // Each test answers for its own errors only.
    app.errors.length = 0;
    await body(app);
    expect(app.errors).toEqual([]);
  };
  return Object.assign(withApp, { shared });
}
