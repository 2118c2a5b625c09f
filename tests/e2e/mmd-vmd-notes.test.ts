/**
 * End to end: a VMD played on a generated MMD model that has fingers and eyes. What the
 * ragdoll does not follow is a note in Message History (no alert), naming which bones the
 * model turns with the motion and, apart, the bone the model lacks; the drawn index finger
 * curls by the motion's key while the figure is a ragdoll under it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { writeVmd } from '../../tools/fixtures/motion/vmd-writer';
import { advanceUntil, alertText, SLOW_TIMEOUT_MS } from './support/app-page';
import { useTestHosts, expectStatus } from './support/host-files';
import { writeHumanoidPmx } from './support/mmd-files';
import { useAppSuite } from './support/suite';
import { figureKinds } from './support/vrm-files';

const withApp = useAppSuite();
const newHost = useTestHosts();

const LONG = { timeout: SLOW_TIMEOUT_MS };
const CURL_DEGREES = 60;

/** MMD's quaternion for `degrees` about its Z axis. */
function mmdTurnZ(degrees: number): [number, number, number, number] {
  const half = (degrees * Math.PI) / 360;
  return [0, 0, Math.sin(half), Math.cos(half)];
}

/**
 * The angle (degrees) at 左人指1 between the wrist and the finger's second joint, as drawn (a
 * frame is drawn first: held time draws only when asked).
 */
async function fingerBend(page: Page): Promise<number> {
  return page.evaluate(() => {
    const hook = window.__ragdoll!;
    hook.redraw();
    const [w, a, b] = ['左手首', '左人指1', '左人指2'].map((name) =>
      hook.mmdBonePosition(0, name)!,
    );
    const u = [a!.x - w!.x, a!.y - w!.y, a!.z - w!.z];
    const v = [b!.x - a!.x, b!.y - a!.y, b!.z - a!.z];
    const dot = u[0]! * v[0]! + u[1]! * v[1]! + u[2]! * v[2]!;
    const cos = dot / (Math.hypot(u[0]!, u[1]!, u[2]!) * Math.hypot(v[0]!, v[1]!, v[2]!));
    return (Math.acos(Math.min(1, Math.max(-1, cos))) * 180) / Math.PI;
  });
}

describe('a VMD on an MMD model', () => {
  it('notes what the ragdoll does not follow in Message History and curls the drawn finger', async () => {
    const testHost = newHost();
    const model = writeHumanoidPmx(join(testHost.files, 'figure'), 'figure.pmx', {
      texture: false,
      model: {
        extraBones: [
          { name: '左人指1', parent: '左手首', position: [7.6, 15.4, 0], tail: '左人指2' },
          { name: '左人指2', parent: '左人指1', position: [8.2, 15.4, 0], tailOffset: [0.5, 0, 0] },
          { name: '両目', parent: '頭', position: [0, 18.2, -0.6], tailOffset: [0, 0, -0.5] },
        ],
      },
    });
    const dance = join(testHost.files, 'dance.vmd');
    writeFileSync(
      dance,
      writeVmd({
        keys: [
          { name: '上半身', frame: 0 },
          { name: '上半身', frame: 30 },
          { name: '左人指１', frame: 0, rotation: mmdTurnZ(CURL_DEGREES) },
          { name: '両目', frame: 0, rotation: [0, 0.17, 0, 0.985] },
          { name: '左袖', frame: 0, rotation: [0.26, 0, 0, 0.966] },
        ],
      }),
    );
    await withApp(
      async ({ page }) => {
        await testHost.bridge().openFile(model.path);
        await expect.poll(() => figureKinds(page), LONG).toEqual(['mmd']);
        // Straight at rest, once the model has been drawn.
        await expect.poll(() => fingerBend(page), LONG).toBeLessThan(1);
        await testHost.bridge().openFile(dance);
        await expectStatus(page, 'Playing dance.vmd on the figure.');
        expect(await alertText(page)).toBe('');
        await page.keyboard.press('h');
        const history = page.locator('.status-history');
        await expect.poll(() => history.innerText(), LONG).toContain('dance.vmd moves bones');
        const text = await history.innerText();
        expect(text).toContain(
          'dance.vmd moves bones the ragdoll does not follow: the model turns 左人指１, 両目 with the motion alone.',
        );
        expect(text).toContain(
          'dance.vmd moves a bone this model does not have, so it is left out: 左袖.',
        );
        expect(text).not.toContain('not on the figure');
        expect(await page.locator('.status-history-alert').count()).toBe(0);
        // The key holds the finger curled, whatever the ragdoll does around it.
        await advanceUntil(
          page,
          'the finger curls',
          async () => (await fingerBend(page)) > CURL_DEGREES - 1,
          { maxSeconds: 2 },
        );
        expect(await fingerBend(page)).toBeLessThan(CURL_DEGREES + 1);
      },
      { beforeLoad: (page) => testHost.install(page) },
    );
  });
});
