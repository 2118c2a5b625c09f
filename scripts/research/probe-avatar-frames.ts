/**
 * What a frame of the renderer benchmark's avatar scene does besides its timed sections:
 * the WebGL calls it issues (by name, per frame; the ones that wait for Chromium's GPU
 * process marked) and the JavaScript heap it allocates (by function, per frame), and what
 * the slowest frames spend more time on than the median ones.
 *
 * Two passes over the same scene (six copies of the real avatar, 12 props, BLAST every
 * second, every frame 1/60 s) in the renderer's test build: one with the page's WebGL
 * context wrapped to count calls (the wrapping slows the frame, so nothing is timed in it),
 * one under V8's sampling heap profiler with the frames timed section by section.
 *
 * Run: `npm run build:test && npx tsx scripts/research/probe-avatar-frames.ts [--frames 120]
 * [--build <another build's out-test/renderer>] [--scene avatars|box]`.
 */
import { parseArgs } from 'node:util';
import { basename, join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { median, quantile } from '../lib/bench-stats';
import { avatarModelFile, avatarScene, boxScene, VIEWPORT } from '../lib/frame-scenes';
import type { SceneFill } from '../lib/frame-scenes';
import { RENDERER_OUT, launchChromium } from '../../tools/browser/browser';
import { serveRendererSnapshot } from '../../tools/browser/renderer-snapshot';

const WARM_UP_FRAMES = 60;
const BLAST_EVERY_MS = 1000;
const LOAD_TIMEOUT_MS = 300_000;
/** Bytes between heap samples: fine enough to see a few hundred bytes a frame. */
const SAMPLING_INTERVAL = 1024;

/** WebGL calls that return something the GPU process must answer: each waits for it. */
const SYNCHRONOUS = new Set([
  'getError',
  'getParameter',
  'getProgramParameter',
  'getShaderParameter',
  'getShaderInfoLog',
  'getProgramInfoLog',
  'checkFramebufferStatus',
  'getUniformLocation',
  'getAttribLocation',
  'getActiveUniform',
  'getActiveAttrib',
  'readPixels',
  'getBufferSubData',
  'clientWaitSync',
  'getSyncParameter',
  'getQueryParameter',
  'getFramebufferAttachmentParameter',
  'getRenderbufferParameter',
  'getTexParameter',
  'getUniform',
  'getVertexAttrib',
  'finish',
]);

/**
 * Counts every WebGL method call in the page; runs before the app's scripts. A string, so
 * the page gets it as written (no helpers of the TypeScript runner inside).
 */
const WRAP_WEBGL = `(() => {
  const counts = {};
  window.__glCalls = counts;
  for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, name);
      if (!descriptor || typeof descriptor.value !== 'function' || name === 'constructor') continue;
      const original = descriptor.value;
      counts[name] = 0;
      Object.defineProperty(proto, name, {
        ...descriptor,
        value: function () {
          counts[name]++;
          return original.apply(this, arguments);
        },
      });
    }
  }
})();`;

async function frames(page: Page): Promise<number> {
  return page.evaluate(() => window.__ragdoll?.frameStats().frames ?? 0);
}

async function openScene(browser: Browser, url: string, fill: SceneFill, wrap: boolean) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  if (wrap) await page.addInitScript({ content: WRAP_WEBGL });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url, { timeout: LOAD_TIMEOUT_MS });
  await page.waitForFunction(() => window.__ragdoll !== undefined, undefined, {
    timeout: LOAD_TIMEOUT_MS,
  });
  await fill(page);
  const warm = (await frames(page)) + WARM_UP_FRAMES;
  await page.waitForFunction((n) => window.__ragdoll!.frameStats().frames >= n, warm, {
    timeout: LOAD_TIMEOUT_MS,
    polling: 100,
  });
  return { context, page, errors };
}

/** Runs `count` frames with BLAST every second; returns how many frames ran. */
async function runFrames(page: Page, count: number): Promise<number> {
  const start = await frames(page);
  while ((await frames(page)) < start + count) {
    await page.keyboard.press('b');
    await page.waitForTimeout(BLAST_EVERY_MS);
  }
  return (await frames(page)) - start;
}

