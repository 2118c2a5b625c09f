/**
 * End to end: the sun's shadow map is drawn again only while something that casts a shadow
 * moves. While the box dummy and a ball fall, every frame draws the shadow map's casters too;
 * paused, the frames draw only the scene, and the shadows stay on the stage (the last map).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { advance, statusText } from './support/app-page';
import { useAppSuite } from './support/suite';

const withApp = useAppSuite();

/**
 * Mean WebGL draw calls per frame over the next `frames` frames, each drawn after 1/60 s of
 * simulated time (nothing moves while paused), all in one task of the page so no frame of the
 * browser's own loop falls in between.
 */
function drawCallsPerFrame(page: Page, frames: number): Promise<number> {
  return page.evaluate((count) => {
    const hook = window.__ragdoll!;
    const before = hook.drawCounts();
    for (let frame = 0; frame < count; frame++) hook.advance(1 / 60);
    const after = hook.drawCounts();
    return (after.drawCalls - before.drawCalls) / (after.frames - before.frames);
  }, frames);
}

describe('shadow map redraws', () => {
  it('happen while casters move and stop while the scene is paused', async () => {
    await withApp(async ({ page }) => {
      await page.keyboard.press('o'); // a ball falls beside the dummy
      await page.keyboard.press('b');
      await advance(page, 2 / 60);
      const moving = await drawCallsPerFrame(page, 4);

      await page.keyboard.press(' ');
      await expect.poll(() => statusText(page)).toMatch(/Paused/);
      expect(await advance(page, 2 / 60)).toBe(0);
      const paused = await drawCallsPerFrame(page, 4);

      // The dummy's 11 parts and the ball cast shadows: each a draw call in the map's pass.
      expect(moving - paused).toBeGreaterThanOrEqual(12);
      expect(Number.isInteger(paused)).toBe(true);
      expect(paused).toBeGreaterThan(12);
    });
  });
}, 300_000);
