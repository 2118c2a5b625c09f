import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { HookPose } from '../../../renderer/src/test-build/test-hook';
import type { TestHost } from '../../../tools/browser/test-host';
import { createTestHost } from '../../../tools/browser/test-host';

// The host itself needs no test runner: tools/browser/open-app.ts uses it from a plain script.
export { QueuedDialogs, createTestHost } from '../../../tools/browser/test-host';
export type { TestHost } from '../../../tools/browser/test-host';
import type { AdvanceLimits, AppPage, OpenOptions } from './app-page';
import type { WithApp } from './suite';
import { SLOW_TIMEOUT_MS, advanceUntil, maxSpeed, statusText } from './app-page';

/**
 * Test hosts for a test file's tests: call at the top of the file; the function returned
 * makes a host for the running test (with its own temporary folders), disposed after it.
 */
export function useTestHosts(): (...args: Parameters<typeof createTestHost>) => TestHost {
  const made: TestHost[] = [];
  afterEach(async () => {
    for (const host of made.splice(0)) await host.dispose();
  });
  return (...args) => {
    const host = createTestHost(...args);
    made.push(host);
    return host;
  };
}

/** Runs `body` on a fresh app page with a fresh test host installed, see {@link useHostedApps}. */
export type WithHostedApp = (
  body: (app: AppPage, testHost: TestHost) => Promise<void>,
  options?: Omit<OpenOptions, 'beforeLoad'>,
) => Promise<void>;

/**
 * For tests whose page needs only a test host of its own, with nothing of the host set up
 * before the page opens: call at the top of the file; `withHostedApp(body, options)` makes the
 * host (disposed after the test, like {@link useTestHosts}' hosts), opens the page with
 * `withApp` and the host installed before the app's first line, and runs `body` with both.
 */
export function useHostedApps(withApp: WithApp): WithHostedApp {
  const newHost = useTestHosts();
  return async (body, options = {}) => {
    const testHost = newHost();
    await withApp((app) => body(app, testHost), {
      ...options,
      beforeLoad: (page) => testHost.install(page),
    });
  };
}

/**
 * Writes `content` as `fileName` into the host's own files and queues that file as the answer
 * of its next `dialog` (Open Music…, Open Stage…, …); returns the file's path.
 */
export function fileForDialog(
  testHost: TestHost,
  dialog: 'openModel' | 'openMotion' | 'openMusic' | 'openStage' | 'openPreset',
  fileName: string,
  content: string | Uint8Array,
): string {
  const path = join(testHost.files, fileName);
  writeFileSync(path, content);
  testHost.dialogs[dialog].push(path);
  return path;
}

/**
 * Opens `content`, written as `fileName` into the host's files, through the panel's Open
 * Music… button and the host's dialog (see {@link fileForDialog}); returns the file's path.
 */
export async function openMusicFile(
  page: Page,
  testHost: TestHost,
  fileName: string,
  content: string | Uint8Array,
): Promise<string> {
  const path = fileForDialog(testHost, 'openMusic', fileName, content);
  await page.getByRole('button', { name: 'Open Music…' }).click();
  return path;
}

/** A test host kept for all of a file's tests, see {@link useFileTestHost}. */
export interface FileTestHost {
  /** The host (made before the file's first test). */
  readonly host: () => TestHost;
  /** Installs it in a page: pass as `beforeLoad`, the same function for every test. */
  readonly install: (page: Page) => Promise<void>;
}

/**
 * One test host for all of a test file's tests, made before the first and disposed after the
 * last: for tests that share one page (`withApp.shared` with `beforeLoad: install`), whose
 * host must outlive each test. Its dialogs, files and data folder carry over between them.
 */
export function useFileTestHost(): FileTestHost {
  let made: TestHost | undefined;
  beforeAll(() => {
    made = createTestHost();
  });
  afterAll(async () => {
    await made?.dispose();
    made = undefined;
  });
  const host = (): TestHost => {
    if (!made) throw new Error('e2e: the file’s test host is made in beforeAll');
    return made;
  };
  return { host, install: (page) => host().install(page) };
}

