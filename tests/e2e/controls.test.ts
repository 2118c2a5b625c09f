/**
 * End to end: each panel control does what it says, read back through the test hook
 * (counts, positions, settings) and the status and alert regions people and screen
 * readers see. Tests share pages where they can: every page load costs seconds here.
 */
import { describe, expect, it } from 'vitest';
import {
  advanceUntil,
  advanceUntilRootMoved,
  alertText,
  checkedSlider,
  drawFrameNow,
  figureCount,
  maxSpeed,
  propCount,
  propKinds,
  rootHeightsOnClick,
  rootPosition,
  settings,
  statusText,
} from './support/app-page';
import { useAppSuite } from './support/suite';

const withApp = useAppSuite();

describe('panel controls', () => {
  it('ADD adds figures up to six, then alerts; DROP raises them all', async () => {
    await withApp(async ({ page }) => {
      const add = page.getByRole('button', { name: 'Add Figure' });
      for (let count = 2; count <= 6; count++) {
        await add.click();
        expect(await figureCount(page)).toBe(count);
        expect(await statusText(page)).toBe(`Added a figure (${count} of 6).`);
      }
      await add.click();
      expect(await figureCount(page)).toBe(6);
      expect(await alertText(page)).toBe('6 figures is the limit.');
      // Wait until the first figure has come down, then DROP lifts every one again.
      await advanceUntil(
        page,
        'the first figure comes down below 1.2 m',
        async () => (await rootPosition(page))!.y < 1.2,
        { maxSeconds: 3 },
      );
      // Where DROP put them, read before a frame could let them fall.
      const dropped = await rootHeightsOnClick(page, page.getByRole('button', { name: 'Drop' }));
      expect(dropped).toHaveLength(6);
      for (const y of dropped) expect(y).toBeGreaterThan(1.9);
      // The next success clears the alert.
      expect(await alertText(page)).toBe('');
      expect(await statusText(page)).toBe('Dropped 6 figures.');
    });
  });

  it('BALL and BOX add props; the 13th removes the oldest; CLEAR empties', async () => {
    await withApp(async ({ page }) => {
      await page.getByRole('button', { name: 'Add Ball' }).click();
      expect(await statusText(page)).toBe('Added a ball (1 of 12).');
      const addBox = page.getByRole('button', { name: 'Add Box' });
      for (let i = 0; i < 11; i++) await addBox.click();
      expect(await propCount(page)).toBe(12);
      expect(await statusText(page)).toBe('Added a box (12 of 12).');
      expect((await propKinds(page))[0]).toBe('ball');
      await addBox.click();
      expect(await propCount(page)).toBe(12);
      // The ball was the oldest: it is the one gone.
      expect(await propKinds(page)).toEqual(Array.from({ length: 12 }, () => 'box'));
      expect(await statusText(page)).toContain('the oldest prop was removed');
      await drawFrameNow(page);
      const clear = page.getByRole('button', { name: 'Clear Props' });
      await clear.click();
      expect(await propCount(page)).toBe(0);
      expect(await statusText(page)).toBe('Removed 12 props.');
      await clear.click();
      expect(await statusText(page)).toBe('There are no props to clear.');
    });
  });

  it('BLAST sets things moving; RESET stands the figures up and removes the props', async () => {
    await withApp(async ({ page }) => {
      await page.getByRole('button', { name: 'Add Figure' }).click();
      await page.getByRole('button', { name: 'Add Ball' }).click();
      await page.getByRole('button', { name: 'Reset', exact: true }).click();
      expect(await propCount(page)).toBe(0);
      expect(await figureCount(page)).toBe(2);
      for (const index of [0, 1]) {
        const root = (await rootPosition(page, index))!;
        // Standing: the pelvis about 0.9-1 m up, neither lying nor in the air.
        expect(root.y).toBeGreaterThan(0.8);
        expect(root.y).toBeLessThan(1.2);
      }
      expect(await statusText(page)).toContain('Reset');

      const before = (await rootPosition(page))!;
      await page.getByRole('button', { name: 'Blast' }).click();
      expect(await statusText(page)).toBe('Blast!');
      expect(await maxSpeed(page)).toBeGreaterThan(2);
      // BLAST moves the figure.
      await advanceUntilRootMoved(page, before, 0.3, { maxSeconds: 2 });
    });
  });

  it('STIFFNESS, TIME and BODIES change the sandbox and the view', async () => {
    await withApp(async ({ page }) => {
      const stiffness = await checkedSlider(
        page,
        'Stiffness',
        '[ ]',
        'stiffness',
        80,
        'Stiffness 80.',
      );
      await stiffness.fill('0');
      expect((await settings(page)).stiffness).toBe(0);
      const time = page.getByRole('slider', { name: 'Time' });
      await time.fill('0.3');
      expect((await settings(page)).timeScale).toBeCloseTo(0.3, 5);
      expect(await statusText(page)).toBe('Time ×0.3.');

      const bodies = page.getByRole('button', { name: 'Show Physics Bodies' });
      expect(await bodies.getAttribute('aria-pressed')).toBe('false');
      await bodies.click();
      expect(await bodies.getAttribute('aria-pressed')).toBe('true');
      expect((await settings(page)).showBodies).toBe(true);
      expect(await statusText(page)).toBe('Physics bodies shown.');
      await bodies.click();
      expect((await settings(page)).showBodies).toBe(false);
    });
  });
});
