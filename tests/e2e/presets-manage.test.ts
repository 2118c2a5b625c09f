/**
 * End to end, through the real host services: the preset list's Rename…, Duplicate,
 * Delete… (asked first), Overwrite… (asked first), Export… to a scripted path and Import…
 * of that file; a preset file found corrupt is reported once and dropped from the list; a corrupt
 * preset, imported or opened by the OS, shows an alert and changes neither the scene nor
 * the list; a good one opened by the OS or dropped on the window joins the list and loads.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { alertText, figureCount, propCount } from './support/app-page';
import { afterPresetListRead, bodyPoses, expectStatus, useHostedApps } from './support/host-files';
import { useAppSuite } from './support/suite';
import { dropFile } from './support/vrm-files';

const withApp = useAppSuite();
const withHostedApp = useHostedApps(withApp);

/** The names in the preset list, top to bottom. */
function presetNames(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Saved presets' })
    .locator('.file-item-name')
    .allInnerTexts();
}

async function savePreset(page: Page, name: string): Promise<void> {
  await page.keyboard.press('s');
  const dialog = page.getByRole('dialog', { name: 'Save the scene as a preset' });
  await dialog.getByRole('textbox', { name: 'Preset name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Preset name' }).press('Enter');
  await expectStatus(page, `Saved the preset “${name}”.`);
}

