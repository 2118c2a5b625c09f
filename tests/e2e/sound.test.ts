/**
 * End to end: sound in the built renderer in Chromium, read back through the test hook's
 * `soundLog()`. Before the first click or key press nothing is played (a landing figure is
 * not logged); a BLAST logs its own sound and the impacts that follow; muted (the 0 key) or
 * with impact sounds off nothing is started, so nothing is logged; VOLUME, mute and the
 * switches are remembered across a reload.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HookSoundLogEntry } from '../../renderer/src/test-build/test-hook';
import { advance, animationFrames, statusText, waitForApp } from './support/app-page';
import { useAppSuite } from './support/suite';

const withApp = useAppSuite();

function soundLog(page: Page): Promise<HookSoundLogEntry[]> {
  return page.evaluate(() => window.__ragdoll!.soundLog());
}

/**
 * BLAST from the panel, then three simulated seconds (it lands) in quarter-second steps, none
 * drawn: the sounds come from the physics, and the player runs on the page's own frames.
 */
async function blast(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Blast' }).click();
  for (let i = 0; i < 12; i++) await advance(page, 0.25, { draw: false });
}

/** Waits two animation frames: the impact player empties the sound requests once a frame. */
function impactPlayerRan(page: Page): Promise<void> {
  return animationFrames(page, 2);
}

describe('sound', () => {
  it('plays nothing before the first click, then a BLAST logs its sound and the hits after it', async () => {
    await withApp(async ({ page }) => {
      // The box figure falls onto the stage: hits, but no gesture yet.
      await advance(page, 1.5);
      await impactPlayerRan(page);
      expect(await soundLog(page)).toEqual([]);
      await blast(page);
      await expect.poll(async () => (await soundLog(page)).length).toBeGreaterThan(1);
      // The figure flies for a while after BLAST 14; it lands within 8 simulated seconds.
      for (let i = 0; i < 20; i++) {
        if ((await soundLog(page)).some((entry) => entry.kind === 'stage')) break;
        await advance(page, 0.25, { draw: false });
        await impactPlayerRan(page);
      }
      const log = await soundLog(page);
      expect(log[0]!.kind).toBe('blast');
      expect(log.map((entry) => entry.kind)).toContain('stage');
      for (const entry of log) {
        expect(entry.gain).toBeGreaterThan(0);
        expect(entry.gain).toBeLessThanOrEqual(1);
      }
      for (let i = 1; i < log.length; i++)
        expect(log[i]!.time).toBeGreaterThanOrEqual(log[i - 1]!.time);
    });
  });

  it('muted with 0, or with impact sounds off, a BLAST starts and logs nothing', async () => {
    await withApp(async ({ page }) => {
      await page.keyboard.press('0');
      expect(await statusText(page)).toContain('Sound muted');
      expect(await page.getByRole('checkbox', { name: /Mute/ }).isChecked()).toBe(true);
      await blast(page);
      await impactPlayerRan(page);
      expect(await soundLog(page)).toEqual([]);

      await page.keyboard.press('0');
      expect(await statusText(page)).toContain('Sound on');
      await page.getByRole('checkbox', { name: 'Impact sounds' }).uncheck();
      await blast(page);
      await impactPlayerRan(page);
      expect(await soundLog(page)).toEqual([]);

      // On again: the same BLAST is heard and logged (so the two above were silent by choice).
      await page.getByRole('checkbox', { name: 'Impact sounds' }).check();
      await blast(page);
      await expect.poll(async () => (await soundLog(page)).length).toBeGreaterThan(0);
      expect((await soundLog(page))[0]!.kind).toBe('blast');
    });
  });

  it('remembers VOLUME, mute and the switches across a reload', async () => {
    await withApp(async ({ page }) => {
      await page.getByRole('slider', { name: 'VOLUME' }).fill('30');
      await page.getByRole('checkbox', { name: 'Music' }).uncheck();
      await page.keyboard.press('0');
      await page.reload();
      await waitForApp(page);
      await expect.poll(() => page.getByRole('slider', { name: 'VOLUME' }).inputValue()).toBe('30');
      expect(await page.getByRole('checkbox', { name: /Mute/ }).isChecked()).toBe(true);
      expect(await page.getByRole('checkbox', { name: 'Music' }).isChecked()).toBe(false);
      expect(await page.getByRole('checkbox', { name: 'Impact sounds' }).isChecked()).toBe(true);
    });
  });
});
