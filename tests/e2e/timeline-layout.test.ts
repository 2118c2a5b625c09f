/**
 * End to end: the timeline bar fits the window from the 760×460 test viewport up to 1920×1080,
 * in English and Japanese: every control of the bar lies wholly inside the bar and the
 * viewport, no label is cut off or wraps, the track is at least 240 px wide, and the track
 * keeps its place and size when the bar changes state (live, paused, paused in the past), so a
 * drag aimed at it as it was drawn a moment ago lands on it. Screenshots go to
 * test-artifacts/ (not in git) for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SLOW_TIMEOUT_MS } from './support/app-page';
import { recordUntil, timeline } from './support/timeline-page';
import { useAppSuite } from './support/suite';
import { type Box, inside } from './support/layout-box';

const withApp = useAppSuite();
const ARTIFACTS = resolve(import.meta.dirname, '../../test-artifacts/timeline-layout');

/** The narrowest usable track, CSS pixels. */
const MIN_TRACK_PX = 240;

const CASES = [
  { width: 760, height: 460, language: 'en' },
  { width: 760, height: 460, language: 'ja' },
  { width: 1024, height: 700, language: 'ja' },
  { width: 1280, height: 800, language: 'en' },
  { width: 1920, height: 1080, language: 'ja' },
] as const;

interface BarReport {
  readonly bar: Box;
  readonly track: Box;
  readonly controls: readonly {
    readonly name: string;
    readonly box: Box;
    readonly overflows: boolean;
    readonly lines: number;
  }[];
}

/** Where the bar, its track and each of its controls are, and whether their text fits. */
function barReport(page: Page): Promise<BarReport> {
  return page.evaluate(() => {
    const rect = (element: Element) => {
      const r = element.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const bar = document.querySelector<HTMLElement>('.timeline-bar')!;
    const controls = Array.from(bar.children)
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => {
        // The most lines any one piece of its text takes (a wrapped label takes two).
        let lines = 1;
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
          if (text.parentElement?.getClientRects().length === 0) continue;
          const range = document.createRange();
          range.selectNodeContents(text);
          const tops = new Set(
            Array.from(range.getClientRects())
              .filter((r) => r.width > 0)
              .map((r) => Math.round(r.top)),
          );
          lines = Math.max(lines, tops.size);
        }
        return {
          name:
            element.getAttribute('aria-label') ?? (element.textContent || element.className) ?? '',
          box: rect(element),
          // The track clips its own playhead at the ends; that is not the track cut off.
          overflows:
            !element.classList.contains('timeline-track') &&
            (element.scrollWidth > element.clientWidth + 1 ||
              element.scrollHeight > element.clientHeight + 1),
          lines,
        };
      });
    return { bar: rect(bar), track: rect(bar.querySelector('.timeline-track')!), controls };
  });
}

/** Waits until the bar shows the state the timeline is in (it redraws on a timer). */
async function barShows(page: Page, state: 'live' | 'paused'): Promise<void> {
  await page.waitForFunction(
    (wanted) => document.querySelector<HTMLElement>('.timeline-bar')?.dataset['state'] === wanted,
    state,
    { timeout: SLOW_TIMEOUT_MS },
  );
}

describe('the timeline bar fits the window', () => {
  // One page for every size and language: each case sizes the window, picks the language with
  // the L key, and leaves the timeline live again (Enter) for the next.
  for (const layout of CASES) {
    const name = `${layout.width}x${layout.height}-${layout.language}`;
    it(`${name}: every control whole, the track ≥ ${MIN_TRACK_PX} px and still across states`, async () => {
      await withApp.shared(
        async ({ page }) => {
          if (
            (await page.evaluate(() => window.__ragdoll!.settings().language)) !== layout.language
          )
            await page.keyboard.press('l');
          // Twenty recorded frames to step back through, in simulated time: a 1920×1080 frame
          // under SwiftShader takes most of a second to draw.
          const { lastFrame } = await timeline(page);
          await recordUntil(page, lastFrame + 20);
          await barShows(page, 'live');
          const reports: BarReport[] = [await barReport(page)];
          await page.keyboard.press(' ');
          await barShows(page, 'paused');
          reports.push(await barReport(page));
          for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
          await page.waitForFunction(
            () => /−/.test(document.querySelector('.timeline-time')?.textContent ?? ''),
            null,
            { timeout: SLOW_TIMEOUT_MS },
          );
          reports.push(await barReport(page));

          const viewport = { x: 0, y: 0, width: layout.width, height: layout.height };
          for (const report of reports) {
            expect(report.controls.length).toBe(7);
            expect(inside(report.bar, viewport), 'bar in the viewport').toBe(true);
            for (const control of report.controls) {
              expect(inside(control.box, report.bar), `${control.name} inside the bar`).toBe(true);
              expect(control.overflows, `${control.name} not cut off`).toBe(false);
              expect(control.lines, `${control.name} on one line`).toBe(1);
            }
            expect(report.track.width).toBeGreaterThanOrEqual(MIN_TRACK_PX);
            // Live, paused and paused in the past: the track stays put, to the pixel.
            expect(report.track).toEqual(reports[0]!.track);
          }
          mkdirSync(ARTIFACTS, { recursive: true });
          await page.screenshot({ path: resolve(ARTIFACTS, `${name}.png`) });
          await page.keyboard.press('Enter');
          await barShows(page, 'live');
        },
        { viewport: { width: layout.width, height: layout.height } },
      );
    }, 240_000);
  }
});