async function countWebGlCalls(browser: Browser, url: string, fill: SceneFill, count: number) {
  const { context, page, errors } = await openScene(browser, url, fill, true);
  try {
    const read = () =>
      page.evaluate(() => ({
        ...(window as unknown as { __glCalls: Record<string, number> }).__glCalls,
      }));
    const before = await read();
    const taken = await runFrames(page, count);
    const after = await read();
    if (errors.length > 0) throw new Error(`probe: the page failed: ${errors.join('; ')}`);
    const perFrame = Object.entries(after)
      .map(([name, calls]) => [name, (calls - (before[name] ?? 0)) / taken] as const)
      .filter(([, calls]) => calls > 0)
      .sort((a, b) => b[1] - a[1]);
    const total = perFrame.reduce((sum, [, calls]) => sum + calls, 0);
    const sync = perFrame.filter(([name]) => SYNCHRONOUS.has(name));
    console.log(`\nWebGL calls per frame (${taken} frames): ${total.toFixed(1)} in all`);
    console.log(
      `  waiting for the GPU process: ${sync.reduce((sum, [, calls]) => sum + calls, 0).toFixed(2)} ` +
        `(${sync.map(([name, calls]) => `${name} ${calls.toFixed(2)}`).join(', ') || 'none'})`,
    );
    for (const [name, calls] of perFrame.slice(0, 30))
      console.log(`  ${name.padEnd(28)} ${calls.toFixed(2)}`);
  } finally {
    await context.close();
  }
}

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

/** Bytes by allocating site; a built-in's bytes go to its caller (`caller > builtin`). */
function bytesBySite(node: ProfileNode, caller: string, into: Map<string, number>): void {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  const name = functionName || '(anonymous)';
  const site =
    url === ''
      ? `${caller} > ${name}`
      : `${name} ${basename(url).replace(/\?.*$/, '')}:${lineNumber + 1}:${columnNumber + 1}`;
  if (node.selfSize > 0) into.set(site, (into.get(site) ?? 0) + node.selfSize);
  for (const child of node.children) bytesBySite(child, url === '' ? caller : site, into);
}

/** The built code at a site's `file:line:column` (the build is minified: names say little). */
function snippet(buildDir: string, site: string): string {
  const match = /([\w.-]+\.js):(\d+):(\d+)(?!.*\.js:)/.exec(site);
  if (!match) return '';
  const path = join(buildDir, 'assets', match[1]!);
  if (!existsSync(path)) return '';
  const line = readFileSync(path, 'utf8').split('\n')[Number(match[2]) - 1] ?? '';
  const at = Number(match[3]) - 1;
  return `«${line.slice(Math.max(0, at - 30), at + 70)}»`;
}

