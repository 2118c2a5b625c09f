/**
 * End to end, through the real host services: a generated humanoid PMX with hair, dropped on
 * the window with its texture beside it, becomes the figure. It falls and comes to rest, its
 * hair (the model's own rigid bodies) swings relative to its head, and its body material draws
 * the texture read from the model's folder. A truncated PMX, and one without a bone the
 * ragdoll needs, are refused with an alert naming the file (and the bone) and the scene
 * stays; a missing texture is named once; in Japanese, a tolerated problem in the file (a
 * joint to a missing body) is told in Japanese. A page without the desktop host draws the
 * model untextured and says why; ADD and Box Dummy give back every geometry and texture.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HookVec3 } from '../../renderer/src/test-build/test-hook';
import { BODY_TEXTURE } from '../../tools/fixtures/mmd/mmd-fixture-models';
import {
  advanceUntil,
  alertText,
  distance,
  drawFrameNow,
  rootPosition,
  SLOW_TIMEOUT_MS,
  statusText,
  waitForLanding,
} from './support/app-page';
import { useTestHosts, waitForRest, useHostedApps } from './support/host-files';
import { writeDroppedHumanoidPmx, writeHumanoidPmx } from './support/mmd-files';
import { useAppSuite } from './support/suite';
import { dropFile, figureKinds } from './support/vrm-files';

const withApp = useAppSuite();
const withHostedApp = useHostedApps(withApp);
const newHost = useTestHosts();

const HEAD = '頭';
/** The last bone of the generated hair strand (髪1 … 髪5 under 頭). */
const HAIR_TIP = '髪5';

/** Hair tip minus head, as the page draws them now. */
async function hairFromHead(page: Page): Promise<HookVec3> {
  return page.evaluate(
    ([head, tip]) => {
      // Drawn bones: held time draws only when asked.
      window.__ragdoll!.redraw();
      const h = window.__ragdoll!.mmdBonePosition(0, head)!;
      const t = window.__ragdoll!.mmdBonePosition(0, tip)!;
      return { x: t.x - h.x, y: t.y - h.y, z: t.z - h.z };
    },
    [HEAD, HAIR_TIP] as const,
  );
}

/** Where the MMD figure started: its root, and its hair tip from its head, metres. */
interface FigureStart {
  readonly root: HookVec3;
  readonly hair: HookVec3;
}

/**
 * Starts watching, in the page, for the first figure to be an MMD figure with its avatar
 * drawn; the function returned gives where it was then, read in the first task after it
 * appeared (at most a frame later). Read from the test after the drop instead, a loaded
 * machine could let it fall most of the way (up to 8 physics steps a frame) first.
 */
async function watchMmdFigureStart(page: Page): Promise<() => Promise<FigureStart>> {
  await page.evaluate(
    ([head, tip]) => {
      const hook = window.__ragdoll!;
      const watched = window as { mmdFigureStart?: Promise<FigureStart> };
      watched.mmdFigureStart = new Promise((resolve) => {
        const look = (): void => {
          const h = hook.figureKinds()[0] === 'mmd' ? hook.mmdBonePosition(0, head) : null;
          const t = h ? hook.mmdBonePosition(0, tip) : null;
          if (!h || !t) {
            setTimeout(look, 0);
            return;
          }
          const hair = { x: t.x - h.x, y: t.y - h.y, z: t.z - h.z };
          resolve({ root: hook.rootPosition(0)!, hair });
        };
        look();
      });
    },
    [HEAD, HAIR_TIP] as const,
  );
  return () =>
    page.evaluate(() => (window as { mmdFigureStart?: Promise<FigureStart> }).mmdFigureStart!);
}

/** Drops the file `name` (which the test host maps to a path) and waits for its status. */
async function dropThroughHost(page: Page, bytes: Uint8Array, name: string): Promise<void> {
  expect(await dropFile(page, bytes, name)).toBe(true);
}

/**
 * Drops `bytes` as `name` and checks the model was refused: the alert names the file and says
 * `why`, and the scene still has its box dummy.
 */
async function expectRefusedDrop(
  page: Page,
  bytes: Uint8Array,
  name: string,
  why: string,
): Promise<void> {
  await dropThroughHost(page, bytes, name);
  await expect.poll(() => alertText(page), { timeout: SLOW_TIMEOUT_MS }).toContain(name);
  expect(await alertText(page)).toContain(why);
  expect(await figureKinds(page)).toEqual(['box']);
}

function gpuMemory(page: Page): Promise<{ geometries: number; textures: number }> {
  return page.evaluate(() => window.__ragdoll!.gpuMemory());
}

