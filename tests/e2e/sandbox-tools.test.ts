/**
 * End to end: the sandbox tools in the built renderer, read back through the test hook.
 * GRAVITY at 0 leaves a dropped ball floating; Follow keeps the first figure on screen after
 * a double BLAST; a double-click orbits a figure and Home frames them all again; a body
 * pinned from its right-click menu stays within 1 mm while the rest of its figure moves.
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

  it('Follow keeps the first figure on screen after BLAST; double-click focuses, Home resets', async () => {
    await withApp(async ({ page }) => {
      const follow = page.getByRole('button', { name: 'Follow Camera' });
      expect(await follow.getAttribute('aria-pressed')).toBe('true');
      await page.getByRole('button', { name: 'Add Figure' }).click();
      await waitForFrames(page, 10);
      // Two BLASTs at once: about twice the app's power.
      await page.keyboard.press('b');
      await page.keyboard.press('b');
      await page.waitForTimeout(2000);
      await waitForFrames(page, 3);
      const canvas = (await page.locator('canvas').boundingBox())!;
      const pelvis = await page.evaluate(() => window.__ragdoll!.partOnScreen(0, 'pelvis'));
      expect(pelvis).not.toBeNull();
      expect(pelvis!.x).toBeGreaterThanOrEqual(canvas.x);
      expect(pelvis!.x).toBeLessThanOrEqual(canvas.x + canvas.width);
      expect(pelvis!.y).toBeGreaterThanOrEqual(canvas.y);
      expect(pelvis!.y).toBeLessThanOrEqual(canvas.y + canvas.height);

      await page.keyboard.press('Home');
      expect(await statusText(page)).toBe('View reset.');
      await page.keyboard.press('f');
      expect(await follow.getAttribute('aria-pressed')).toBe('false');
      expect(await statusText(page)).toBe('Follow off: the camera stays where you put it.');
      // Double-clicking the second figure (standing still after RESET) orbits around it and
      // turns Follow back on.
      await page.keyboard.press('r');
      await waitForFrames(page, 3);
      const second = await page.evaluate(() => window.__ragdoll!.partOnScreen(1, 'torso'));
      expect(second).not.toBeNull();
      await page.mouse.dblclick(second!.x, second!.y);
      await expect.poll(() => statusText(page)).toContain('Orbiting figure 2');
      expect(await follow.getAttribute('aria-pressed')).toBe('true');
    });
  });

  it('Pin here (right-click menu) holds the head within 1 mm while BLAST swings the body', async () => {
    await withApp(async ({ page }) => {
      await page.keyboard.press('f'); // a still camera, so the head stays where we click
      // Limp, so the blasted body swings from the pinned head rather than holding its pose.
      await page.getByRole('slider', { name: 'Stiffness' }).fill('0');
      await page.keyboard.press('r');
      await waitForFrames(page, 3);
      const head = (await page.evaluate(() => window.__ragdoll!.partOnScreen(0, 'head')))!;
      await page.mouse.click(head.x, head.y, { button: 'right' });
      const menu = page.getByRole('menu', { name: 'Body' });
      await menu.getByRole('menuitem', { name: 'Pin here' }).click();
      expect(await statusText(page)).toContain('Pinned');
      expect(await menu.isVisible()).toBe(false);
      const poses = () => page.evaluate(() => window.__ragdoll!.bodyPoses().figures[0]!);
      const names = ['pelvis', 'torso', 'head'];
      const before = await poses();
      await page.keyboard.press('b');
      await waitForFrames(page, 30);
      const after = await poses();
      const moved = (i: number) =>
        Math.hypot(...after[i]!.position.map((value, axis) => value - before[i]!.position[axis]!));
      expect(names[2]).toBe('head');
      expect(moved(2)).toBeLessThan(0.001);
      // The pin takes the blast's push; the pelvis still swings ten times the pin's slack.
      expect(moved(0)).toBeGreaterThan(0.01);
      // Unpin from the same menu (the Q key does the same under the pointer).
      await page.mouse.move(head.x, head.y);
      await page.keyboard.press('q');
      expect(await statusText(page)).toBe('Unpinned.');
    });
  });
});
