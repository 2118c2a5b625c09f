/**
 * End to end, through the real host services: Add Model… puts a figure of another file
 * beside the ones already there (ADD keeps repeating the open model), so an MMD figure and a
 * VRM figure stand side by side; a preset saves that mixed cast with each figure's own model
 * and brings it back. When one model has moved, the rest still comes back, the alert names
 * the moved file, and the preset on disk still names it. At six figures Add Model… says the
 * cast is full without asking for a file.
 */
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SLOW_TIMEOUT_MS, alertText, distance, rootPosition } from './support/app-page';
import { useTestHosts, expectStatus } from './support/host-files';
import { writeHumanoidPmx } from './support/mmd-files';
import { newestSavedPreset, savePresetNamed } from './support/preset-page';
import { useAppSuite } from './support/suite';
import { figureKinds, useVrmFixtures } from './support/vrm-files';

const withApp = useAppSuite();
const fixtures = useVrmFixtures();
const newHost = useTestHosts();

const VRM = 'vrm0-apose-full.vrm';
const VRM_TITLE = 'Fixture vrm0-apose-full';
const MMD_TITLE = 'テスト人形';

describe('mixed casts', () => {
  it('an MMD and a VRM figure side by side, saved and restored by a preset', async () => {
    const testHost = newHost();
    const mmd = writeHumanoidPmx(join(testHost.files, 'doll'), 'doll.pmx', { texture: true });
    const vrmPath = fixtures.copyTo(VRM, testHost.files);
    await withApp(
      async ({ page }) => {
        await testHost.bridge().openFile(mmd.path);
        await expect.poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS }).toEqual(['mmd']);
        await expectStatus(page, `Opened ${MMD_TITLE} (doll.pmx).`);

        testHost.dialogs.openModel.push(vrmPath);
        await page.getByRole('button', { name: 'Add Model…' }).click();
        await expect
          .poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS })
          .toEqual(['mmd', 'vrm']);
        await expectStatus(page, `Added ${VRM_TITLE} (${VRM}) beside the others (2 of 6 figures).`);
        // Side by side: each in its own slot, not on top of the other.
        const first = await rootPosition(page, 0);
        const second = await rootPosition(page, 1);
        expect(distance(first!, second!)).toBeGreaterThan(0.5);

        // ADD repeats the open model (the MMD one), not the one added beside it.
        await page.getByRole('button', { name: 'Add Figure' }).click();
        await expect
          .poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS })
          .toEqual(['mmd', 'vrm', 'mmd']);
        await expectStatus(page, 'Added a figure (3 of 6).');

        await savePresetNamed(page, 'Cast');
        const { id, preset: saved } = await newestSavedPreset(testHost);
        expect(saved.figures.map((figure) => figure.model)).toMatchObject([
          { kind: 'file', path: mmd.path, format: 'pmx' },
          { kind: 'file', path: vrmPath, format: 'vrm0' },
          { kind: 'file', path: mmd.path, format: 'pmx' },
        ]);

        await page.getByRole('button', { name: 'Box Dummy' }).click();
        expect(await figureKinds(page)).toEqual(['box']);
        await page.getByRole('button', { name: 'Load “Cast”' }).click();
        await expectStatus(page, 'Loaded the preset “Cast”.');
        expect(await alertText(page)).toBe('');
        expect(await figureKinds(page)).toEqual(['mmd', 'vrm', 'mmd']);
        expect(await page.evaluate(() => window.__ragdoll!.mmdMaterials(0))).toEqual({
          materials: 2,
          textured: 1,
        });

        // The VRM moves away: the MMD figures still come back, the alert names the file.
        const movedPath = join(testHost.files, `moved-${VRM}`);
        renameSync(vrmPath, movedPath);
        await page.getByRole('button', { name: 'Drop' }).click();
        await expectStatus(page, 'Dropped 3 figures.');
        await page.getByRole('button', { name: 'Load “Cast”' }).click();
        await expectStatus(page, 'Loaded the preset “Cast”.');
        expect(await figureKinds(page)).toEqual(['mmd', 'box', 'mmd']);
        const alert = await alertText(page);
        expect(alert).toMatch(/Figure 2 .*box dummy/);
        expect(alert).toContain(vrmPath);
        // Nothing is lost: the preset on disk still names the VRM where it was.
        const kept = (await testHost.bridge().services.loadPreset(id)).preset;
        expect(kept.figures[1]!.model).toMatchObject({ kind: 'file', path: vrmPath });
      },
      { beforeLoad: (page) => testHost.install(page) },
    );
  });

  it('says the cast is full at six figures without asking for a file', async () => {
    const testHost = newHost();
    await withApp(
      async ({ page }) => {
        for (let count = 2; count <= 6; count += 1) {
          await page.getByRole('button', { name: 'Add Figure' }).click();
          await expectStatus(page, `Added a figure (${count} of 6).`);
        }
        testHost.dialogs.openModel.push(join(testHost.files, 'never-asked.vrm'));
        await page.getByRole('button', { name: 'Add Model…' }).click();
        await expect
          .poll(() => alertText(page))
          .toBe(
            '6 figures is the limit: delete one (right-click it, Delete) before adding another model.',
          );
        // The dialog was never shown: its queued answer is still waiting.
        expect(testHost.dialogs.openModel).toHaveLength(1);
        expect(await figureKinds(page)).toEqual(['box', 'box', 'box', 'box', 'box', 'box']);
      },
      { beforeLoad: (page) => testHost.install(page) },
    );
  });
}, 300_000);
