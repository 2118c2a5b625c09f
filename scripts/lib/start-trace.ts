/**
 * Records Chromium's trace of a cold start and the warm start after it (one fresh profile),
 * as start-timing.ts times them, and splits each with start-breakdown.ts. Tracing costs
 * time of its own (a few percent, more for compile-heavy stretches), so these starts are
 * never the ones the start table reports: they only say where the time goes.
 */
import { launchOnProfile, onFreshProfile, type Viewport } from './start-profile';
import type { StartBreakdown, TraceEvent } from '../../tools/browser/start-breakdown';
import { breakdownStart } from '../../tools/browser/start-breakdown';

/** The categories the breakdown reads; compile detail shows lazy function compiles. */
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'v8.wasm',
  'disabled-by-default-v8.compile',
  'blink.user_timing',
  'loading',
  'gpu',
  'toplevel',
  'cc',
];

/** The render loop's frame callback (view/render-loop.ts) and the chunk it is built into. */
const FRAME = { frameFunction: 'frame', frameScript: 'ragdoll-view' };
/** boot.ts's START_MARKS around Rapier's start (boot.ts imports CSS, which Node cannot load). */
const PHYSICS_MARKS = { start: 'ragdoll:physics-start', ready: 'ragdoll:physics-ready' };

const START_TIMEOUT_MS = 120_000;

/** A traced cold start and the warm one after it. */
export interface TracedStartPair {
  readonly cold: StartBreakdown;
  readonly warm: StartBreakdown;
}

/** Traces a cold start, then a warm one, of the app at `url` on one fresh profile. */
export async function traceStartPair(url: string, viewport: Viewport): Promise<TracedStartPair> {
  return onFreshProfile('ragdoll-trace-profile-', async (profile) => {
    const cold = await traceStart(url, profile, viewport);
    const warm = await traceStart(url, profile, viewport);
    return { cold, warm };
  });
}

async function traceStart(
  url: string,
  profile: string,
  viewport: Viewport,
): Promise<StartBreakdown> {
  return launchOnProfile(profile, viewport, async (page, context) => {
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) =>
      events.push(...(value as unknown as TraceEvent[])),
    );
    const complete = new Promise<void>((done) => cdp.once('Tracing.tracingComplete', () => done()));
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: { includedCategories: CATEGORIES },
    });
    await page.goto(url);
    await page.waitForFunction(
      (ready) => performance.getEntriesByName(ready).length > 0,
      'ragdoll:ready',
      { timeout: START_TIMEOUT_MS, polling: 50 },
    );
    // No named helpers inside: tsx would wrap them in a `__name` call the page lacks.
    const marks = await page.evaluate(() =>
      Object.fromEntries(
        performance.getEntriesByType('mark').map((mark) => [mark.name, mark.startTime]),
      ),
    );
    await cdp.send('Tracing.end');
    await complete;
    return breakdownStart(events, marks, page.url(), FRAME, PHYSICS_MARKS);
  });
}
