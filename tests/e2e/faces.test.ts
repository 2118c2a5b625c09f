/**
 * End to end: a VRM figure's face in the built app. Grabbing the figure makes it surprised
 * (read through the test hook's `expressionWeights`), letting go calms it; FACE REACTIONS off
 * (the panel's button, remembered) leaves the face calm under the same grab. The timeline keeps
 * the face: paused and stepped back to the moment of the grab, the figure is surprised again,
 * exactly as much as it was then.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { aimAt, drawFrameNow, statusText, waitForLanding } from './support/app-page';
import { timeline } from './support/timeline-page';
import { useAppSuite } from './support/suite';
import { dropFixture, useVrmFixtures } from './support/vrm-files';

const withApp = useAppSuite();
const files = useVrmFixtures();

function surprised(page: Page): Promise<number> {
  return page.evaluate(() => window.__ragdoll!.expressionWeights(0)?.['surprised'] ?? -1);
}

/** Where {@link framesUntil} stopped. */
interface FramesRun {
  /** Whether the surprise weight got where it was asked to. */
  readonly reached: boolean;
  /** The weight when it stopped. */
  readonly weight: number;
  /** The timeline's newest recorded frame then. */
  readonly lastFrame: number;
}

/**
 * Steps simulated time 1/60 s at a time (one frame each, which the face runs on, not drawn:
 * the face is read, not looked at) until the surprise weight is above `above` (or, with
 * `above` null, exactly 0), for at most `frames` frames. One call into the page for the whole
 * run: a round trip per frame costs more than the frame on a loaded machine.
 */
function framesUntil(page: Page, above: number | null, frames: number): Promise<FramesRun> {
  return page.evaluate(
    ({ above, frames }) => {
      const hook = window.__ragdoll!;
      let weight = -1;
      for (let frame = 0; frame < frames; frame++) {
        hook.advance(1 / 60, 'unseen');
        weight = hook.expressionWeights(0)?.['surprised'] ?? -1;
        if (above === null ? weight === 0 : weight > above) {
          return { reached: true, weight, lastFrame: hook.timeline().lastFrame };
        }
      }
      return { reached: false, weight, lastFrame: hook.timeline().lastFrame };
    },
    { above, frames },
  );
}

function framesDrawn(page: Page): Promise<number> {
  return page.evaluate(() => window.__ragdoll!.drawCounts().frames);
}

/** Presses on the figure's torso and lifts it a little; returns where the pointer is. */
async function grabTorso(page: Page): Promise<void> {
  const torso = await aimAt(page, () =>
    page.evaluate(() => window.__ragdoll!.partOnScreen(0, 'torso')),
  );
  await page.mouse.move(torso.x, torso.y);
  await page.mouse.down();
  expect(await page.evaluate(() => window.__ragdoll!.grabbedHandle())).not.toBeNull();
  for (let step = 1; step <= 4; step++) await page.mouse.move(torso.x, torso.y - step * 15);
}

/** Drops the T-pose VRM fixture on the window, waits for it to open and for its fall to end. */
async function dropAvatarAndLand(page: Page): Promise<void> {
  await dropFixture(page, files, 'vrm1-tpose-full.vrm');
  await waitForLanding(page, 0, 0.5);
}

describe('a VRM figure’s face', () => {
  it('is surprised while grabbed, and not with FACE REACTIONS off', async () => {
    await withApp(async ({ page }) => {
      // Time is held: the face runs on the frames the test steps (framesUntil).
      await dropAvatarAndLand(page);
      await page.getByRole('button', { name: 'Follow Camera' }).click();
      await drawFrameNow(page);
      expect(await surprised(page)).toBe(0);

      await grabTorso(page);
      const drawnBefore = await framesDrawn(page);
      expect((await framesUntil(page, 0.5, 60)).reached).toBe(true);
      await page.mouse.up();
      expect((await framesUntil(page, null, 240)).reached).toBe(true);
      // The face moved on frames that were run and not drawn.
      expect(await framesDrawn(page)).toBe(drawnBefore);

      const button = page.getByRole('button', { name: 'Face Reactions' });
      expect(await button.getAttribute('aria-pressed')).toBe('true');
      await button.click();
      expect(await button.getAttribute('aria-pressed')).toBe('false');
      expect(await statusText(page)).toMatch(/^Face reactions off/);
      expect(
        await page.evaluate(() => localStorage.getItem('ragdoll-playground.face-reactions')),
      ).toBe('off');
      await waitForLanding(page, 0, 0.5);
      await grabTorso(page);
      // Half a second of grab, a frame each 1/60 s: never surprised at any of them.
      expect((await framesUntil(page, 0, 30)).reached).toBe(false);
      expect(await surprised(page)).toBe(0);
      await page.mouse.up();
    });
  });

  it('shows the surprise again when the timeline steps back to the grab', async () => {
    await withApp(async ({ page }) => {
      await dropAvatarAndLand(page);
      await grabTorso(page);
      // Time held: each 1/60 s is one recorded frame, and one frame the face runs on.
      const grabbed = await framesUntil(page, 0.5, 60);
      expect(grabbed.reached).toBe(true);
      await page.mouse.up();
      expect((await framesUntil(page, null, 240)).reached).toBe(true);

      await page.keyboard.press(' ');
      const paused = await timeline(page);
      expect(paused.shownFrame).toBe(paused.lastFrame);
      for (let frame = paused.lastFrame; frame > grabbed.lastFrame; frame--)
        await page.keyboard.press('ArrowLeft');
      expect((await timeline(page)).shownFrame).toBe(grabbed.lastFrame);
      await drawFrameNow(page);
      expect(await surprised(page)).toBeCloseTo(grabbed.weight, 4);
      // One frame on, still as recorded: less surprised than at the peak, never calm yet.
      await page.keyboard.press('ArrowRight');
      await drawFrameNow(page);
      const next = await surprised(page);
      expect(next).toBeGreaterThan(0);
      // And the newest frame shows the calm face again.
      for (let frame = grabbed.lastFrame + 1; frame < paused.lastFrame; frame++)
        await page.keyboard.press('ArrowRight');
      expect((await timeline(page)).shownFrame).toBe(paused.lastFrame);
      await drawFrameNow(page);
      expect(await surprised(page)).toBe(0);
    });
  }, 240_000);
});
