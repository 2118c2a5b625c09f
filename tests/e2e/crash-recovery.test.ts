/**
 * End to end, through the real host services: the page keeps the scene for recovery every
 * 10 s; a page that ends without a clean end (its context closed, as a crash leaves things)
 * leaves it, and the next page over the same data folder asks whether to restore it. Restore
 * brings the props back (offered once: see ui-scene-recovery.test.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { propCount, SLOW_TIMEOUT_MS } from './support/app-page';
import { useTestHosts, expectStatus } from './support/host-files';
import { useAppSuite } from './support/suite';

const withApp = useAppSuite();
const newHost = useTestHosts();

const QUESTION =
  'Ragdoll Playground did not close properly last time. Restore the scene as it was then?';

describe('crash recovery', () => {
  it('offers the scene a page left behind and restores it', async () => {
    const testHost = newHost();
    const recoveryFile = join(testHost.dataDirectory, 'recovery.ragdoll');
    const propsSaved = (): number =>
      existsSync(recoveryFile)
        ? (JSON.parse(readFileSync(recoveryFile, 'utf8')) as { props: unknown[] }).props.length
        : -1;
    await withApp(
      async ({ page }) => {
        await page.keyboard.press('o');
        await page.keyboard.press('x');
        await expect.poll(() => propCount(page)).toBe(2);
        // Kept within one interval (10 s) of the change; SwiftShader pages are slow.
        await expect.poll(propsSaved, { timeout: SLOW_TIMEOUT_MS, interval: 500 }).toBe(2);
      },
      { beforeLoad: (page) => testHost.install(page) },
    );
    // The page's context is gone without the window's clean end: the copy stays.
    expect(propsSaved()).toBe(2);
    await withApp(
      async ({ page }) => {
        const ask = page.getByRole('dialog', { name: QUESTION });
        await ask.getByRole('button', { name: 'Restore' }).click();
        await expectStatus(page, 'Loaded the preset “Recovered scene”.');
        expect(await propCount(page)).toBe(2);
      },
      { beforeLoad: (page) => testHost.install(page) },
    );
  }, 600_000);
});
