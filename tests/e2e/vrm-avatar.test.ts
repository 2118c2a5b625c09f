/**
 * End to end: a VRM dropped on the window becomes the figure. It is parsed in the page from
 * the dropped bytes, falls onto the stage as a ragdoll, and its (invisible) physics parts are
 * what the mouse grabs: lifting it above 0.5 m and throwing it works as with the box dummy.
 */
import { describe, expect, it } from 'vitest';
import type { HookVec3 } from '../../renderer/src/test-build/test-hook';
import {
  advance,
  advanceUntilRootMoved,
  aimAt,
  alertText,
  figureCount,
  rootPosition,
  waitForLanding,
} from './support/app-page';
import { flickAndLetGo, liftHeld } from './support/mouse-throw';
import { useAppSuite } from './support/suite';
import { dropFixture, expectFixtureOpened, figureKinds, useVrmFixtures } from './support/vrm-files';

const withApp = useAppSuite();
const files = useVrmFixtures();

describe('a dropped VRM', () => {
  it('replaces the box dummy, falls, and can be grabbed, lifted above 0.5 m and thrown', async () => {
    await withApp(async ({ page }) => {
      expect(await figureKinds(page)).toEqual(['box']);
      await dropFixture(page, files, 'vrm1-tpose-full.vrm');
      expect(await alertText(page)).toBe('');
      expect(await figureKinds(page)).toEqual(['vrm']);
      expect(await page.evaluate(() => window.__ragdoll!.modelFileName())).toBe(
        'vrm1-tpose-full.vrm',
      );
      // Every body part of the avatar's ragdoll is a spring-bone collider too.
      const colliders = await page.evaluate(() => window.__ragdoll!.avatarColliders(0));
      expect(colliders!.colliders).toBeGreaterThanOrEqual(15);
      await waitForLanding(page, 0, 0.5);
      // BODIES outlines the physics parts over the model; grabbing still picks them.
      await page.getByRole('button', { name: 'Show Physics Bodies' }).click();
      // Follow off, so the camera does not glide on between finding the torso and pressing on it.
      await page.getByRole('button', { name: 'Follow Camera' }).click();
      await advance(page, 1 / 60);
      const torso = await aimAt(page, () =>
        page.evaluate(() => window.__ragdoll!.partOnScreen(0, 'torso')),
      );
      await page.mouse.move(torso.x, torso.y);
      await page.mouse.down();
      // A body of the figure is held (on a loaded machine the figure can still settle between
      // aiming and pressing, so the pick may land on the torso's neighbour); lifting the root
      // above 0.5 m below proves it is the avatar's.
      const grabbed = await page.evaluate(() => window.__ragdoll!.grabbedHandle());
      expect(grabbed).not.toBeNull();
      // Up at a hand's pace, then a quick flick.
      await liftHeld(page, torso, 'avatar');
      await flickAndLetGo(page, torso);
      expect(await page.evaluate(() => window.__ragdoll!.grabbedHandle())).toBeNull();
      const released: HookVec3 = (await rootPosition(page))!;
      await advanceUntilRootMoved(page, released, 0.2, { maxSeconds: 2 });
      expect(await figureCount(page)).toBe(1);
      const report = await page.evaluate(() => window.__ragdoll!.measure());
      expect(report['nanCount']).toBe(0);
    });
  });

  it('opens through Open Model… (key M) with a file chooser for .vrm, .pmx and .pmd files in a web page', async () => {
    await withApp(async ({ page }) => {
      const name = 'vrm0-tpose-full.vrm';
      const button = page.getByRole('button', { name: 'Open Model…' });
      expect(await button.getAttribute('aria-keyshortcuts')).toBe('M');
      // The button rather than the key: Playwright intercepts the chooser only once its
      // listener is registered, which a bare key press can outrun.
      const chooser = page.waitForEvent('filechooser');
      await button.click();
      const fileChooser = await chooser;
      expect(await fileChooser.element().getAttribute('accept')).toBe('.vrm,.pmx,.pmd');
      await fileChooser.setFiles({
        name,
        mimeType: 'application/octet-stream',
        buffer: Buffer.from(files.bytes(name)),
      });
      await expectFixtureOpened(page, name);
      expect(await figureKinds(page)).toEqual(['vrm']);
      await page.getByRole('button', { name: 'Box Dummy' }).click();
      expect(await figureKinds(page)).toEqual(['box']);
    });
  });
});
