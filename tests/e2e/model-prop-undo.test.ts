/**
 * End to end: Undo and Redo of a model prop (a PMX without a humanoid skeleton, written at
 * test time). Opening it and undoing takes it away with its drawing; Redo brings it back
 * where it was within 1 mm; Delete (right-click menu) undone brings it back too, made again
 * from the model kept in memory.
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HookPose } from '../../renderer/src/test-build/test-hook';
import { SLOW_TIMEOUT_MS, advance, alertText, drawFrameNow, propKinds } from './support/app-page';
import { largestGap } from './support/host-files';
import { openRibbonProp, useRibbonHosts } from './support/ribbon-prop';
import { useAppSuite } from './support/suite';

const withApp = useAppSuite();
const ribbonHost = useRibbonHosts();

/** Every model prop's bodies in one list. */
function modelPropPoses(page: Page): Promise<HookPose[]> {
  return page.evaluate(() => window.__ragdoll!.modelPropPoses().flat());
}

/**
 * In one task of the page (no physics step in between): reads the model props' poses, runs
 * `act` (a key, or a click on an element), waits through microtasks for the status line to
 * change (undo resolves through a few promises), and reads the poses again.
 */
async function posesAround(
  page: Page,
  act: { key: string; ctrlKey?: boolean; shiftKey?: boolean } | { click: string },
): Promise<{ before: HookPose[]; after: HookPose[]; status: string }> {
  return page.evaluate(async (act) => {
    const poses = (): HookPose[] => window.__ragdoll!.modelPropPoses().flat();
    const status = (): string => document.querySelector('[role="status"]')?.textContent ?? '';
    const before = poses();
    const told = status();
    if ('click' in act) {
      const item = Array.from(document.querySelectorAll<HTMLElement>('[role="menuitem"]')).find(
        (element) => element.textContent === act.click,
      );
      if (!item) throw new Error(`no menu item ${act.click}`);
      item.click();
    } else {
      const { key, ...modifiers } = act;
      window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ...modifiers }));
    }
    for (let i = 0; i < 400 && status() === told; i++) await Promise.resolve();
    return { before, after: poses(), status: status() };
  }, act);
}

describe('undo and redo of model props', () => {
  it('undo takes an opened prop away, redo brings it back within 1 mm; a delete is undone', async () => {
    const ribbon = ribbonHost();
    await withApp(
      async ({ page }) => {
        await page.keyboard.press('f'); // a still camera, so the prop stays where we click
        await openRibbonProp(page, ribbon);
        await advance(page, 0.5);
        const drawn = (await page.evaluate(() => window.__ragdoll!.gpuMemory())).geometries;
        // Undo reads no file: the model's file is gone from disk before undo and redo.
        rmSync(dirname(ribbon.path), { recursive: true });

        const undo = await posesAround(page, { key: 'z', ctrlKey: true });
        expect(undo.status).toBe('Undone: Open Model.');
        expect(undo.before).toHaveLength(7);
        expect(undo.after).toHaveLength(0);
        expect(await propKinds(page)).toEqual([]);
        expect(await page.evaluate(() => window.__ragdoll!.figures())).toBe(1);
        await drawFrameNow(page);
        const gone = (await page.evaluate(() => window.__ragdoll!.gpuMemory())).geometries;
        expect(gone).toBeLessThan(drawn);

        const redo = await posesAround(page, { key: 'z', ctrlKey: true, shiftKey: true });
        expect(redo.status).toBe('Redone: Open Model.');
        expect(await propKinds(page)).toEqual(['model']);
        expect(largestGap(undo.before, redo.after)).toBeLessThan(0.001);
        await drawFrameNow(page);
        // Drawn again, from the model kept in memory.
        expect((await page.evaluate(() => window.__ragdoll!.gpuMemory())).geometries).toBe(drawn);

        // Delete from the body's menu, then undo it: back where it was, drawn.
        await advance(page, 0.5);
        // The prop stands in front of the figures, near the view's foot (under the timeline
        // bar): zoom out until it is well inside the view.
        const knotOnScreen = () => page.evaluate(() => window.__ragdoll!.modelPropOnScreen(0, 1));
        await page.mouse.move(500, 200);
        for (let i = 0; i < 10 && ((await knotOnScreen())?.y ?? Infinity) > 360; i++) {
          await page.mouse.wheel(0, 300);
          await advance(page, 1 / 60);
        }
        const knot = (await knotOnScreen())!;
        expect(knot.y).toBeLessThan(360);
        await page.mouse.click(knot.x, knot.y, { button: 'right' });
        await page
          .getByRole('menuitem', { name: 'Delete' })
          .waitFor({ state: 'visible', timeout: SLOW_TIMEOUT_MS });
        const deleted = await posesAround(page, { click: 'Delete' });
        expect(deleted.status).toBe('Removed the prop.');
        expect(deleted.after).toHaveLength(0);
        const back = await posesAround(page, { key: 'z', ctrlKey: true });
        expect(back.status).toBe('Undone: Delete.');
        expect(largestGap(deleted.before, back.after)).toBeLessThan(0.001);
        expect(await propKinds(page)).toEqual(['model']);
        await drawFrameNow(page);
        expect((await page.evaluate(() => window.__ragdoll!.gpuMemory())).geometries).toBe(drawn);
        expect(await alertText(page)).toBe('');
        expect(await modelPropPoses(page)).toHaveLength(7);
      },
      { beforeLoad: (page) => ribbon.host.install(page) },
    );
  }, 300_000); // opening, undo, redo and a delete each wait for a drawn frame under SwiftShader
});
