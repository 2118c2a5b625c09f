/**
 * End to end: the panel's foot (the status line, the alert and Message History) never covers
 * a control. At 1280×800 and 1024×700, in English and Japanese, with a long alert shown and
 * the history open, the panel is scrolled from top to bottom and at every stop no button's
 * visible part meets the foot; every button can be scrolled fully into sight above it. Help
 * (F1) opens at its top, and the key caps tell O from 0. Screenshots go to
 * test-artifacts/panel-foot/ (not in git) for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppSuite } from './support/suite';
import { dropFile } from './support/vrm-files';
import { useFileTestHost } from './support/host-files';

const withApp = useAppSuite();
const fileHost = useFileTestHost();
const ARTIFACTS = resolve(import.meta.dirname, '../../test-artifacts/panel-foot');

const CASES = [
  { name: '1280x800-en', viewport: { width: 1280, height: 800 }, language: 'en' },
  { name: '1280x800-ja', viewport: { width: 1280, height: 800 }, language: 'ja' },
  { name: '1024x700-en', viewport: { width: 1024, height: 700 }, language: 'en' },
  { name: '1024x700-ja', viewport: { width: 1024, height: 700 }, language: 'ja' },
] as const;

/** A long file name, so the alert that names it is long and wraps over several lines. */
const LONG_NAME =
  'a-model-with-a-rather-long-file-name-so-that-the-alert-wraps-over-several-lines-of-the-panel.vrm';

interface Overlap {
  readonly button: string;
  readonly scrollTop: number;
  readonly overlap: number;
}

/**
 * Scrolls the panel's scrolling part through `stops` positions from top to bottom and, at
 * each, lists the buttons whose visible part (inside the scrolling part) meets the foot; then
 * scrolls each button into view and lists those still not wholly clear of the foot.
 */
function footOverlaps(
  page: Page,
  stops: number,
): Promise<{
  covered: Overlap[];
  unreachable: string[];
  buttons: number;
  scrolls: boolean;
}> {
  return page.evaluate((count) => {
    const panel = document.querySelector<HTMLElement>('.panel')!;
    const buttons = Array.from(panel.querySelectorAll<HTMLButtonElement>('button')).filter(
      (button) => button.getClientRects().length > 0,
    );
    const own = buttons.filter((button) => !button.closest('.status-area'));
    // The element that scrolls the sections: the nearest scrolling ancestor of a button.
    let scroller: HTMLElement = own[0]!.parentElement!;
    while (scroller !== panel && getComputedStyle(scroller).overflowY === 'visible')
      scroller = scroller.parentElement!;
    const name = (button: HTMLButtonElement): string =>
      button.getAttribute('aria-label') ?? button.textContent ?? '';
    const visiblePart = (button: HTMLButtonElement) => {
      const box = button.getBoundingClientRect();
      const view = scroller.getBoundingClientRect();
      const top = Math.max(box.top, view.top);
      const bottom = Math.min(box.bottom, view.bottom);
      return bottom > top ? { top, bottom } : null;
    };
    const meetsFoot = (part: { top: number; bottom: number }): number => {
      const footNow = panel.querySelector<HTMLElement>('.status-area')!.getBoundingClientRect();
      return Math.max(0, Math.min(part.bottom, footNow.bottom) - Math.max(part.top, footNow.top));
    };
    const covered: Overlap[] = [];
    const range = scroller.scrollHeight - scroller.clientHeight;
    for (let stop = 0; stop <= count; stop++) {
      scroller.scrollTop = (range * stop) / count;
      for (const button of own) {
        const part = visiblePart(button);
        const overlap = part ? meetsFoot(part) : 0;
        if (overlap > 0.5)
          covered.push({ button: name(button), scrollTop: scroller.scrollTop, overlap });
      }
    }
    const unreachable: string[] = [];
    for (const button of own) {
      button.scrollIntoView({ block: 'nearest' });
      const box = button.getBoundingClientRect();
      if (meetsFoot({ top: box.top, bottom: box.bottom }) > 0.5) unreachable.push(name(button));
    }
    scroller.scrollTop = 0;
    return { covered, unreachable, buttons: own.length, scrolls: range > 0 };
  }, stops);
}

