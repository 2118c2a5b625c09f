import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { chromium } from 'playwright-core';

/** Debian's Chromium; CI installs it with apt-get (see .ci/run). Never `playwright install`. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * The renderer's test build that the tests load (`npm run build:test`): the app plus the
 * read-only `window.__ragdoll` hook, which the installed app does not carry.
 */
export const RENDERER_OUT = resolve(import.meta.dirname, '../../out-test/renderer');

/**
 * Flags measured to work here: headless, WebGL 2 through SwiftShader (software, slow:
 * test behaviour, not frame rate), and no background traffic.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Fails with what to do when the build or Chromium is missing: these tests must not skip. */
export function assertPrerequisites(): void {
  if (!existsSync(resolve(RENDERER_OUT, 'index.html'))) {
    throw new Error(
      `e2e: the built renderer is missing (${RENDERER_OUT}/index.html). Run \`npm run build:test\` first (npm test does).`,
    );
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `e2e: Chromium is missing at ${CHROMIUM_PATH}. Install it with \`apt-get install -y chromium\` (.ci/run does this).`,
    );
  }
}

/** Launches Debian's Chromium headless with SwiftShader WebGL, plus any `extraArgs`. */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  assertPrerequisites();
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * Launches Debian's Chromium like {@link launchChromium}, on the profile folder
 * `userDataDir` (its HTTP and code caches survive a close, as a desktop app's do), with one
 * context of `viewport`.
 */
export async function launchChromiumProfile(
  userDataDir: string,
  viewport: { readonly width: number; readonly height: number },
): Promise<BrowserContext> {
  assertPrerequisites();
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
    viewport,
  });
}
