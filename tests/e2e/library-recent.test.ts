/**
 * End to end, through the real host services: a model opened by the OS (or File > Open
 * Model…) becomes an avatar and appears in the recent-model library with its title, author
 * and format; Open reads it again; once the file is gone the entry shows as missing with
 * Locate…, which points it at the moved file; Remove and Clear All… (asked first) empty the
 * list. A VRM's own meta thumbnail becomes the entry's picture. Bytes cross the bridge as
 * Uint8Array both ways (the model to the page, the thumbnail PNG to the host): Playwright
 * keeps typed arrays, so the bridge needs no base64 step.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { writeGlb } from '../../tools/fixtures/glb-writer';
import { readGlb } from '../../renderer/src/view/vrm/glb-container';
import { SLOW_TIMEOUT_MS, alertText, figureCount } from './support/app-page';
import { useTestHosts, expectStatus, useHostedApps } from './support/host-files';
import { useAppSuite } from './support/suite';
import { dropFile, figureKinds, useVrmFixtures } from './support/vrm-files';

const withApp = useAppSuite();
const withHostedApp = useHostedApps(withApp);
const fixtures = useVrmFixtures();
const newHost = useTestHosts();

const MODEL = 'vrm1-tpose-full.vrm';
const TITLE = 'Fixture vrm1-tpose-full';

/** `vrm` (a VRM 1.0 GLB) with `png` embedded as its meta thumbnail image. */
function withThumbnail(vrm: Uint8Array, png: Uint8Array): Uint8Array {
  const { json, bin } = readGlb(vrm, 'fixture');
  const start = Math.ceil((bin?.byteLength ?? 0) / 4) * 4;
  const joined = new Uint8Array(start + png.byteLength);
  if (bin) joined.set(bin);
  joined.set(png, start);
  const gltf = json as {
    buffers: { byteLength: number }[];
    bufferViews?: object[];
    images?: object[];
    extensions: { VRMC_vrm: { meta: Record<string, unknown> } };
  };
  gltf.buffers[0]!.byteLength = joined.byteLength;
  gltf.bufferViews = [
    ...(gltf.bufferViews ?? []),
    { buffer: 0, byteOffset: start, byteLength: png.byteLength },
  ];
  gltf.images = [
    ...(gltf.images ?? []),
    { bufferView: gltf.bufferViews.length - 1, mimeType: 'image/png' },
  ];
  gltf.extensions.VRMC_vrm.meta['thumbnailImage'] = gltf.images.length - 1;
  return writeGlb(JSON.stringify(gltf), joined);
}

function library(page: Page) {
  return page.getByRole('list', { name: 'Recently opened files' });
}

