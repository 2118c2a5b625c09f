/**
 * End to end, in Chromium on the test build: the view made for capture. CLEAN VIEW (key 1,
 * Esc or 1 back) leaves no control of the panel, timeline or status visible, only the scene
 * over the whole window and a hint; a transparent Save Picture… PNG has alpha 0 in the sky
 * and 255 on the figure (and on the floor, unless STAGE is off); a chroma background fills
 * the sky with exactly its colour (a preset or one picked), remembered across a reload; a
 * transparent Export Clip… writes a WebM whose frames carry alpha (and its sound as Opus), and where the browser cannot
 * keep alpha the app says why and offers the clip on green.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BufferSource, EncodedPacketSink, Input, WEBM } from 'mediabunny';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  SLOW_TIMEOUT_MS,
  advance,
  aimAt,
  drawFrameNow,
  statusText,
  waitForLanding,
} from './support/app-page';
import type { TestHost } from './support/host-files';
import { useHostedApps, openMusicFile } from './support/host-files';
import type { Rgba } from './support/pixels';
import { readPngPixels } from './support/pixels';
import { useAppSuite } from './support/suite';
import { wavBytes } from '../../tools/fixtures/audio/audio-fixtures';

const withApp = useAppSuite();
const withHostedApp = useHostedApps(withApp);

/** A small window: SwiftShader draws it, and a clip of it, quickly. */
const VIEWPORT = { width: 560, height: 340 } as const;

/** Every element of the page outside the 3D view that is rendered now (a tag and class each). */
function visibleControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('#app *')]
      .filter((element) => !element.closest('.viewport, .clean-view-hint'))
      .filter((element) => element.checkVisibility())
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  );
}

/** Waits until the status line starts with `prefix`. */
async function statusStartingWith(page: Page, prefix: string): Promise<string> {
  await expect.poll(() => statusText(page), { timeout: SLOW_TIMEOUT_MS * 2 }).toContain(prefix);
  return statusText(page);
}

/** The figure standing still in front of a still camera, time held. */
async function standStill(page: Page): Promise<void> {
  await page.keyboard.press('f'); // Follow off: the camera stays where the pixels are read
  await waitForLanding(page, 0, 1.2);
  await advance(page, 1);
}

/** Save Picture… through the scripted Save dialog; the PNG's bytes. */
async function savePicture(page: Page, testHost: TestHost, name: string): Promise<Buffer> {
  const path = join(testHost.files, name);
  testHost.dialogs.saveExport.push(path);
  await page.keyboard.press('t');
  await statusStartingWith(page, `Saved ${path}: `);
  return readFileSync(path);
}

/** Where, in the picture (the canvas at 1x), the sky, the floor and the figure's torso are. */
async function picturePoints(page: Page): Promise<{ x: number; y: number }[]> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('canvas.view-canvas')!;
    const rect = canvas.getBoundingClientRect();
    const torso = window.__ragdoll!.partOnScreen(0, 'torso')!;
    return [
      { x: rect.width * 0.5, y: 3 },
      { x: rect.width * 0.5, y: rect.height - 4 },
      { x: torso.x - rect.left, y: torso.y - rect.top },
    ];
  });
}

async function pixelsOf(
  context: BrowserContext,
  page: Page,
  png: Buffer,
): Promise<{ sky: Rgba; floor: Rgba; figure: Rgba }> {
  const { pixels } = await readPngPixels(context, png, await picturePoints(page));
  return { sky: pixels[0]!, floor: pixels[1]!, figure: pixels[2]! };
}

function expectColour(pixel: Rgba, hex: number): void {
  expect(pixel.a).toBe(255);
  expect(Math.abs(pixel.r - ((hex >> 16) & 0xff))).toBeLessThanOrEqual(2);
  expect(Math.abs(pixel.g - ((hex >> 8) & 0xff))).toBeLessThanOrEqual(2);
  expect(Math.abs(pixel.b - (hex & 0xff))).toBeLessThanOrEqual(2);
}

