/**
 * The scenes `npm run bench:renderer` times frame by frame in the test build: six box dummies
 * or six copies of a VRM avatar, 12 props, a BLAST every second; each frame's JavaScript
 * read back in total and, with `?frame-sections`, section by section.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { dropFileOnPage } from '../../tools/browser/drop-file';
import { realFixture } from '../../tools/fixtures/real-fixtures';
import { SKELETONS } from '../../tools/fixtures/fixture-skeletons';
import { writeVrm } from '../../tools/fixtures/vrm-writer';
import { humanoidMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';
import { writePmx } from '../../tools/fixtures/mmd/pmx-writer';

export const VIEWPORT = { width: 1280, height: 720 } as const;
export const FIGURES = 6;
export const PROPS = 12;
const BLAST_EVERY_MS = 1000;
const WARM_UP_FRAMES = 30;
const LOAD_TIMEOUT_MS = 300_000;

/** The real avatar the avatar scene uses: textured, with spring-bone hair and clothes. */
export const AVATAR_FIXTURE = 'vrm0/godette_v4.vrm';

/** Headers that make the page cross-origin isolated: performance.now() then has 5 µs steps, not 100 µs. */
const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
} as const;

/** A model file for the avatar scene, and a note when it is not the real one. */
export interface AvatarModelFile {
  readonly fileName: string;
  readonly bytes: Uint8Array;
  /** Set when the real fixture is absent and a generated stand-in is used. */
  readonly note?: string;
}

/**
 * The VRM at `path` when one is given (read errors throw, naming the file); else the real
 * avatar when the fixtures folder is present, else a generated VRM (no springs).
 */
export function avatarModelFile(path?: string): AvatarModelFile {
  if (path !== undefined) return { fileName: basename(path), bytes: readFileSync(path) };
  return defaultAvatarModelFile();
}

function defaultAvatarModelFile(): AvatarModelFile {
  const path = realFixture(AVATAR_FIXTURE);
  if (existsSync(path)) return { fileName: basename(path), bytes: readFileSync(path) };
  const fileName = 'vrm1-tpose-full.vrm';
  return {
    fileName,
    bytes: writeVrm(SKELETONS.tposeFull, {
      format: 'vrm1',
      title: 'Bench stand-in',
      author: 'Ragdoll Playground bench',
    }),
    note: `skipped the real avatar: ${path} is absent, so the avatar scene uses a generated ${fileName} (untextured, no spring bones); its numbers do not measure spring bones`,
  };
}

/** The real MMD model the MMD scene uses: textured, 224 bones, 87 rigid bodies, edges. */
export const MMD_FIXTURE = 'pmx/gene_light/Gene_light.pmx';

/**
 * The PMX/PMD at `path` when one is given; else the real MMD model when the fixtures folder
 * is present, else a generated PMX (two materials, both drawing an edge).
 */
export function mmdModelFile(path?: string): AvatarModelFile {
  if (path !== undefined) return { fileName: basename(path), bytes: readFileSync(path) };
  const real = realFixture(MMD_FIXTURE);
  if (existsSync(real)) return { fileName: basename(real), bytes: readFileSync(real) };
  return {
    fileName: 'bench-humanoid.pmx',
    bytes: writePmx(humanoidMmdModel({ hairType: 2, skirt: { rows: 2 } })),
    note: `skipped the real MMD model: ${real} is absent, so the MMD scenes use a generated PMX (1,000 vertices, two edge materials)`,
  };
}

/** One scene's frames as the page recorded them, ms per frame. */
export interface FrameSample {
  readonly frameMs: readonly number[];
  readonly physicsMs: readonly number[];
  readonly steps: readonly number[];
  /** Per section, when the build splits frames (null for an older build). */
  readonly sectionsMs: Readonly<Record<string, readonly number[]>> | null;
  /** Mean WebGL draw calls per frame over the frames taken (null for an older build). */
  readonly drawCallsPerFrame: number | null;
  readonly wallSeconds: number;
}

/** Chromium's sampling CPU profiler on `page`, through the DevTools protocol. */
async function startCpuProfile(page: Page): Promise<{ stop(path: string): Promise<void> }> {
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  // 100 µs between samples: a 60 Hz frame's few ms then get tens of samples.
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await session.send('Profiler.start');
  return {
    stop: async (path) => {
      const { profile } = await session.send('Profiler.stop');
      writeFileSync(path, JSON.stringify(profile));
      await session.detach();
    },
  };
}

/** Presses BLAST (`b`) every second until `done` says so (the bare page ignores the key). */
export async function blastUntil(page: Page, done: () => Promise<boolean>): Promise<void> {
  while (!(await done())) {
    await page.keyboard.press('b');
    await page.waitForTimeout(BLAST_EVERY_MS);
  }
}

/** What fills the scene before frames are taken. */
export type SceneFill = (page: Page) => Promise<void>;

/**
 * Which page hook the frames are read through: the app's `window.__ragdoll`, the bare avatar
 * page's `window.__ragdollBareAvatars` or the avatar thread page's
 * `window.__ragdollAvatarsThread`; each offers `frameStats`, `drawCounts` and `frameSections`.
 */
export type FrameHookName = '__ragdollBareAvatars' | '__ragdollAvatarsThread' | '__ragdoll';

async function frames(page: Page, hook: FrameHookName): Promise<number> {
  return page.evaluate((name) => window[name]?.frameStats().frames ?? 0, hook);
}

