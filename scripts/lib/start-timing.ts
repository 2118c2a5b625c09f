/**
 * Times starts of the renderer's test build in Debian's Chromium, on the page's own clock
 * (ms since navigation start): a cold start is a fresh Chromium on a fresh profile; a warm
 * start is the next launch on the same profile (its HTTP cache and V8 code cache filled),
 * as a second start of the desktop app is.
 */
import { launchOnProfile, onFreshProfile, type Viewport } from './start-profile';

/** One start, ms after navigation start; null where the build does not mark that moment. */
export interface StartSample {
  /** The first paint with content (the startup shell, or the app when it has none). */
  readonly firstPaintMs: number | null;
  /** The startup shell in the page (`ragdoll:shell`): our entry script has run. */
  readonly shellMs: number | null;
  /** The first WebGL frame drawn (the render loop's first frame). */
  readonly firstFrameMs: number;
  /** The app whole: physics running and the panel live (`ragdoll:ready`). */
  readonly readyMs: number | null;
}

/**
 * A cold start and the warm start after it, on one profile; optionally a third start on it.
 * Chromium writes a script's code cache only when it runs the script a second time (its
 * heat check), so the warm start writes it and only the third start reads it. That third
 * start is what Electron's second start is when the window bypasses the heat check
 * (`webPreferences.v8CacheOptions: 'bypassHeatCheck'`).
 */
export interface StartPair {
  readonly cold: StartSample;
  readonly warm: StartSample;
  readonly third?: StartSample;
}

const START_TIMEOUT_MS = 120_000;

/** Times a cold start and then a warm one of the page at `url`, and a third when asked. */
export async function timeStartPair(
  url: string,
  viewport: Viewport,
  third = false,
): Promise<StartPair> {
  return onFreshProfile('ragdoll-start-profile-', async (profile) => {
    const cold = await timeStart(url, profile, viewport);
    const warm = await timeStart(url, profile, viewport);
    if (!third) return { cold, warm };
    return { cold, warm, third: await timeStart(url, profile, viewport) };
  });
}

async function timeStart(url: string, profile: string, viewport: Viewport): Promise<StartSample> {
  return launchOnProfile(profile, viewport, async (page) => {
    await page.goto(url);
    // The hook appears once the app is whole; its frame stats hold the first frame's time.
    await page.waitForFunction(
      () => (window.__ragdoll?.frameStats().firstFrameMs ?? null) !== null,
      null,
      {
        timeout: START_TIMEOUT_MS,
        polling: 50,
      },
    );
    // No named helpers inside: tsx would wrap them in a `__name` call the page lacks.
    return await page.evaluate(
      ([paint, shell, ready]) => ({
        firstPaintMs: performance.getEntriesByName(paint)[0]?.startTime ?? null,
        shellMs: performance.getEntriesByName(shell)[0]?.startTime ?? null,
        firstFrameMs: window.__ragdoll!.frameStats().firstFrameMs!,
        readyMs: performance.getEntriesByName(ready)[0]?.startTime ?? null,
      }),
      // boot.ts's START_MARKS.shell and .ready (boot.ts imports CSS, which Node cannot load).
      ['first-contentful-paint', 'ragdoll:shell', 'ragdoll:ready'] as const,
    );
  });
}
