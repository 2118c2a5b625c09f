/**
 * End to end, through the real host services: a PMX opened by the OS gets a picture in the
 * recent list, drawn by the page from the model at rest and stored by the host with the
 * entry (`thumbnails/<id>.png`); opening it again draws nothing more. A VRM without a picture
 * of its own is drawn the same way. A motion's entry shows its icon instead of a blank box.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goodMotionFixtures } from '../../tools/fixtures/motion/motion-fixtures';
import { SLOW_TIMEOUT_MS } from './support/app-page';
import { useTestHosts, expectStatus } from './support/host-files';
import { writeHumanoidPmx } from './support/mmd-files';
import { useAppSuite } from './support/suite';
import { figureKinds, useVrmFixtures } from './support/vrm-files';

const withApp = useAppSuite();
const vrms = useVrmFixtures();
const newHost = useTestHosts();

const TITLE = 'テスト人形';

function library(page: Page): Locator {
  return page.getByRole('list', { name: 'Recently opened files' });
}

/** What a shown thumbnail holds, measured from its decoded pixels. */
interface ThumbnailPixels {
  readonly width: number;
  readonly height: number;
  /** Share of pixels unlike the top-left corner's (the backdrop), 0..1. */
  readonly drawn: number;
  /** Distinct colours, quantised to 4 bits a channel. */
  readonly colours: number;
  /** Share of warm pixels (red over blue by more than 24), 0..1: the backdrop is a cool slate. */
  readonly warm: number;
}

/** Decodes the `img` in the page and measures it (a data URL: the canvas stays readable). */
function measureThumbnail(image: Locator): Promise<ThumbnailPixels> {
  return image.evaluate(async (element) => {
    const img = element as HTMLImageElement;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const [r0, g0, b0] = [data[0]!, data[1]!, data[2]!];
    let drawn = 0;
    let warm = 0;
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (Math.abs(r - r0) + Math.abs(g - g0) + Math.abs(b - b0) > 24) drawn++;
      if (r - b > 24) warm++;
      colours.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4));
    }
    const count = data.length / 4;
    return {
      width: canvas.width,
      height: canvas.height,
      drawn: drawn / count,
      colours: colours.size,
      warm: warm / count,
    };
  });
}

describe('recent-list thumbnails', () => {
  it('draws a PMX at rest for its entry once, stored by the host; a motion shows its icon', async () => {
    const testHost = newHost();
    const model = writeHumanoidPmx(join(testHost.files, 'figure'), 'figure.pmx', {
      texture: true,
    });
    const motionPath = join(testHost.files, 'step.vmd');
    writeFileSync(motionPath, goodMotionFixtures().find((f) => f.file === 'step.vmd')!.bytes);
    await withApp(
      async ({ page }) => {
        await testHost.bridge().openFile(model.path);
        await expect.poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS }).toEqual(['mmd']);
        const item = library(page).getByRole('listitem');
        const image = item.locator('img.file-thumb');
        await expect.poll(() => image.count(), { timeout: SLOW_TIMEOUT_MS }).toBe(1);
        expect(await item.locator('.file-thumb-empty').count()).toBe(0);

        const pixels = await measureThumbnail(image);
        expect(pixels).toMatchObject({ width: 192, height: 108 });
        // A figure in the middle of a plain backdrop: some of the picture, not all of it.
        expect(pixels.drawn).toBeGreaterThan(0.03);
        expect(pixels.drawn).toBeLessThan(0.6);
        expect(pixels.colours).toBeGreaterThan(8);
        // The figure's skin (its warm texture) shows against the cool backdrop.
        expect(pixels.warm).toBeGreaterThan(0.02);

        // The host keeps it with the entry, as the PNG the list shows.
        const [entry] = (await testHost.bridge().services.listLibrary()).entries;
        expect(entry).toMatchObject({ title: TITLE, format: 'pmx' });
        const stored = readFileSync(join(testHost.dataDirectory, 'thumbnails', `${entry!.id}.png`));
        expect(await image.getAttribute('src')).toBe(
          `data:image/png;base64,${stored.toString('base64')}`,
        );

        // Opened again, the entry has its picture: none is drawn or sent.
        await expect.poll(() => page.evaluate(() => window.__ragdoll!.libraryBusy())).toBe(false);
        const sent = (): number =>
          testHost.bridge().answered.filter((c) => c === 'rp:library:set-thumbnail').length;
        expect(sent()).toBe(1);
        await page.getByRole('button', { name: 'Box Dummy' }).click();
        await page.getByRole('button', { name: `Open “${TITLE}”` }).click();
        await expect.poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS }).toEqual(['mmd']);
        await expect.poll(() => page.evaluate(() => window.__ragdoll!.libraryBusy())).toBe(false);
        expect(sent()).toBe(1);

        // A motion has no picture: its entry shows the motion icon.
        await testHost.bridge().openFile(motionPath);
        await expectStatus(page, 'Playing step.vmd on the figure.');
        const motionItem = library(page).getByRole('listitem').filter({ hasText: 'step' });
        await expect.poll(() => motionItem.count(), { timeout: SLOW_TIMEOUT_MS }).toBe(1);
        expect(await motionItem.locator('.file-thumb-motion svg').count()).toBe(1);
        expect(await motionItem.locator('img').count()).toBe(0);
      },
      { beforeLoad: (page) => testHost.install(page) },
    );
  });

  it('draws a VRM without a picture of its own', async () => {
    const testHost = newHost();
    const path = join(testHost.files, 'plain.vrm');
    writeFileSync(path, vrms.bytes('vrm0-apose-full.vrm'));
    await withApp(
      async ({ page }) => {
        await testHost.bridge().openFile(path);
        await expect.poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS }).toEqual(['vrm']);
        const image = library(page).getByRole('listitem').locator('img.file-thumb');
        await expect.poll(() => image.count(), { timeout: SLOW_TIMEOUT_MS }).toBe(1);
        const pixels = await measureThumbnail(image);
        expect(pixels).toMatchObject({ width: 192, height: 108 });
        expect(pixels.drawn).toBeGreaterThan(0.03);
        expect(pixels.drawn).toBeLessThan(0.6);
      },
      { beforeLoad: (page) => testHost.install(page) },
    );
  });
});
