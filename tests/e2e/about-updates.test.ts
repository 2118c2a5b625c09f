/**
 * End to end in Chromium: Help > About shows the name, version and runtime versions, reads the
 * third-party notices the build ships beside the page, and Show Data Folder reports what the
 * host answered; the update flow's news becomes the quiet ready notice (Restart Now sends the
 * recovery copy before it asks the host to restart) or one Message History line, no alert.
 */
import { describe, expect, it } from 'vitest';
import { alertText } from './support/app-page';
import { useHostedApps } from './support/host-files';
import { useAppSuite } from './support/suite';

const withApp = useAppSuite();
const withHostedApp = useHostedApps(withApp);

describe('Help > About', () => {
  it('names the app, its versions and data folder, and shows the notices', async () => {
    await withHostedApp(async ({ page }, testHost) => {
      await testHost.bridge().showAbout();
      const about = page.getByRole('dialog', { name: 'About Ragdoll Playground' });
      await expect.poll(() => about.isVisible()).toBe(true);
      const text = await about.innerText();
      expect(text).toContain('Version 0.1.0');
      expect(text).toContain(`Node.js ${process.versions.node}`);
      expect(text).toContain(testHost.dataDirectory);

      await about.getByRole('button', { name: 'Third-Party Notices' }).click();
      const notices = about.locator('.about-notices');
      await expect.poll(() => notices.isVisible()).toBe(true);
      const noticeText = await notices.innerText();
      expect(noticeText).toMatch(/^three 0\.187\.0$/m);
      expect(noticeText).toContain('Permission is hereby granted');

      // The test browser has no file manager: the host's reason reaches the person.
      await about.getByRole('button', { name: 'Show Data Folder' }).click();
      await expect
        .poll(() => alertText(page))
        .toBe(
          `The data folder ${testHost.dataDirectory} could not be opened: the test browser has no file manager.`,
        );

      // Modal: keys do nothing behind it; Esc closes it.
      await page.keyboard.press('Escape');
      await expect.poll(() => about.isVisible()).toBe(false);
    });
  });

  it('speaks Japanese in the Japanese panel', async () => {
    await withHostedApp(async ({ page }, testHost) => {
      await testHost.bridge().sendMenuCommand('toggle-language');
      await testHost.bridge().showAbout();
      const about = page.getByRole('dialog', { name: 'Ragdoll Playground について' });
      await expect.poll(() => about.isVisible()).toBe(true);
      expect(await about.innerText()).toContain('バージョン 0.1.0');
      expect(await about.getByRole('button', { name: 'データフォルダーを表示' }).isVisible()).toBe(
        true,
      );
    });
  });
});

describe('update news in the page', () => {
  it('shows the ready notice; Restart Now keeps the scene first; a failed check is one history line', async () => {
    await withHostedApp(async ({ page }, testHost) => {
      const bridge = testHost.bridge();
      await bridge.sendUpdateStatus({
        kind: 'check-failed',
        detail: 'net::ERR_INTERNET_DISCONNECTED',
      });
      // Message History lists its lines once opened (H, or the menu).
      await bridge.sendMenuCommand('toggle-history');
      const history = page.locator('.status-history');
      await expect
        .poll(() => history.textContent())
        .toContain('Could not check for updates: net::ERR_INTERNET_DISCONNECTED.');
      expect(await alertText(page)).toBe('');

      await bridge.sendUpdateStatus({ kind: 'ready', version: '0.2.0' });
      const notice = page.locator('.update-notice');
      await expect.poll(() => notice.isVisible()).toBe(true);
      expect(await notice.innerText()).toContain('Version 0.2.0 is ready — restart to update');

      const before = bridge.answered.length;
      await notice.getByRole('button', { name: 'Restart Now' }).click();
      await expect.poll(() => bridge.answered.slice(before)).toContain('rp:update:restart');
      const after = bridge.answered.slice(before);
      expect(after.indexOf('rp:recovery:save')).toBeGreaterThanOrEqual(0);
      expect(after.indexOf('rp:recovery:save')).toBeLessThan(after.indexOf('rp:update:restart'));
      // This host has no update downloaded: it says so and nothing restarts.
      await expect
        .poll(() => page.getByRole('status').innerText())
        .toBe('Not restarting: no update has been downloaded.');

      await notice.getByRole('button', { name: 'Later' }).click();
      expect(await notice.isVisible()).toBe(false);
    });
  });
});
