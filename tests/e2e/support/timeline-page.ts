/** Page helpers for the e2e tests that drive the timeline and the exports it feeds. */
import type { Page } from 'playwright-core';
import type { HookTimeline } from '../../../renderer/src/test-build/test-hook';
import { advanceUntil, waitForApp } from './app-page';

/** The recorder's rate, recorded frames per simulated second (every second physics step). */
const RECORD_RATE_HZ = 60;

/** Reloads with a fixed 1/60 s frame: every drawn frame is one recorded frame, however slow. */
export async function openFixedFrames(page: Page): Promise<void> {
  await page.goto(`${page.url().split('?')[0]}?frame-seconds=0.0166667`);
  await waitForApp(page);
}

/** The timeline's state as the test hook reports it. */
export function timeline(page: Page): Promise<HookTimeline> {
  return page.evaluate(() => window.__ragdoll!.timeline());
}

/**
 * Steps simulated time until `check` holds of the timeline, allowing the simulated time
 * `frames` more recorded frames take, and a second to spare.
 */
async function advanceUntilTimeline(
  page: Page,
  what: string,
  frames: number,
  check: (held: HookTimeline) => boolean,
): Promise<void> {
  await advanceUntil(page, what, async () => check(await timeline(page)), {
    maxSeconds: Math.max(0, frames) / RECORD_RATE_HZ + 1,
  });
}

/**
 * Steps simulated time until the recorder's last frame is at least `frame`. Hold time first
 * (`holdTime`), or drawn frames record on meanwhile.
 */
export async function recordUntil(page: Page, frame: number): Promise<void> {
  const { lastFrame } = await timeline(page);
  await advanceUntilTimeline(
    page,
    `frame ${frame} is recorded`,
    frame - lastFrame,
    (held) => held.lastFrame >= frame,
  );
}

/** Steps simulated time until the recorder holds `frames` frames after its first. */
export async function recordFrames(page: Page, frames: number): Promise<void> {
  const { firstFrame, lastFrame } = await timeline(page);
  await advanceUntilTimeline(
    page,
    `${frames} frames are recorded`,
    frames - (lastFrame - firstFrame),
    (held) => held.lastFrame - held.firstFrame >= frames,
  );
}
