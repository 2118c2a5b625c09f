/**
 * End to end: when the page cannot draw 3D (WebGL switched off in Chromium) or the physics
 * engine cannot load, the app says so in the page, as an alert a person can read and act
 * on, instead of a blank window.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../../tools/browser/browser';
import { heldTimeUrl } from '../../tools/browser/renderer-snapshot';
import { SLOW_TIMEOUT_MS } from './support/app-page';
import { useAppSuite } from './support/suite';

const withApp = useAppSuite();
let browser: Browser;
/**
 * The run's copy of the renderer's test build (tests/e2e/support/global-setup.ts), opened with
 * time held: the view draws nothing while the test waits for the alert.
 */
const rendererUrl = heldTimeUrl(inject('rendererUrl'));

beforeAll(async () => {
  // No WebGL at all: what a machine without usable graphics drivers looks like.
  browser = await launchChromium(['--disable-3d-apis']);
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Opens the app in a new page of `context` (closed afterwards, whatever happens), after
 * `prepare` has set the page up; waits for the start-up alert and hands its text to `check`;
 * then checks nothing half-started is left behind it: no panel and no test hook.
 */
async function expectStartupAlert(
  context: BrowserContext,
  prepare: (page: Page) => Promise<unknown>,
  check: (page: Page, text: string) => Promise<void>,
): Promise<void> {
  try {
    const page = await context.newPage();
    await prepare(page);
    await page.goto(rendererUrl);
    const alert = page.locator('.startup-error[role="alert"]');
    await alert.waitFor({ timeout: SLOW_TIMEOUT_MS });
    await check(page, await alert.innerText());
    expect(await page.locator('.panel').count()).toBe(0);
    expect(await page.evaluate(() => window.__ragdoll === undefined)).toBe(true);
  } finally {
    await context.close();
  }
}

describe('start-up errors', () => {
  it('shows a readable alert when WebGL is unavailable', async () => {
    await expectStartupAlert(
      await browser.newContext({ locale: 'en-US' }),
      async () => {},
      async (_page, text) => {
        expect(text).toContain('could not start');
        expect(text).toContain('WebGL is unavailable');
      },
    );
  });

  it('shows a readable alert when the physics engine cannot load', async () => {
    // WebGL works here (the worker's browser): the view is made first, and the physics engine
    // loads behind it.
    await expectStartupAlert(
      await withApp.newContext(),
      // What a WebAssembly-less or locked-down runtime does to Rapier's init.
      (page) =>
        page.addInitScript(() => {
          const blocked = (): Promise<never> =>
            Promise.reject(new Error('WebAssembly blocked by the test'));
          WebAssembly.instantiate = blocked;
          WebAssembly.instantiateStreaming = blocked;
        }),
      async (page, text) => {
        expect(text).toContain('could not start');
        expect(text).toContain('physics engine (Rapier) could not be loaded');
        expect(text).toContain('WebAssembly blocked by the test');
        // Nothing half-started is left behind the message: no canvas either.
        expect(await page.locator('canvas').count()).toBe(0);
      },
    );
  });

  it("shows a readable alert when the physics engine's WebAssembly file is missing", async () => {
    // A damaged install: the page and its scripts are there, Rapier's .wasm file is not.
    const asked: string[] = [];
    await expectStartupAlert(
      await withApp.newContext(),
      (page) =>
        page.route('**/*.wasm', (route) => {
          asked.push(route.request().url());
          return route.fulfill({ status: 404, body: '' });
        }),
      async (_page, text) => {
        expect(text).toContain('physics engine (Rapier) could not be loaded');
        expect(asked).toHaveLength(1);
        expect(asked[0]).toMatch(/\/assets\/rapier_wasm3d_bg-[\w-]+\.wasm$/);
      },
    );
  });
});
