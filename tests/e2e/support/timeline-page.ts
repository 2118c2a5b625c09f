/** Page helpers for the e2e tests that drive the timeline and the exports it feeds. */
import type { Page } from 'playwright-core';
import type { HookTimeline } from '../../../renderer/src/test-build/test-hook';
import { SLOW_TIMEOUT_MS } from './app-page';

/** Reloads with a fixed 1/60 s frame: every drawn frame is one recorded frame, however slow. */
export async function openFixedFrames(page: Page): Promise<void> {
  await page.goto(`${page.url().split('?')[0]}?frame-seconds=0.0166667`);
  await page.waitForFunction(() => window.__ragdoll !== undefined, undefined, {
    timeout: SLOW_TIMEOUT_MS,
  });
}

/** The timeline's state as the test hook reports it. */
export function timeline(page: Page): Promise<HookTimeline> {
  return page.evaluate(() => window.__ragdoll!.timeline());
}
