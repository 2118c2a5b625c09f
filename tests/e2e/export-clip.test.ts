/**
 * End to end, in Debian's Chromium on the test build with the real host services behind a
 * scripted Save dialog: a few seconds are recorded, a range is chosen on the timeline with a
 * Shift-drag, and Export Clip… writes a WebM of that range at 30 fps, read back by a small
 * Matroska parser: the EBML header, one frame per 1/30 s of the range (±5 %) and the range's
 * duration (±5 %). A browser whose encoder takes neither VP9 nor VP8, Cancel, and a folder
 * that cannot be written each leave no file and the scene live as it was.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readWebm } from '../support/webm-reader';
import { SLOW_TIMEOUT_MS, advance, alertText, statusText } from './support/app-page';
import { useHostedApps } from './support/host-files';
import { useAppSuite } from './support/suite';
import { chooseRange, recordFrames, timeline } from './support/timeline-page';

const withApp = useAppSuite();
const withHostedApp = useHostedApps(withApp);

/** A low window (SwiftShader draws each frame of the clip quickly) wide enough for the timeline. */
const VIEWPORT = { width: 960, height: 300 } as const;
/** The recorder's rate, frames per second of simulated time. */
const RECORD_RATE_HZ = 60;
const CLIP_FPS = 30;

/** Waits until the status line matches `pattern`, and returns it whole. */
async function statusMatching(page: Page, pattern: RegExp): Promise<string> {
  await expect.poll(() => statusText(page), { timeout: SLOW_TIMEOUT_MS * 3 }).toMatch(pattern);
  return statusText(page);
}

/** Waits until the alert line matches `pattern`. */
async function alertMatching(page: Page, pattern: RegExp): Promise<void> {
  await expect.poll(() => alertText(page), { timeout: SLOW_TIMEOUT_MS * 3 }).toMatch(pattern);
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('Export Clip… in Chromium', () => {
  it('writes the chosen range as a WebM at 30 fps, and leaves no file when it cannot', async () => {
    await withHostedApp(
      async ({ page }, testHost) => {
        await page.keyboard.press('o'); // a ball too, so a prop is replayed
        await recordFrames(page, 3 * RECORD_RATE_HZ);
        await chooseRange(page, 0.45, 0.55); // short, for the clips that must not be saved
        const rate = page.getByRole('combobox', { name: 'Clip fps' });
        await rate.selectOption(String(CLIP_FPS));
        await rate.blur(); // the W key goes to the page, not to the list

        // An encoder that takes neither codec: a message naming them, no dialog, no file.
        await page.evaluate(() => {
          const encoder = window.VideoEncoder as unknown as Record<string, unknown>;
          encoder['realIsConfigSupported'] = encoder['isConfigSupported'];
          encoder['isConfigSupported'] = () => Promise.resolve({ supported: false });
        });
        await page.keyboard.press('w');
        await alertMatching(
          page,
          /^This browser cannot make a WebM clip: its VideoEncoder encodes neither VP9 nor VP8 at \d+×\d+\.$/,
        );
        expect(testHost.dialogs.suggestedNames).toEqual([]);
        await page.evaluate(() => {
          const encoder = window.VideoEncoder as unknown as Record<string, unknown>;
          encoder['isConfigSupported'] = encoder['realIsConfigSupported'];
        });

        // A folder that cannot be written (its path goes through a file): said, nothing left.
        writeFileSync(join(testHost.files, 'plain'), 'a file');
        testHost.dialogs.saveExport.push(join(testHost.files, 'plain', 'clip.webm'));
        await page.keyboard.press('w');
        await alertMatching(page, /^The export failed: clip\.webm could not be saved in .*plain/);
        expect(readdirSync(testHost.files)).toEqual(['plain']);
        expect((await timeline(page)).live).toBe(true);

        await chooseRange(page, 0.15, 0.85);
        const range = (await timeline(page)).range!;
        // A chosen range stays put while the scene records on (the default one grows).
        expect(range.firstFrame).toBeGreaterThan(0);
        expect(range.lastFrame - range.firstFrame).toBeGreaterThan(1.5 * RECORD_RATE_HZ);

        // Cancel while the frames are made: nothing is saved, the scene runs on.
        const dialogsOpened = testHost.dialogs.suggestedNames.length;
        await page.keyboard.press('w');
        await expect
          .poll(() => page.getByRole('progressbar', { name: 'Clip recorded' }).isVisible())
          .toBe(true);
        await page.getByRole('button', { name: 'Cancel' }).click();
        await statusMatching(page, /^The clip was canceled; nothing was saved/);
        expect(testHost.dialogs.suggestedNames).toHaveLength(dialogsOpened);
        expect((await timeline(page)).live).toBe(true);

        const clipPath = join(testHost.files, 'fall.webm');
        testHost.dialogs.saveExport.push(clipPath);
        await page.keyboard.press('w');
        const said = await statusMatching(page, new RegExp(`^Saved ${escaped(clipPath)}: `));
        expect(said).toMatch(/The scene is as it was\.$/);
        // The scene runs on and records more; the chosen range stays put.
        expect(await advance(page, 0.5)).toBe(60);
        const after = await timeline(page);
        expect(after.live).toBe(true);
        expect(after.range).toEqual(range);
        expect(existsSync(clipPath)).toBe(true);

        const bytes = new Uint8Array(readFileSync(clipPath));
        expect([...bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
        const webm = readWebm(bytes);
        expect(webm.docType).toBe('webm');
        expect(['V_VP9', 'V_VP8']).toContain(webm.video.codec);
        const rangeSeconds = (range.lastFrame - range.firstFrame) / RECORD_RATE_HZ;
        const expectedFrames = rangeSeconds * CLIP_FPS + 1;
        expect(Math.abs(webm.frameTimes.length - expectedFrames)).toBeLessThanOrEqual(
          expectedFrames * 0.05,
        );
        expect(said).toContain(`${webm.frameTimes.length} frames`);
        // Every frame 1/30 s after the one before (the file counts whole milliseconds).
        webm.frameTimes.forEach((time, i) => expect(time).toBeCloseTo(i / CLIP_FPS, 2));
        const lastTime = webm.frameTimes[webm.frameTimes.length - 1]!;
        expect(Math.abs(lastTime - rangeSeconds)).toBeLessThanOrEqual(rangeSeconds * 0.05);
        if (webm.durationSeconds !== undefined)
          expect(Math.abs(webm.durationSeconds - rangeSeconds)).toBeLessThanOrEqual(
            rangeSeconds * 0.05,
          );
      },
      { viewport: VIEWPORT },
    );
  }, 600_000);
});
