/**
 * The box dolls on a physics thread of `npm run bench:renderer -- --dolls N`: N box dolls in a
 * sandbox on a physics worker (the test build's bench-pages.html?page=dolls-thread), dropped, then BLASTed
 * every 2 s while the page draws them, for 20 s of wall time. It reports the simulated seconds
 * the thread kept up with per wall second (1: real time) and the page's frame times beside it.
 */
import type { Browser } from 'playwright-core';
import type { DollsThreadSample } from '../../renderer/src/test-build/dolls-thread-page';
import { VIEWPORT } from './frame-scenes';

/** The page, beside the app's index.html in the test build. */
export const DOLLS_THREAD_PAGE = 'bench-pages.html?page=dolls-thread';
/** Wall seconds measured, after the dolls have landed. */
const MEASURE_SECONDS = 20;
/** Wall seconds the dropped dolls get to land before the measurement starts. */
const LANDING_SECONDS = 3;
const BLAST_EVERY_SECONDS = 2;
/** The speed change of each BLAST at its centre, m/s (as `npm run bench:dolls`). */
const BLAST_POWER = 8;
const LOAD_TIMEOUT_MS = 300_000;

/** What one run found, with where the physics ran. */
export interface DollsThreadResult extends DollsThreadSample {
  readonly dolls: number;
  readonly place: string;
  readonly note: string | null;
}

/** Opens the doll page of the build at `url` and measures `dolls` dolls on a physics thread. */
export async function measureDollsThread(
  browser: Browser,
  url: string,
  dolls: number,
): Promise<DollsThreadResult> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(url + DOLLS_THREAD_PAGE, { timeout: LOAD_TIMEOUT_MS });
    await page.waitForFunction(() => window.__ragdollDollsThread !== undefined, undefined, {
      timeout: LOAD_TIMEOUT_MS,
    });
    const started = await page.evaluate((n) => window.__ragdollDollsThread!.start(n), dolls);
    await page.evaluate(() => window.__ragdollDollsThread!.runClock());
    await page.waitForTimeout(LANDING_SECONDS * 1000);
    const sample = await page.evaluate(
      ([seconds, every, power]) => window.__ragdollDollsThread!.measure(seconds, every, power),
      [MEASURE_SECONDS, BLAST_EVERY_SECONDS, BLAST_POWER] as const,
    );
    return { dolls, ...started, ...sample };
  } finally {
    await context.close();
  }
}
