/**
 * End to end, in Chromium on the test build with the real host services behind scripted Save
 * dialogs: the scene records while it runs; Export Motion… writes a .vrma that
 * three-vrm-animation reads back, and Save Picture… a PNG of the 3D view's size (and twice it),
 * never the panel beside it.
 * The second dialog opens in the folder of the first export. In a plain web page the
 * same exports arrive as browser downloads.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadMotionFile } from '../../renderer/src/view/motion/load-motion-file';
import { SLOW_TIMEOUT_MS, advance, aimAt, statusText } from './support/app-page';
import { useTestHosts, useHostedApps } from './support/host-files';
import { useAppSuite } from './support/suite';

const withApp = useAppSuite();
const withHostedApp = useHostedApps(withApp);
const newHost = useTestHosts();

/** A small window: SwiftShader then draws the clip's frames nearly in real time. */
const SMALL_VIEWPORT = { width: 480, height: 300 } as const;

/** The PNG signature, then the IHDR chunk's width and height (big-endian). */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe('IHDR');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Physics steps per simulated second. */
const STEPS_PER_SECOND = 120;

/**
 * Steps held time until the sandbox has run `seconds` of simulated time since it was
 * made (so that much is recorded).
 */
async function runFor(page: Page, seconds: number): Promise<void> {
  const done = Number(await page.evaluate(() => window.__ragdoll!.measure()['steps']));
  const missing = Math.round(seconds * STEPS_PER_SECOND) - done;
  if (missing > 0) expect(await advance(page, missing / STEPS_PER_SECOND)).toBe(missing);
}

/** Waits until the status line starts with `prefix`, and returns it whole. */
async function statusStartingWith(page: Page, prefix: string): Promise<string> {
  await expect
    .poll(() => statusText(page), { timeout: SLOW_TIMEOUT_MS * 2 })
    .toMatch(new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  return statusText(page);
}

describe('exports through the Save dialog', () => {
  it('exports the recorded motion as .vrma and the view as PNG, at 1x and 2x', async () => {
    await withHostedApp(
      async ({ page }, testHost) => {
        await runFor(page, 2);
        const motionPath = join(testHost.files, 'fall.vrma');
        testHost.dialogs.saveExport.push(motionPath);
        await page.getByRole('button', { name: 'Export Motion…' }).click();
        const said = await statusStartingWith(page, `Saved ${motionPath}: `);
        const frames = Number(/: (\d+) frames at 30 fps/.exec(said)?.[1]);
        const clip = await loadMotionFile(
          readFileSync(motionPath).buffer as ArrayBuffer,
          'fall.vrma',
        );
        // The whole recording so far (under 10 s): about the simulated time at the export.
        expect(frames).toBeGreaterThanOrEqual(2 * 30);
        expect(clip.duration).toBeCloseTo((frames - 1) / 30, 3);
        expect(clip.bones.map((bone) => bone.humanoid)).toEqual(
          expect.arrayContaining(['hips', 'spine', 'head', 'leftUpperArm', 'rightLowerLeg']),
        );

        // The 3D view, beside the panel: narrower than the window.
        const view = await page.evaluate(() => {
          const canvas = document.querySelector('canvas.view-canvas')!;
          return { width: canvas.clientWidth, height: canvas.clientHeight };
        });
        expect(view.width).toBeLessThan(SMALL_VIEWPORT.width);
        const picturePath = join(testHost.files, 'view.png');
        testHost.dialogs.saveExport.push(picturePath);
        await page.keyboard.press('t');
        await statusStartingWith(
          page,
          `Saved ${picturePath}: ${view.width}×${view.height} pixels.`,
        );
        expect(pngSize(readFileSync(picturePath))).toEqual(view);
        // The second dialog opened in the folder of the first export.
        expect(testHost.dialogs.suggestedNames[1]).toMatch(
          new RegExp(`^${testHost.files}/picture-\\d{4}-\\d\\d-\\d\\d-\\d{6}\\.png$`),
        );

        await page.getByRole('checkbox', { name: 'Picture 2x' }).check();
        const doublePath = join(testHost.files, 'view-2x.png');
        testHost.dialogs.saveExport.push(doublePath);
        await page.getByRole('button', { name: 'Save Picture…' }).click();
        const double = { width: view.width * 2, height: view.height * 2 };
        await statusStartingWith(
          page,
          `Saved ${doublePath}: ${double.width}×${double.height} pixels.`,
        );
        const png = readFileSync(doublePath);
        expect(pngSize(png)).toEqual(double);
      },
      { viewport: SMALL_VIEWPORT },
    );
  });
});

describe('Export Motion… from the body menu', () => {
  it('exports the motion of the figure right-clicked', async () => {
    const testHost = newHost();
    await withApp(
      async ({ page }) => {
        await page.keyboard.press('f'); // a still camera, so the figure stays where we click
        await page.keyboard.press('a');
        await page.keyboard.press('r'); // both standing still, in view
        await runFor(page, 1);
        const second = await aimAt(page, () =>
          page.evaluate(() => window.__ragdoll!.partOnScreen(1, 'torso')),
        );
        await page.mouse.click(second.x, second.y, { button: 'right' });
        const motionPath = join(testHost.files, 'second.vrma');
        testHost.dialogs.saveExport.push(motionPath);
        await page
          .getByRole('menu', { name: 'Body' })
          .getByRole('menuitem', { name: 'Export Motion…' })
          .click();
        await statusStartingWith(page, `Saved ${motionPath}: `);
        const clip = await loadMotionFile(
          readFileSync(motionPath).buffer as ArrayBuffer,
          'second.vrma',
        );
        expect(clip.bones.some((bone) => bone.humanoid === 'hips')).toBe(true);
      },
      // The default window: in the small one the panel covers the second figure.
      { beforeLoad: (page) => testHost.install(page) },
    );
  });
});

describe('exports in a plain web page', () => {
  it('downloads the picture and the motion through the browser', async () => {
    await withApp(
      async ({ page }) => {
        await runFor(page, 1);
        const pictureDownload = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Save Picture…' }).click();
        const picture = await pictureDownload;
        expect(picture.suggestedFilename()).toMatch(/^picture-.*\.png$/);
        const pictureBytes = readFileSync((await picture.path())!);
        const view = await page.evaluate(() => {
          const canvas = document.querySelector<HTMLCanvasElement>('canvas.view-canvas')!;
          return { width: canvas.clientWidth, height: canvas.clientHeight };
        });
        expect(pngSize(pictureBytes)).toEqual(view);
        await statusStartingWith(page, `Downloaded ${picture.suggestedFilename()}`);

        const motionDownload = page.waitForEvent('download');
        await page.keyboard.press('e');
        const motion = await motionDownload;
        expect(motion.suggestedFilename()).toMatch(/^box-dummy-motion-.*\.vrma$/);
        const clip = await loadMotionFile(
          readFileSync((await motion.path())!).buffer as ArrayBuffer,
          motion.suggestedFilename(),
        );
        expect(clip.duration).toBeGreaterThan(0.9);
      },
      { viewport: SMALL_VIEWPORT },
    );
  });
});
