/**
 * End to end in Chromium: a generated glTF stage opened with Open Stage… (the test dialog
 * answers it) is built across frames, swapped in and the figure dropped onto it (3 m up);
 * Built-in Stage brings ours back and the figure lands on our floor again.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gridTriangles, writeStageGlb } from '../../tools/fixtures/gltf-stage-writer';
import { advance, holdTime, rootPosition, statusText } from './support/app-page';
import { createTestHost, type TestHost } from './support/host-files';
import { useAppSuite } from './support/suite';

const withApp = useAppSuite();
let host: TestHost | undefined;
afterEach(() => {
  host?.dispose();
  host = undefined;
});

describe('a stage from a file', () => {
  it('opens with Ctrl+Shift+O, carries the figure 3 m up, and Built-in Stage brings ours back', async () => {
    host = createTestHost();
    const testHost = host;
    await withApp(
      async ({ page }) => {
        await holdTime(page);
        const stage = join(testHost.files, 'hall.glb');
        // 80,000 triangles: built in more than one slice.
        writeFileSync(stage, writeStageGlb(gridTriangles(40, 200, 0, 3, 0)));
        testHost.dialogs.openStage.push(stage);
        await page.keyboard.press('Control+Shift+O');
        await expect
          .poll(() => statusText(page), { timeout: 60_000 })
          .toContain('Stage: hall.glb (80,000 triangles)');
        await advance(page, 3);
        expect((await rootPosition(page))!.y).toBeGreaterThan(3);

        await page.keyboard.press('Control+Shift+B');
        await expect.poll(() => statusText(page)).toContain('The built-in stage is back.');
        await advance(page, 3);
        expect((await rootPosition(page))!.y).toBeLessThan(1.5);
      },
      { beforeLoad: (page) => testHost.install(page) },
    );
  });
});
