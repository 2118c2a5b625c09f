/**
 * End to end, through the real host services: an MMD model is remembered by its file like a
 * VRM. A preset saved with it brings it back textured (its folder still supplies the
 * textures), with the model's own bodies, and the recent-model library lists it as PMX and
 * opens it again.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { alertText, SLOW_TIMEOUT_MS } from './support/app-page';
import { expectStatus, useHostedApps } from './support/host-files';
import { writeHumanoidPmx } from './support/mmd-files';
import { newestSavedPreset, savePresetNamed } from './support/preset-page';
import { useAppSuite } from './support/suite';
import { figureKinds } from './support/vrm-files';

const withApp = useAppSuite();
const withHostedApp = useHostedApps(withApp);

const TITLE = 'テスト人形';

describe('MMD models in presets and the library', () => {
  it('a preset brings the model back textured; the library lists and reopens it', async () => {
    await withHostedApp(async ({ page }, testHost) => {
      const model = writeHumanoidPmx(join(testHost.files, 'doll'), 'doll.pmx', { texture: true });
      await testHost.bridge().openFile(model.path);
      await expect.poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS }).toEqual(['mmd']);
      // The figure exists before its textures are read; save once the whole open is done.
      await expectStatus(page, `Opened ${TITLE} (doll.pmx).`);
      const bodies = (await page.evaluate(() => window.__ragdoll!.measure()))['bodies'];
      await savePresetNamed(page, 'Doll');
      const { preset: saved } = await newestSavedPreset(testHost);
      expect(saved.figures[0]!.model).toMatchObject({
        kind: 'file',
        path: model.path,
        format: 'pmx',
      });

      await page.getByRole('button', { name: 'Box Dummy' }).click();
      expect(await figureKinds(page)).toEqual(['box']);
      await page.getByRole('button', { name: 'Load “Doll”' }).click();
      await expectStatus(page, 'Loaded the preset “Doll”.');
      expect(await alertText(page)).toBe('');
      expect(await figureKinds(page)).toEqual(['mmd']);
      expect(await page.evaluate(() => window.__ragdoll!.mmdMaterials(0))).toEqual({
        materials: 2,
        textured: 1,
      });
      // The model's own bodies came back with it.
      expect((await page.evaluate(() => window.__ragdoll!.measure()))['bodies']).toBe(bodies);

      const library = page.getByRole('list', { name: 'Recently opened files' });
      await expect.poll(() => library.getByRole('listitem').count()).toBe(1);
      expect(await library.getByRole('listitem').innerText()).toContain('PMX');
      await page.getByRole('button', { name: 'Box Dummy' }).click();
      await page.getByRole('button', { name: `Open “${TITLE}”` }).click();
      await expect.poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS }).toEqual(['mmd']);
      expect(await page.evaluate(() => window.__ragdoll!.mmdMaterials(0))).toEqual({
        materials: 2,
        textured: 1,
      });
    });
  });
}, 300_000);
