/**
 * End to end, in Debian's Chromium on the renderer's test build (out-test/renderer) over HTTP:
 * the app boots and draws, help opens and closes, the language follows the browser and
 * switches, keyboard shortcuts run commands (but not while typing), the app runs without a
 * host, and native menu commands pushed through the host bridge run like buttons.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exposeHostToPage } from '../../tools/browser/host-bridge';
import {
  animationFrames,
  figureCount,
  propCount,
  redraw,
  rootPosition,
  settings,
  statusText,
} from './support/app-page';
import { measurePng } from './support/pixels';
import { useAppSuite } from './support/suite';

const ARTIFACTS = resolve(import.meta.dirname, '../../test-results');

// The tests that only read and click the interface, leaving it as they found it, share one
// page (`withApp.shared`) and come first, followed on it by one that changes the scene; those
// that need other options open their own (which closes the shared page: an open page draws on
// and takes CPU).
const withApp = useAppSuite();

describe('the app in Chromium', () => {
  it('boots, draws a scene that is not blank, and saves a screenshot', async () => {
    await withApp.shared(async ({ page, context }) => {
      // The page opened held: it has drawn nothing, and the browser's frames draw nothing,
      // until a frame is asked for.
      const drawn = () => page.evaluate(() => window.__ragdoll!.drawCounts().frames);
      expect(await drawn()).toBe(0);
      await animationFrames(page, 3);
      expect(await drawn()).toBe(0);
      await redraw(page);
      expect(await drawn()).toBe(1);
      expect(await figureCount(page)).toBe(1);
      await expect.poll(() => statusText(page)).toMatch(/Ready/);
      const canvas = page.locator('canvas');
      const pixels = await measurePng(context, await canvas.screenshot());
      // A blank or single-colour canvas has a deviation near 0; sky, floor grid, stage and
      // doll give a wide spread of brightness and many colours.
      expect(pixels.deviation).toBeGreaterThan(12);
      expect(pixels.colours).toBeGreaterThan(50);
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: resolve(ARTIFACTS, 'e2e-app.png') });
    });
  });

  it('opens help with F1 and closes it with Esc; help lists every command', async () => {
    await withApp.shared(async ({ page }) => {
      const dialog = page.getByRole('dialog', { name: 'Controls and shortcuts' });
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await page.keyboard.press('F1');
      await expect.poll(() => dialog.isVisible()).toBe(true);
      const text = await dialog.innerText();
      for (const label of [
        'Drop',
        'Add Figure',
        'Blast',
        'Reset',
        'Clear Props',
        'Add Ball',
        'Add Box',
      ]) {
        expect(text).toContain(label);
      }
      expect(text).toContain('F1');
      expect(text).toContain('Esc');
      // The dialog is modal: scene shortcuts wait until it closes.
      await page.keyboard.press('a');
      expect(await figureCount(page)).toBe(1);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.isVisible()).toBe(false);
      // The Help button opens it too, and so does the close button close it.
      await page.getByRole('button', { name: 'Help' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Close help' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
    });
  });

  it('switches the labels between English and Japanese', async () => {
    await withApp.shared(async ({ page }) => {
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      await page.getByRole('button', { name: 'Drop' }).waitFor();
      await page.getByRole('button', { name: '日本語' }).click();
      await page.getByRole('button', { name: '落とす' }).waitFor();
      await page.getByRole('button', { name: '人形を追加' }).waitFor();
      // The preset and library sections follow the switch too.
      await page.getByRole('button', { name: 'プリセットを保存…' }).waitFor();
      await page.getByRole('list', { name: '最近開いたファイル' }).waitFor({ state: 'attached' });
      expect(await page.getAttribute('html', 'lang')).toBe('ja');
      expect(await statusText(page)).toContain('日本語');
      expect((await settings(page)).language).toBe('ja');
      // The switch now offers English; the L key switches back.
      await page.getByRole('button', { name: 'English' }).waitFor();
      await page.keyboard.press('l');
      await page.getByRole('button', { name: 'Drop' }).waitFor();
      await page.getByRole('button', { name: 'Save Preset…' }).waitFor();
      await page
        .getByRole('list', { name: 'Recently opened files' })
        .waitFor({ state: 'attached' });
      expect(await page.getAttribute('html', 'lang')).toBe('en');
    });
  });

  it('gives every panel control an accessible name and a keyboard shortcut', async () => {
    await withApp.shared(async ({ page }) => {
      // Actions on one listed preset or model (Load, Rename…, Remove…) and Clear All… are
      // named for their item and reached with Tab; they have no keys of their own, nor do
      // the sections' fold toggles (named by their section's heading), nor the capture view's
      // settings (the background colour, STAGE and ALWAYS ON TOP: set once before a capture),
      // nor the VMC connection settings (on/off, ports, address: set up with the other apps),
      // nor the links' spring and break-force settings (typed once for the links made next).
      const controls = page.locator(
        '.panel button:not(.file-item-button):not(.library-clear):not(.panel-group-toggle), .panel input:not(.capture-colour):not(.capture-stage):not(.capture-on-top):not(.vmc-check):not(.vmc-field):not(.link-setting)',
      );
      const count = await controls.count();
      expect(count).toBeGreaterThanOrEqual(12);
      for (let i = 0; i < count; i++) {
        const control = controls.nth(i);
        const name = await control.evaluate(
          (element) =>
            element.getAttribute('aria-label') ??
            (element.id
              ? document.querySelector(`label[for="${element.id}"]`)?.textContent
              : null) ??
            element.querySelector('.panel-button-label')?.textContent ??
            '',
        );
        expect(name.trim(), `control ${i} has a name`).not.toBe('');
        expect(
          await control.getAttribute('aria-keyshortcuts'),
          `${name} has a shortcut`,
        ).toBeTruthy();
      }
    });
  });

  it('runs as a plain web page without a host and says what needs the desktop app', async () => {
    await withApp.shared(async ({ page }) => {
      expect(await page.evaluate(() => typeof (window as { host?: unknown }).host)).toBe(
        'undefined',
      );
      await page.keyboard.press('F1');
      const dialog = page.getByRole('dialog', { name: 'Controls and shortcuts' });
      await expect.poll(() => dialog.innerText()).toContain('without the desktop app');
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.isVisible()).toBe(false);
    });
  });

  // The last test on the shared page: it changes the scene.
  it('runs commands from keyboard shortcuts, but not while a text field has focus', async () => {
    await withApp.shared(async ({ page }) => {
      await page.keyboard.press('a');
      await expect.poll(() => figureCount(page)).toBe(2);
      await page.keyboard.press('o');
      await page.keyboard.press('x');
      await expect.poll(() => propCount(page)).toBe(2);
      await page.keyboard.press('c');
      await expect.poll(() => propCount(page)).toBe(0);
      await page.keyboard.press(']');
      await expect.poll(async () => (await settings(page)).stiffness).toBe(60);
      await page.keyboard.press('[');
      await page.keyboard.press('[');
      await expect.poll(async () => (await settings(page)).stiffness).toBe(40);
      await page.keyboard.press(',');
      await expect.poll(async () => (await settings(page)).timeScale).toBeCloseTo(0.9, 5);
      await page.keyboard.press('.');
      await expect.poll(async () => (await settings(page)).timeScale).toBeCloseTo(1, 5);
      await page.keyboard.press('p');
      await expect.poll(async () => (await settings(page)).showBodies).toBe(true);
      expect(
        await page
          .getByRole('button', { name: 'Show Physics Bodies' })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      await page.keyboard.press('r');
      await expect.poll(() => statusText(page)).toMatch(/Reset/);
      await page.keyboard.press('d');
      await expect.poll(async () => (await rootPosition(page))?.y ?? 0).toBeGreaterThan(1.5);
      await page.keyboard.press('b');
      await expect.poll(() => statusText(page)).toMatch(/Blast/);

      // A text field (none in the app yet; model names will come) swallows the keys.
      await page.evaluate(() => {
        const field = document.createElement('input');
        field.type = 'text';
        field.id = 'e2e-field';
        document.body.append(field);
        field.focus();
      });
      await page.keyboard.type('aoxa');
      expect(await figureCount(page)).toBe(2);
      expect(await propCount(page)).toBe(0);
      expect(await page.inputValue('#e2e-field')).toBe('aoxa');
    });
  });

  it('starts in Japanese when the browser language is Japanese', async () => {
    await withApp(
      async ({ page }) => {
        await page.getByRole('button', { name: '落とす' }).waitFor();
        expect(await page.getAttribute('html', 'lang')).toBe('ja');
      },
      { locale: 'ja-JP' },
    );
  });

  it('runs native menu commands pushed through the host bridge', async () => {
    let bridge: Awaited<ReturnType<typeof exposeHostToPage>> | undefined;
    await withApp(
      async ({ page }) => {
        expect(await page.evaluate(() => typeof (window as { host?: unknown }).host)).toBe(
          'object',
        );
        await bridge!.sendMenuCommand('add-figure');
        await expect.poll(() => figureCount(page)).toBe(2);
        expect(await statusText(page)).toContain('Added a figure (2 of 6)');
        await bridge!.sendMenuCommand('add-ball');
        await expect.poll(() => propCount(page)).toBe(1);
        await bridge!.sendMenuCommand('help');
        const dialog = page.getByRole('dialog', { name: 'Controls and shortcuts' });
        await expect.poll(() => dialog.isVisible()).toBe(true);
        // With a host, help shows the app's version instead of the no-host note.
        await expect.poll(() => dialog.innerText()).toMatch(/Ragdoll Playground \d+\.\d+\.\d+/);
      },
      {
        beforeLoad: async (page) => {
          bridge = await exposeHostToPage(page);
        },
      },
    );
  });

  it('follows the language the host reports when the person has not chosen one', async () => {
    // The browser says English (en-US); the host, Japanese.
    await withApp(
      async ({ page }) => {
        await page.getByRole('button', { name: '落とす' }).waitFor();
        expect(await page.getAttribute('html', 'lang')).toBe('ja');
        expect((await settings(page)).language).toBe('ja');
      },
      { beforeLoad: (page) => exposeHostToPage(page, { appInfo: { locale: 'ja-JP' } }) },
    );
  });

  it("keeps the person's own language choice over the host's", async () => {
    await withApp(
      async ({ page }) => {
        await page.getByRole('button', { name: 'Drop' }).waitFor();
        expect(await page.getAttribute('html', 'lang')).toBe('en');
        expect((await settings(page)).language).toBe('en');
      },
      {
        locale: 'ja-JP',
        beforeLoad: async (page) => {
          // What choosing English (L) earlier left behind (ui/language-preference.ts).
          await page.addInitScript(() => localStorage.setItem('ragdoll-playground.language', 'en'));
          await exposeHostToPage(page, { appInfo: { locale: 'ja-JP' } });
        },
      },
    );
  });
});
