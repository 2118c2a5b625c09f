/**
 * End to end: the panel fits the window. At 1280×800 and 1024×700, and at 150% zoom (a
 * window of the same size whose CSS viewport is 1/1.5 as large), in English and Japanese:
 * every button lies wholly inside the panel and the viewport (scrolled to, if the panel
 * scrolls), no element scrolls sideways, no button label wraps or overflows its button,
 * and the status and alert lines show their whole messages. Sections fold and stay folded
 * across a reload. Screenshots go to test-artifacts/ (not in git) for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppSuite } from './support/suite';
import { type Box, inside } from './support/layout-box';
import { waitForApp } from './support/app-page';
import { dropFile } from './support/vrm-files';
import { useFileTestHost } from './support/host-files';

const withApp = useAppSuite();
const fileHost = useFileTestHost();
const ARTIFACTS = resolve(import.meta.dirname, '../../test-artifacts/panel-layout');

interface LayoutCase {
  readonly name: string;
  readonly window: { readonly width: number; readonly height: number };
  readonly zoom: number;
  readonly language: 'en' | 'ja';
}

const CASES: readonly LayoutCase[] = [
  { name: '1280x800-en', window: { width: 1280, height: 800 }, zoom: 1, language: 'en' },
  { name: '1024x700-ja', window: { width: 1024, height: 700 }, zoom: 1, language: 'ja' },
  { name: '1280x800-150pct-ja', window: { width: 1280, height: 800 }, zoom: 1.5, language: 'ja' },
  { name: '1024x700-150pct-en', window: { width: 1024, height: 700 }, zoom: 1.5, language: 'en' },
];

/** A long file name, so the status line has a long message to show whole. */
const LONG_NAME = 'a-model-with-a-rather-long-file-name-to-show-the-status-line-wraps.vrm';

/** Everything the page knows about one button after it has been scrolled into view. */
interface ButtonReport {
  readonly name: string;
  readonly box: Box;
  readonly panel: Box;
  readonly overflows: boolean;
  readonly labelLines: number;
}

/** Scrolls each panel button into view and reads where it is and whether its label fits. */
function buttonReports(page: Page): Promise<ButtonReport[]> {
  return page.evaluate(() => {
    const panel = document.querySelector<HTMLElement>('.panel')!;
    const rect = (element: Element) => {
      const r = element.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const reports: ButtonReport[] = [];
    for (const button of Array.from(panel.querySelectorAll<HTMLButtonElement>('button'))) {
      if (button.getClientRects().length === 0) continue; // in a folded section
      button.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const label = button.querySelector('.panel-button-label') ?? button;
      const range = document.createRange();
      range.selectNodeContents(label);
      // One rectangle per line box the text occupies.
      const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
      const labelledBy = button.getAttribute('aria-labelledby');
      reports.push({
        name:
          button.getAttribute('aria-label') ??
          (labelledBy ? `${document.getElementById(labelledBy)?.textContent} (fold)` : null) ??
          button.textContent ??
          '',
        box: rect(button),
        // The panel's inside: its scrollbar (if any) is not room for a button.
        panel: {
          ...rect(panel),
          width: panel.clientWidth + panel.clientLeft,
        },
        overflows: button.scrollWidth > button.clientWidth + 1,
        // A section's fold toggle draws an arrow, not text: one line by definition.
        labelLines: label.textContent === '' ? 1 : lines.size,
      });
    }
    return reports;
  });
}

/** Elements that scroll sideways (their content is wider than they are and they scroll). */
function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > root.clientWidth) found.push('the page');
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const overflowX = getComputedStyle(element).overflowX;
      const scrolls = overflowX === 'auto' || overflowX === 'scroll';
      if (scrolls && element.scrollWidth > element.clientWidth + 1)
        found.push(`${element.tagName.toLowerCase()}.${element.className}`);
    }
    return found;
  });
}

