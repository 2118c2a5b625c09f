import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, vi } from 'vitest';
import type { AppPage, ContextOptions, OpenOptions } from './app-page';
import { SLOW_TIMEOUT_MS, TEST_VIEWPORT, contextKey, newAppContext, openApp } from './app-page';
import { launchChromium } from '../../../tools/browser/browser';

/** Runs `body` on a freshly opened app page, then checks the page logged no errors. */
export type WithApp = ((
  body: (app: AppPage) => Promise<void>,
  options?: OpenOptions,
) => Promise<void>) & {
  /**
   * Runs `body` on the file's shared page, opened by the first test that asks for it and
   * closed after the file, then checks the page logged no errors. Opening the app is the
   * slowest thing many tests do: tests that only read and click the interface and leave it as
   * they found it (dialogs closed, nothing added, settings as they were), or that set up
   * themselves what they check (the window size, the language), use this one. Tests sharing a
   * page come one after another: a test with its own page, or one asking the shared page for
   * other `options`, closes it first. The window takes `options.viewport` (default
   * {@link TEST_VIEWPORT}) before each test; the rest of `options` is the page's and the
   * context's, kept while they stay the same (`beforeLoad` by identity: pass the same
   * function each time).
   */
  readonly shared: (body: (app: AppPage) => Promise<void>, options?: OpenOptions) => Promise<void>;
  /**
   * A new context (en-US) of the worker's browser, for a test that opens a page its own way
   * (a script or a route in place before the app's first line); the test closes it. Cheaper
   * than a browser of its own.
   */
  readonly newContext: () => Promise<BrowserContext>;
};

/** Whether a page opened with `a` serves a test asking for `b` (the window size aside). */
function samePage(a: OpenOptions, b: OpenOptions): boolean {
  return (
    contextKey(a) === contextKey(b) &&
    a.beforeLoad === b.beforeLoad &&
    (a.firstRun ?? false) === (b.firstRun ?? false)
  );
}

/** The browser this worker's test files share, once the first file has started it. */
interface WorkerBrowser {
  readonly browser: Browser;
  /** The renderer's test build, served for the whole run (tests/e2e/support/global-setup.ts). */
  readonly url: string;
  /**
   * The contexts pages open in, by {@link contextKey}: one per language and pixel ratio the
   * tests ask for (a handful), kept while the worker runs so none starts cold twice.
   */
  readonly contexts: Map<string, BrowserContext>;
}

let workerBrowser: WorkerBrowser | undefined;

/**
 * The test pages' interface is composited in software; WebGL still draws through SwiftShader.
 * Compositing through SwiftShader costs CPU on every frame a click or key waits for: four
 * files took 151 and 182 s of test time with this against 195 and 200 s without (paired
 * runs), the GPU process's CPU 45-54 s against 82 s.
 */
const E2E_CHROMIUM_ARGS = ['--disable-gpu-compositing'];

/**
 * The worker's browser: the e2e project does not isolate its files (see vitest.config.ts), so
 * the files one worker runs share it, and the first page of a file opens as fast as the rest
 * (V8 keeps the app's compiled code per context). Launched again if a file's test took the
 * browser down. Chromium goes with the worker's process (Playwright closes it on exit).
 */
async function startedBrowser(): Promise<WorkerBrowser> {
  if (workerBrowser?.browser.isConnected()) return workerBrowser;
  workerBrowser = {
    browser: await launchChromium(E2E_CHROMIUM_ARGS),
    url: inject('rendererUrl'),
    contexts: new Map(),
  };
  return workerBrowser;
}

/**
 * One browser per worker, one browser context per language and pixel ratio (a page opens in
 * half the time in a context that has opened the app before), and a fresh page per test, its
 * storage emptied when it closes, so nothing leaks between tests. Call at the top of a test
 * file.
 */
export function useAppSuite(): WithApp {
  // expect.poll gives up after 1 s unless told otherwise; a list read over the host bridge or
  // a status after a model loads can take longer than that on a loaded two-core machine.
  // Only the wait grows: what each poll checks stays the same.
  vi.setConfig({ expect: { poll: { timeout: SLOW_TIMEOUT_MS } } });
  let suite: WorkerBrowser | undefined;
  let sharedApp: { readonly app: AppPage; readonly options: OpenOptions } | undefined;
  beforeAll(async () => {
    suite = await startedBrowser();
  });
  afterAll(async () => {
    await closeShared();
  });
  const started = (): WorkerBrowser => {
    if (!suite) throw new Error('e2e: the suite did not start (see beforeAll).');
    return suite;
  };
  const contextFor = async (options: ContextOptions): Promise<BrowserContext> => {
    const worker = started();
    const key = contextKey(options);
    const kept = worker.contexts.get(key);
    if (kept) return kept;
    const context = await newAppContext(worker.browser, options);
    worker.contexts.set(key, context);
    return context;
  };
  /** Closes `app`; a page whose storage could not be emptied takes its context with it. */
  const closeApp = async (app: AppPage): Promise<void> => {
    if (await app.close()) return;
    const { contexts } = started();
    for (const [key, context] of contexts) if (context === app.context) contexts.delete(key);
    await app.context.close();
  };
  const closeShared = async (): Promise<void> => {
    const shared = sharedApp;
    sharedApp = undefined;
    if (shared) await closeApp(shared.app);
  };
  const withApp = async (body: (app: AppPage) => Promise<void>, options: OpenOptions = {}) => {
    const { url } = started();
    // Only one app page at a time: two would share the CPU (and the shared one's storage).
    await closeShared();
    const app = await openApp(await contextFor(options), url, options);
    try {
      await body(app);
      expect(app.errors).toEqual([]);
    } finally {
      await closeApp(app);
    }
  };
  const shared = async (body: (app: AppPage) => Promise<void>, options: OpenOptions = {}) => {
    const { url } = started();
    if (sharedApp && !samePage(sharedApp.options, options)) await closeShared();
    if (sharedApp) await sharedApp.app.page.setViewportSize(options.viewport ?? TEST_VIEWPORT);
    else sharedApp = { app: await openApp(await contextFor(options), url, options), options };
    const { app } = sharedApp;
    // Each test answers for its own errors only.
    app.errors.length = 0;
    await body(app);
    expect(app.errors).toEqual([]);
  };
  const newContext = () => newAppContext(started().browser, {});
  return Object.assign(withApp, { shared, newContext });
}
