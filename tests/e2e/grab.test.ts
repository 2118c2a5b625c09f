/**
 * End to end: mouse grab. Pressing on the doll grabs the part
 * under the cursor, dragging up lifts the doll off the floor (the orbit camera stays put),
 * and letting go throws it: it keeps moving after release.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HookScreenPoint, HookVec3 } from '../../renderer/src/test-build/test-hook';
import {
  SLOW_TIMEOUT_MS,
  advanceUntil,
  advanceUntilRootMoved,
  aimAt,
  distance,
  rootPosition,
  waitForLanding,
} from './support/app-page';
import { flickAndLetGo, liftHeld } from './support/mouse-throw';
import { useAppSuite } from './support/suite';

const withApp = useAppSuite();

/** Where to press on the doll's torso now. */
function torsoOnScreen(page: Page): Promise<HookScreenPoint> {
  return aimAt(page, () => page.evaluate(() => window.__ragdoll!.partOnScreen(0, 'torso')));
}

function cameraPosition(page: Page): Promise<HookVec3> {
  return page.evaluate(() => window.__ragdoll!.cameraPosition());
}

function grabbedHandle(page: Page): Promise<number | null> {
  return page.evaluate(() => window.__ragdoll!.grabbedHandle());
}

describe('mouse grab', () => {
  it('lifts the doll above 0.5 m while dragging and throws it on release', async () => {
    await withApp(async ({ page }) => {
      await waitForLanding(page, 0, 0.5);
      const start = await torsoOnScreen(page);
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      expect(await grabbedHandle(page)).not.toBeNull();
      // Read once the body is held: before that, Follow may still be gliding after the fall.
      const cameraBefore = await cameraPosition(page);
      // Drag straight up in small steps at a hand's pace, then hold it up there.
      await liftHeld(page, start, 'doll');
      expect(await grabbedHandle(page)).not.toBeNull();
      // The orbit controls stood still while the doll was held.
      expect(distance(cameraBefore, await cameraPosition(page))).toBeLessThan(1e-6);
      // A quick sideways flick, then let go: a throw.
      await flickAndLetGo(page, start);
      expect(await grabbedHandle(page)).toBeNull();
      const released: HookVec3 = (await rootPosition(page))!;
      await advanceUntilRootMoved(page, released, 0.2, { maxSeconds: 2 });
    });
  });

  it('orbits the camera when the drag starts on empty space', async () => {
    await withApp(async ({ page }) => {
      const canvas = (await page.locator('canvas').boundingBox())!;
      // Near the top of the view: sky, nothing to grab.
      const from = { x: canvas.x + canvas.width * 0.5, y: canvas.y + 20 };
      const before = await cameraPosition(page);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      expect(await grabbedHandle(page)).toBeNull();
      for (let step = 1; step <= 5; step++) await page.mouse.move(from.x + step * 30, from.y);
      await page.mouse.up();
      await expect
        .poll(async () => distance(before, await cameraPosition(page)), {
          timeout: SLOW_TIMEOUT_MS,
        })
        .toBeGreaterThan(0.1);
    });
  });

  it('grabs props too', async () => {
    await withApp(async ({ page }) => {
      await page.getByRole('button', { name: 'Add Ball' }).click();
      // Let the ball come down (radius 0.3 m: on the floor or on the doll), then slow time
      // so a rolling ball stays under the cursor.
      await advanceUntil(
        page,
        'the ball comes down below 1 m',
        async () => (await page.evaluate(() => window.__ragdoll!.propPosition(0)))!.y < 1,
        { maxSeconds: 3 },
      );
      await page.getByRole('slider', { name: 'Time' }).fill('0.1');
      await page.keyboard.press('f'); // a still camera, so the ball stays where we press
      // Aimed where the ball shows: it may have come to rest behind the doll.
      const ball = await aimAt(page, () => page.evaluate(() => window.__ragdoll!.propOnScreen(0)));
      await page.mouse.move(ball.x, ball.y);
      await page.mouse.down();
      const grabbed = await grabbedHandle(page);
      await page.mouse.up();
      expect(grabbed).toBe(ball.handle);
      expect(await grabbedHandle(page)).toBeNull();
    });
  });
});
