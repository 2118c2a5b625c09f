/**
 * VRM load benchmark in headless Chromium: `npm run bench:vrm:browser [-- --repeats N]`.
 * Needs the built renderer (`npx electron-vite build`, or `npm run build`); says so if
 * out/renderer is missing. Serves a copy of it as the end-to-end tests do, opens it with
 * `?bench-vrm-load` (the benchmark-only page mode of renderer/src/view/vrm/vrm-load-bench.ts:
 * no scene, a timing hook) and, for each VRM fixture (the generated ones, plus
 * ../shared/fixtures when present), times in the page three-vrm's bare `GLTFLoader.parse`
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
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import type { VrmLoadTimes } from '../renderer/src/view/vrm/vrm-load-bench';
import { RENDERER_OUT, launchChromium } from '../tests/e2e/support/browser';
import { serveRendererSnapshot } from '../tests/e2e/support/renderer-snapshot';
import { writeHeavyVrmFixture, writeVrmFixtures } from './fixtures/make-vrm-fixtures';

const SHARED = join(import.meta.dirname, '../../shared/fixtures');
const WARM_UP_ROUNDS = 3;
/**
 * Unmeasured rounds on the first file before any file is measured: without them the first
 * files measured still run partly unoptimised code, and more of it on the ready path (rig,
 * Rapier) than on the bare one, which inflated their ratios by up to 2x.
 */
const JIT_WARM_UP_ROUNDS = 40;
/** Sizes of the generated heavy files, MB. */
const HEAVY_MEGABYTES = [2, 10];
/** Where the page fetches the files from; answered by a Playwright route. */
const FILES_PATH = '__bench-vrm/';
/** Headers that make the page cross-origin isolated (finer timers; see the route below). */
const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
} as const;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

interface Row {
  readonly file: string;
  readonly kb: number;
  /** Medians, ms. */
  readonly bareMs: number;
  readonly readyMs: number;
  /** Fastest runs, ms: what each costs when nothing else took the CPU meanwhile. */
  readonly bareMinMs: number;
  readonly readyMinMs: number;
  readonly loadMs: number;
  readonly specMs: number;
  readonly bodiesMs: number;
}

function realFixtures(): string[] {
  return ['vrm0', 'vrm1'].flatMap((folder) => {
    const dir = join(SHARED, folder);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((f) => f.endsWith('.vrm'))
      .map((f) => join(dir, f));
  });
}

async function benchFile(page: Page, path: string, repeats: number): Promise<Row> {
  const name = basename(path);
  const kb = (await readFile(path)).byteLength / 1024;
  const times: VrmLoadTimes = await page.evaluate(
    ({ url, fileName, rounds, warmUp }) =>
      window.__ragdollVrmLoadBench!.timeLoads(url, fileName, rounds, warmUp),
    {
      url: FILES_PATH + encodeURIComponent(name),
      fileName: name,
      rounds: repeats,
      warmUp: WARM_UP_ROUNDS,
    },
  );
  return {
    file: name,
    kb,
    bareMs: median(times.bareMs),
    readyMs: median(times.readyMs),
    bareMinMs: Math.min(...times.bareMs),
    readyMinMs: Math.min(...times.readyMs),
    loadMs: median(times.loadMs),
    specMs: median(times.specMs),
    bodiesMs: median(times.bodiesMs),
  };
}

function printTable(rows: readonly Row[], repeats: number, chromium: string): void {
  console.log(
    `\nVRM ready-to-simulate vs bare three-vrm parse in Chromium ${chromium} (median of ${repeats}, ms)\n`,
  );
  console.log(
    '| file | KB | bare parse | ready to simulate | ratio | fastest bare | fastest ready | ratio of fastest | of which: load | spec | bodies |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const ms = (value: number) => value.toFixed(2);
  const ratio = (ready: number, bare: number) => `${(ready / bare).toFixed(3)}x`;
  for (const row of rows) {
    console.log(
      `| ${row.file} | ${row.kb.toFixed(0)} | ${ms(row.bareMs)} | ${ms(row.readyMs)} | ` +
        `${ratio(row.readyMs, row.bareMs)} | ${ms(row.bareMinMs)} | ${ms(row.readyMinMs)} | ` +
        `${ratio(row.readyMinMs, row.bareMinMs)} | ${ms(row.loadMs)} | ${ms(row.specMs)} | ${ms(row.bodiesMs)} |`,
    );
  }
  const total = (pick: (row: Row) => number) => rows.reduce((sum, row) => sum + pick(row), 0);
  const [bare, ready] = [total((r) => r.bareMs), total((r) => r.readyMs)];
  const [bareMin, readyMin] = [total((r) => r.bareMinMs), total((r) => r.readyMinMs)];
  console.log(
    `| all files | | ${ms(bare)} | ${ms(ready)} | ${ratio(ready, bare)} | ` +
      `${ms(bareMin)} | ${ms(readyMin)} | ${ratio(readyMin, bareMin)} |`,
  );
  // Other processes taking the CPU land as multi-ms stalls, more often in the longer of two
  // timings: say how busy the machine was, since that is when the medians drift.
  console.log(
    `\n(load average over 1 min at the end: ${loadavg()[0]!.toFixed(2)} on ${cpus().length} CPUs)`,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { repeats: { type: 'string', default: '21' } } });
  const repeats = Number(values.repeats);
  if (!Number.isInteger(repeats) || repeats < 1) {
    throw new Error('--repeats needs a whole number ≥ 1');
  }
  if (!existsSync(join(RENDERER_OUT, 'index.html'))) {
    throw new Error(
      `bench: the built renderer is missing (${RENDERER_OUT}); run \`npx electron-vite build\` first`,
    );
  }
  const dir = await mkdtemp(join(tmpdir(), 'bench-vrm-browser-'));
  const server = await serveRendererSnapshot();
  const browser = await launchChromium();
  try {
    const files = (await writeVrmFixtures(dir)).filter((f) => f.kind === 'good').map((f) => f.file);
    // Real avatars weigh megabytes; these show how the fixed costs compare at that size.
    for (const megabytes of HEAVY_MEGABYTES) files.push(await writeHeavyVrmFixture(dir, megabytes));
    const real = realFixtures();
    if (real.length === 0) console.error(`note: ${SHARED} not found; generated fixtures only`);
    files.push(...real);
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
    await page.goto(`${server.url}?bench-vrm-load`);
    await page.waitForFunction(() => window.__ragdollVrmLoadBench !== undefined, null, {
      timeout: 60_000,
    });
    if (!(await page.evaluate(() => crossOriginIsolated))) {
      console.error('note: the page is not cross-origin isolated; timings are in 0.1 ms steps');
    }
    await benchFile(page, files[0]!, JIT_WARM_UP_ROUNDS);
    const rows: Row[] = [];
    for (const file of files) {
      rows.push(await benchFile(page, file, repeats));
      console.error(`measured ${basename(file)}`);
    }
    printTable(rows, repeats, browser.version());
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