async function waitForFrameCount(page: Page, hook: FrameHookName, target: number): Promise<void> {
  await page.waitForFunction(
    ([name, n]) => (window[name]?.frameStats().frames ?? 0) >= n,
    [hook, target] as const,
    { timeout: LOAD_TIMEOUT_MS, polling: 100 },
  );
}

/** The view's drawn frames and draw calls so far; null for a build without the count. */
async function drawCounts(
  page: Page,
  hook: FrameHookName,
): Promise<{ frames: number; drawCalls: number } | null> {
  return page.evaluate((name) => window[name]!.drawCounts?.() ?? null, hook);
}

async function figureCount(page: Page): Promise<number> {
  return page.evaluate(() => window.__ragdoll!.figures());
}

/** Adds props with the app's keys and checks the counts. */
async function addProps(page: Page, figures: number): Promise<void> {
  for (let i = 0; i < PROPS; i++) await page.keyboard.press(i % 2 === 0 ? 'o' : 'x');
  const counts = await page.evaluate(() => [
    window.__ragdoll!.figures(),
    window.__ragdoll!.props(),
  ]);
  if (counts[0] !== figures || counts[1] !== PROPS)
    throw new Error(`bench: the scene has ${counts.join('/')} figures/props`);
}

/** Six box dummies (ADD five times) and 12 props. */
export const boxScene: SceneFill = async (page) => {
  for (let i = 1; i < FIGURES; i++) await page.keyboard.press('a');
  await addProps(page, FIGURES);
};

/**
 * Six copies of `model` (dropped, then ADD five times, each waited for) and 12 props; `kind`
 * is the figure kind the model makes (`vrm`, `mmd`).
 */
export function avatarScene(model: AvatarModelFile, kind = 'vrm'): SceneFill {
  return async (page) => {
    if (!(await dropFileOnPage(page, model.bytes, model.fileName)))
      throw new Error('bench: the page did not take the dropped model');
    await page.waitForFunction((k) => window.__ragdoll!.figureKinds().join() === k, kind, {
      timeout: LOAD_TIMEOUT_MS,
      polling: 100,
    });
    for (let i = 1; i < FIGURES; i++) {
      await page.keyboard.press('a');
      await page.waitForFunction(
        ([n, k]) => window.__ragdoll!.figureKinds().filter((each) => each === k).length >= n,
        [i + 1, kind] as const,
        { timeout: LOAD_TIMEOUT_MS, polling: 100 },
      );
    }
    if ((await figureCount(page)) !== FIGURES)
      throw new Error(`bench: the avatar scene has ${await figureCount(page)} figures`);
    await addProps(page, FIGURES);
  };
}

/**
 * Opens `url` in a new cross-origin isolated context, fills the scene, lets it run
 * {@link WARM_UP_FRAMES} frames, then takes `count` frames while pressing BLAST every second.
 */
export async function sampleFrames(
  browser: Browser,
  url: string,
  fill: SceneFill,
  count: number,
  profilePath?: string,
  hook: FrameHookName = '__ragdoll',
): Promise<FrameSample> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.route('**/*', async (route) => {
      // On a loaded machine a fetch is sometimes reset; the browser's own request then
      // goes through, unisolated (the page says so below).
      const response = await route.fetch().catch(() => null);
      if (response === null) return route.continue();
      return route.fulfill({ response, headers: { ...response.headers(), ...ISOLATION } });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url, { timeout: LOAD_TIMEOUT_MS });
    await page.waitForFunction((name) => window[name] !== undefined, hook, {
      timeout: LOAD_TIMEOUT_MS,
    });
    if (!(await page.evaluate(() => crossOriginIsolated)))
      console.error('note: the page is not cross-origin isolated; timings are in 0.1 ms steps');
    await fill(page);
    await waitForFrameCount(page, hook, (await frames(page, hook)) + WARM_UP_FRAMES);
    const profiler = profilePath === undefined ? undefined : await startCpuProfile(page);
    const startFrame = await frames(page, hook);
    const startCounts = await drawCounts(page, hook);
    const startedAt = Date.now();
    await blastUntil(page, () => frames(page, hook).then((n) => n >= startFrame + count));
    const wallSeconds = (Date.now() - startedAt) / 1000;
    if (profiler && profilePath !== undefined) await profiler.stop(profilePath);
    const endCounts = await drawCounts(page, hook);
    const { stats, sections } = await page.evaluate(
      (name) => ({
        stats: window[name]!.frameStats(),
        // An older build has no section clock.
        sections: window[name]!.frameSections?.() ?? null,
      }),
      hook,
    );
    if (errors.length > 0) throw new Error(`bench: the page failed: ${errors.join('; ')}`);
    const taken = stats.frames - startFrame;
    const tail = <T>(values: readonly T[]): T[] => values.slice(-taken);
    return {
      frameMs: tail(stats.recentFrameMs),
      physicsMs: tail(stats.recentPhysicsMs),
      steps: tail(stats.recentSteps),
      sectionsMs:
        sections === null
          ? null
          : Object.fromEntries(
              Object.entries(sections.recentMs).map(([name, values]) => [name, tail(values)]),
            ),
      drawCallsPerFrame:
        startCounts === null || endCounts === null || endCounts.frames === startCounts.frames
          ? null
          : (endCounts.drawCalls - startCounts.drawCalls) / (endCounts.frames - startCounts.frames),
      wallSeconds,
    };
  } finally {
    await context.close();
  }
}
