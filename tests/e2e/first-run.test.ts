/**
 * End to end in Chromium: the first start (no library, no presets) shows the welcome over the
 * view, in the person's language, with the box dummy already there; dismissing it (button or
 * Esc) is remembered across a reload, and someone with a preset never sees it.
 */
import { describe, expect, it } from 'vitest';
import { animationFrames, figureCount, waitForApp } from './support/app-page';
import { useTestHosts, useHostedApps } from './support/host-files';
import { useAppSuite } from './support/suite';
import { presetContent } from '../support/host-files';

const withApp = useAppSuite();
const withHostedApp = useHostedApps(withApp);
const newHost = useTestHosts();

describe('the first-run welcome', () => {
  it('shows once over the view on a first start, beside the box dummy, until dismissed', async () => {
    await withHostedApp(
      async ({ page }, testHost) => {
        const welcome = page.getByRole('dialog', { name: 'Welcome to Ragdoll Playground' });
        await expect.poll(() => welcome.isVisible()).toBe(true);
        const text = await welcome.innerText();
        expect(text).toContain('Drop a VRM, PMX or PMD model anywhere on this window');
        expect(text).toContain('The box dummy is here to play with now');
        expect(text).toContain('Press F1 for every control');
        expect(text).toContain('Presets you save and the models you open are listed in the panel');
        expect(await figureCount(page)).toBeGreaterThanOrEqual(1);

        await welcome.getByRole('button', { name: 'Got It' }).click();
        expect(await welcome.isVisible()).toBe(false);

        // The next start of the same profile: remembered, not shown again.
        await page.reload();
        await waitForApp(page);
        await expect.poll(() => testHost.bridge().answered.includes('rp:preset:list')).toBe(true);
        expect(await page.locator('.welcome-layer').isHidden()).toBe(true);
      },
      { firstRun: true },
    );
  });

  it('speaks Japanese once the panel does, and closes with Esc', async () => {
    await withHostedApp(
      async ({ page }, testHost) => {
        await expect
          .poll(() =>
            page.getByRole('dialog', { name: 'Welcome to Ragdoll Playground' }).isVisible(),
          )
          .toBe(true);
        await testHost.bridge().sendMenuCommand('toggle-language');
        const welcome = page.getByRole('dialog', { name: 'Ragdoll Playground へようこそ' });
        await expect.poll(() => welcome.isVisible()).toBe(true);
        expect(await welcome.innerText()).toContain('箱のダミーで遊べます');
        expect(await welcome.getByRole('button').innerText()).toBe('わかりました');
        await page.keyboard.press('Escape');
        await expect.poll(() => welcome.isVisible()).toBe(false);
        expect(
          await page.evaluate(() =>
            window.localStorage.getItem('ragdoll-playground.welcome-dismissed'),
          ),
        ).toBe('1');
      },
      { firstRun: true },
    );
  });

  it('is not shown to someone who already has a preset', async () => {
    const testHost = newHost();
    await withApp(
      async ({ page }) => {
        await expect.poll(() => testHost.bridge().answered.includes('rp:preset:list')).toBe(true);
        await animationFrames(page, 2);
        expect(await page.locator('.welcome-layer').isHidden()).toBe(true);
      },
      {
        firstRun: true,
        beforeLoad: async (page) => {
          await testHost.install(page);
          await testHost.bridge().services.savePreset(presetContent());
        },
      },
    );
  });
});
