/**
 * End to end: a song (a generated WAV, read by the host's Open Music…) played with the
 * motion in Chromium, read back through the test hook's `musicClock()`. The song's place is
 * compared with the motion's time plus the offset once the motion stops: after a pause,
 * at TIME 0.5, after the motion loops, with an offset, while the timeline is scrubbed (silent)
 * and after Resume; within 50 ms each time. While running free, the largest gap seen is
 * printed (SwiftShader draws a few frames a second here, so it measures the page's frame
 * loop more than the song).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HookMusicClock } from '../../renderer/src/test-build/test-hook';
import { wavBytes } from '../../tools/fixtures/audio/audio-fixtures';
import { goodMotionFixtures } from '../../tools/fixtures/motion/motion-fixtures';
import { advance, alertText, statusText } from './support/app-page';
import { useTestHosts, useHostedApps, openMusicFile } from './support/host-files';
import { newestSavedPreset } from './support/preset-page';
import { useAppSuite } from './support/suite';

const withApp = useAppSuite();
const withHostedApp = useHostedApps(withApp);
const newHost = useTestHosts();

function clock(page: Page): Promise<HookMusicClock> {
  return page.evaluate(() => window.__ragdoll!.musicClock());
}

/**
 * Waits until the song has stopped (the motion's clock stood still) and stays stopped, and
 * returns the clock. One look is not enough on a loaded machine: a song not yet started for
 * the time the test just stepped reads as stopped too, and then starts.
 */
async function settled(page: Page): Promise<HookMusicClock> {
  const frame = () =>
    page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
  for (let tries = 0; tries < 40; tries++) {
    await expect.poll(async () => (await clock(page)).playing, { timeout: 10_000 }).toBe(false);
    // A few frames past the stall watch (0.25 s): the song is put back where the clock says.
    await frame();
    await page.waitForTimeout(300);
    await frame();
    const first = await clock(page);
    await page.waitForTimeout(300);
    await frame();
    const second = await clock(page);
    if (!first.playing && !second.playing && first.musicTime === second.musicTime) return second;
  }
  throw new Error('e2e: the song never stayed stopped');
}

/** How far the song is from where the motion says it should be, seconds. */
function gap(at: HookMusicClock): number {
  return Math.abs(at.musicTime! - (at.motionTime! + at.offset));
}

