import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AppPage, ContextOptions, OpenOptions } from './app-page';
import { SLOW_TIMEOUT_MS, contextKey, newAppContext, openApp } from './app-page';
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
   * the app is the slowest thing many tests do: a test that only reads and clicks the
   * interface and leaves it as it found it (dialogs closed, nothing added, language and
   * settings as they were) uses this one. Put such tests before the file's others: a test
   * with its own page closes the shared one first.
   */
  readonly shared: (body: (app: AppPage) => Promise<void>) => Promise<void>;
};

/**
 * One browser and one server per test file (launching Chromium is the slow part), one
 * browser context while the tests ask for the same context options (a page opens in half the
 * time in a context that has opened the app before), and a fresh page per test, its storage
 * emptied when it closes, so nothing leaks between tests. Call at the top of a test file.
 */
export function useAppSuite(): WithApp {
  // expect.poll gives up after 1 s unless told otherwise; a list read over the host bridge or
  // a status after a model loads can take longer than that on a loaded two-core machine.
  // Only the wait grows: what each poll checks stays the same.
  vi.setConfig({ expect: { poll: { timeout: SLOW_TIMEOUT_MS } } });
  let browser: Browser | undefined;
  let server: StaticServer | undefined;
  let context: { readonly key: string; readonly context: BrowserContext } | undefined;
  let sharedApp: AppPage | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
    server = await serveRendererSnapshot();
  });
  afterAll(async () => {
    await closeShared();
    await context?.context.close();
    await browser?.close();
    await server?.close();
  });
  const started = (): { browser: Browser; server: StaticServer } => {
    if (!browser || !server) throw new Error('e2e: the suite did not start (see beforeAll).');
    return { browser, server };
  };
  const contextFor = async (options: ContextOptions): Promise<BrowserContext> => {
    const key = contextKey(options);
    if (context?.key === key) return context.context;
    await context?.context.close();
    context = { key, context: await newAppContext(started().browser, options) };
    return context.context;
  };
  /** Closes `app`; a page whose storage could not be emptied takes its context with it. */
  const closeApp = async (app: AppPage): Promise<void> => {
    if (await app.close()) return;
    if (context?.context === app.context) context = undefined;
    await app.context.close();
  };
  const closeShared = async (): Promise<void> => {
    const app = sharedApp;
    sharedApp = undefined;
    if (app) await closeApp(app);
  };
  const withApp = async (body: (app: AppPage) => Promise<void>, options: OpenOptions = {}) => {
    const { server: suiteServer } = started();
    // Only one app page at a time: two would share the CPU (and the shared one's storage).
    await closeShared();
    const app = await openApp(await contextFor(options), suiteServer.url, options);
    try {
      await body(app);
      expect(app.errors).toEqual([]);
    } finally {
      await closeApp(app);
    }
  };
  const shared = async (body: (app: AppPage) => Promise<void>) => {
    const { server: suiteServer } = started();
    sharedApp ??= await openApp(await contextFor({}), suiteServer.url);
    const app = sharedApp;
    // Each test answers for its own errors only.
    app.errors.length = 0;
    await body(app);
    expect(app.errors).toEqual([]);
  };
  return Object.assign(withApp, { shared });
}
