/**
 * End to end, through the real host services: a recent model can be added beside the figures
 * instead of replacing them, with its entry's Add button or Shift+click on Open (as a file
 * dropped with Shift held is); each add is one undo step; a full cast of 6 refuses it with
 * the same alert as Add Model…; the button is named in Japanese too.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SLOW_TIMEOUT_MS, alertText, figureCount } from './support/app-page';
import { useTestHosts, expectStatus } from './support/host-files';
import { writeHumanoidPmx } from './support/mmd-files';
import { useAppSuite } from './support/suite';
import { figureKinds } from './support/vrm-files';

const withApp = useAppSuite();
const newHost = useTestHosts();

function library(page: Page) {
  return page.getByRole('list', { name: 'Recently opened files' });
}

/** Open, Add and Remove of every entry lie wholly inside the panel, side to side. */
async function expectButtonsInsidePanel(page: Page): Promise<void> {
  const panel = (await page.locator('.panel').boundingBox())!;
  const list = page.getByRole('list', { name: /^(Recently opened|最近開いた)/ });
  const buttons = list.locator('button');
  expect(await buttons.count()).toBe(3);
  for (const button of await buttons.all()) {
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(panel.x);
    expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width);
  }
}

describe('adding a recent model beside the figures', () => {
  it('Add and Shift+click Open add a figure, undoably, up to 6; named in both languages', async () => {
    const testHost = newHost();
    const model = writeHumanoidPmx(join(testHost.files, 'figure'), 'figure.pmx', {
      texture: true,
    });
    await withApp(
      async ({ page }) => {
        await testHost.bridge().openFile(model.path);
        await expect.poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS }).toEqual(['mmd']);
        await expect.poll(() => library(page).getByRole('listitem').count()).toBe(1);
        await page.getByRole('button', { name: 'Box Dummy' }).click();
        expect(await figureKinds(page)).toEqual(['box']);

        const add = library(page).getByRole('button', { name: /^Add “/ });
        const title = /^Add “(.*)”$/.exec((await add.getAttribute('aria-label'))!)![1]!;
        expect(await add.getAttribute('title')).toContain('Shift+click Open');
        await expectButtonsInsidePanel(page);
        await add.click();
        await expect
          .poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS })
          .toEqual(['box', 'mmd']);
        await expectStatus(page, `Added ${title} (figure.pmx) beside the others (2 of 6 figures).`);

        // Shift+click Open adds too; a plain click would have replaced both figures.
        await library(page)
          .getByRole('button', { name: `Open “${title}”` })
          .click({ modifiers: ['Shift'] });
        await expect
          .poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS })
          .toEqual(['box', 'mmd', 'mmd']);

        await page.keyboard.press('Control+z');
        await expectStatus(page, 'Undone: Add Model.');
        expect(await figureKinds(page)).toEqual(['box', 'mmd']);
        await page.keyboard.press('Control+Shift+Z');
        await expectStatus(page, 'Redone: Add Model.');
        expect(await figureKinds(page)).toEqual(['box', 'mmd', 'mmd']);
        expect(await alertText(page)).toBe('');

        // ADD repeats the box dummy up to the cap; then Add is refused with the cast's alert.
        for (let count = 3; count < 6; count++) await page.keyboard.press('a');
        await expect.poll(() => figureCount(page)).toBe(6);
        await add.click();
        await expect
          .poll(() => alertText(page))
          .toBe(
            '6 figures is the limit: delete one (right-click it, Delete) before adding another model.',
          );
        expect(await figureCount(page)).toBe(6);

        await page.keyboard.press('l');
        await expect
          .poll(() =>
            page
              .getByRole('list', { name: '最近開いたファイル' })
              .getByRole('button', { name: `「${title}」を追加` })
              .count(),
          )
          .toBe(1);
        await expectButtonsInsidePanel(page);
      },
      { beforeLoad: (page) => testHost.install(page) },
    );
  }, 300_000); // three MMD figures are parsed and drawn under SwiftShader
});
