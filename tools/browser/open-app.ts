/**
 * Opens the renderer's test build (`npm run build:test`) in headless Chromium with the real
 * host handlers behind `window.host` (./host-bridge.ts) over a temporary data
 * folder, the native dialogs answered from queues: the app as the end-to-end tests drive it,
 * for a plain script or by hand.
 *
 * @example
 * ```ts
 * const app = await openAppWithHost();
 * app.host.dialogs.openModel.push('/path/to/model.vrm'); // what File > Open Model… picks
 * await app.page.evaluate(() => window.__ragdoll!.advance(2)); // two simulated seconds
 * await app.close();
 * ```
 *
 * Run: `npx tsx tools/browser/open-app.ts [--model FILE] [--seconds S] [--screenshot FILE]`
 * opens the app (and the model, through the host like File > Open Model…), steps S simulated
 * seconds (default 2; time is held otherwise), prints what the page reports and closes.
 * Exit 1 when the app did not start whole with its host.
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import type { TestHost } from './test-host';
import { createTestHost } from './test-host';
import { launchChromium } from './browser';
import { heldTimeUrl, serveRendererSnapshot } from './renderer-snapshot';
import type { StaticServer } from './static-server';

/** The window's size, CSS pixels: the end-to-end tests' own. */
const VIEWPORT = { width: 760, height: 460 } as const;

/** Longest wait for the app and its test hook to come up, ms (SwiftShader starts slowly). */
const START_TIMEOUT_MS = 60_000;

/** The opened app; {@link close} frees the browser, the server and the temporary folders. */
export interface OpenedApp {
  readonly browser: Browser;
  readonly page: Page;
  readonly host: TestHost;
  /** Uncaught errors and console errors seen in the page so far. */
  readonly errors: readonly string[];
  close(): Promise<void>;
}

/**
 * Opens the built app with its host; resolves once `window.host` and the test hook are there.
 * Time is held from the start, as in the end-to-end tests: nothing moves or is drawn until
 * the hook's `advance` steps it (or `redraw` draws), so a script sees the same simulated
 * seconds however slowly SwiftShader draws.
 */
export async function openAppWithHost(
  options: { readonly locale?: string } = {},
): Promise<OpenedApp> {
  const host = createTestHost();
  let browser: Browser | undefined;
  let server: StaticServer | undefined;
  try {
    browser = await launchChromium();
    server = await serveRendererSnapshot();
    const context = await browser.newContext({
      viewport: VIEWPORT,
      locale: options.locale ?? 'en-US',
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    await host.install(page);
    await page.goto(heldTimeUrl(server.url));
    await page.waitForFunction(() => window.__ragdoll !== undefined, undefined, {
      timeout: START_TIMEOUT_MS,
    });
    const opened = { browser, server };
    return {
      browser,
      page,
      host,
      errors,
      close: async () => {
        await opened.browser.close();
        await opened.server.close();
        await host.dispose();
      },
    };
  } catch (error) {
    await browser?.close();
    await server?.close();
    await host.dispose();
    throw error;
  }
}

/** What the command line run prints: the page's own report of itself. */
interface AppReport {
  readonly host: boolean;
  readonly figures: string[];
  readonly model: string | null;
  readonly steps: number;
  readonly status: string;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      model: { type: 'string' },
      seconds: { type: 'string', default: '2' },
      screenshot: { type: 'string' },
    },
  });
  const seconds = Number(values.seconds);
  if (!(seconds >= 0)) {
    console.error(`open-app: --seconds wants a number of seconds ≥ 0, not "${values.seconds}".`);
    return 1;
  }
  const app = await openAppWithHost();
  try {
    const { page, host } = app;
    if (values.model !== undefined) {
      const outcome = await host.bridge().openFile(values.model);
      if (!outcome.ok) {
        console.error(`open-app: ${values.model}: ${outcome.problem.message}`);
        return 1;
      }
      // The page reads, parses and rigs the model after the host's answer.
      await page.waitForFunction(() => window.__ragdoll!.modelFileName() !== null, undefined, {
        timeout: START_TIMEOUT_MS,
      });
    }
    const report: AppReport = await page.evaluate((s) => {
      const hook = window.__ragdoll!;
      return {
        host: 'host' in window,
        figures: hook.figureKinds(),
        model: hook.modelFileName(),
        steps: hook.advance(s),
        status: document.querySelector('[role="status"]')?.textContent ?? '',
      };
    }, seconds);
    console.log(JSON.stringify(report));
    if (values.screenshot !== undefined) {
      await page.evaluate(() => window.__ragdoll!.redraw());
      writeFileSync(values.screenshot, await page.screenshot());
    }
    for (const error of app.errors) console.error(`open-app: ${error}`);
    return report.host && app.errors.length === 0 ? 0 : 1;
  } finally {
    await app.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('open-app:', error);
      process.exit(1);
    },
  );
}