describe('music', () => {
  it('follows the motion clock: pause, TIME 0.5, loop, offset, scrubbing and Resume', async () => {
    await withHostedApp(async ({ page }, testHost) => {
      // The click also lets the page make sound.
      await openMusicFile(page, testHost, 'song.wav', wavBytes(20));
      await expect.poll(() => statusText(page)).toContain('Music: song.wav (20 s)');
      await page.getByRole('combobox', { name: 'Motion' }).selectOption({ label: 'Wave' });
      // Keys go to the app, not the list (Space would open it).
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

      // Running free: the song plays, and stays near the motion.
      await expect.poll(async () => (await clock(page)).playing, { timeout: 20_000 }).toBe(true);
      let largest = 0;
      for (let i = 0; i < 10; i++) {
        const now = await clock(page);
        if (now.playing) largest = Math.max(largest, gap(now));
        await page.waitForTimeout(150);
      }
      console.log(`music: largest gap while running free ${(largest * 1000).toFixed(0)} ms`);

      // Paused with the timeline: silent, and where the motion stopped.
      await page.keyboard.press(' ');
      let at = await settled(page);
      expect(gap(at)).toBeLessThan(0.05);

      // Resumed; time still moves only when the test says.
      await page.keyboard.press(' ');
      await page.getByRole('slider', { name: 'Time' }).fill('0.5');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await advance(page, 1);
      await expect.poll(async () => (await clock(page)).rate).toBe(0.5);
      at = await settled(page);
      expect(gap(at)).toBeLessThan(0.05);

      // The motion (4 s) loops: the song starts over with it.
      const before = at.motionTime!;
      await advance(page, 4 - before + 0.5);
      at = await settled(page);
      expect(at.motionTime!).toBeLessThan(1);
      expect(at.musicTime!).toBeLessThan(1.05);
      expect(gap(at)).toBeLessThan(0.05);

      // An offset of +1.5 s: the song is that much further on.
      await page.getByRole('slider', { name: 'MUSIC OFFSET' }).fill('1.5');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await advance(page, 0.25);
      at = await settled(page);
      expect(at.offset).toBeCloseTo(1.5, 6);
      expect(gap(at)).toBeLessThan(0.05);

      // Scrubbing back is silent; Resume picks the song up where the motion goes on.
      await page.keyboard.press(' ');
      for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowLeft');
      // The song follows the clock at the page's next frame, which a loaded machine delays.
      await expect.poll(async () => (await clock(page)).playing, { timeout: 10_000 }).toBe(false);
      await page.keyboard.press('Enter');
      await advance(page, 0.5);
      at = await settled(page);
      expect(gap(at)).toBeLessThan(0.05);
    });
  }, 300_000);

  it('a preset keeps the song and its offset; loading it brings both back', async () => {
    await withHostedApp(async ({ page }, testHost) => {
      const song = await openMusicFile(page, testHost, 'dance.wav', wavBytes(5));
      await expect.poll(() => statusText(page)).toContain('Music: dance.wav');
      await page.getByRole('slider', { name: 'MUSIC OFFSET' }).fill('-0.75');
      await page.getByRole('button', { name: 'Save Preset…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save the scene as a preset' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => statusText(page)).toContain('Saved the preset');
      const { preset: saved } = await newestSavedPreset(testHost);
      expect(saved.music).toMatchObject({ path: song, fileName: 'dance.wav', offset: -0.75 });

      // Another offset and no song… then Load brings back the saved ones.
      await page.getByRole('slider', { name: 'MUSIC OFFSET' }).fill('2');
      await page.getByRole('button', { name: /^Load/ }).click();
      await expect.poll(async () => (await clock(page)).offset).toBe(-0.75);
      await expect.poll(async () => (await clock(page)).musicTime).not.toBeNull();
      expect(await page.locator('.sound-song').innerText()).toBe('dance.wav');
    });
  }, 200_000);

  it('lists a song opened in the recent library, and plays it again from there', async () => {
    await withHostedApp(async ({ page }, testHost) => {
      await openMusicFile(page, testHost, 'Library Song.wav', wavBytes(3));
      await expect.poll(() => statusText(page)).toContain('Music: Library Song.wav');
      const library = page.getByRole('list', { name: 'Recently opened files' });
      await expect.poll(() => library.getByRole('listitem').count()).toBe(1);
      expect(await library.getByRole('listitem').innerText()).toContain('WAV');
      // A song offers Open and Remove, not Add.
      expect(await page.getByRole('button', { name: 'Add “Library Song”' }).count()).toBe(0);

      // Another song replaces it; Open in the library brings the first back.
      await openMusicFile(page, testHost, 'other.wav', wavBytes(2));
      await expect.poll(() => page.locator('.sound-song').innerText()).toBe('other.wav');
      await expect.poll(() => library.getByRole('listitem').count()).toBe(2);
      await page.getByRole('button', { name: 'Open “Library Song”' }).click();
      await expect.poll(() => page.locator('.sound-song').innerText()).toBe('Library Song.wav');
      expect(await statusText(page)).toContain('Music: Library Song.wav (3 s)');
    });
  }, 200_000);

  it('offers the song beside a VMD of the same name; yes plays it, no leaves the music alone', async () => {
    const testHost = newHost();
    const good = new Map(goodMotionFixtures().map((fixture) => [fixture.file, fixture.bytes]));
    const dance = join(testHost.files, 'step.vmd');
    writeFileSync(dance, good.get('step.vmd')!);
    writeFileSync(join(testHost.files, 'step.wav'), wavBytes(4));
    await withApp(
      async ({ page }) => {
        // No: asked, and no song.
        testHost.dialogs.openMotion.push(dance);
        await page.keyboard.press('v');
        const question = page.getByRole('dialog', {
          name: 'step.wav is beside step.vmd. Play it as the song for this motion?',
        });
        await expect.poll(() => question.isVisible()).toBe(true);
        await question.getByRole('button', { name: 'Not now' }).click();
        await expect.poll(() => question.isVisible()).toBe(false);
        // The motion is opened once the question is answered; a key pressed before that is
        // taken by the open still under way.
        await expect.poll(() => statusText(page)).toContain('Playing step.vmd');
        expect((await clock(page)).musicTime).toBeNull();

        // Yes: the song plays with the motion. The key goes to the page, not to the control
        // the answered question gave focus back to.
        testHost.dialogs.openMotion.push(dance);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.keyboard.press('v');
        await expect.poll(() => question.isVisible()).toBe(true);
        await question.getByRole('button', { name: 'Play the song' }).click();
        await expect.poll(() => statusText(page)).toContain('Music: step.wav (4 s)');
        expect(await page.locator('.sound-song').innerText()).toBe('step.wav');

        // Opened again with that song playing: nothing to ask.
        testHost.dialogs.openMotion.push(dance);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.keyboard.press('v');
        await expect.poll(() => statusText(page)).toContain('Playing step.vmd');
        expect(await question.count()).toBe(0);
      },
      { beforeLoad: (page) => testHost.install(page) },
    );
  }, 200_000);

  it('names a file that is not audio and keeps playing nothing', async () => {
    await withHostedApp(async ({ page }, testHost) => {
      const notAudio = 'These are notes, not a song.\n';
      const notes = await openMusicFile(page, testHost, 'notes.wav', notAudio);
      await expect.poll(() => alertText(page)).toContain('Could not open the music');
      expect(await alertText(page)).toContain(notes);
      expect((await clock(page)).musicTime).toBeNull();
    });
  });
});
