/**
 * End to end: Undo and Redo in the built renderer. BLAST then Ctrl+Z puts every body back
 * within 1 mm and Ctrl+Shift+Z brings the blast back; a slider drag is one step; an MMD figure
 * undone away and redone comes back with its textured avatar although its files were deleted
 * from disk meanwhile (undo reads no file).
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HookPose } from '../../renderer/src/test-build/test-hook';
import { SLOW_TIMEOUT_MS, advance, alertText, figureCount, settings } from './support/app-page';
import { expectStatus, largestGap, useHostedApps } from './support/host-files';
import { writeDroppedHumanoidPmx } from './support/mmd-files';
import { useAppSuite } from './support/suite';
import { dropFile, figureKinds } from './support/vrm-files';

const withApp = useAppSuite();
const withHostedApp = useHostedApps(withApp);

/** Every body of the scene in one list: each figure's parts, then the props. */
type Poses = HookPose[];

/**
 * In one task of the page (so no physics step runs in between): reads every body's pose,
 * presses `key` with the given modifiers, lets the command's promise chain finish (microtasks
 * only, still no frame), and reads the poses again. Returns both, and the status line after.
 */
async function posesAroundKey(
  page: Page,
  key: string,
  modifiers: { ctrlKey?: boolean; shiftKey?: boolean } = {},
): Promise<{ before: Poses; after: Poses; status: string }> {
  return page.evaluate(
    async ({ key, modifiers }) => {
      const poses = (): HookPose[] => {
        const all = window.__ragdoll!.bodyPoses();
        return [...all.figures.flat(), ...all.props];
      };
      const status = (): string => document.querySelector('[role="status"]')?.textContent ?? '';
      const before = poses();
      const told = status();
      window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ...modifiers }));
      // Undo's restore resolves through a few promises; no frame can run between microtasks.
      for (let i = 0; i < 200 && status() === told; i++) await Promise.resolve();
      return { before, after: poses(), status: status() };
    },
    { key, modifiers },
  );
}

describe('undo and redo', () => {
  it('undo after BLAST puts every body back within 1 mm; redo brings the blast back', async () => {
    await withApp(async ({ page }) => {
      await page.keyboard.press('a');
      await page.keyboard.press('o');
      await page.keyboard.press('x');
      await advance(page, 0.5);
      const undoButton = page.getByRole('button', { name: 'Undo' });
      const redoButton = page.getByRole('button', { name: 'Redo' });
      expect(await undoButton.getAttribute('aria-keyshortcuts')).toBe('Control+Z Meta+Z');
      expect(await redoButton.isDisabled()).toBe(true);

      const blast = await posesAroundKey(page, 'b');
      expect(blast.status).toBe('Blast!');
      await advance(page, 0.5);
      const undo = await posesAroundKey(page, 'z', { ctrlKey: true });
      expect(undo.status).toBe('Undone: Blast.');
      // The blast really moved everything away, or the check below would prove nothing.
      expect(largestGap(blast.before, undo.before)).toBeGreaterThan(0.3);
      expect(blast.before.length).toBe(2 * 11 + 2);
      expect(largestGap(blast.before, undo.after)).toBeLessThan(0.001);

      const redo = await posesAroundKey(page, 'Z', { ctrlKey: true, shiftKey: true });
      expect(redo.status).toBe('Redone: Blast.');
      expect(largestGap(undo.before, redo.after)).toBeLessThan(0.001);

      // The real keys and the panel buttons do the same.
      await page.keyboard.press('Control+z');
      await expectStatus(page, 'Undone: Blast.');
      expect(await redoButton.isDisabled()).toBe(false);
      await redoButton.click();
      await expectStatus(page, 'Redone: Blast.');
      await page.keyboard.press('Control+y');
      await expectStatus(page, 'Nothing to redo.');
      // BLAST, then the box, the ball and the figure: four steps back to the start.
      for (let i = 0; i < 4; i++) await undoButton.click();
      await expect.poll(() => figureCount(page)).toBe(1);
      expect(await page.evaluate(() => window.__ragdoll!.props())).toBe(0);
      await page.keyboard.press('Control+z');
      await expectStatus(page, 'Nothing to undo.');
      expect(await undoButton.isDisabled()).toBe(true);
    });
  });

  it('a slider drag is one step, and Ctrl+Z in a text field is left to the field', async () => {
    await withApp(async ({ page }) => {
      // A drag as the browser reports it: an input event per move, one change at the end.
      await page.getByRole('slider', { name: 'Stiffness' }).evaluate((slider) => {
        const input = slider as HTMLInputElement;
        for (let value = 55; value <= 90; value += 5) {
          input.value = String(value);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }
        input.dispatchEvent(new Event('change', { bubbles: true }));
      });
      const dragged = (await settings(page)).stiffness;
      expect(dragged).toBe(90);
      await page.keyboard.press('Control+z');
      await expectStatus(page, 'Undone: Stiffness.');
      expect((await settings(page)).stiffness).toBe(50);
      await page.keyboard.press('Control+Shift+Z');
      await expectStatus(page, 'Redone: Stiffness.');
      expect((await settings(page)).stiffness).toBe(dragged);

      await page.evaluate(() => {
        const field = document.createElement('input');
        field.id = 'e2e-field';
        document.body.append(field);
        field.focus();
      });
      // One character: Chromium's own undo groups typed characters by timing, and on a loaded
      // machine two keys typed in a row can become two undo steps.
      await page.keyboard.type('a');
      await page.keyboard.press('Control+z');
      expect(await page.inputValue('#e2e-field')).toBe('');
      expect((await settings(page)).stiffness).toBe(dragged);
    });
  });

  it('an MMD figure undone away comes back with its avatar, reading no file', async () => {
    await withHostedApp(async ({ page }, testHost) => {
      const model = writeDroppedHumanoidPmx(testHost, 'figure.pmx', {
        texture: true,
      });
      expect(await dropFile(page, model.bytes, 'figure.pmx')).toBe(true);
      await expect.poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS }).toEqual(['mmd']);
      await page.keyboard.press('a');
      await expect
        .poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS })
        .toEqual(['mmd', 'mmd']);
      // From here on the model and its texture are gone from disk.
      rmSync(dirname(model.path), { recursive: true, force: true });
      await page.keyboard.press('Control+z');
      await expectStatus(page, 'Undone: Add Figure.');
      expect(await figureKinds(page)).toEqual(['mmd']);
      await page.keyboard.press('Control+Shift+Z');
      await expectStatus(page, 'Redone: Add Figure.');
      expect(await figureKinds(page)).toEqual(['mmd', 'mmd']);
      expect(await page.evaluate(() => window.__ragdoll!.mmdMaterials(1))).toEqual({
        materials: 2,
        textured: 1,
      });
      // Undo the model itself: back to the box dummy, then forward to both MMD figures.
      await page.keyboard.press('Control+z');
      await page.keyboard.press('Control+z');
      await expectStatus(page, 'Undone: Open Model.');
      expect(await figureKinds(page)).toEqual(['box']);
      await page.keyboard.press('Control+Shift+Z');
      await page.keyboard.press('Control+Shift+Z');
      await expectStatus(page, 'Redone: Add Figure.');
      expect(await figureKinds(page)).toEqual(['mmd', 'mmd']);
      expect(await alertText(page)).toBe('');
    });
  });
});
