/**
 * The setup the model prop e2e tests share: the generated ribbon PMX (a model without a
 * humanoid skeleton) in a test host's files, and opening it as a prop.
 */
import type { Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { propKinds } from './app-page';
import type { TestHost } from './host-files';
import { createTestHost, expectStatus } from './host-files';
import { writeRibbonPmx } from './mmd-files';

/** What the status line says once the ribbon has been opened as a prop. */
export const RIBBON_OPENED_AS_PROP =
  'リボン (ribbon.pmx) has no humanoid skeleton, so it was added as a prop: grab it, pin it or blast it like a ball.';

/** A test host whose files hold the ribbon at `path`. */
export interface RibbonHost {
  readonly host: TestHost;
  readonly path: string;
}

/**
 * Call at the top of a test file. The function it returns makes a test host holding the
 * ribbon (pass `host.install` as `beforeLoad`); every host made is removed after its test.
 */
export function useRibbonHosts(): () => RibbonHost {
  const made: TestHost[] = [];
  afterEach(async () => {
    for (const host of made.splice(0)) await host.dispose();
  });
  return () => {
    const host = createTestHost();
    made.push(host);
    return { host, path: writeRibbonPmx(host.files) };
  };
}

/** Opens the ribbon as Open Model… would and waits until the page has it as its one prop. */
export async function openRibbonProp(page: Page, { host, path }: RibbonHost): Promise<void> {
  await host.bridge().openFile(path);
  await expectStatus(page, RIBBON_OPENED_AS_PROP);
  expect(await propKinds(page)).toEqual(['model']);
}