describe('CLEAN VIEW', () => {
  // CLEAN VIEW's tests and the check that a web page offers no ALWAYS ON TOP share a page.
  it('hides every control and the pins, shows a hint, and Esc or 1 brings them back', async () => {
    await withApp.shared(
      async ({ page }) => {
        const windowWidth = page.viewportSize()!.width;
        const pinHeadsShown = () => page.evaluate(() => window.__ragdoll!.pinHeadsShown());
        await standStill(page);
        const torso = await aimAt(page, () =>
          page.evaluate(() => window.__ragdoll!.partOnScreen(0, 'torso')),
        );
        await page.mouse.move(torso.x, torso.y);
        await page.keyboard.press('q');
        await statusStartingWith(page, 'Pinned');
        expect(await pinHeadsShown()).toBe(true);
        expect(await visibleControls(page)).toContain('aside.panel');
        await page.keyboard.press('1');
        await expect.poll(() => visibleControls(page)).toEqual([]);
        expect(await pinHeadsShown()).toBe(false);
        const hint = page.locator('.clean-view-hint');
        await expect.poll(() => hint.isVisible()).toBe(true);
        expect(await hint.textContent()).toBe(
          'Clean view: press Esc or 1 to bring the panel back.',
        );
        // The scene takes the whole window.
        await drawFrameNow(page);
        await expect
          .poll(() =>
            page.evaluate(() => document.querySelector('canvas.view-canvas')!.clientWidth),
          )
          .toBe(windowWidth);

        await page.keyboard.press('Escape');
        await expect.poll(() => hint.isVisible()).toBe(false);
        expect(await pinHeadsShown()).toBe(true);
        await expect
          .poll(() => page.getByRole('button', { name: 'Clean View' }).isVisible())
          .toBe(true);
        expect(await visibleControls(page)).toEqual(
          expect.arrayContaining(['aside.panel', expect.stringMatching(/^div\.timeline-bar/)]),
        );

        // The panel's button and the key again.
        await page.getByRole('button', { name: 'Clean View' }).click();
        await expect.poll(() => visibleControls(page)).toEqual([]);
        await page.keyboard.press('1');
        await expect.poll(() => hint.isVisible()).toBe(false);
        expect(await visibleControls(page)).toContain('aside.panel');
      },
      { viewport: VIEWPORT },
    );
  });

  it('speaks Japanese in the Japanese panel', async () => {
    await withApp.shared(
      async ({ page }) => {
        await page.keyboard.press('l');
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
        await page.keyboard.press('1');
        await expect
          .poll(() => page.locator('.clean-view-hint').textContent())
          .toBe('クリーンビュー: Esc か 1 でパネルに戻ります。');
        await page.keyboard.press('Escape');
        await expect
          .poll(() => page.getByRole('button', { name: 'クリーンビュー' }).isVisible())
          .toBe(true);
        await page.keyboard.press('l');
      },
      { viewport: VIEWPORT },
    );
  });
});

describe('ALWAYS ON TOP', () => {
  it('is switched from the panel and follows the menu in the desktop app, and is not offered without it', async () => {
    await withApp.shared(
      async ({ page }) => {
        const onTop = page.locator('#capture-on-top');
        expect(await onTop.count()).toBe(1);
        expect(await onTop.isVisible()).toBe(false);
      },
      { viewport: VIEWPORT },
    );
    await withHostedApp(
      async ({ page }, testHost) => {
        const onTop = page.getByRole('checkbox', { name: 'Always on top' });
        await expect.poll(() => onTop.isVisible()).toBe(true);
        expect(await onTop.isChecked()).toBe(false);
        await onTop.check();
        await statusStartingWith(page, 'The window stays above other windows.');
        expect(testHost.bridge().alwaysOnTop).toBe(true);
        // View > Always on Top off: the host tells the page, which shows it.
        await testHost.bridge().switchAlwaysOnTopFromMenu(false);
        await expect.poll(() => onTop.isChecked()).toBe(false);
        await onTop.check();
        await onTop.uncheck();
        await statusStartingWith(page, 'The window no longer stays on top.');
        expect(testHost.bridge().alwaysOnTop).toBe(false);
      },
      { viewport: VIEWPORT },
    );
  });
});

