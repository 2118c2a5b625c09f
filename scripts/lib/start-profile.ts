/**
 * The Chromium launches behind start-timing.ts and start-trace.ts: starts on one fresh profile
 * folder, the first cold and each later one warm (its HTTP and code caches filled).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromiumProfile } from '../../tools/browser/browser';

export interface Viewport {
  readonly width: number;
  readonly height: number;
}

/** Runs `starts` on a new profile folder named from `prefix`, removed afterwards. */
export async function onFreshProfile<T>(
  prefix: string,
  starts: (profile: string) => Promise<T>,
): Promise<T> {
  const profile = mkdtempSync(join(tmpdir(), prefix));
  try {
    return await starts(profile);
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/** One launch of Chromium on `profile`: `use` gets its page, and Chromium closes after. */
export async function launchOnProfile<T>(
  profile: string,
  viewport: Viewport,
  use: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await launchChromiumProfile(profile, viewport);
  try {
    return await use(context.pages()[0] ?? (await context.newPage()), context);
  } finally {
    await context.close();
  }
}
