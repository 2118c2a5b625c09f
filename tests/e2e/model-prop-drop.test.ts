/**
 * End to end: a PMX without a humanoid skeleton dropped on the view stands where it was
 * dropped: on the floor or on the slope under the pointer, within a few centimetres of where the
 * ray through the drop point meets the stage. Dropped on the sky it takes the next spot in
 * front of the figures, as opening it does. Undo and Redo take the dropped prop away and bring
 * it back where it stood, and a preset keeps it there.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MODEL_PROP_SPOTS } from '../../renderer/src/physics/model-prop-placement';
import { STAGE_DIMENSIONS } from '../../renderer/src/physics/stage';
import type { HookPose, HookVec3 } from '../../renderer/src/test-build/test-hook';
import { writeRibbonPmx } from './support/mmd-files';
import { SLOW_TIMEOUT_MS, alertText, drawFrameNow } from './support/app-page';
import { useTestHosts, expectStatus } from './support/host-files';
import { savePresetNamed } from './support/preset-page';
import { useAppSuite } from './support/suite';
import { dropFile } from './support/vrm-files';

const withApp = useAppSuite();
const newHost = useTestHosts();

const D = STAGE_DIMENSIONS;

/** A page point, CSS pixels. */
type ScreenPoint = { readonly x: number; readonly y: number };

function pointOnScreen(page: Page, point: HookVec3): Promise<ScreenPoint> {
  return page.evaluate((p) => {
    const screen = window.__ragdoll!.pointOnScreen(p);
    if (!screen) throw new Error(`(${p.x}, ${p.y}, ${p.z}) is behind the camera`);
    return screen;
  }, point);
}

/** A surface of the stage as a height over (x, z), metres. */
type Surface = (x: number, z: number) => number;

/** A point of `surface` over (x, z). */
function on(surface: Surface, x: number, z: number): HookVec3 {
  return { x, y: surface(x, z), z };
}

/**
 * The point of `surface` that the camera shows at page point `screen`, metres: where the ray
 * through that pixel meets it, found from the view's projection alone (Newton's method on the
 * projected point, starting at `guess`), not from the app's own ray.
 */
async function pointAtPixel(
  page: Page,
  screen: ScreenPoint,
  surface: Surface,
  guess: HookVec3,
): Promise<HookVec3> {
  const step = 0.01;
  let point = guess;
  for (let i = 0; i < 5; i++) {
    const here = await pointOnScreen(page, point);
    const alongX = await pointOnScreen(page, on(surface, point.x + step, point.z));
    const alongZ = await pointOnScreen(page, on(surface, point.x, point.z + step));
    const [a, b] = [(alongX.x - here.x) / step, (alongZ.x - here.x) / step];
    const [c, d] = [(alongX.y - here.y) / step, (alongZ.y - here.y) / step];
    const [ex, ey] = [screen.x - here.x, screen.y - here.y];
    const det = a * d - b * c;
    point = on(surface, point.x + (d * ex - b * ey) / det, point.z + (a * ey - c * ex) / det);
  }
  return point;
}

/** Whether the 3D view itself (not the panel or the timeline bar) is drawn at `screen`. */
function viewShowsAt(page: Page, screen: ScreenPoint): Promise<boolean> {
  return page.evaluate(
    (p) => document.elementFromPoint(p.x, p.y) === document.querySelector('canvas'),
    screen,
  );
}

function modelPropPoses(page: Page): Promise<HookPose[][]> {
  return page.evaluate(() => window.__ragdoll!.modelPropPoses());
}

/** Drops the ribbon at `screen` and returns the new prop's bodies once it is in the scene. */
async function dropRibbonAt(page: Page, bytes: Uint8Array, screen: ScreenPoint) {
  const before = (await modelPropPoses(page)).length;
  expect(await dropFile(page, bytes, 'ribbon.pmx', screen)).toBe(true);
  await expect
    .poll(async () => (await modelPropPoses(page)).length, { timeout: SLOW_TIMEOUT_MS })
    .toBe(before + 1);
  return (await modelPropPoses(page))[before]!;
}

function toVec(pose: HookPose): HookVec3 {
  const [x, y, z] = pose.position;
  return { x, y, z };
}

function horizontalGap(pose: HookPose, point: HookVec3): number {
  return Math.hypot(pose.position[0] - point.x, pose.position[2] - point.z);
}

