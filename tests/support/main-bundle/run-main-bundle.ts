/**
 * Runs the built main bundle (out/main/index.js) under plain Node in a child process, with
 * `electron` replaced by a recording stand-in, and returns what it did (see harness.ts).
 */

import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { MainBundleReport, MainBundleScenario } from './scenario';
import { runTsxChild } from '../tsx-child';

const ROOT = resolve(import.meta.dirname, '../../..');
/** The built bundle under test. */
export const MAIN_BUNDLE = join(ROOT, 'out/main/index.js');
/** The built renderer page the bundle should load. */
export const RENDERER_INDEX = join(ROOT, 'out/renderer/index.html');
const HARNESS = join(import.meta.dirname, 'harness.ts');

export type ScenarioOptions = Partial<Omit<MainBundleScenario, 'bundle' | 'userData'>> & {
  /** Contents of window-state.json before the app starts (none: a first run). */
  readonly savedWindowState?: unknown;
};

/** Fails with the fix in the message when the bundle has not been built. */
export function requireBuiltBundle(bundle: string = MAIN_BUNDLE): void {
  if (!existsSync(bundle)) {
    throw new Error(
      `${bundle} does not exist: run \`npm run build\` first ` +
        '(`npm test` builds before running vitest).',
    );
  }
}

export async function runMainBundle(options: ScenarioOptions = {}): Promise<MainBundleReport> {
  requireBuiltBundle();
  const userData = await mkdtemp(join(tmpdir(), 'rp-main-bundle-'));
  try {
    if (options.savedWindowState !== undefined) {
      await writeFile(
        join(userData, 'window-state.json'),
        JSON.stringify(options.savedWindowState),
      );
    }
    const scenario: MainBundleScenario = {
      bundle: MAIN_BUNDLE,
      userData,
      platform: options.platform ?? 'linux',
      locale: options.locale ?? 'en-US',
      ...(options.rendererUrl === undefined ? {} : { rendererUrl: options.rendererUrl }),
      navigations: options.navigations ?? [],
      windowOpens: options.windowOpens ?? [],
      permissions: options.permissions ?? [],
      ipcCalls: options.ipcCalls ?? [],
      menuClicks: options.menuClicks ?? [],
      openFiles: options.openFiles ?? [],
      pageGone: options.pageGone ?? [],
    };
    return await runHarness(scenario);
  } finally {
    await rm(userData, { recursive: true, force: true });
  }
}

async function runHarness(scenario: MainBundleScenario): Promise<MainBundleReport> {
  const { status, stdout, stderr } = await runTsxChild(HARNESS, [], {
    cwd: ROOT,
    env: { ...process.env, RP_MAIN_SCENARIO: JSON.stringify(scenario) },
  });
  if (status !== 0) {
    throw new Error(`main-bundle harness exited with ${status}:\n${stderr}\n${stdout}`);
  }
  try {
    return JSON.parse(stdout) as MainBundleReport;
  } catch (error) {
    throw new Error(`main-bundle harness printed no JSON report:\n${stdout}\n${stderr}`, {
      cause: error,
    });
  }
}
