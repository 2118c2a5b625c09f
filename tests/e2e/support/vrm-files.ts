import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { VrmFixture } from '../../../tools/fixtures/make-vrm-fixtures';
import { writeVrmFixtures } from '../../../tools/fixtures/make-vrm-fixtures';
import { SLOW_TIMEOUT_MS, statusText } from './app-page';

/** The generated VRM fixtures of one test file, written to a temp folder and removed after. */
export interface VrmFiles {
  /** The fixture called `name` (e.g. `vrm1-tpose-full.vrm`). */
  get(name: string): VrmFixture;
  /** Its bytes. */
  bytes(name: string): Uint8Array;
  /** Copies it into `folder` as `fileName` (default: its own name); returns the copy's path. */
  copyTo(name: string, folder: string, fileName?: string): string;
}

/** Generates the fixtures before the file's tests and removes them afterwards. */
export function useVrmFixtures(): VrmFiles {
  let dir: string | undefined;
  let fixtures: VrmFixture[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ragdoll-e2e-vrm-'));
    fixtures = await writeVrmFixtures(dir);
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const get = (name: string): VrmFixture => {
    const fixture = fixtures.find((f) => basename(f.file) === name);
    if (!fixture) throw new Error(`e2e: no generated fixture named ${name}`);
    return fixture;
  };
  const copyTo = (name: string, folder: string, fileName = name): string => {
    const path = join(folder, fileName);
    copyFileSync(get(name).file, path);
    return path;
  };
  return { get, bytes: (name) => readFileSync(get(name).file), copyTo };
}

/** Waits until the status line says the generated fixture `name` was opened. */
export async function expectFixtureOpened(page: Page, name: string): Promise<void> {
  await expect
    .poll(() => statusText(page), { timeout: SLOW_TIMEOUT_MS })
    .toBe(`Opened Fixture ${basename(name, '.vrm')} (${name}).`);
}

/**
 * Drops the generated fixture `name` on the window (see {@link dropFile}), checks the page
 * took the drop, and waits until it says the fixture was opened.
 */
export async function dropFixture(page: Page, files: VrmFiles, name: string): Promise<void> {
  expect(await dropFile(page, files.bytes(name), name)).toBe(true);
  await expectFixtureOpened(page, name);
}

/**
 * Drops a file on the page the way a person's drag from the desktop arrives: a `dragover`
 * then a `drop` whose DataTransfer holds a File with these bytes, on the 3D view, or at the
 * page point `at` (CSS pixels) on whatever is drawn there. Returns whether the page cancelled
 * both defaults (otherwise the browser would open the file).
 */
export function dropFile(
  page: Page,
  bytes: Uint8Array,
  fileName: string,
  at?: { readonly x: number; readonly y: number },
): Promise<boolean> {
  return page.evaluate(
    ({ base64, name, point }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name));
      const target =
        (point && document.elementFromPoint(point.x, point.y)) ??
        document.querySelector('canvas') ??
        document.body;
      const init = {
        dataTransfer: transfer,
        bubbles: true,
        cancelable: true,
        ...(point ? { clientX: point.x, clientY: point.y } : {}),
      };
      const overKept = target.dispatchEvent(new DragEvent('dragover', init));
      const dropKept = target.dispatchEvent(new DragEvent('drop', init));
      return !overKept && !dropKept;
    },
    { base64: Buffer.from(bytes).toString('base64'), name: fileName, point: at ?? null },
  );
}

/** Each figure's kind (`vrm` or `box`). */
export function figureKinds(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__ragdoll!.figureKinds());
}

/** Drops a usable VRM and waits until the page says it opened. */
export async function openVrm(page: Page, files: VrmFiles, name: string): Promise<void> {
  if (!(await dropFile(page, files.bytes(name), name))) {
    throw new Error('e2e: the page did not cancel the drop defaults');
  }
  await page.waitForFunction(
    (file) => document.querySelector('[role=status]')?.textContent?.includes(`${file})`),
    name,
    { polling: 100 },
  );
}
