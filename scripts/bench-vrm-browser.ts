/**
 * VRM load benchmark in headless Chromium: `npm run bench:vrm:browser [-- --repeats N]`.
 * Needs the renderer's test build (`npm run build:test`); says so if it is missing. Serves a
 * copy of it as the end-to-end tests do, opens its bench-vrm-load.html (the benchmark page of
 * renderer/src/test-build/vrm-load-bench.ts: no scene, a timing hook) and, for each VRM
 * fixture (the generated ones, plus the real-model fixtures folder when present), times in the page three-vrm's bare `GLTFLoader.parse`
 * against our whole ready-to-simulate path (load with checks and skeleton read, spec, Rapier
 * bodies) on the same bytes, alternating the two, and prints medians and the ratio per file
 * and over all files. Unlike Node, Chromium decodes the textures during the parse, as the app
 * does when a person opens a model. The files reach the page through a Playwright route, not
 * timed.
 * Besides the medians it prints the fastest run of each and their ratio: on a machine shared
 * with other work, a process that loses the CPU stalls for milliseconds, more often during
 * the longer timing, which drifts the medians; the fastest runs are the work itself. It
 * ends with the load average, to tell the two situations apart.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Page } from 'playwright-core';
import type { VrmLoadTimes } from '../renderer/src/test-build/vrm-load-bench';
import { RENDERER_OUT, launchChromium } from '../tools/browser/browser';
import { serveRendererSnapshot } from '../tools/browser/renderer-snapshot';
import { benchVrmFiles, repeatsArgument, vrmBenchFiles } from './lib/vrm-bench';

/** Where the page fetches the files from; answered by a Playwright route. */
const FILES_PATH = '__bench-vrm/';
/** Headers that make the page cross-origin isolated (finer timers; see the route below). */
const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
} as const;

/** Times one file's rounds in the page, which fetches it through the route in `main`. */
function timeInPage(
  page: Page,
  path: string,
  repeats: number,
  warmUp: number,
): Promise<VrmLoadTimes> {
  const name = basename(path);
  return page.evaluate(
    ({ url, fileName, rounds, warmUpRounds }) =>
      window.__ragdollVrmLoadBench!.timeLoads(url, fileName, rounds, warmUpRounds),
    {
      url: FILES_PATH + encodeURIComponent(name),
      fileName: name,
      rounds: repeats,
      warmUpRounds: warmUp,
    },
  );
}

async function main(): Promise<void> {
  const repeats = repeatsArgument(21);
  if (!existsSync(join(RENDERER_OUT, 'index.html'))) {
    throw new Error(
      `bench: the renderer's test build is missing (${RENDERER_OUT}); run \`npm run build:test\` first`,
    );
  }
  const dir = await mkdtemp(join(tmpdir(), 'bench-vrm-browser-'));
  const server = await serveRendererSnapshot();
  const browser = await launchChromium();
  try {
    const files = await vrmBenchFiles(dir);
    const byName = new Map(files.map((file) => [basename(file), file]));

    const page = await browser.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await page.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (!url.pathname.startsWith(`/${FILES_PATH}`)) {
        // Cross-origin isolation: Chromium then gives performance.now() 5 µs steps instead
        // of 100 µs, which matters when a parse takes 1 ms.
        const response = await route.fetch();
        return route.fulfill({ response, headers: { ...response.headers(), ...ISOLATION } });
      }
      const file = byName.get(decodeURIComponent(url.pathname.slice(FILES_PATH.length + 1)));
      if (!file) return route.fulfill({ status: 404 });
      return route.fulfill({
        status: 200,
        contentType: 'application/octet-stream',
        headers: ISOLATION,
        body: await readFile(file),
      });
    });
    await page.goto(`${server.url}bench-vrm-load.html`);
    await page.waitForFunction(() => window.__ragdollVrmLoadBench !== undefined, null, {
      timeout: 60_000,
    });
    if (!(await page.evaluate(() => crossOriginIsolated))) {
      console.error('note: the page is not cross-origin isolated; timings are in 0.1 ms steps');
    }
    await benchVrmFiles(
      files,
      repeats,
      (path, _bytes, rounds, warmUp) => timeInPage(page, path, rounds, warmUp),
      `VRM ready-to-simulate vs bare three-vrm parse in Chromium ${browser.version()} ` +
        `(median of ${repeats}, ms)`,
    );
  } finally {
    await browser.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