async function chooseLanguage(page: Page, language: string): Promise<void> {
  if ((await page.evaluate(() => window.__ragdoll!.settings().language)) !== language)
    await page.keyboard.press('l');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
}

describe("the panel's foot never covers a control", () => {
  // One page for every case: each sizes the window, chooses its language, shows the alert and
  // opens Message History, and closes the history again for the next.
  for (const layout of CASES) {
    it(`${layout.name}: a long alert and the open history push the sections, never cover them`, async () => {
      await withApp.shared(
        async ({ page }) => {
          await chooseLanguage(page, layout.language);
          expect(await dropFile(page, new TextEncoder().encode('not a model'), LONG_NAME)).toBe(
            true,
          );
          await page.waitForFunction(
            () => (document.querySelector('[role=alert]')?.textContent ?? '') !== '',
          );
          const alert = await page.locator('[role=alert]').textContent();
          expect(alert).toContain(LONG_NAME);
          expect(alert!.length).toBeGreaterThan(150);
          mkdirSync(ARTIFACTS, { recursive: true });
          await page.screenshot({ path: resolve(ARTIFACTS, `${layout.name}-alert.png`) });
          const withAlert = await footOverlaps(page, 12);
          expect(withAlert.buttons).toBeGreaterThanOrEqual(20);
          expect(withAlert.scrolls, 'the sections do not all fit: they scroll').toBe(true);
          expect(withAlert.covered).toEqual([]);
          expect(withAlert.unreachable).toEqual([]);

          // Message History open as well: the foot is at its tallest.
          await page.keyboard.press('h');
          await expect.poll(() => page.locator('#status-history').isVisible()).toBe(true);
          await page.screenshot({ path: resolve(ARTIFACTS, `${layout.name}-history.png`) });
          const withHistory = await footOverlaps(page, 12);
          expect(withHistory.covered).toEqual([]);
          expect(withHistory.unreachable).toEqual([]);
          await page.keyboard.press('h');
          await expect.poll(() => page.locator('#status-history').isVisible()).toBe(false);
        },
        { viewport: layout.viewport, beforeLoad: fileHost.install },
      );
    });
  }
});

describe('help and key caps', () => {
  it('Help (F1) opens scrolled to its top, with Close focused', async () => {
    await withApp.shared(
      async ({ page }) => {
        await page.keyboard.press('F1');
        const dialog = page.getByRole('dialog');
        await expect.poll(() => dialog.isVisible()).toBe(true);
        const shown = await page.evaluate(() => {
          const element = document.querySelector<HTMLElement>('.help-dialog')!;
          return {
            overflows: element.scrollHeight > element.clientHeight + 1,
            scrollTop: element.scrollTop,
            focused: document.activeElement?.className ?? '',
          };
        });
        // The help is longer than the dialog here, so where it opens matters.
        expect(shown.overflows).toBe(true);
        expect(shown.scrollTop).toBe(0);
        expect(shown.focused).toBe('help-close');
        await page.screenshot({ path: resolve(ARTIFACTS, 'help-1024x700.png') });
        await page.keyboard.press('Escape');
        await expect.poll(() => dialog.isVisible()).toBe(false);
      },
      { viewport: { width: 1024, height: 700 }, beforeLoad: fileHost.install },
    );
  });

  it('draws the key caps O and 0 differently (not in a face where they look alike)', async () => {
    await withApp.shared(
      async ({ page }) => {
        const widths = await page.evaluate(() => {
          const cap = document.querySelector<HTMLElement>('.command-add-ball .panel-key')!;
          const measure = (text: string): number => {
            const probe = cap.cloneNode() as HTMLElement;
            probe.textContent = text;
            probe.style.minWidth = '0';
            probe.style.padding = '0';
            probe.style.display = 'inline-block';
            cap.parentElement!.append(probe);
            const width = probe.getBoundingClientRect().width;
            probe.remove();
            return width;
          };
          return { capText: cap.textContent, letter: measure('OOOO'), digit: measure('0000') };
        });
        expect(widths.capText).toBe('O');
        // A letter O is rounder and wider than a digit 0 in the interface's face; in a
        // monospace face they are the same width and read alike.
        expect(widths.letter / widths.digit).toBeGreaterThan(1.1);
      },
      { beforeLoad: fileHost.install },
    );
  });
});
