/**
 * End to end, in Debian's Chromium on the renderer's test build: the app records as it runs;
 * Space pauses, dragging the timeline shows an older moment exactly as recorded, ← / → step
 * one frame, Enter resumes from there with no jump, a change made while paused (BLAST) resumes
 * first, and scrubbing stops at a figure being added. Time is held and the test steps it:
 * every 1/60 s of simulated time is two physics steps and one recorded frame.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HookPose } from '../../renderer/src/test-build/test-hook';
import { advance, drawFrameNow, figureCount, statusText } from './support/app-page';
import { useAppSuite } from './support/suite';
import { dragTrack, recordUntil, timeline } from './support/timeline-page';

const withApp = useAppSuite();

function shownPoses(page: Page): Promise<HookPose[][]> {
  return page.evaluate(() => window.__ragdoll!.bodyPoses().figures);
}

function recordedPoses(page: Page, frame: number): Promise<HookPose[][] | null> {
  return page.evaluate((f) => window.__ragdoll!.recordedPoses(f), frame);
}

/** The largest distance between the same parts of two sets of poses, metres. */
function largestGap(a: HookPose[][], b: HookPose[][]): number {
  expect(a.map((figure) => figure.length)).toEqual(b.map((figure) => figure.length));
  let largest = 0;
  a.forEach((figure, f) =>
    figure.forEach((pose, p) => {
      const other = b[f]![p]!.position;
      largest = Math.max(
        largest,
        Math.hypot(
          pose.position[0] - other[0],
          pose.position[1] - other[1],
          pose.position[2] - other[2],
        ),
      );
    }),
  );
  return largest;
}

describe('the timeline in Chromium', () => {
  it('pauses, shows a scrubbed frame exactly as recorded, steps frames and resumes with no jump', async () => {
    await withApp(async ({ page }) => {
      await page.keyboard.press('o'); // a ball falls too, so the scene moves
      await recordUntil(page, 45);
      expect((await timeline(page)).live).toBe(true);

      await page.keyboard.press(' ');
      const paused = await timeline(page);
      expect(paused.live).toBe(false);
      expect(paused.shownFrame).toBe(paused.lastFrame);
      await expect.poll(() => statusText(page)).toMatch(/Paused/);
      const still = await shownPoses(page);
      // Paused, simulated time passing moves nothing and records nothing.
      expect(await advance(page, 5 / 60)).toBe(0);
      expect(largestGap(await shownPoses(page), still)).toBe(0);
      expect((await timeline(page)).lastFrame).toBe(paused.lastFrame);

      // Drag back: the scene shows the recorded frame, to float precision (0 mm).
      await dragTrack(page, 0.95, 0.4);
      const scrubbed = (await timeline(page)).shownFrame!;
      expect(scrubbed).toBeLessThan(paused.lastFrame - 15);
      await drawFrameNow(page);
      expect(
        largestGap(await shownPoses(page), (await recordedPoses(page, scrubbed))!),
      ).toBeLessThan(1e-6);
      expect(await page.locator('.timeline-time').innerText()).toMatch(/^−\d+\.\d\d s$/);

      // ← and → move one frame at a time, each shown exactly.
      await page.keyboard.press('ArrowLeft');
      expect((await timeline(page)).shownFrame).toBe(scrubbed - 1);
      expect(
        largestGap(await shownPoses(page), (await recordedPoses(page, scrubbed - 1))!),
      ).toBeLessThan(1e-6);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      const frame = (await timeline(page)).shownFrame!;
      expect(frame).toBe(scrubbed + 1);

      // Resume from here: after the first recorded frame (two steps, 1/60 s) every part is
      // within 1 cm of where the original run had it one recorded frame later.
      const next = (await recordedPoses(page, frame + 1))!;
      const first = await page.evaluate(() => {
        const hook = window.__ragdoll!;
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
        return { steps: hook.advance(1 / 60), poses: hook.bodyPoses().figures };
      });
      expect(first.steps).toBe(2);
      expect(largestGap(first.poses, next)).toBeLessThanOrEqual(0.01);
      const resumed = await timeline(page);
      expect(resumed.live).toBe(true);
      // The frames after the one resumed from are forgotten: the recording carries on from it.
      expect(resumed.lastFrame).toBeLessThan(frame + 30);
      await expect.poll(() => statusText(page)).toMatch(/Resumed from/);
    });
  }, 240_000);

  it('resumes from the moment shown before a change, offers the last 10 s for export, and stops scrubbing at an added figure', async () => {
    await withApp(async ({ page }) => {
      await recordUntil(page, 40);
      await page.keyboard.press(' ');
      await dragTrack(page, 0.9, 0.3);
      const shown = (await timeline(page)).shownFrame!;
      const before = await timeline(page);
      expect(shown).toBeLessThan(before.lastFrame);

      // BLAST while paused in the past: it carries on from the frame shown first.
      await page.keyboard.press('b');
      const blasted = await timeline(page);
      expect(blasted.live).toBe(true);
      expect(blasted.lastFrame).toBeLessThan(shown + 20);
      const range = blasted.range!;
      expect(range.lastFrame).toBe(blasted.lastFrame);
      expect(range.endSeconds - range.startSeconds).toBeCloseTo(
        Math.min(10, (range.lastFrame - range.firstFrame) / 60),
        6,
      );

      // A figure added: the frames before it are greyed and scrubbing stops there.
      await page.keyboard.press('a');
      await expect.poll(() => figureCount(page)).toBe(2);
      const added = (await timeline(page)).lastFrame;
      await recordUntil(page, added + 20);
      await page.keyboard.press(' ');
      const pausedAfterAdd = await timeline(page);
      expect(pausedAfterAdd.scrubbableFirst).toBeGreaterThan(pausedAfterAdd.firstFrame);
      // At once, while the bar may still show the live state: the track must be where the
      // drag aims whatever the bar shows (it once moved when Pause turned into Play).
      await dragTrack(page, 0.9, 0.0);
      expect((await timeline(page)).shownFrame).toBe(pausedAfterAdd.scrubbableFirst);
      await expect.poll(() => statusText(page)).toMatch(/figures were added or removed/);
      expect(
        await page.locator('.timeline-unreachable').evaluate((e) => e.clientWidth),
      ).toBeGreaterThan(0);
    });
  }, 240_000);
});