describe('BACKGROUND and STAGE in Save Picture…', () => {
  it('saves alpha 0 in a transparent sky and 255 on the figure, floor only with the stage', async () => {
    await withHostedApp(
      async ({ page, context }, testHost) => {
        await standStill(page);
        await page
          .getByRole('combobox', { name: 'Background', exact: true })
          .selectOption('transparent');
        await statusStartingWith(page, 'Background: Transparent.');
        const withStage = await pixelsOf(context, page, await savePicture(page, testHost, 'a.png'));
        expect(withStage.sky.a).toBe(0);
        expect(withStage.floor.a).toBe(255);
        expect(withStage.figure.a).toBe(255);

        await page.getByRole('checkbox', { name: 'Show stage' }).uncheck();
        const figureOnly = await pixelsOf(
          context,
          page,
          await savePicture(page, testHost, 'b.png'),
        );
        expect(figureOnly.sky.a).toBe(0);
        expect(figureOnly.floor.a).toBe(0);
        expect(figureOnly.figure.a).toBe(255);
      },
      { viewport: VIEWPORT },
    );
  });

  it('fills the sky with a chroma preset or a picked colour, remembered after a reload', async () => {
    await withHostedApp(
      async ({ page, context }, testHost) => {
        await standStill(page);
        const background = page.getByRole('combobox', { name: 'Background', exact: true });
        await background.selectOption('green');
        const green = await pixelsOf(context, page, await savePicture(page, testHost, 'g.png'));
        expectColour(green.sky, 0x00b140);
        expect(green.figure.a).toBe(255);

        await page.getByLabel('Background colour').fill('#3366cc');
        expect(await background.inputValue()).toBe('custom');
        const picked = await pixelsOf(context, page, await savePicture(page, testHost, 'c.png'));
        expectColour(picked.sky, 0x3366cc);

        await page.reload();
        await expect.poll(() => background.inputValue()).toBe('custom');
        expect(await page.getByLabel('Background colour').inputValue()).toBe('#3366cc');
      },
      { viewport: VIEWPORT },
    );
  });
});

describe('a transparent Export Clip…', () => {
  it('writes a WebM whose frames carry alpha, with its sound as Opus', async () => {
    await withHostedApp(
      async ({ page }, testHost) => {
        // A song, so the clip has sound to write.
        const wav = wavBytes(4, { loudFrom: 0, loudTo: 4, level: 0.5 });
        await openMusicFile(page, testHost, 'song.wav', wav);
        await expect.poll(() => statusText(page)).toContain('Music: song.wav');
        await advance(page, 1);
        await page
          .getByRole('combobox', { name: 'Background', exact: true })
          .selectOption('transparent');
        const path = join(testHost.files, 'clip.webm');
        testHost.dialogs.saveExport.push(path);
        await page.keyboard.press('w');
        await statusStartingWith(page, `Saved ${path}: `);
        const input = new Input({
          source: new BufferSource(readFileSync(path)),
          formats: [WEBM],
        });
        const track = await input.getPrimaryVideoTrack();
        expect(track).not.toBeNull();
        expect(await track!.canBeTransparent()).toBe(true);
        const first = await new EncodedPacketSink(track!).getFirstPacket();
        expect(first?.sideData.alpha?.byteLength ?? 0).toBeGreaterThan(0);
        // The sound beside it: an Opus track, and the status says so.
        expect(await statusText(page)).toMatch(
          /with its sound \(Opus\)\. The scene is as it was\.$/,
        );
        const audio = await input.getPrimaryAudioTrack();
        expect(audio?.codec).toBe('opus');
      },
      { viewport: VIEWPORT },
    );
  });

  it('where the browser cannot keep alpha, says why and offers the clip on green', async () => {
    await withHostedApp(
      async ({ page }, testHost) => {
        await advance(page, 1);
        const background = page.getByRole('combobox', { name: 'Background', exact: true });
        await background.selectOption('transparent');
        // A browser without web workers cannot split a frame's alpha from its colour.
        await page.evaluate(() => {
          (window as { Worker?: unknown }).Worker = undefined;
        });
        const path = join(testHost.files, 'green.webm');
        testHost.dialogs.saveExport.push(path);
        await page.keyboard.press('w');
        const question = page.getByRole('dialog');
        await expect
          .poll(() => question.textContent())
          .toContain(
            'This browser cannot encode a clip with transparency (it runs no web workers). ' +
              'Export it on a green background, for chroma keying, instead?',
          );
        await question.getByRole('button', { name: 'Use green' }).click();
        await statusStartingWith(page, `Saved ${path}: `);
        expect(await background.inputValue()).toBe('green');
        const input = new Input({ source: new BufferSource(readFileSync(path)), formats: [WEBM] });
        const track = await input.getPrimaryVideoTrack();
        expect(await track!.canBeTransparent()).toBe(false);
      },
      { viewport: VIEWPORT },
    );
  });
});