describe('the recent-model library', () => {
  it('lists an opened model, opens it again, shows it missing, locates, removes and clears', async () => {
    await withHostedApp(async ({ page }, testHost) => {
      const path = fixtures.copyTo(MODEL, testHost.files);
      await expect
        .poll(() =>
          page.getByText('Models, motions, songs and stages you open appear here.').isVisible(),
        )
        .toBe(true);
      await testHost.bridge().openFile(path);
      await expect.poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS }).toEqual(['vrm']);
      await expect.poll(() => library(page).getByRole('listitem').count()).toBe(1);
      const item = library(page).getByRole('listitem');
      expect(await item.innerText()).toContain(TITLE);
      expect(await item.innerText()).toContain('VRM 1.0');

      await page.getByRole('button', { name: 'Box Dummy' }).click();
      expect(await figureKinds(page)).toEqual(['box']);
      await page.getByRole('button', { name: `Open “${TITLE}”` }).click();
      await expect.poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS }).toEqual(['vrm']);

      // The file moves away: Open says so by name and the entry shows as missing. The open's
      // own list reads may still be on their way after its figure stands (a small file loads
      // fast); one landing after the move would mark the entry missing before Open is pressed.
      await expect.poll(() => page.evaluate(() => window.__ragdoll!.libraryBusy())).toBe(false);
      const moved = join(testHost.files, 'moved.vrm');
      renameSync(path, moved);
      // The list is read again after every open and change; an entry still listed keeps its
      // elements, updated in place, so a press on its way never meets a removed button.
      const remove = page.getByRole('button', { name: `Remove “${TITLE}”` });
      const heldItem = await item.elementHandle();
      const heldRemove = await remove.elementHandle();
      await page.getByRole('button', { name: `Open “${TITLE}”` }).click();
      await expect.poll(() => alertText(page)).toContain(MODEL);
      expect(await figureKinds(page)).toEqual(['vrm']);
      await expect.poll(() => item.innerText()).toContain('missing');
      expect(await item.evaluate((element, held) => element === held, heldItem)).toBe(true);
      expect(await remove.evaluate((element, held) => element === held, heldRemove)).toBe(true);
      expect(await page.getByRole('button', { name: `Open “${TITLE}”` }).count()).toBe(0);
      testHost.dialogs.openModel.push(moved);
      await page.getByRole('button', { name: `Locate “${TITLE}”` }).click();
      await expectStatus(page, `${TITLE} is now at ${moved}.`);
      await expect.poll(() => item.innerText()).not.toContain('missing');
      expect(await remove.evaluate((element, held) => element === held, heldRemove)).toBe(true);

      await remove.click();
      await expectStatus(page, `Removed ${TITLE} from the recent models.`);
      await expect.poll(() => library(page).getByRole('listitem').count()).toBe(0);

      // Clear All… asks first.
      await testHost.bridge().openFile(moved);
      await expect.poll(() => library(page).getByRole('listitem').count()).toBe(1);
      await page.getByRole('button', { name: 'Clear All…' }).click();
      const ask = page.getByRole('dialog', { name: /Remove all 1 model from the recent list/ });
      await ask.getByRole('button', { name: 'Cancel' }).click();
      expect(await library(page).getByRole('listitem').count()).toBe(1);
      await page.getByRole('button', { name: 'Clear All…' }).click();
      await ask.getByRole('button', { name: 'Clear All' }).click();
      await expectStatus(page, 'Cleared the recent models.');
      await expect.poll(() => library(page).getByRole('listitem').count()).toBe(0);
      expect(await figureCount(page)).toBe(1);
    });
  });

  it('takes models from Open Model… (the native dialog) and from a drop on the window', async () => {
    await withHostedApp(async ({ page }, testHost) => {
      const chosen = fixtures.copyTo(MODEL, testHost.files);
      const dropped = fixtures.copyTo('vrm0-apose-full.vrm', testHost.files, 'dropped.vrm');
      // With the desktop host, Open Model… (M) asks the host, which shows the native dialog.
      testHost.dialogs.openModel.push(chosen);
      await page.keyboard.press('m');
      await expect.poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS }).toEqual(['vrm']);
      await expect.poll(() => library(page).getByRole('listitem').count()).toBe(1);

      // A file dropped from the desktop: the host resolves its path and reads it.
      testHost.droppedFiles['dropped.vrm'] = dropped;
      expect(await dropFile(page, readFileSync(dropped), 'dropped.vrm')).toBe(true);
      await expect
        .poll(() => library(page).getByRole('listitem').count(), { timeout: SLOW_TIMEOUT_MS })
        .toBe(2);
      expect(await library(page).getByRole('listitem').first().innerText()).toContain('VRM 0.x');
      expect(await figureKinds(page)).toEqual(['vrm']);
    });
  });

  it("shows a VRM's own thumbnail in its entry", async () => {
    const testHost = newHost();
    await withApp(
      async ({ page }) => {
        const dataUrl = await page.evaluate(() => {
          const canvas = document.createElement('canvas');
          canvas.width = 16;
          canvas.height = 16;
          const context = canvas.getContext('2d')!;
          context.fillStyle = '#f80';
          context.fillRect(0, 0, 16, 16);
          return canvas.toDataURL('image/png');
        });
        const png = Buffer.from(dataUrl.split(',')[1]!, 'base64');
        const path = join(testHost.files, 'with-thumbnail.vrm');
        writeFileSync(path, withThumbnail(readFileSync(fixtures.get(MODEL).file), png));
        await testHost.bridge().openFile(path);
        await expect.poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS }).toEqual(['vrm']);
        const image = library(page).getByRole('listitem').locator('img');
        await expect.poll(() => image.count()).toBe(1);
        expect(await image.getAttribute('src')).toBe(dataUrl);
        const [entry] = (await testHost.bridge().services.listLibrary()).entries;
        expect(entry!.thumbnail).toBe(dataUrl);
      },
      { beforeLoad: (page) => testHost.install(page) },
    );
  });
});