describe('a dropped MMD model', () => {
  it('falls and rests, its hair swings relative to its head, its body is textured', async () => {
    await withHostedApp(async ({ page }, testHost) => {
      const model = writeDroppedHumanoidPmx(testHost, 'figure.pmx', {
        texture: true,
      });
      const figureStart = await watchMmdFigureStart(page);
      await dropThroughHost(page, model.bytes, 'figure.pmx');
      await expect.poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS }).toEqual(['mmd']);
      expect(await statusText(page)).toMatch(/^Opened テスト人形 \(figure\.pmx\)\./);
      expect(await statusText(page)).not.toContain('texture');
      expect(await alertText(page)).toBe('');
      expect(await page.evaluate(() => window.__ragdoll!.mmdMaterials(0))).toEqual({
        materials: 2,
        textured: 1,
      });

      const { root: start, hair: hairStart } = await figureStart();
      // While it falls and lands, the hair swings away from where it hung on the head.
      await advanceUntil(
        page,
        'the hair swings 1 cm from where it hung',
        async () => distance(hairStart, await hairFromHead(page)) > 0.01,
        { maxSeconds: 2 },
      );
      await waitForLanding(page, 0, 0.5);
      expect((await rootPosition(page))!.y).toBeLessThan(start.y - 1);
      await waitForRest(page, 0.05);
      const report = await page.evaluate(() => window.__ragdoll!.measure());
      expect(report['nanCount']).toBe(0);
    });
  });

  it('refuses a truncated PMX and one missing a needed bone; names a missing or undecodable texture once', async () => {
    const testHost = newHost();
    const good = writeHumanoidPmx(join(testHost.files, 'untextured'), 'plain.pmx', {
      texture: false,
    });
    const broken = good.bytes.subarray(0, Math.floor(good.bytes.length / 2));
    const brokenPath = join(testHost.files, 'broken.pmx');
    writeFileSync(brokenPath, broken);
    const elbowless = writeHumanoidPmx(join(testHost.files, 'elbowless'), 'elbowless.pmx', {
      texture: false,
      model: { omitBones: ['左ひじ'] },
    });
    testHost.droppedFiles['elbowless.pmx'] = elbowless.path;
    const garbled = writeHumanoidPmx(join(testHost.files, 'garbled'), 'garbled.pmx', {
      texture: true,
    });
    writeFileSync(garbled.texturePath!, 'not a picture at all');
    testHost.droppedFiles['garbled.pmx'] = garbled.path;
    const unjoined = writeHumanoidPmx(join(testHost.files, 'unjoined'), 'unjoined.pmx', {
      texture: true,
      model: { jointToMissingBody: true },
    });
    testHost.droppedFiles['unjoined.pmx'] = unjoined.path;
    testHost.droppedFiles['broken.pmx'] = brokenPath;
    testHost.droppedFiles['plain.pmx'] = good.path;
    await withApp(
      async ({ page }) => {
        await expectRefusedDrop(page, broken, 'broken.pmx', 'Could not open the model');
        // A skeleton without a bone the ragdoll needs: the alert names it.
        await expectRefusedDrop(page, elbowless.bytes, 'elbowless.pmx', '左ひじ');

        await dropThroughHost(page, good.bytes, 'plain.pmx');
        await expect.poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS }).toEqual(['mmd']);
        const status = await statusText(page);
        expect(status).toContain(BODY_TEXTURE);
        expect(status.split(BODY_TEXTURE).length - 1).toBe(1);
        expect(await page.evaluate(() => window.__ragdoll!.mmdMaterials(0))).toEqual({
          materials: 2,
          textured: 0,
        });

        // A texture file that is there but is no image: named as unreadable, drawn untextured.
        await dropThroughHost(page, garbled.bytes, 'garbled.pmx');
        await expect
          .poll(() => statusText(page), { timeout: SLOW_TIMEOUT_MS })
          .toContain('garbled.pmx: this texture could not be read');
        expect(await statusText(page)).toContain(BODY_TEXTURE);
        expect(await page.evaluate(() => window.__ragdoll!.mmdMaterials(0))).toEqual({
          materials: 2,
          textured: 0,
        });

        // In Japanese, a tolerated problem is worded in Japanese with the file's own name.
        await page.keyboard.press('l');
        await expect.poll(() => statusText(page)).toBe('言語: 日本語');
        await dropThroughHost(page, unjoined.bytes, 'unjoined.pmx');
        await expect
          .poll(() => statusText(page), { timeout: SLOW_TIMEOUT_MS })
          .toContain('unjoined.pmx には問題がありましたが、回避して開きました: ');
        expect(await statusText(page)).toContain(
          'ジョイント 1 個が、ないか除かれた剛体を指しています（最初:「壊れたジョイント」）。除きました。',
        );
        expect(await statusText(page)).not.toContain('joint');
      },
      { beforeLoad: (page) => testHost.install(page) },
    );
  });

  it('in a web page without the desktop host, is drawn untextured and says why', async () => {
    const host = newHost();
    const model = writeHumanoidPmx(join(host.files, 'web'), 'web.pmx', { texture: true });
    await withApp(async ({ page }) => {
      await dropThroughHost(page, model.bytes, 'web.pmx');
      await expect.poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS }).toEqual(['mmd']);
      expect(await statusText(page)).toContain('desktop app');
      expect(await page.evaluate(() => window.__ragdoll!.mmdMaterials(0))).toEqual({
        materials: 2,
        textured: 0,
      });
    });
  });

  it('gives back every geometry and texture after ADD and Box Dummy', async () => {
    await withHostedApp(async ({ page }, testHost) => {
      const model = writeDroppedHumanoidPmx(testHost, 'memory.pmx', {
        texture: true,
      });
      await drawFrameNow(page);
      const start = await gpuMemory(page);
      let peak = start;
      for (let cycle = 0; cycle < 3; cycle++) {
        await dropThroughHost(page, model.bytes, 'memory.pmx');
        await expect.poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS }).toEqual(['mmd']);
        await page.keyboard.press('a');
        await expect
          .poll(() => statusText(page), { timeout: SLOW_TIMEOUT_MS })
          .toBe('Added a figure (2 of 6).');
        expect(await figureKinds(page)).toEqual(['mmd', 'mmd']);
        expect(await page.evaluate(() => window.__ragdoll!.mmdMaterials(1))).toEqual({
          materials: 2,
          textured: 1,
        });
        await drawFrameNow(page);
        const now = await gpuMemory(page);
        if (now.textures > peak.textures) peak = now;
        await page.keyboard.press('u');
        expect(await figureKinds(page)).toEqual(['box']);
        await drawFrameNow(page);
      }
      // Each figure's textures really were uploaded, so getting back means they were freed.
      expect(peak.textures).toBeGreaterThan(start.textures);
      expect(await gpuMemory(page)).toEqual(start);
    });
  });
}, 600_000);
