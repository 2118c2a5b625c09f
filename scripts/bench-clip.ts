/**
 * Clip export benchmark: the renderer's test build in headless Chromium (SwiftShader), as a
 * plain web page (the clip downloads). Records `--seconds` (default 2) of the default scene
 * with a ball at a fixed 1/60 s per frame, then times Export Clip… at 30 fps from the key
 * press to the download, `--runs` times (default 3) at each window size, and prints the
 * milliseconds per clip frame (drawing, taking the frame, VP9/VP8 encoding and muxing; the
 * first run includes loading the muxer's chunk). Prints the load average at start and end: on a
 * shared machine the absolute times are noisy.
 * Run: `npm run build:test && npm run bench:clip`.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { launchChromium } from '../tools/browser/browser';
import { serveRendererSnapshot } from '../tools/browser/renderer-snapshot';
import { median } from './lib/bench-stats';

const SIZES = [
  { width: 640, height: 360 },
  { width: 1280, height: 720 },
] as const;
const LOAD_TIMEOUT_MS = 120_000;
const EXPORT_TIMEOUT_MS = 600_000;

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '2' }, runs: { type: 'string', default: '3' } },
});
const seconds = Number(values.seconds);
const runs = Number(values.runs);

console.log(`load average at start: ${loadavg()[0]!.toFixed(1)}`);
const browser = await launchChromium();
const server = await serveRendererSnapshot();
try {
  for (const viewport of SIZES) {
    const context = await browser.newContext({ viewport, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${server.url}?frame-seconds=0.0166667`, { timeout: LOAD_TIMEOUT_MS });
    await page.waitForFunction(() => window.__ragdoll !== undefined, undefined, {
      timeout: LOAD_TIMEOUT_MS,
    });
    await page.keyboard.press('o');
    await page.waitForFunction((n) => window.__ragdoll!.timeline().lastFrame >= n, seconds * 60, {
      timeout: LOAD_TIMEOUT_MS * 5,
      polling: 200,
    });
    await page.getByRole('combobox', { name: 'Clip fps' }).selectOption('30');
    await page.getByRole('combobox', { name: 'Clip fps' }).blur();
    const perFrame: number[] = [];
    for (let run = 0; run < runs; run++) {
      const download = page.waitForEvent('download', { timeout: EXPORT_TIMEOUT_MS });
      const started = Date.now();
      await page.keyboard.press('w');
      await download;
      const elapsed = Date.now() - started;
      const said = await page.getByRole('status').innerText();
      const frames = Number(/, (\d+) frames\./.exec(said)?.[1]);
      perFrame.push(elapsed / frames);
      console.log(
        `${viewport.width}×${viewport.height} run ${run + 1}: ${frames} frames in ${elapsed} ms`,
      );
    }
    console.log(
      `${viewport.width}×${viewport.height}: median ${median(perFrame).toFixed(1)} ms per clip frame`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`load average at end: ${loadavg()[0]!.toFixed(1)}`);
