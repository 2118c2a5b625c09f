/**
 * End to end: avatars give back everything they take. Opening a VRM, adding a second figure
 * of it and switching back to the box dummy, twenty times over, must leave three.js's count
 * of live geometries and textures (`renderer.info.memory`) where it started.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SLOW_TIMEOUT_MS, drawFrameNow, statusText } from './support/app-page';
import { useAppSuite } from './support/suite';
import { figureKinds, openVrm, useVrmFixtures } from './support/vrm-files';

const withApp = useAppSuite();
const files = useVrmFixtures();

const CYCLES = 20;

function gpuMemory(page: Page): Promise<{ geometries: number; textures: number }> {
  return page.evaluate(() => window.__ragdoll!.gpuMemory());
}

describe('avatar memory', () => {
  it(`returns to the starting geometry and texture counts after ${CYCLES} add-and-clear cycles`, async () => {
    await withApp(async ({ page }) => {
      await drawFrameNow(page);
      const start = await gpuMemory(page);
      let peak = start.geometries;
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        await openVrm(page, files, cycle % 2 === 0 ? 'vrm1-tpose-full.vrm' : 'vrm0-chibi.vrm');
        await page.keyboard.press('a');
        await expect
          .poll(() => statusText(page), { timeout: SLOW_TIMEOUT_MS })
          .toBe('Added a figure (2 of 6).');
        // Drawn at least once, so every geometry and texture was uploaded.
        await drawFrameNow(page);
        peak = Math.max(peak, (await gpuMemory(page)).geometries);
        await page.keyboard.press('u');
        expect(await figureKinds(page)).toEqual(['box']);
        await drawFrameNow(page);
      }
      // The avatars really were on the GPU, so getting back to the start means they were freed.
      expect(peak).toBeGreaterThan(start.geometries);
      expect(await gpuMemory(page)).toEqual(start);
    });
  });
}, 600_000);