async function sampleHeap(
  browser: Browser,
  url: string,
  fill: SceneFill,
  count: number,
  buildDir: string,
) {
  const { context, page, errors } = await openScene(browser, url, fill, false);
  let session: CDPSession | undefined;
  try {
    session = await context.newCDPSession(page);
    await session.send('HeapProfiler.enable');
    const startFrame = await frames(page);
    await session.send('HeapProfiler.startSampling', {
      samplingInterval: SAMPLING_INTERVAL,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    const taken = await runFrames(page, count);
    const { profile } = await session.send('HeapProfiler.stopSampling');
    const { stats, sections } = await page.evaluate(() => ({
      stats: window.__ragdoll!.frameStats(),
      sections: window.__ragdoll!.frameSections?.() ?? null,
    }));
    if (errors.length > 0) throw new Error(`probe: the page failed: ${errors.join('; ')}`);
    const sites = new Map<string, number>();
    bytesBySite(profile.head as unknown as ProfileNode, '(root)', sites);
    const total = [...sites.values()].reduce((a, b) => a + b, 0);
    console.log(
      `\nJS heap allocated per frame (${taken} frames, sampled every ${SAMPLING_INTERVAL} B, ` +
        `includes the harness's polling): ${(total / taken / 1024).toFixed(1)} KiB`,
    );
    for (const [site, bytes] of [...sites].sort((a, b) => b[1] - a[1]).slice(0, 40))
      console.log(
        `  ${(bytes / taken).toFixed(0).padStart(8)} B  ${site}  ${snippet(buildDir, site)}`,
      );
    console.log('\nwhere it is allocated, top down (bytes per frame, branches over 2% of all):');
    printTree(profile.head as unknown as ProfileNode, total * 0.02, taken, 0);
    slowFrames(
      stats.recentFrameMs.slice(-(stats.frames - startFrame)),
      sections,
      stats.frames - startFrame,
    );
  } finally {
    await session?.detach().catch(() => undefined);
    await context.close();
  }
}

function treeBytes(node: ProfileNode): number {
  return node.selfSize + node.children.reduce((sum, child) => sum + treeBytes(child), 0);
}

/** Prints the allocation tree down to branches of at least `floor` bytes. */
function printTree(node: ProfileNode, floor: number, taken: number, depth: number): void {
  const bytes = treeBytes(node);
  if (bytes < floor) return;
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  const where = url === '' ? '' : ` ${basename(url)}:${lineNumber + 1}:${columnNumber + 1}`;
  console.log(
    `${'  '.repeat(depth)}${(bytes / taken).toFixed(0)} ${functionName || '(anonymous)'}${where}` +
      (node.selfSize > 0 ? ` (self ${(node.selfSize / taken).toFixed(0)})` : ''),
  );
  for (const child of [...node.children].sort((a, b) => treeBytes(b) - treeBytes(a)))
    printTree(child, floor, taken, depth + 1);
}

/** The sections of the slowest tenth of the frames against the median frame's. */
function slowFrames(
  frameMs: readonly number[],
  sections: { recentMs: Record<string, readonly number[]> } | null,
  taken: number,
): void {
  const cut = quantile(frameMs, 0.9);
  console.log(
    `\nframes: median ${median(frameMs).toFixed(2)} ms, p90 ${cut.toFixed(2)}, p95 ${quantile(frameMs, 0.95).toFixed(2)}, max ${Math.max(...frameMs).toFixed(2)}`,
  );
  if (!sections) return;
  const slow = frameMs.map((ms, i) => (ms >= cut ? i : -1)).filter((i) => i >= 0);
  console.log('section: median over all frames / mean over the slowest tenth');
  for (const [name, values] of Object.entries(sections.recentMs)) {
    const tail = values.slice(-taken);
    const slowMean = slow.reduce((sum, i) => sum + tail[i]!, 0) / slow.length;
    console.log(
      `  ${name.padEnd(10)} ${median(tail).toFixed(2).padStart(7)} / ${slowMean.toFixed(2)}`,
    );
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  tid: number;
  pid: number;
  args?: { data?: { frame?: string } };
}

/** Names of V8's garbage collection events on the main thread (devtools.timeline, v8.gc). */
const GC_EVENTS = new Set(['MinorGC', 'MajorGC', 'V8.GCScavenger', 'V8.GCFinalizeMC']);

/**
 * Traces `count` frames: each animation frame's wall time against the main thread's own CPU
 * time in it (a frame whose thread time is much shorter than its wall time waited: for the
 * GPU process, or for a core), and the garbage collections inside the frames.
 */
async function traceFrames(browser: Browser, url: string, fill: SceneFill, count: number) {
  const { context, page, errors } = await openScene(browser, url, fill, false);
  try {
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'v8', 'disabled-by-default-v8.gc', 'gpu', 'cc', 'toplevel'],
    });
    const taken = await runFrames(page, count);
    const buffer = await browser.stopTracing();
    if (errors.length > 0) throw new Error(`probe: the page failed: ${errors.join('; ')}`);
    const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
    const frames = traceEvents.filter((e) => e.name === 'FireAnimationFrame' && e.ph === 'X');
    if (frames.length === 0) {
      console.log('\ntrace: no animation frames found');
      return;
    }
    const { pid, tid } = frames[0]!;
    const gcs = traceEvents.filter(
      (e) => e.pid === pid && e.tid === tid && e.ph === 'X' && GC_EVENTS.has(e.name),
    );
    const gcIn = (frame: TraceEvent) =>
      gcs
        .filter((gc) => gc.ts >= frame.ts && gc.ts < frame.ts + frame.dur!)
        .reduce((sum, gc) => sum + gc.dur!, 0) / 1000;
    const rows = frames.map((frame) => ({
      wall: frame.dur! / 1000,
      thread: (frame.tdur ?? frame.dur!) / 1000,
      gc: gcIn(frame),
    }));
    const walls = rows.map((row) => row.wall);
    const cut = quantile(walls, 0.9);
    const slow = rows.filter((row) => row.wall >= cut);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    console.log(`\ntraced ${rows.length} animation frames (${taken} app frames), ms:`);
    console.log(
      `  all frames:      wall median ${median(walls).toFixed(2)}, mean ${mean(walls).toFixed(2)}; ` +
        `thread CPU mean ${mean(rows.map((r) => r.thread)).toFixed(2)}; GC mean ${mean(rows.map((r) => r.gc)).toFixed(3)}`,
    );
    console.log(
      `  slowest tenth:   wall mean ${mean(slow.map((r) => r.wall)).toFixed(2)}; ` +
        `thread CPU mean ${mean(slow.map((r) => r.thread)).toFixed(2)}; GC mean ${mean(slow.map((r) => r.gc)).toFixed(3)}`,
    );
    const byName = new Map<string, { count: number; ms: number; max: number }>();
    for (const gc of gcs) {
      const entry = byName.get(gc.name) ?? { count: 0, ms: 0, max: 0 };
      entry.count++;
      entry.ms += gc.dur! / 1000;
      entry.max = Math.max(entry.max, gc.dur! / 1000);
      byName.set(gc.name, entry);
    }
    // Everything else the main thread did inside the frames, by event name (nested events
    // count in each of their parents: read it as where the frame's time went, not a sum).
    const inFrames = new Map<string, { ms: number; threadMs: number }>();
    for (const frame of frames) {
      const end = frame.ts + frame.dur!;
      for (const e of traceEvents) {
        if (e.pid !== pid || e.tid !== tid || e.ph !== 'X' || e === frame) continue;
        if (e.ts < frame.ts || e.ts >= end) continue;
        const entry = inFrames.get(e.name) ?? { ms: 0, threadMs: 0 };
        entry.ms += e.dur! / 1000;
        entry.threadMs += (e.tdur ?? e.dur!) / 1000;
        inFrames.set(e.name, entry);
      }
    }
    console.log('  inside the frames, per frame (wall / thread CPU ms):');
    for (const [name, { ms, threadMs }] of [...inFrames]
      .sort((a, b) => b[1].ms - a[1].ms)
      .slice(0, 15))
      console.log(
        `    ${name.padEnd(48)} ${(ms / rows.length).toFixed(3)} / ${(threadMs / rows.length).toFixed(3)}`,
      );
    for (const [name, { count: n, ms, max }] of byName)
      console.log(
        `  ${name.padEnd(16)} ${n} times, ${ms.toFixed(1)} ms in all (${(ms / rows.length).toFixed(3)} per frame), longest ${max.toFixed(2)}`,
      );
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      build: { type: 'string' },
      frames: { type: 'string', default: '120' },
      scene: { type: 'string', default: 'avatars' },
      skip: { type: 'string', default: '' },
    },
  });
  const count = Number(values.frames);
  const fill = values.scene === 'box' ? boxScene : avatarScene(avatarModelFile());
  const server = await serveRendererSnapshot(
    values.build === undefined ? {} : { build: values.build },
  );
  const browser = await launchChromium();
  const url = `${server.url}?frame-seconds=${1 / 60}&frame-sections`;
  try {
    if (!values.skip.includes('gl')) await countWebGlCalls(browser, url, fill, count);
    if (!values.skip.includes('trace')) await traceFrames(browser, url, fill, count);
    if (!values.skip.includes('heap'))
      await sampleHeap(browser, url, fill, count, values.build ?? RENDERER_OUT);
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
