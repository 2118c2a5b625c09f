/**
 * End to end: the scene commands with a VRM open. ADD loads the file again for each new
 * figure (up to six), DROP lifts the same avatars again without reloading, RESET stands
 * them up, Box Dummy switches back; a file that is not a usable VRM shows an alert naming
 * it and leaves the figures exactly as they were.
 */
import { describe, expect, it } from 'vitest';
import {
  SLOW_TIMEOUT_MS,
  alertText,
  figureCount,
  rootHeightsOnClick,
  rootPosition,
  statusText,
  waitForLanding,
} from './support/app-page';
import { useAppSuite } from './support/suite';
import { dropFile, figureKinds, openVrm, useVrmFixtures } from './support/vrm-files';

const withApp = useAppSuite();
const files = useVrmFixtures();

/** Each broken fixture, and the words its alert must contain beside the file name. */
const BROKEN: readonly (readonly [string, RegExp])[] = [
  ['broken-wrong-magic.vrm', /does not start with the binary glTF signature/],
  ['broken-truncated.vrm', /truncated/],
  ['broken-damaged-json.vrm', /damaged JSON chunk/],
  ['broken-missing-bones.vrm', /no rightHand, leftLowerLeg bones; a ragdoll needs/],
];

describe('commands with a VRM', () => {
  it('ADD reloads the model per figure up to six; DROP and RESET keep the avatars; Box Dummy switches back', async () => {
    await withApp(async ({ page }) => {
      await openVrm(page, files, 'vrm0-apose-full.vrm');
      const add = page.getByRole('button', { name: 'Add Figure' });
      for (let count = 2; count <= 6; count++) {
        await add.click();
        await expect
          .poll(() => statusText(page), { timeout: SLOW_TIMEOUT_MS })
          .toBe(`Added a figure (${count} of 6).`);
      }
      expect(await figureKinds(page)).toEqual(Array.from({ length: 6 }, () => 'vrm'));
      await add.click();
      expect(await alertText(page)).toBe('6 figures is the limit.');
      expect(await figureCount(page)).toBe(6);
      await waitForLanding(page, 0, 0.6);
      // Where DROP put them, read before a frame could let them fall.
      const dropped = await rootHeightsOnClick(page, page.getByRole('button', { name: 'Drop' }));
      expect(await statusText(page)).toBe('Dropped 6 figures.');
      expect(await page.evaluate(() => window.__ragdoll!.modelFileName())).toBe(
        'vrm0-apose-full.vrm',
      );
      expect(dropped).toHaveLength(6);
      for (const y of dropped) expect(y).toBeGreaterThan(1.9);
      expect(await figureKinds(page)).toEqual(Array.from({ length: 6 }, () => 'vrm'));
      await page.getByRole('button', { name: 'Reset', exact: true }).click();
      expect(await statusText(page)).toBe('Reset: figures standing, props removed.');
      const standing = (await rootPosition(page, 0))!.y;
      expect(standing).toBeGreaterThan(0.5);
      expect(standing).toBeLessThan(1.5);
      expect(await figureCount(page)).toBe(6);
      await page.getByRole('button', { name: 'Box Dummy' }).click();
      expect(await statusText(page)).toBe('Switched back to the box dummy.');
      expect(await figureKinds(page)).toEqual(['box']);
      expect(await page.evaluate(() => window.__ragdoll!.modelFileName())).toBeNull();
      const measured = await page.evaluate(() => window.__ragdoll!.measure());
      expect(measured['nanCount']).toBe(0);
    });
  });

  it('refuses broken files with an alert naming the file, leaving the scene as it was', async () => {
    await withApp(async ({ page }) => {
      for (const [name, problem] of BROKEN) {
        expect(await dropFile(page, files.bytes(name), name)).toBe(true);
        await expect.poll(() => alertText(page), { timeout: SLOW_TIMEOUT_MS }).toContain(name);
        const alert = await alertText(page);
        expect(alert).toMatch(problem);
        expect(alert).toContain('Choose a VRM file');
        expect(await figureKinds(page)).toEqual(['box']);
      }
      // With an avatar open, a broken file leaves that avatar (and its file) in place.
      await openVrm(page, files, 'vrm1-apose-15bones.vrm');
      await page.getByRole('button', { name: 'Add Figure' }).click();
      await expect
        .poll(() => statusText(page), { timeout: SLOW_TIMEOUT_MS })
        .toBe('Added a figure (2 of 6).');
      const name = 'broken-damaged-json.vrm';
      await dropFile(page, files.bytes(name), name);
      await expect.poll(() => alertText(page), { timeout: SLOW_TIMEOUT_MS }).toContain(name);
      expect(await figureKinds(page)).toEqual(['vrm', 'vrm']);
      expect(await page.evaluate(() => window.__ragdoll!.modelFileName())).toBe(
        'vrm1-apose-15bones.vrm',
      );
    });
  });
});