/**
 * Does `act` (a key or a click whose request ends in a preset list read, as every preset
 * action does) and waits until the host has answered that read and the page has drawn a
 * frame after it: then whatever the action was going to show is shown. For checking that an
 * action changed nothing (a canceled dialog) only after it has really run.
 */
export async function afterPresetListRead(
  page: Page,
  host: TestHost,
  act: () => Promise<void>,
): Promise<void> {
  const reads = () => host.bridge().answered.filter((c) => c === 'rp:preset:list').length;
  const before = reads();
  await act();
  await expect.poll(reads, { timeout: SLOW_TIMEOUT_MS }).toBeGreaterThan(before);
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

/**
 * Starts watching the status line; the function returned gives every body's pose as it was
 * when the line first read `text`, read in the page before another frame could step the
 * physics. Read afterwards over the bridge, a loaded machine lets the restored bodies move
 * for several frames first (up to 8 physics steps each).
 */
export async function posesWhenStatus(
  page: Page,
  text: string,
): Promise<() => Promise<{ figures: HookPose[][]; props: HookPose[] }>> {
  await page.evaluate((expected) => {
    const status = document.querySelector('[role="status"]')!;
    const watched = window as PosesWhenStatus;
    watched.posesWhenStatus = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (status.textContent !== expected) return;
        observer.disconnect();
        resolve(window.__ragdoll!.bodyPoses());
      });
      observer.observe(status, { childList: true, characterData: true, subtree: true });
    });
  }, text);
  return () => page.evaluate(() => (window as PosesWhenStatus).posesWhenStatus!);
}

interface PosesWhenStatus {
  posesWhenStatus?: Promise<{ figures: HookPose[][]; props: HookPose[] }>;
}

/** Every body's pose as the page has it now. */
export function bodyPoses(page: Page): Promise<{ figures: HookPose[][]; props: HookPose[] }> {
  return page.evaluate(() => window.__ragdoll!.bodyPoses());
}

/** Steps simulated time until nothing in the scene moves faster than `speed` m/s. */
export async function waitForRest(page: Page, speed = 0.02, limits?: AdvanceLimits): Promise<void> {
  await advanceUntil(
    page,
    `the scene rests (below ${speed} m/s)`,
    async () => (await maxSpeed(page)) < speed,
    limits,
  );
}

/**
 * Steps simulated time until Rapier has put every dynamic body to sleep. Stricter than
 * {@link waitForRest}: a body below the speed limit may still be rolling or turning slowly,
 * a sleeping one is still and stays so until something wakes it.
 */
export async function waitForSleep(page: Page, limits?: AdvanceLimits): Promise<void> {
  await advanceUntil(
    page,
    'every body sleeps',
    async () => (await page.evaluate(() => window.__ragdoll!.awakeBodies())) === 0,
    limits,
  );
}

/** Waits until the status line reads `text`. */
export async function expectStatus(page: Page, text: string): Promise<void> {
  await expect.poll(() => statusText(page), { timeout: SLOW_TIMEOUT_MS }).toBe(text);
}

/** Largest distance between matching positions, metres. */
export function largestGap(
  a: readonly { position: readonly number[] }[],
  b: readonly { position: readonly number[] }[],
): number {
  expect(a.length).toBe(b.length);
  return Math.max(
    0,
    ...a.map((pose, i) => {
      const [x, y, z] = pose.position;
      const [u, v, w] = b[i]!.position;
      return Math.hypot(x! - u!, y! - v!, z! - w!);
    }),
  );
}

/** Largest angle between matching rotations, radians. */
export function largestTurn(
  a: readonly { rotation: readonly number[] }[],
  b: readonly { rotation: readonly number[] }[],
): number {
  return Math.max(
    0,
    ...a.map((pose, i) => {
      const dot = pose.rotation.reduce((sum, value, k) => sum + value * b[i]!.rotation[k]!, 0);
      return 2 * Math.acos(Math.min(1, Math.abs(dot)));
    }),
  );
}