describe('presets: manage the list', () => {
  it('renames, duplicates, deletes after asking, exports and imports', async () => {
    await withHostedApp(async ({ page }, testHost) => {
      await savePreset(page, 'Pile-up');
      await expect.poll(() => presetNames(page)).toEqual(['Pile-up']);

      await page.getByRole('button', { name: 'Duplicate “Pile-up”' }).click();
      await expectStatus(page, 'Made a copy: “Pile-up (copy)”.');
      await expect.poll(() => presetNames(page)).toEqual(['Pile-up (copy)', 'Pile-up']);

      // The list is read again after every action; a preset still listed keeps its
      // elements, updated in place (its buttons renamed with it).
      const items = page.getByRole('list', { name: 'Saved presets' }).getByRole('listitem');
      const heldItem = await items.first().elementHandle();
      const renameButton = page.getByRole('button', { name: 'Rename “Pile-up (copy)”' });
      const heldButton = await renameButton.elementHandle();
      await renameButton.click();
      const rename = page.getByRole('dialog', { name: 'Rename “Pile-up (copy)”' });
      await rename.getByRole('textbox', { name: 'Preset name' }).fill('Stairs');
      await rename.getByRole('button', { name: 'Rename' }).click();
      await expectStatus(page, 'Renamed “Pile-up (copy)” to “Stairs”.');
      await expect.poll(() => presetNames(page)).toEqual(['Stairs', 'Pile-up']);
      expect(await items.first().evaluate((element, held) => element === held, heldItem)).toBe(
        true,
      );
      expect(
        await page
          .getByRole('button', { name: 'Rename “Stairs”' })
          .evaluate((element, held) => element === held, heldButton),
      ).toBe(true);

      // Delete asks first; Cancel (and Esc) keep the preset.
      await page.getByRole('button', { name: 'Delete “Pile-up”' }).click();
      const ask = page.getByRole('dialog', {
        name: 'Delete the preset “Pile-up”? This cannot be undone.',
      });
      await ask.getByRole('button', { name: 'Cancel' }).click();
      expect(await presetNames(page)).toEqual(['Stairs', 'Pile-up']);
      await page.getByRole('button', { name: 'Delete “Pile-up”' }).click();
      await page.keyboard.press('Escape');
      expect(await ask.isVisible()).toBe(false);
      expect(await presetNames(page)).toEqual(['Stairs', 'Pile-up']);
      await page.getByRole('button', { name: 'Delete “Pile-up”' }).click();
      await ask.getByRole('button', { name: 'Delete' }).click();
      await expectStatus(page, 'Deleted the preset “Pile-up”.');
      await expect.poll(() => presetNames(page)).toEqual(['Stairs']);

      const exported = join(testHost.files, 'stairs export.ragdoll');
      testHost.dialogs.savePreset.push(exported);
      await page.getByRole('button', { name: 'Export “Stairs”' }).click();
      await expectStatus(page, `Exported “Stairs” to ${exported}.`);
      expect(testHost.dialogs.suggestedNames).toEqual(['Stairs.ragdoll']);
      expect(JSON.parse(readFileSync(exported, 'utf8'))).toMatchObject({ name: 'Stairs' });

      testHost.dialogs.openPreset.push(exported);
      await page.getByRole('button', { name: 'Import Preset…' }).click();
      await expectStatus(page, 'Imported the preset “Stairs”; it is in the list.');
      await expect.poll(() => presetNames(page)).toEqual(['Stairs', 'Stairs']);

      // A canceled dialog says nothing and changes nothing.
      await afterPresetListRead(page, testHost, () => page.keyboard.press('i'));
      expect(await alertText(page)).toBe('');
      expect(await presetNames(page)).toEqual(['Stairs', 'Stairs']);
    });
  });

  it('a corrupt preset, imported or opened by the OS, alerts and leaves the scene and list alone', async () => {
    await withHostedApp(async ({ page }, testHost) => {
      await savePreset(page, 'Good one');
      await page.getByRole('button', { name: 'Add Box' }).click();
      const corrupt = join(testHost.files, 'broken.ragdoll');
      writeFileSync(corrupt, '{"schemaVersion": 1, "name": "Broken", "figures": [');
      const before = await bodyPoses(page);

      testHost.dialogs.openPreset.push(corrupt);
      await page.getByRole('button', { name: 'Import Preset…' }).click();
      await expect.poll(() => alertText(page)).toContain('broken.ragdoll');
      expect(await alertText(page)).toContain('left as they were');
      expect(await presetNames(page)).toEqual(['Good one']);
      expect(await figureCount(page)).toBe(1);
      expect(await propCount(page)).toBe(1);

      const opened = await testHost.bridge().openFile(corrupt);
      expect(opened.ok).toBe(false);
      await expect.poll(() => alertText(page)).toContain('broken.ragdoll');
      expect(await presetNames(page)).toEqual(['Good one']);
      expect(await figureCount(page)).toBe(1);
      expect(await propCount(page)).toBe(1);
      const after = await bodyPoses(page);
      expect(after.figures.length).toBe(before.figures.length);
      expect(existsSync(corrupt)).toBe(true);
    });
  });

  it('overwrites after asking; a preset file found corrupt is reported once', async () => {
    await withHostedApp(async ({ page }, testHost) => {
      await savePreset(page, 'Empty stage');
      const item = page.getByRole('list', { name: 'Saved presets' }).getByRole('listitem');
      expect(await item.innerText()).toContain('1 figure, 0 props');
      await page.getByRole('button', { name: 'Add Box' }).click();
      await page.getByRole('button', { name: 'Overwrite “Empty stage”' }).click();
      const ask = page.getByRole('dialog', {
        name: 'Replace “Empty stage” with the scene as it is now?',
      });
      await ask.getByRole('button', { name: 'Overwrite' }).click();
      await expectStatus(page, 'Saved the scene over “Empty stage”.');
      await expect.poll(() => item.innerText()).toContain('1 figure, 1 prop');

      const folder = join(testHost.dataDirectory, 'presets');
      const [file] = readdirSync(folder).filter((name) => name.endsWith('.ragdoll'));
      writeFileSync(join(folder, file!), 'not a preset');
      // Any list refresh reads it: here, a canceled Import….
      await page.keyboard.press('i');
      await expect.poll(() => alertText(page)).toContain(file!.replace('.ragdoll', ''));
      await expect.poll(() => presetNames(page)).toEqual([]);
      expect(readdirSync(folder).some((name) => name.includes('.corrupt-'))).toBe(true);
      await page.getByRole('button', { name: 'Add Ball' }).click();
      await afterPresetListRead(page, testHost, () => page.keyboard.press('i'));
      expect(await alertText(page)).toBe('');
    });
  });

  it('a preset opened by the OS or dropped on the window is imported into the list and loaded', async () => {
    await withHostedApp(async ({ page }, testHost) => {
      await page.getByRole('button', { name: 'Add Ball' }).click();
      await page.getByRole('button', { name: 'Add Ball' }).click();
      await savePreset(page, 'Two balls');
      const exported = join(testHost.files, 'two balls.ragdoll');
      testHost.dialogs.savePreset.push(exported);
      await page.getByRole('button', { name: 'Export “Two balls”' }).click();
      await expectStatus(page, `Exported “Two balls” to ${exported}.`);
      await page.getByRole('button', { name: 'Reset', exact: true }).click();
      expect(await propCount(page)).toBe(0);

      await testHost.bridge().openFile(exported);
      await expectStatus(page, 'Loaded the preset “Two balls”.');
      expect(await propCount(page)).toBe(2);
      await expect.poll(() => presetNames(page)).toEqual(['Two balls', 'Two balls']);

      await page.getByRole('button', { name: 'Clear Props' }).click();
      expect(await propCount(page)).toBe(0);
      testHost.droppedFiles['two balls.ragdoll'] = exported;
      expect(await dropFile(page, readFileSync(exported), 'two balls.ragdoll')).toBe(true);
      await expectStatus(page, 'Loaded the preset “Two balls”.');
      expect(await propCount(page)).toBe(2);
      await expect.poll(() => presetNames(page)).toEqual(['Two balls', 'Two balls', 'Two balls']);
    });
  });
});
