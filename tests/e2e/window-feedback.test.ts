/**
 * End to end: what the window tells the person around files and messages. A drop target
 * appears while a file is dragged over the window (saying that Shift adds) and goes on
 * leave, Escape and drop, and a Shift-drop adds the model beside the figures; the status
 * line keeps the last 20 messages behind Message History (H); and the native menu is told
 * the panel's language through the host whenever it changes.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SLOW_TIMEOUT_MS } from './support/app-page';
import { expectStatus, useHostedApps } from './support/host-files';
import { useAppSuite } from './support/suite';
import { figureKinds, useVrmFixtures } from './support/vrm-files';

const withApp = useAppSuite();
const withHostedApp = useHostedApps(withApp);
const fixtures = useVrmFixtures();

const VRM = 'vrm1-tpose-full.vrm';

/**
 * Sends one drag event over the 3D view, as a drag from the desktop would, carrying a file
 * with `bytes` (default: four bytes) named `fileName`.
 */
function drag(
  page: Page,
  type: 'dragenter' | 'dragover' | 'dragleave' | 'drop',
  options: { shift?: boolean; fileName?: string; bytes?: Uint8Array } = {},
): Promise<void> {
  return page.evaluate(
    ({ type, shift, name, base64 }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name));
      const target = document.querySelector('canvas') ?? document.body;
      target.dispatchEvent(
        new DragEvent(type, {
          dataTransfer: transfer,
          bubbles: true,
          cancelable: true,
          shiftKey: shift,
          relatedTarget: null,
        }),
      );
    },
    {
      type,
      shift: options.shift ?? false,
      name: options.fileName ?? 'avatar.vrm',
      base64: Buffer.from(options.bytes ?? new Uint8Array(4)).toString('base64'),
    },
  );
}

describe('window feedback', () => {
  it('shows a drop target while a file is dragged, and a Shift-drop adds the model', async () => {
    await withApp(async ({ page }) => {
      const target = page.locator('.drop-target');
      await expect.poll(() => target.isVisible()).toBe(false);

      await drag(page, 'dragenter');
      await expect.poll(() => target.isVisible()).toBe(true);
      expect(await target.innerText()).toContain('Drop to open');
      await drag(page, 'dragover', { shift: true });
      expect(await target.innerText()).toContain('Drop to add beside the figures');
      await page.keyboard.press('Escape');
      await expect.poll(() => target.isVisible()).toBe(false);

      await drag(page, 'dragenter');
      await expect.poll(() => target.isVisible()).toBe(true);
      await drag(page, 'dragleave');
      await expect.poll(() => target.isVisible()).toBe(false);

      await drag(page, 'dragenter', { shift: true });
      await expect.poll(() => target.isVisible()).toBe(true);
      await drag(page, 'drop', { shift: true, fileName: VRM, bytes: fixtures.bytes(VRM) });
      await expect.poll(() => target.isVisible()).toBe(false);
      // Added beside the box dummy, not in its place.
      await expect
        .poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS })
        .toEqual(['box', 'vrm']);
    });
  });

  it('keeps the last 20 messages behind Message History', async () => {
    await withApp(async ({ page }) => {
      const history = page.getByRole('list', { name: 'Earlier messages, newest first' });
      const button = page.getByRole('button', { name: 'Message History' });
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      await page.getByRole('button', { name: 'Blast' }).click();
      await expectStatus(page, 'Blast!');
      for (let i = 0; i < 21; i += 1) await page.keyboard.press('d');
      await expectStatus(page, 'Dropped the figure.');
      await page.keyboard.press('b');
      await expectStatus(page, 'Blast!');

      await button.click();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      const items = history.getByRole('listitem');
      await expect.poll(() => items.count()).toBe(20);
      // Newest first; the first Blast is older than the 20 kept.
      expect(await items.first().innerText()).toMatch(/^\d\d:\d\d:\d\d Blast!$/);
      expect(await items.nth(1).innerText()).toMatch(/Dropped the figure\.$/);
      expect(await items.last().innerText()).toMatch(/Dropped the figure\.$/);

      await page.keyboard.press('h');
      await expect.poll(() => history.isVisible()).toBe(false);
      // A click on the status line opens it too.
      await page.getByRole('status').click();
      await expect.poll(() => history.isVisible()).toBe(true);
    });
  });

  it('tells the host the panel language, so the native menu follows a switch', async () => {
    await withHostedApp(async ({ page }, testHost) => {
      await expect.poll(() => testHost.bridge().menuLanguages.at(-1)).toBe('en');
      await page.keyboard.press('l');
      await expect.poll(() => testHost.bridge().menuLanguages.at(-1)).toBe('ja');
      expect(await page.getByRole('button', { name: 'メッセージ履歴' }).count()).toBe(1);
      await page.keyboard.press('l');
      await expect.poll(() => testHost.bridge().menuLanguages.at(-1)).toBe('en');
    });
  });
}, 300_000);
