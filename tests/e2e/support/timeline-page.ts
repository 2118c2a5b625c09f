/** Page helpers for the e2e tests that drive the timeline and the exports it feeds. */
import type { Page } from 'playwright-core';
import type { HookTimeline } from '../../../renderer/src/test-build/test-hook';
import { advanceUntil } from './app-page';

/** The recorder's rate, recorded frames per simulated second (every second physics step). */
const RECORD_RATE_HZ = 60;

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
 * Steps simulated time until the recorder's last frame is at least `frame`. Time must be held
 * (as pages open), or drawn frames record on meanwhile.
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

/**
 * Drags along the timeline's track from one share of its width to another (0 its left end, 1
 * its right): scrubbing, or with `shift` choosing the export range.
 */
export async function dragTrack(
  page: Page,
  from: number,
  to: number,
  shift = false,
): Promise<void> {
  const box = (await page.locator('.timeline-track').boundingBox())!;
  const y = box.y + box.height / 2;
  if (shift) await page.keyboard.down('Shift');
  await page.mouse.move(box.x + box.width * from, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * ((from + to) / 2), y, { steps: 3 });
  await page.mouse.move(box.x + box.width * to, y, { steps: 3 });
  await page.mouse.up();
  if (shift) await page.keyboard.up('Shift');
}

/** Chooses the export range by Shift-dragging along the track (see {@link dragTrack}). */
export async function chooseRange(page: Page, from: number, to: number): Promise<void> {
  await dragTrack(page, from, to, true);
  await page.locator('.timeline-track').blur(); // keys go to the page again
}