/** Whether the element matched by `selector` is wholly in view, unclipped and on top. */
function fullyShown(page: Page, selector: string) {
  return page.evaluate((wanted) => {
    const element = document.querySelector<HTMLElement>(wanted)!;
    const r = element.getBoundingClientRect();
    const centre = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return {
      text: element.textContent ?? '',
      inViewport: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth,
      clipped:
        element.scrollHeight > element.clientHeight + 1 ||
        element.scrollWidth > element.clientWidth + 1,
      onTop: centre !== null && element.contains(centre),
    };
  }, selector);
}

describe('the panel fits the window', () => {
  // The cases share a page per zoom (a context's pixel ratio is its own): each sizes the window
  // and chooses its language itself.
  for (const layout of CASES) {
    it(`${layout.name}: every button inside the panel and the view, status whole`, async () => {
      await withApp.shared(
        async ({ page }) => {
          const viewport = page.viewportSize()!;
          // The desktop host reports an English system: choose the language as a person would.
          const { language } = layout;
          if ((await page.evaluate(() => window.__ragdoll!.settings().language)) !== language)
            await page.keyboard.press('l');
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
          const buttons = await buttonReports(page);
          expect(buttons.length).toBeGreaterThanOrEqual(20);
          for (const button of buttons) {
            expect(inside(button.box, button.panel), `${button.name} inside the panel`).toBe(true);
            expect(
              inside(button.box, { x: 0, y: 0, ...viewport }),
              `${button.name} inside the viewport`,
            ).toBe(true);
            expect(button.overflows, `${button.name}'s label fits its button`).toBe(false);
            expect(button.labelLines, `${button.name}'s label is on one line`).toBe(1);
          }
          expect(await sidewaysScrollers(page)).toEqual([]);

          // A long message: the alert says why the file could not be opened.
          expect(await dropFile(page, new TextEncoder().encode('not a model'), LONG_NAME)).toBe(
            true,
          );
          await page.waitForFunction(
            () => (document.querySelector('[role=alert]')?.textContent ?? '') !== '',
          );
          await page.evaluate(() => {
            const panel = document.querySelector<HTMLElement>('.panel')!;
            panel.scrollTop = 0;
          });
          for (const selector of ['[role=status]', '[role=alert]']) {
            const shown = await fullyShown(page, selector);
            expect(shown.text.length, `${selector} has a message`).toBeGreaterThan(0);
            expect(shown, `${selector} shown whole: ${shown.text}`).toMatchObject({
              inViewport: true,
              clipped: false,
              onTop: true,
            });
          }
          // The alert is the long one (the file name and what to choose instead), wrapped.
          const alert = await fullyShown(page, '[role=alert]');
          expect(alert.text).toContain(LONG_NAME);
          expect(alert.text.length).toBeGreaterThan(150);
          mkdirSync(ARTIFACTS, { recursive: true });
          await page.screenshot({ path: resolve(ARTIFACTS, `${layout.name}.png`) });
        },
        {
          viewport: {
            width: Math.round(layout.window.width / layout.zoom),
            height: Math.round(layout.window.height / layout.zoom),
          },
          deviceScaleFactor: layout.zoom,
          beforeLoad: fileHost.install,
        },
      );
    });
  }

  it('folds a section and keeps it folded after a reload', async () => {
    await withApp(
      async ({ page }) => {
        const toggle = page.getByRole('button', { name: 'Props', exact: true });
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        await toggle.click();
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        expect(await page.getByRole('button', { name: 'Add Ball' }).isVisible()).toBe(false);
        // The keys still work while the section is folded.
        await page.keyboard.press('o');
        expect(await page.evaluate(() => window.__ragdoll!.props())).toBe(1);
        await page.reload();
        await waitForApp(page);
        const again = page.getByRole('button', { name: 'Props', exact: true });
        expect(await again.getAttribute('aria-expanded')).toBe('false');
        expect(await page.getByRole('button', { name: 'Add Ball' }).isVisible()).toBe(false);
        // Clicking the heading opens it again.
        await page.getByRole('heading', { name: 'Props' }).click();
        expect(await again.getAttribute('aria-expanded')).toBe('true');
        expect(await page.getByRole('button', { name: 'Add Ball' }).isVisible()).toBe(true);
      },
      { viewport: { width: 1024, height: 700 } },
    );
  });
});
