/**
 * End to end: the sandbox tools in the built renderer, read back through the test hook.
 * GRAVITY at 0 leaves a dropped ball floating.
 */
import { describe, expect, it } from 'vitest';
import { SLOW_TIMEOUT_MS, settings, statusText, waitForFrames } from './support/app-page';
import { useAppSuite } from './support/suite';

const withApp = useAppSuite();

describe('sandbox tools', () => {
  it('GRAVITY 0 leaves a dropped ball floating; the keys step it by 0.1 g', async () => {
    await withApp(async ({ page }) => {
      const gravity = page.getByRole('slider', { name: 'Gravity' });
      expect(await gravity.getAttribute('aria-keyshortcuts')).toBe("; '");
      await gravity.fill('0');
      expect((await settings(page)).gravity).toBe(0);
      expect(await statusText(page)).toBe('Gravity 0 g: everything floats.');
      await page.getByRole('button', { name: 'Add Ball' }).click();
      const start = await page.evaluate(() => window.__ragdoll!.propPosition(0)!);
      await waitForFrames(page, 20);
      const later = await page.evaluate(() => window.__ragdoll!.propPosition(0)!);
      expect(Math.abs(later.y - start.y)).toBeLessThan(1e-4);
      // Back to Earth: the ball falls.
      for (let i = 0; i < 10; i++) await page.keyboard.press("'");
      expect((await settings(page)).gravity).toBeCloseTo(1, 5);
      expect(await statusText(page)).toBe('Gravity 1.0 g.');
      await expect
        .poll(async () => (await page.evaluate(() => window.__ragdoll!.propPosition(0)))!.y, {
          timeout: SLOW_TIMEOUT_MS,
        })
        .toBeLessThan(start.y - 0.5);
    });
  });
});
