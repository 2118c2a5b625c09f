/**
 * The sandbox on a real physics worker in the real test build (bench-dolls-thread.html): the
 * worker starts (no fallback to the page), its dolls fall and land on its own clock while the
 * app's view draws them from the transforms it sends back, and it keeps stepping while the
 * page keeps asking.
 */
import { describe, expect, inject, it } from 'vitest';
import { SLOW_TIMEOUT_MS } from './support/app-page';
import { useAppSuite } from './support/suite';

const withApp = useAppSuite();
const DOLLS = 2;

describe('the physics worker', () => {
  it('runs the dolls on its own thread and the page draws what it sends', async () => {
    const context = await withApp.newContext();
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(inject('rendererUrl') + 'bench-dolls-thread.html');
      await page.waitForFunction(() => window.__ragdollDollsThread !== undefined);
      const started = await page.evaluate(
        (dolls) => window.__ragdollDollsThread!.start(dolls),
        DOLLS,
      );
      expect(started).toEqual({ place: 'worker', note: null });
      const first = await page.evaluate(() => window.__ragdollDollsThread!.bodyHeights());
      expect(first).toHaveLength(DOLLS * 11);
      expect(first.every(Number.isFinite)).toBe(true);
      // Dropped from 2.2 m (the page's first frames may have stepped a little since): on the
      // worker's own clock they fall and lie down, every part below a standing doll's hips.
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
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
