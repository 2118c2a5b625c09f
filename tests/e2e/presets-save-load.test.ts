/**
 * End to end, through the real host services on a temporary data folder: Save Preset…
 * asks for a name in an accessible dialog and stores the scene with a thumbnail; after the
 * scene is changed (DROP, a new figure and box, STIFFNESS, the camera), Load brings back
 * every body's pose within 1 mm, the props, the settings and the camera.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { advance, distance, figureCount, propKinds, settings } from './support/app-page';
import {
  expectStatus,
  largestGap,
  largestTurn,
  posesWhenStatus,
  waitForRest,
  waitForSleep,
  useHostedApps,
} from './support/host-files';
import { measurePng } from './support/pixels';
import { newestSavedPreset } from './support/preset-page';
import { useAppSuite } from './support/suite';

/** The longest the scene may take to rest, and then to sleep, each: simulated seconds. */
const SETTLE_SECONDS = 60;

/** Most frames drawn for the follow camera to settle, and how little it may still move, metres. */
const CAMERA_SETTLE_FRAMES = 100;
const CAMERA_STILL_METRES = 1e-4;

/**
 * Draws 0.1 s frames (the camera's longest step) until the follow camera moves less than
 * {@link CAMERA_STILL_METRES} in one; fails after {@link CAMERA_SETTLE_FRAMES}.
 */
async function waitForCameraRest(page: Page): Promise<void> {
  let before = await page.evaluate(() => window.__ragdoll!.cameraPosition());
  for (let frame = 0; frame < CAMERA_SETTLE_FRAMES; frame++) {
    await advance(page, 0.1);
    const now = await page.evaluate(() => window.__ragdoll!.cameraPosition());
    if (distance(now, before) < CAMERA_STILL_METRES) return;
    before = now;
  }
  throw new Error(`e2e: the follow camera still moved after ${CAMERA_SETTLE_FRAMES} frames`);
}

const withApp = useAppSuite();
const withHostedApp = useHostedApps(withApp);

describe('presets: save and load', () => {
  it('restores every pose within 1 mm, the props, settings and camera after the scene changed', async () => {
    await withHostedApp(async ({ page, context }, testHost) => {
      const presets = page.getByRole('list', { name: 'Saved presets' });
      await expect.poll(() => page.getByText('No presets yet.').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Add Ball' }).click();
      await page.keyboard.press(']');
      // The ball and the dummy need about 33 simulated seconds to come to rest.
      const settle = { maxSeconds: SETTLE_SECONDS };
      await waitForRest(page, 0.02, settle);
      // Save only once every body sleeps: a preset stores each body's velocities and Load
      // restores them. Asleep, the saved velocities are zero and the restored scene stays
      // where it was put, so the comparison below checks the restore itself.
      await waitForSleep(page, settle);
      // The follow camera moves only in drawn frames: let it come to rest over the figure,
      // so the camera saved is where the loaded scene's frames keep it.
      await waitForCameraRest(page);

      await page.getByRole('button', { name: 'Save Preset…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save the scene as a preset' });
      const name = dialog.getByRole('textbox', { name: 'Preset name' });
      expect(await name.inputValue()).toBe('Scene 1');
      // Keys typed in the name are text, not shortcuts (d would DROP).
      await name.fill('');
      await name.pressSequentially('Ball and dummy');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectStatus(page, 'Saved the preset “Ball and dummy”.');
      expect(await dialog.isVisible()).toBe(false);
      await expect.poll(() => presets.getByRole('listitem').count()).toBe(1);
      expect(await presets.getByRole('listitem').innerText()).toContain('1 figure, 1 prop');

      const { preset: saved } = await newestSavedPreset(testHost);
      expect(saved.settings.stiffness).toBe(60);
      expect(saved.figures.map((figure) => figure.model)).toEqual([{ kind: 'box' }]);
      // Saved asleep: every body says so, to come back asleep.
      expect(saved.figures[0]!.parts.every((part) => part.asleep === true)).toBe(true);
      expect(saved.props.every((prop) => prop.asleep === true)).toBe(true);
      // The thumbnail is a 320×180 picture of the scene, not a blank buffer.
      expect(saved.thumbnail).toMatch(/^data:image\/png;base64,/);
      const png = Buffer.from(saved.thumbnail!.split(',')[1]!, 'base64');
      const pixels = await measurePng(context, png);
      expect([pixels.width, pixels.height]).toEqual([320, 180]);
      expect(pixels.deviation).toBeGreaterThan(8);
      const image = presets.getByRole('listitem').locator('img');
      expect(await image.getAttribute('src')).toBe(saved.thumbnail);

      // Change everything a preset holds.
      await page.getByRole('button', { name: 'Drop' }).click();
      await page.getByRole('button', { name: 'Add Figure' }).click();
      await page.getByRole('button', { name: 'Add Box' }).click();
      await page.keyboard.press('[');
      await page.keyboard.press('[');
      await page.keyboard.press('p');
      const canvas = await page.locator('canvas').boundingBox();
      await page.mouse.move(canvas!.x + canvas!.width - 30, canvas!.y + 20);
      await page.mouse.down();
      await page.mouse.move(canvas!.x + canvas!.width - 200, canvas!.y + 60, { steps: 5 });
      await page.mouse.up();
      expect(await figureCount(page)).toBe(2);

      const loaded = 'Loaded the preset “Ball and dummy”.';
      const posesOnLoad = await posesWhenStatus(page, loaded);
      await page.getByRole('button', { name: 'Load “Ball and dummy”' }).click();
      await expectStatus(page, loaded);
      // Read as the load ends, before any step could move what was restored.
      const restored = await posesOnLoad();
      expect(restored.figures.length).toBe(1);
      expect(await propKinds(page)).toEqual(['ball']);
      const figureGap = largestGap(restored.figures[0]!, saved.figures[0]!.parts);
      const propGap = largestGap(restored.props, saved.props);
      console.info(
        `preset restore: largest gap ${(figureGap * 1000).toFixed(3)} mm (parts), ${(propGap * 1000).toFixed(3)} mm (ball); largest turn ${largestTurn(restored.figures[0]!, saved.figures[0]!.parts).toFixed(4)} rad`,
      );
      expect(figureGap).toBeLessThan(0.001);
      expect(propGap).toBeLessThan(0.001);
      // A scene saved still comes back still: asleep from the first frames on, not settling
      // again (Rapier wakes a body put somewhere in the next step; the sandbox puts it back).
      for (let frame = 0; frame < 10; frame++) {
        expect(await advance(page, 1 / 60)).toBe(2);
        expect(await page.evaluate(() => window.__ragdoll!.awakeBodies())).toBe(0);
      }
      expect(largestTurn(restored.figures[0]!, saved.figures[0]!.parts)).toBeLessThan(0.01);
      expect(await settings(page)).toMatchObject({ stiffness: 60, showBodies: false });
      const camera = await page.evaluate(() => window.__ragdoll!.cameraPosition());
      const [x, y, z] = saved.camera.position;
      expect(Math.hypot(camera.x - x, camera.y - y, camera.z - z)).toBeLessThan(0.01);
      expect(await page.getByRole('slider', { name: 'Stiffness' }).inputValue()).toBe('60');
    });
  }, 600_000); // waiting for the scene to settle under SwiftShader can take minutes
});
