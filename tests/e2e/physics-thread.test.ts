/**
 * The sandbox on a real physics worker in the real test build (bench-pages.html?page=dolls-thread): the
 * worker starts (no fallback to the page), its dolls fall and land on its own clock while the
 * app's view draws them from the transforms it sends back, and it keeps stepping while the
 * page keeps asking; where no worker can start, the same code runs on the page and says so.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { SLOW_TIMEOUT_MS } from './support/app-page';
import { useAppSuite } from './support/suite';

const withApp = useAppSuite();
const DOLLS = 2;
/** The test build's doll page (as `npm run bench:renderer -- --dolls` opens it). */
const DOLLS_THREAD_PAGE = 'bench-pages.html?page=dolls-thread';

/** Opens the doll page in a new context, `beforeLoad` run before the page's own scripts. */
async function dollPage(beforeLoad?: () => void) {
  const context = await withApp.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  if (beforeLoad) await page.addInitScript(beforeLoad);
  await page.goto(inject('rendererUrl') + DOLLS_THREAD_PAGE);
  await page.waitForFunction(() => window.__ragdollDollsThread !== undefined);
  return { context, page, errors };
}

/** Starts the dolls, checks they are dropped from above, runs the clock and waits for them to land. */
async function dropAndLand(page: Page): Promise<{ place: string; note: string | null }> {
  const started = await page.evaluate((dolls) => window.__ragdollDollsThread!.start(dolls), DOLLS);
  const first = await page.evaluate(() => window.__ragdollDollsThread!.bodyHeights());
  expect(first).toHaveLength(DOLLS * 11);
  expect(first.every(Number.isFinite)).toBe(true);
  // Dropped from 2.2 m (the page's first frames may have stepped a little since): on the
  // thread's own clock they fall and lie down, every part below a standing doll's hips.
  expect(Math.max(...first)).toBeGreaterThan(1.2);
  await page.evaluate(() => window.__ragdollDollsThread!.runClock());
  await page.waitForFunction(
    () => Math.max(...window.__ragdollDollsThread!.bodyHeights()) < 0.8,
    undefined,
    { timeout: SLOW_TIMEOUT_MS, polling: 100 },
  );
  const sample = await page.evaluate(() => window.__ragdollDollsThread!.measure(0.5, 10, 8));
  expect(sample.bodies).toBe(DOLLS * 11);
  expect(sample.realTime).toBeGreaterThan(0);
  return started;
}

describe('the physics worker', () => {
  it('runs the dolls on its own thread and the page draws what it sends', async () => {
    const { context, page, errors } = await dollPage();
    try {
      expect(await dropAndLand(page)).toEqual({ place: 'worker', note: null });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('runs the same code on the page where no worker can start, and says why', async () => {
    const { context, page, errors } = await dollPage(() => {
      Object.defineProperty(window, 'Worker', { value: undefined });
    });
    try {
      const started = await dropAndLand(page);
      expect(started.place).toBe('inline');
      expect(started.note).toMatch(
        /^The physics runs on the page's own thread: no worker could start here \(.+\)\.$/,
      );
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