describe('a model prop dropped on the view', () => {
  it('stands under the drop point on floor and slope, on the sky at its spot; undo, redo, presets keep it', async () => {
    const testHost = newHost();
    const path = writeRibbonPmx(testHost.files);
    const bytes = readFileSync(path);
    testHost.droppedFiles['ribbon.pmx'] = path;
    await withApp(
      async ({ page }) => {
        // A still camera, so screen points stay where they were aimed; time is held, so a
        // prop stands where it was put when it is read.
        await page.keyboard.press('f');
        await drawFrameNow(page);

        const floor: Surface = () => 0;
        // The slope rises toward -Z from its low edge on the floor.
        const slope: Surface = (_x, z) => (D.slopeStartZ - z) * Math.tan(D.slopeAngle);
        const targets = [
          { name: 'floor', surface: floor, guess: on(floor, 1.5, -1) },
          { name: 'slope', surface: slope, guess: on(slope, 0.8, -4.3) },
        ];
        for (const target of targets) {
          const exact = await pointOnScreen(page, target.guess);
          const screen = { x: Math.round(exact.x), y: Math.round(exact.y) };
          expect(await viewShowsAt(page, screen), target.name).toBe(true);
          // Where the ray through the drop's pixel meets that surface.
          const hit = await pointAtPixel(page, screen, target.surface, target.guess);
          const bodies = await dropRibbonAt(page, bytes, screen);
          // The carrier (the knot) over the hit, within a few centimetres.
          expect(horizontalGap(bodies[0]!, hit), target.name).toBeLessThan(0.03);
          // Resting on the surface: its lowest link just above it, not under it nor high up.
          const lowest = Math.min(...bodies.map((body) => body.position[1]));
          expect(lowest, target.name).toBeGreaterThan(hit.y);
          expect(lowest, target.name).toBeLessThan(hit.y + 0.15);
        }
        await expectStatus(
          page,
          'リボン (ribbon.pmx) has no humanoid skeleton, so it was added as a prop: grab it, pin it or blast it like a ball.',
        );

        // The sky, above the horizon: the next spot in front of the figures.
        const canvas = (await page.locator('canvas').boundingBox())!;
        const sky = { x: Math.round(canvas.x + canvas.width * 0.75), y: Math.round(canvas.y + 8) };
        expect(await viewShowsAt(page, sky)).toBe(true);
        const fallback = await dropRibbonAt(page, bytes, sky);
        const [spotX, spotZ] = MODEL_PROP_SPOTS[2]!;
        expect(horizontalGap(fallback[0]!, { x: spotX, y: 0, z: spotZ })).toBeLessThan(0.01);

        // Undo takes the sky's and the slope's props away; Redo brings the slope's back there.
        const onSlope = (await modelPropPoses(page))[1]![0]!;
        await page.keyboard.press('Control+z');
        await expectStatus(page, 'Undone: Open Model.');
        await page.keyboard.press('Control+z');
        await expect
          .poll(async () => (await modelPropPoses(page)).length, { timeout: SLOW_TIMEOUT_MS })
          .toBe(1);
        await page.keyboard.press('Control+Shift+Z');
        await expectStatus(page, 'Redone: Open Model.');
        const redone = await modelPropPoses(page);
        expect(redone).toHaveLength(2);
        const back = redone[1]![0]!;
        expect(
          Math.hypot(...back.position.map((value, axis) => value - onSlope.position[axis]!)),
        ).toBeLessThan(0.03);

        // A preset keeps both dropped props where they stand: CLEAR, then load it.
        const saved = await modelPropPoses(page);
        await savePresetNamed(page, 'Dropped');
        await page.getByRole('button', { name: 'Clear Props' }).click();
        await expectStatus(page, 'Removed 2 props.');
        expect(await modelPropPoses(page)).toHaveLength(0);
        await page.getByRole('button', { name: 'Load “Dropped”' }).click();
        await expectStatus(page, 'Loaded the preset “Dropped”.');
        const loaded = await modelPropPoses(page);
        expect(loaded).toHaveLength(2);
        loaded.forEach((bodies, index) =>
          expect(horizontalGap(bodies[0]!, toVec(saved[index]![0]!))).toBeLessThan(0.03),
        );
        expect(await alertText(page)).toBe('');
      },
      { beforeLoad: (page) => testHost.install(page) },
    );
  }, 300_000); // three drops, undo and redo, and a preset, under SwiftShader
});
