/**
 * End to end: the link tools in the built renderer, read back through the test hook. With
 * ROPE chosen (`/`), a click on the figure's head and one on the floor make a rope from the
 * stage to the head; Undo takes it away and Redo brings it back; Esc cancels a half-made
 * link; the body menu deletes it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { advance, aimAt, rootPosition, statusText } from './support/app-page';
import { useAppSuite } from './support/suite';

const withApp = useAppSuite();

function links(page: Page) {
  return page.evaluate(() => window.__ragdoll!.links());
}

/** A floor point behind the first figure and to its side, on screen (clear of the timeline). */
async function floorBeside(page: Page): Promise<{ x: number; y: number }> {
  const root = (await rootPosition(page, 0))!;
  const point = await page.evaluate((at) => window.__ragdoll!.pointOnScreen(at), {
    x: root.x + 0.7,
    y: 0,
    z: root.z - 1.5,
  });
  return point!;
}

describe('link tools', () => {
  it('makes a rope with two clicks, undoes it and redoes it', async () => {
    await withApp(async ({ page }) => {
      await page.keyboard.press('f'); // a still camera, so the head stays where we click
      await page.keyboard.press('r');
      await advance(page, 1 / 60);
      await page.keyboard.press('/');
      expect(await statusText(page)).toContain('Rope: click a body or the stage');
      const button = page.getByRole('button', { name: /Link Tool: Rope/ });
      expect(await button.getAttribute('aria-pressed')).toBe('true');
      expect(await button.getAttribute('aria-keyshortcuts')).toBe('/');

      // Esc cancels a half-made link.
      const head = await aimAt(page, () =>
        page.evaluate(() => window.__ragdoll!.partOnScreen(0, 'head')),
      );
      await page.mouse.click(head.x, head.y);
      expect(await statusText(page)).toContain('First end: head');
      await page.keyboard.press('Escape');
      expect(await statusText(page)).toBe('Link cancelled.');

      await page.mouse.click(head.x, head.y);
      const floor = await floorBeside(page);
      await page.mouse.click(floor.x, floor.y);
      expect(await statusText(page)).toBe('Rope made between head and the stage.');
      const made = await links(page);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ type: 'rope', worldEnd: true });
      expect(made[0]!.length).toBeGreaterThan(0.5);
      // The click did not grab the head.
      expect(await page.evaluate(() => window.__ragdoll!.grabbedHandle())).toBeNull();
      await advance(page, 0.5);

      await page.keyboard.press('Control+z');
      await expect.poll(() => links(page)).toHaveLength(0);
      expect(await statusText(page)).toBe('Undone: Link.');
      await page.keyboard.press('Control+Shift+z');
      await expect.poll(() => links(page)).toHaveLength(1);
      expect(await statusText(page)).toBe('Redone: Link.');
      expect((await links(page))[0]).toMatchObject({ type: 'rope', length: made[0]!.length });

      // The body menu deletes it.
      await page.keyboard.press('/'); // WELD
      await page.keyboard.press('/'); // SPRING
      await page.keyboard.press('/'); // HINGE
      await page.keyboard.press('/'); // off
      expect(await statusText(page)).toBe('Link tool off.');
      const again = await aimAt(page, () =>
        page.evaluate(() => window.__ragdoll!.partOnScreen(0, 'head')),
      );
      await page.mouse.click(again.x, again.y, { button: 'right' });
      const menu = page.getByRole('menu', { name: 'Body' });
      await menu.getByRole('menuitem', { name: 'Delete rope to the stage' }).click();
      expect(await statusText(page)).toBe('Rope deleted.');
      expect(await links(page)).toHaveLength(0);
    });
  });
});
