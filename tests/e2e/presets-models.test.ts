/**
 * End to end, through the real host services: a preset remembers an avatar figure by its
 * file (path, size, hash, title, format) and brings the avatar back over its figure; when
 * the file has moved, Locate… finds it at its new place; once it has gone, the rest of the
 * preset loads and an alert says which figure became a box dummy and why. Without the desktop host the preset and library controls are
 * disabled and say why, and their keys only explain.
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SLOW_TIMEOUT_MS, alertText, figureCount } from './support/app-page';
import { expectStatus, useHostedApps } from './support/host-files';
import { newestSavedPreset, savePresetNamed } from './support/preset-page';
import { useAppSuite } from './support/suite';
import { figureKinds, useVrmFixtures } from './support/vrm-files';

const withApp = useAppSuite();
const withHostedApp = useHostedApps(withApp);
const fixtures = useVrmFixtures();

const MODEL = 'vrm0-apose-full.vrm';

describe('presets with avatars', () => {
  it('brings an avatar back from its file, and a box dummy with a note once the file is gone', async () => {
    await withHostedApp(async ({ page }, testHost) => {
      const path = fixtures.copyTo(MODEL, testHost.files);
      await testHost.bridge().openFile(path);
      await expect.poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS }).toEqual(['vrm']);
      await savePresetNamed(page, 'Avatar');
      const { preset: saved } = await newestSavedPreset(testHost);
      expect(saved.figures[0]!.model).toMatchObject({ kind: 'file', path, format: 'vrm0' });

      await page.getByRole('button', { name: 'Box Dummy' }).click();
      await page.getByRole('button', { name: 'Add Figure' }).click();
      expect(await figureKinds(page)).toEqual(['box', 'box']);
      await page.getByRole('button', { name: 'Load “Avatar”' }).click();
      await expectStatus(page, 'Loaded the preset “Avatar”.');
      expect(await figureKinds(page)).toEqual(['vrm']);
      expect(await page.evaluate(() => window.__ragdoll!.modelFileName())).toBe(MODEL);

      // Moved: Locate… picks it at its new place, and the avatar comes back from there.
      const moved = join(testHost.files, 'moved', MODEL);
      mkdirSync(dirname(moved));
      renameSync(path, moved);
      testHost.dialogs.locateAnswers.push(moved);
      // A new status first, so the next wait sees this load's words, not the last one's.
      await page.getByRole('button', { name: 'Drop' }).click();
      await expectStatus(page, 'Dropped the figure.');
      await page.getByRole('button', { name: 'Load “Avatar”' }).click();
      await expectStatus(
        page,
        `Loaded the preset “Avatar”. ${MODEL} was found at its new place, ${moved} (was ${path}).`,
      );
      expect(testHost.dialogs.locatedAbout).toEqual([path]);
      expect(await figureKinds(page)).toEqual(['vrm']);
      expect(await page.evaluate(() => window.__ragdoll!.modelFileName())).toBe(MODEL);

      // Gone (and Locate… left unanswered): a box dummy with a note naming the file.
      rmSync(moved);
      await page.getByRole('button', { name: 'Drop' }).click();
      await expectStatus(page, 'Dropped the figure.');
      await page.getByRole('button', { name: 'Load “Avatar”' }).click();
      await expectStatus(page, 'Loaded the preset “Avatar”.');
      expect(await figureKinds(page)).toEqual(['box']);
      const alert = await alertText(page);
      expect(alert).toMatch(/Figure 1 .*box dummy/);
      expect(alert).toContain(path);
      expect(await page.evaluate(() => window.__ragdoll!.gpuMemory().geometries)).toBeGreaterThan(
        0,
      );
    });
  });

  it('without the desktop host, presets and the library are disabled and say why', async () => {
    await withApp(async ({ page }) => {
      const save = page.getByRole('button', { name: 'Save Preset…' });
      expect(await save.isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Import Preset…' }).isDisabled()).toBe(true);
      expect(await page.getByText('this web page cannot keep them').isVisible()).toBe(true);
      expect(
        await page.getByText('The list of recent models needs the desktop app.').isVisible(),
      ).toBe(true);
      await page.keyboard.press('s');
      await expect.poll(() => alertText(page)).toContain('this web page cannot keep them');
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await figureCount(page)).toBe(1);
      // In Japanese too.
      await page.keyboard.press('l');
      const saveJa = page.getByRole('button', { name: 'プリセットを保存…' });
      expect(await saveJa.isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'プリセットを読み込む…' }).isDisabled()).toBe(
        true,
      );
      expect(
        await page.getByText('最近のモデルの一覧にはデスクトップアプリが必要です。').isVisible(),
      ).toBe(true);
    });
  });
});
