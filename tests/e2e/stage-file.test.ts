/**
 * End to end in Chromium: a generated glTF stage opened with Open Stage… (the test dialog
 * answers it) is built across frames, swapped in and the figure dropped onto it (3 m up);
 * undo takes it away and redo brings it back, each with the figure where it was;
 * a preset saved on it keeps it; Built-in Stage brings ours back and the figure lands on our
 * floor again; the recent library lists it as a stage and opens it again; loading the preset
 * opens the stage again with the figure on it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gridTriangles, writeStageGlb } from '../../tools/fixtures/gltf-stage-writer';
import { advance, rootPosition, statusText } from './support/app-page';
import { fileForDialog, useHostedApps } from './support/host-files';
import { useAppSuite } from './support/suite';

const withApp = useAppSuite();
const withHostedApp = useHostedApps(withApp);

/** Waits until hall.glb is the stage, then checks the figure lands on it, 3 m up. */
async function expectFigureOnHall(page: Page): Promise<void> {
  await expect
    .poll(() => statusText(page), { timeout: 60_000 })
    .toContain('Stage: hall.glb (80,000 triangles)');
  await advance(page, 3);
  expect((await rootPosition(page))!.y).toBeGreaterThan(3);
}

describe('a stage from a file', () => {
  it('opens with Ctrl+Shift+G and carries the figure 3 m up; Built-in Stage and a preset swap it', async () => {
    await withHostedApp(async ({ page }, testHost) => {
      // 80,000 triangles: built in more than one slice.
      fileForDialog(
        testHost,
        'openStage',
        'hall.glb',
        writeStageGlb(gridTriangles(40, 200, 0, 3, 0)),
      );
      // Time is held: the figure stays where it is until the stage swaps in.
      const before = (await rootPosition(page))!;
      await page.keyboard.press('Control+Shift+G');
      await expectFigureOnHall(page);

      // Undo takes the stage away with the figure back where it stood; redo builds it again
      // and puts the figure back on it.
      await page.keyboard.press('Control+z');
      await expect.poll(() => statusText(page)).toContain('Undone: Open Stage.');
      expect((await rootPosition(page))!.y).toBeCloseTo(before.y, 3);
      await page.keyboard.press('Control+Shift+Z');
      await expect
        .poll(() => statusText(page), { timeout: 60_000 })
        .toContain('Redone: Open Stage.');
      expect((await rootPosition(page))!.y).toBeGreaterThan(3);
      await advance(page, 1);
      expect((await rootPosition(page))!.y).toBeGreaterThan(3);

      // A preset saved on it opens it again, with the figure where it was.
      await page.getByRole('button', { name: 'Save Preset…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save the scene as a preset' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => statusText(page)).toContain('Saved the preset');

      await page.keyboard.press('Control+Shift+B');
      await expect.poll(() => statusText(page)).toContain('The built-in stage is back.');
      await advance(page, 3);
      expect((await rootPosition(page))!.y).toBeLessThan(1.5);

      // The recent library kept it as a stage: Open there brings it back, Built-in again.
      const entry = page.getByRole('listitem').filter({ hasText: 'hall.glb' });
      await expect.poll(() => entry.innerText()).toContain('Stage · glTF (GLB)');
      expect(await page.getByRole('button', { name: 'Add “hall.glb”' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Open “hall.glb”' }).click();
      await expectFigureOnHall(page);
      await page.keyboard.press('Control+Shift+B');
      await expect.poll(() => statusText(page)).toContain('The built-in stage is back.');
      await advance(page, 3);

      await page.getByRole('button', { name: /^Load “/ }).click();
      await expect.poll(() => statusText(page), { timeout: 60_000 }).toContain('Loaded the preset');
      await advance(page, 2);
      expect((await rootPosition(page))!.y).toBeGreaterThan(3);
    });
  });
});
