import type { Page } from 'playwright-core';
import type { Preset } from '../../../shared/preset-schema';
import type { TestHost } from '../../../tools/browser/test-host';
import { expectStatus } from './host-files';

/**
 * Saves the scene as a preset named `name` the way a person does with the keyboard: S opens
 * the save dialog, the name is typed in and Save pressed; waits until the status line says
 * it was saved.
 */
export async function savePresetNamed(page: Page, name: string): Promise<void> {
  await page.keyboard.press('s');
  const dialog = page.getByRole('dialog', { name: 'Save the scene as a preset' });
  await dialog.getByRole('textbox', { name: 'Preset name' }).fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectStatus(page, `Saved the preset “${name}”.`);
}

/** The preset the host lists first (the newest saved) as it is on disk, with its id. */
export async function newestSavedPreset(
  testHost: TestHost,
): Promise<{ readonly id: string; readonly preset: Preset }> {
  const [summary] = (await testHost.bridge().services.listPresets()).presets;
  if (!summary) throw new Error('e2e: the host lists no saved preset');
  return {
    id: summary.id,
    preset: (await testHost.bridge().services.loadPreset(summary.id)).preset,
  };
}
