/**
 * Renderer benchmark: the renderer's test build (out-test/renderer: the app plus the read-only
 * hook) in headless Chromium (SwiftShader).
 *
 * 1. JavaScript time per 60 Hz frame (every frame advances exactly 1/60 s: two physics steps,
 *    `?frame-seconds=`) in two scenes, each with 12 props and a BLAST every second: six box
 *    dummies, and six copies of a real textured VRM with spring bones (godette_v4 from the
 *    real-model fixtures folder, or `--model FILE`; when that folder is absent, a generated
 *    VRM without springs, with a note saying the spring bones were not measured). Each frame
 *    is timed in the page and split into physics steps, pose writing, world-matrix updates, spring bones, render
 *    submit and the rest (`?frame-sections`, test build only); a row takes each frame's
 *    physics steps out of its total, what would be left on the page's thread if the physics
 *    ran on another. Median, p95 and mean over `--frames` frames (default 300). The page is
 *    cross-origin isolated, so its timer has 5 µs steps.
 * 2. The box scene at SwiftShader's own pace (few frames, so up to 8 catch-up steps each),
 *    with its physics and sync + draw split (`--skip-pace` leaves it out).
 * 3. Start: time from navigation start to the first paint, the first drawn WebGL frame and
 *    the app whole (physics running, panel live), on the page's own clock: cold (a fresh
 *    Chromium on a fresh profile per sample) and warm (the next launch on the same profile),
 *    median of `--starts` (default 7) each. The start is served as an installed app's files
 *    are: hashed assets cacheable, so a warm start can use the HTTP and code caches.
 *
 *    `--third-start` adds a third start on each profile: Chromium reads a script's code cache
 *    only from the third run on, and that start is what Electron's second start is with the
 *    heat check bypassed (see scripts/lib/start-timing.ts).
 * 4. `--breakdown`: `--traces` (default 3) more cold + warm pairs of each build, traced (Chromium's trace
 *    events), split into where the main thread's time goes before the first frame (our
 *    scripts' compile and run, the WebGL context, waiting for shader programs, layout, the
 *    harness), each chunk's fetch and compile, and Rapier's decode and WebAssembly compile
 *    after it (tools/browser/start-breakdown.ts). Tracing slows a start a little: read the
 *    split, take the times from the untraced starts.
 *
 * `--before DIR` runs another built test renderer (e.g. the main branch's out-test/renderer)
 * in the same run, alternating with this build sample by sample (`--rounds N` splits the
 * frames into N alternating blocks), and prints both side by side. `--scenes box,avatars`
 * picks the scenes (also `avatars-no-face`: the avatar scene with FACE REACTIONS off, to time
 * the faces' reactions side by side; `bare-avatars`: the avatar scene recorded body by body
 * once, then replayed on the test build's bench-pages.html?page=bare-avatars, which draws the same
 * avatars, stage, lights and shadows with no physics and no UI: what the drawing alone costs,
 * the floor for the page's thread; `avatars-thread`: the same avatars over figures and props
 * that a physics worker steps (bench-pages.html?page=avatars-thread), what the page still pays once the
 * physics is elsewhere; `mmd` and `mmd-no-edges`: six MMD figures, Gene_light from
 * the real-model folder, `--mmd-model FILE` or a generated PMX, with their edges and without,
 * to time the edges side by side); `--start-only` and `--frames-only` skip a part; `--floor` adds a bare
 * page (one text line and one cleared WebGL canvas) to the starts, the floor this browser and
 * machine set under any app's first frame; `--profile FILE` writes
 * Chromium's CPU profile of this build's avatar scene (first round) to FILE. `--dolls N` adds
 * N box dolls on a physics worker (bench-pages.html?page=dolls-thread; scripts/lib/dolls-thread-scene.ts):
 * the simulated seconds the worker keeps up with per wall second while the page draws, with
 * the page's frame times (`--dolls 100` gives `dolls100RealTime`).
 * Prints the load average at start and end: on a shared machine the absolute times are noisy,
 * compare the columns of one run.
 *
 * Targets: ≤ 4 ms median and ≤ 8 ms p95 JS per 60 Hz frame with the avatars; first frame
 * ≤ 1.0 s cold and ≤ 0.6 s warm.
 * Run: `npm run build:test && npm run bench:renderer`.
 */
import { median, quantile } from './lib/bench-stats';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import type { StartPair, StartSample } from './lib/start-timing';
import { timeStartPair } from './lib/start-timing';
import { writeBareStartPage } from './lib/bare-start-page';
import type { TracedStartPair } from './lib/start-trace';
import { traceStartPair } from './lib/start-trace';
import { printStartBreakdown } from './lib/start-breakdown-table';
import type { FrameHookName, FrameSample, SceneFill } from './lib/frame-scenes';
import {
  FIGURES,
  PROPS,
  VIEWPORT,
  avatarModelFile,
  avatarScene,
  mmdModelFile,
  boxScene,
  sampleFrames,
} from './lib/frame-scenes';
import {
  AVATARS_THREAD_PAGE,
  BARE_AVATARS_PAGE,
  avatarsThreadFill,
  bareAvatarFill,
  recordAvatarStream,
} from './lib/bare-avatar-scene';
import type { DollsThreadResult } from './lib/dolls-thread-scene';
import { measureDollsThread } from './lib/dolls-thread-scene';
import { launchChromium } from '../tools/browser/browser';
import { serveRendererSnapshot } from '../tools/browser/renderer-snapshot';

const FRAMES = 300;
/** Frames of the app's avatar scene the bare page replays (looping): 5 s of simulated time. */
const STREAM_FRAMES = 300;
/** Cold + warm start pairs per build (each a fresh profile). */
const STARTS = 7;
const DOLLS = FIGURES;
/** Fixed steps in one 60 Hz frame at TIME 1 (1/120 s steps). */
const STEPS_AT_60_HZ = 2;
/** The query that makes every frame advance 1/60 s and times it section by section. */
const AT_60_HZ = `?frame-seconds=${1 / 60}&frame-sections`;

const round = (value: number, digits = 2): number => Number(value.toFixed(digits));

/** The numbers the benchmark reports. */
interface BenchResult {
  readonly chromium: string;
  readonly viewport: typeof VIEWPORT;
  readonly dolls: number;
  readonly props: number;
  /** At SwiftShader's own pace: few frames, so each runs up to 8 catch-up steps. */
  readonly frameJsMs: { frames: number; median: number; p95: number };
  readonly stepsPerFrame: { median: number; mean: number };
  readonly fps: number;
  readonly physicsMsPerFrame: { median: number; p95: number };
  readonly physicsMsPerStep: number;
  readonly syncAndDrawMs: { median: number; p95: number };
  readonly estimatedJsMsAt60Hz: number;
  /** Measured: every frame advanced by exactly 1/60 s (two steps), as on a 60 Hz display. */
  readonly frameJsMsAt60Hz: {
    frames: number;
    median: number;
    p95: number;
    stepsPerFrame: number;
    target: number;
  };
}

function summarize(chromium: string, busy: FrameSample, at60Hz: FrameSample): BenchResult {
  // Both parts are timed in the page: physics (advance) and the rest (sync + issuing the draw).
  const drawMs = busy.frameMs.map((ms, i) => ms - busy.physicsMs[i]!);
  const physicsPerStep = busy.physicsMs
    .map((ms, i) => (busy.steps[i]! > 0 ? ms / busy.steps[i]! : Number.NaN))
    .filter(Number.isFinite);
  return {
    chromium,
    viewport: VIEWPORT,
    dolls: DOLLS,
    props: PROPS,
    frameJsMs: {
      frames: busy.frameMs.length,
      median: round(median(busy.frameMs)),
      p95: round(quantile(busy.frameMs, 0.95)),
    },
    stepsPerFrame: {
      median: median(busy.steps),
      mean: round(busy.steps.reduce((a, b) => a + b, 0) / busy.steps.length),
    },
    fps: round(busy.frameMs.length / busy.wallSeconds, 1),
    physicsMsPerFrame: {
      median: round(median(busy.physicsMs)),
      p95: round(quantile(busy.physicsMs, 0.95)),
    },
    physicsMsPerStep: round(median(physicsPerStep), 3),
    syncAndDrawMs: { median: round(median(drawMs)), p95: round(quantile(drawMs, 0.95)) },
    estimatedJsMsAt60Hz: round(STEPS_AT_60_HZ * median(physicsPerStep) + median(drawMs)),
    frameJsMsAt60Hz: {
      frames: at60Hz.frameMs.length,
      median: round(median(at60Hz.frameMs)),
      p95: round(quantile(at60Hz.frameMs, 0.95)),
      stepsPerFrame: median(at60Hz.steps),
      target: 4,
    },
  };
}

/** Medians of one build's starts, ms after navigation start. */
interface StartSummary {
  readonly starts: number;
  readonly cold: StartMedians;
  readonly warm: StartMedians;
  readonly third: StartMedians | null;
  readonly samples: readonly StartPair[];
}

interface StartMedians {
  readonly firstPaint: number | null;
  /** From the shell shown (our entry has run) to the first frame: the part that is ours. */
  readonly shellToFirstFrame: number | null;
  readonly firstFrame: number;
  readonly firstFrameMax: number;
  readonly ready: number | null;
}

function startMedians(samples: readonly StartSample[]): StartMedians {
  const of = (values: readonly (number | null)[]): number | null =>
    values.every((value) => value !== null) ? Math.round(median(values)) : null;
  const frames = samples.map((sample) => sample.firstFrameMs);
  return {
    firstPaint: of(samples.map((sample) => sample.firstPaintMs)),
    shellToFirstFrame: of(
      samples.map((sample) =>
        sample.shellMs === null ? null : sample.firstFrameMs - sample.shellMs,
      ),
    ),
    firstFrame: Math.round(median(frames)),
    firstFrameMax: Math.round(Math.max(...frames)),
    ready: of(samples.map((sample) => sample.readyMs)),
  };
}

function summarizeStarts(pairs: readonly StartPair[]): StartSummary {
  return {
    starts: pairs.length,
    cold: startMedians(pairs.map((pair) => pair.cold)),
    warm: startMedians(pairs.map((pair) => pair.warm)),
    third: pairs.every((pair) => pair.third)
      ? startMedians(pairs.map((pair) => pair.third!))
      : null,
    samples: pairs,
  };
}

/**
 * Times `starts` cold + warm pairs of each build, alternating between them so a change in
 * the machine's load falls on both alike.
 */
async function measureStarts(
  builds: readonly { readonly name: string; readonly url: string }[],
  starts: number,
  third: boolean,
): Promise<Record<string, StartSummary>> {
  const pairs = new Map(builds.map((build) => [build.name, [] as StartPair[]]));
  for (let i = 0; i < starts; i++) {
    for (const build of builds)
      pairs.get(build.name)!.push(await timeStartPair(build.url, VIEWPORT, third));
  }
  return Object.fromEntries(
    builds.map((build) => [build.name, summarizeStarts(pairs.get(build.name)!)]),
  );
}

/**
 * Traces `starts` cold + warm pairs of each app build (never the bare page: it has no
 * frame loop to find), alternating between the builds like {@link measureStarts}.
 */
async function traceStarts(
  builds: readonly { readonly name: string; readonly url: string }[],
  starts: number,
): Promise<Record<string, TracedStartPair[]>> {
  const traced: Record<string, TracedStartPair[]> = Object.fromEntries(
    builds.map((build) => [build.name, []]),
  );
  for (let i = 0; i < starts; i++) {
    for (const build of builds) {
      traced[build.name]!.push(await traceStartPair(build.url, VIEWPORT));
      console.error(`(traced start pair ${i + 1}/${starts} of ${build.name})`);
    }
  }
  return traced;
}

function printStarts(summaries: Record<string, StartSummary>): void {
  const names = Object.keys(summaries);
  const cell = (value: number | null): string => (value === null ? '—' : String(value));
  type Row = [string, (summary: StartSummary) => string, string];
  /** The rows of the cold or the warm start; `firstFrameTarget` is the first drawn frame's. */
  const startRows = (start: 'cold' | 'warm', firstFrameTarget: string): Row[] => [
    [`${start}: first paint (ms)`, (sum) => cell(sum[start].firstPaint), ''],
    [
      `${start}: first drawn frame (ms)`,
      (sum) => `${sum[start].firstFrame} (max ${sum[start].firstFrameMax})`,
      firstFrameTarget,
    ],
    [
      `${start}: shell shown → first drawn frame (ms)`,
      (sum) => cell(sum[start].shellToFirstFrame),
      '',
    ],
    [`${start}: app whole, panel live (ms)`, (sum) => cell(sum[start].ready), ''],
  ];
  const rows: Row[] = [
    ...startRows('cold', '≤ 1000'),
    ...startRows('warm', '≤ 600'),
    ...(Object.values(summaries).every((summary) => summary.third)
      ? ([
          [
            'third start, code cache read: first drawn frame (ms)',
            (sum) => `${sum.third!.firstFrame} (max ${sum.third!.firstFrameMax})`,
            '',
          ],
          ['third start: app whole, panel live (ms)', (sum) => cell(sum.third!.ready), ''],
        ] as Row[])
      : []),
  ];
  const header = ['start, median', ...names, 'target'];
  const cells = rows.map(([label, value, target]) => [
    label,
    ...names.map((name) => value(summaries[name]!)),
    target,
  ]);
  printRows(header, cells);
  const first = summaries[names[0]!]!;
  console.log(
    `(${first.starts} cold + warm pairs per build at ${VIEWPORT.width}×${VIEWPORT.height}, a fresh profile per pair; '—': the build does not mark it)`,
  );
}

/**
 * A scene the 60 Hz frames are taken in: `mmd` is six MMD figures with their edges,
 * `mmd-no-edges` the same with outlines off (`?outlines=off`), side by side in one run.
 */
type SceneName =
  | 'box'
  | 'avatars'
  | 'avatars-no-face'
  | 'bare-avatars'
  | 'avatars-thread'
  | 'mmd'
  | 'mmd-no-edges';
const SCENE_NAMES: readonly SceneName[] = [
  'box',
  'avatars',
  'avatars-no-face',
  'bare-avatars',
  'avatars-thread',
  'mmd',
  'mmd-no-edges',
];
/** What each scene adds to the page's query. */
const SCENE_QUERY: Readonly<Record<SceneName, string>> = {
  box: '',
  avatars: '&face-reactions=on',
  'avatars-no-face': '&face-reactions=off',
  // Its own page (see scripts/lib/bare-avatar-scene.ts); the stream is taken with faces on.
  'bare-avatars': '&face-reactions=on',
  // Its own page, like the bare one: no query.
  'avatars-thread': '',
  mmd: '',
  'mmd-no-edges': '&outlines=off',
};

/** The scenes drawn on a page of their own in the test build, not the app's. */
const OWN_PAGES: Partial<Record<SceneName, { page: string; hook: FrameHookName }>> = {
  'bare-avatars': { page: BARE_AVATARS_PAGE, hook: '__ragdollBareAvatars' },
  'avatars-thread': { page: AVATARS_THREAD_PAGE, hook: '__ragdollAvatarsThread' },
};

/** The 60 Hz frames of one scene on one build, all rounds together. */
interface SceneFrames {
  readonly scene: SceneName;
  readonly build: string;
  readonly frameMs: number[];
  readonly sectionsMs: Record<string, number[]> | null;
  /** Each block's mean draw calls per frame (empty for a build without the count). */
  readonly drawCalls: number[];
}

/**
 * Takes `frames` 60 Hz frames of each scene on each build, in `rounds` blocks that alternate
 * between the builds, so a change in the machine's load falls on both alike.
 */
async function measureSceneFrames(
  browser: Awaited<ReturnType<typeof launchChromium>>,
  builds: readonly { readonly name: string; readonly url: string }[],
  scenes: readonly SceneName[],
  frames: number,
  rounds: number,
  profilePath: string | undefined,
  modelPath: string | undefined,
  mmdPath: string | undefined,
): Promise<SceneFrames[]> {
  const model = avatarModelFile(modelPath);
  if (model.note && scenes.some((scene) => scene.startsWith('avatars')))
    console.log(`note: ${model.note}`);
  const mmd = mmdModelFile(mmdPath);
  if (mmd.note && scenes.some((scene) => scene.startsWith('mmd'))) console.log(`note: ${mmd.note}`);
  const mmdScene = avatarScene(mmd, 'mmd');
  const thisBuild = builds[builds.length - 1]!;
  // The bare page replays this build's avatar scene: recorded once, before the rounds.
  const stream = scenes.includes('bare-avatars')
    ? await recordAvatarStream(
        browser,
        thisBuild.url + AT_60_HZ + SCENE_QUERY['bare-avatars'],
        avatarScene(model),
        STREAM_FRAMES,
      )
    : null;
  const fills: Record<SceneName, SceneFill> = {
    box: boxScene,
    avatars: avatarScene(model),
    'avatars-no-face': avatarScene(model),
    'bare-avatars': stream === null ? boxScene : bareAvatarFill(model, stream),
    'avatars-thread': avatarsThreadFill(model),
    mmd: mmdScene,
    'mmd-no-edges': mmdScene,
  };
  const results = new Map<string, SceneFrames>();
  const perRound = Math.ceil(frames / rounds);
  for (let r = 0; r < rounds; r++) {
    for (const scene of scenes) {
      for (const build of builds) {
        // The bare and thread pages are this build's: an older build may not have them.
        const ownPage = OWN_PAGES[scene];
        if (ownPage && build !== thisBuild) continue;
        // The CPU profile: the avatar scene on the last build, first round.
        const profile =
          scene === 'avatars' && r === 0 && build === builds[builds.length - 1]
            ? profilePath
            : undefined;
        const sample = ownPage
          ? await sampleFrames(
              browser,
              build.url + ownPage.page,
              fills[scene],
              perRound,
              undefined,
              ownPage.hook,
            )
          : await sampleFrames(
              browser,
              build.url + AT_60_HZ + SCENE_QUERY[scene],
              fills[scene],
              perRound,
              profile,
            );
        if (profile !== undefined) console.log(`CPU profile written to ${profile}`);
        const key = `${scene}:${build.name}`;
        const kept = results.get(key) ?? {
          scene,
          build: build.name,
          frameMs: [],
          sectionsMs: sample.sectionsMs === null ? null : {},
          drawCalls: [],
        };
        kept.frameMs.push(...sample.frameMs);
        if (sample.drawCallsPerFrame !== null) kept.drawCalls.push(sample.drawCallsPerFrame);
        for (const [name, values] of Object.entries(sample.sectionsMs ?? {})) {
          (kept.sectionsMs![name] ??= []).push(...values);
        }
        results.set(key, kept);
        console.error(
          `(${scene} on ${build.name}, round ${r + 1}/${rounds}: ${sample.frameMs.length} frames, median ${round(median(sample.frameMs))} ms)`,
        );
      }
    }
  }
  return [...results.values()];
}

/** The order sections are printed in: the frame's own order. */
const SECTION_ROWS: readonly [string, string][] = [
  ['physics', '  physics steps (2 per frame)'],
  ['pose', '  pose writing (physics onto bones)'],
  ['matrices', '  world-matrix updates (our own passes)'],
  ['springs', '  spring bones (three-vrm update)'],
  ['render', '  render submit (incl. its matrix pass and skinning)'],
  ['other', '  other (box meshes, camera, pins)'],
];

/**
 * Each frame's JS less its own physics steps, or undefined for a build without the section
 * clock: the main thread's share if the physics ran on another thread (a lower bound: such a
 * thread would compete for the same cores).
 */
function framesLessPhysics(frames: SceneFrames): number[] | undefined {
  const physics = frames.sectionsMs?.['physics'];
  if (physics === undefined || physics.length !== frames.frameMs.length) return undefined;
  return frames.frameMs.map((ms, i) => ms - physics[i]!);
}

/** The mean of each block's draw calls per frame, or a dash for a build that does not count them. */
function drawCallCell(blocks: readonly number[]): string {
  if (blocks.length === 0) return '—';
  return String(round(blocks.reduce((a, b) => a + b, 0) / blocks.length, 1));
}

function printSceneFrames(results: readonly SceneFrames[]): void {
  const cell = (values: readonly number[] | undefined): string =>
    values === undefined || values.length === 0
      ? '—'
      : `${round(median(values))} / ${round(quantile(values, 0.95))} / ${round(values.reduce((a, b) => a + b, 0) / values.length)}`;
  const header = [
    'JS ms per 60 Hz frame: median / p95 / mean',
    ...results.map((r) => `${r.scene}, ${r.build}`),
  ];
  const rows = [
    ['total JS per frame (target ≤ 4 median, ≤ 8 p95)', ...results.map((r) => cell(r.frameMs))],
    [
      'total less the physics steps (what a physics worker would leave)',
      ...results.map((r) => cell(framesLessPhysics(r))),
    ],
    ...SECTION_ROWS.map(([key, label]) => [
      label,
      ...results.map((r) => cell(r.sectionsMs?.[key])),
    ]),
    ['WebGL draw calls per frame (mean)', ...results.map((r) => drawCallCell(r.drawCalls))],
  ];
  printRows(header, rows);
  console.log(
    `(${results.map((r) => `${r.scene}/${r.build}: ${r.frameMs.length}`).join(', ')} frames; ${FIGURES} figures, ${PROPS} props, BLAST every second, ${VIEWPORT.width}×${VIEWPORT.height}; section medians do not add up to the total's, the means do)`,
  );
}

function parseCount(name: string, raw: string | undefined): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`bench: --${name} ${raw} is not a count`);
  return value;
}

function parseScenes(raw: string | undefined): SceneName[] {
  const scenes = (raw ?? '').split(',').filter((name) => name !== '');
  for (const scene of scenes) {
    if (!(SCENE_NAMES as readonly string[]).includes(scene))
      throw new Error(`bench: --scenes takes ${SCENE_NAMES.join(', ')}, not ${scene}`);
  }
  return scenes as SceneName[];
}

const loadNow = (): string =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      before: { type: 'string' },
      'start-only': { type: 'boolean', default: false },
      floor: { type: 'boolean', default: false },
      'frames-only': { type: 'boolean', default: false },
      starts: { type: 'string', default: String(STARTS) },
      frames: { type: 'string', default: String(FRAMES) },
      rounds: { type: 'string', default: '1' },
      scenes: { type: 'string', default: 'box,avatars' },
      'skip-pace': { type: 'boolean', default: false },
      profile: { type: 'string' },
      breakdown: { type: 'boolean', default: false },
      'third-start': { type: 'boolean', default: false },
      traces: { type: 'string', default: '3' },
      model: { type: 'string' },
      'mmd-model': { type: 'string' },
      dolls: { type: 'string' },
    },
  });
  const dolls = values.dolls === undefined ? null : parseCount('dolls', values.dolls);
  const starts = parseCount('starts', values.starts);
  const frames = parseCount('frames', values.frames);
  const rounds = parseCount('rounds', values.rounds);
  const scenes = parseScenes(values.scenes);
  for (const option of ['model', 'mmd-model'] as const) {
    const path = values[option];
    if (path !== undefined && !existsSync(path)) {
      console.error(`bench:renderer: --${option} ${path}: no such file`);
      process.exitCode = 2;
      return;
    }
  }
  console.log(`load average at start (1/5/15 min): ${loadNow()}`);
  const bare = values.floor ? writeBareStartPage() : null;
  const servers = [
    ...(bare === null
      ? []
      : [{ name: 'bare page', server: await serveRendererSnapshot({ build: bare.folder }) }]),
    ...(values.before === undefined
      ? []
      : [
          {
            name: 'before',
            server: await serveRendererSnapshot({ build: values.before, cacheAssets: true }),
          },
        ]),
    {
      name: values.before === undefined ? 'this build' : 'after',
      server: await serveRendererSnapshot({ cacheAssets: true }),
    },
  ];
  const startBuilds = servers.map(({ name, server }) => ({ name, url: server.url }));
  // The bare page has no scene: it is a floor for the start only.
  const builds = startBuilds.filter(({ name }) => name !== 'bare page');
  try {
    const startSummaries = values['frames-only']
      ? null
      : await measureStarts(startBuilds, starts, values['third-start']);
    if (startSummaries) printStarts(startSummaries);
    if (values.breakdown) {
      const traced = await traceStarts(builds, parseCount('traces', values.traces));
      printStartBreakdown(traced);
    }
    if (values['start-only']) {
      console.log(`load average at end: ${loadNow()}`);
      console.log(JSON.stringify({ start: startSummaries }));
      return;
    }
    const browser = await launchChromium();
    try {
      const sceneFrames = await measureSceneFrames(
        browser,
        builds,
        scenes,
        frames,
        rounds,
        values.profile,
        values.model,
        values['mmd-model'],
      );
      if (sceneFrames.length > 0) printSceneFrames(sceneFrames);
      const dollsThread =
        dolls === null
          ? null
          : await measureDollsThread(browser, builds[builds.length - 1]!.url, dolls);
      if (dollsThread) printDollsThread(dollsThread);
      let result: BenchResult | null = null;
      if (scenes.includes('box') && !values['skip-pace']) {
        // The box scene at SwiftShader's own pace, on this build only (see the file's header).
        const url = builds[builds.length - 1]!.url;
        const busy = await sampleFrames(browser, url, boxScene, frames);
        const at60Hz = await sampleFrames(browser, url + AT_60_HZ, boxScene, frames);
        result = summarize(browser.version(), busy, at60Hz);
        printTable(result);
      }
      console.log(`load average at end: ${loadNow()}`);
      console.log(
        JSON.stringify({
          ...result,
          ...physicsWorkerKeys(sceneFrames, builds[builds.length - 1]!.name, startSummaries),
          ...(dollsThread === null ? {} : dollsThreadKeys(dollsThread)),
          scenes: sceneFrames.map(({ scene, build, frameMs, sectionsMs, drawCalls }) => ({
            scene,
            build,
            frames: frameMs.length,
            drawCallsPerFrame: drawCalls.length === 0 ? null : drawCallCell(drawCalls),
            medianMs: round(median(frameMs)),
            p95Ms: round(quantile(frameMs, 0.95)),
            sectionMedians: Object.fromEntries(
              Object.entries(sectionsMs ?? {}).map(([name, ms]) => [name, round(median(ms), 3)]),
            ),
          })),
          start: startSummaries,
        }),
      );
    } finally {
      await browser.close();
    }
  } finally {
    for (const { server } of servers) await server.close();
    bare?.remove();
  }
}

/**
 * The numbers the physics-worker work is judged by, flat, for checking from outside: this
 * build's avatar scene against the bare avatar page (median and p95 JS per frame), six MMD
 * figures and six box dummies (medians), and the first drawn frame cold and warm against the
 * bare start page (`--floor`). Only what this run measured is present.
 */
function physicsWorkerKeys(
  sceneFrames: readonly SceneFrames[],
  build: string,
  starts: Record<string, StartSummary> | null,
): Record<string, number> {
  const keys: Record<string, number> = {};
  const frames = (scene: SceneName): number[] | undefined =>
    sceneFrames.find((each) => each.scene === scene && each.build === build)?.frameMs;
  const put = (key: string, values: number[] | undefined, q: number | null): void => {
    if (values === undefined || values.length === 0) return;
    keys[key] = round(q === null ? median(values) : quantile(values, q));
  };
  put('avatarsMainMsMedian', frames('avatars'), null);
  put('avatarsMainMsP95', frames('avatars'), 0.95);
  put('bareAvatarsMsMedian', frames('bare-avatars'), null);
  put('bareAvatarsMsP95', frames('bare-avatars'), 0.95);
  put('avatarsThreadMsMedian', frames('avatars-thread'), null);
  put('avatarsThreadMsP95', frames('avatars-thread'), 0.95);
  put('mmdSixMainMsMedian', frames('mmd'), null);
  put('boxSixMainMsMedian', frames('box'), null);
  const app = starts?.[build];
  const floor = starts?.['bare page'];
  if (app)
    Object.assign(keys, { startColdMs: app.cold.firstFrame, startWarmMs: app.warm.firstFrame });
  if (floor)
    Object.assign(keys, { floorColdMs: floor.cold.firstFrame, floorWarmMs: floor.warm.firstFrame });
  return keys;
}

/** The doll run's numbers, flat: `dolls100RealTime` when it had 100 dolls. */
function dollsThreadKeys(result: DollsThreadResult): Record<string, number | string> {
  return {
    [`dolls${result.dolls}RealTime`]: round(result.realTime, 3),
    dollsPlace: result.place,
    dollsBodies: result.bodies,
    dollsPageFrames: result.frames,
    dollsPageFrameMsMedian: round(median([...result.frameMs])),
    dollsThreadBusyShare: round(result.threadBusyShare, 3),
    dollsPackMsMean: round(result.packMsMean, 3),
    dollsRoundTripMsMean: round(result.roundTripMsMean, 3),
  };
}

function printDollsThread(result: DollsThreadResult): void {
  if (result.note) console.log(`note: ${result.note}`);
  printRows(
    ['box dolls on a physics thread', 'value'],
    [
      ['dolls (bodies)', `${result.dolls} (${result.bodies})`],
      ['physics runs in', result.place],
      ['simulated s per wall s (target ≥ 0.98)', String(round(result.realTime, 3))],
      ["thread's wall time spent stepping (share)", String(round(result.threadBusyShare, 3))],
      ['packing every body into the buffer, mean (ms)', String(round(result.packMsMean, 3))],
      [
        'asking for a state until it is on the page, mean (ms)',
        String(round(result.roundTripMsMean)),
      ],
      ['page frames drawn meanwhile', String(result.frames)],
      ['page JS per frame, median (ms)', String(round(median([...result.frameMs])))],
    ],
  );
}

/** Prints a markdown table. */
function printRows(header: readonly string[], cells: readonly (readonly string[])[]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((row) => row[column]!.length)),
  );
  const line = (row: readonly string[]): string =>
    `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of cells) console.log(line(row));
}

function printTable(result: BenchResult): void {
  const rows: (readonly [string, number | string, number | string, string])[] = [
    [
      'JS per frame at SwiftShader speed, 6 dolls + 12 props (ms)',
      result.frameJsMs.median,
      result.frameJsMs.p95,
      '',
    ],
    [
      '  physics (advance) per frame (ms)',
      result.physicsMsPerFrame.median,
      result.physicsMsPerFrame.p95,
      '',
    ],
    [
      '  physics steps per frame',
      result.stepsPerFrame.median,
      `mean ${result.stepsPerFrame.mean}`,
      '',
    ],
    ['  physics per step (ms)', result.physicsMsPerStep, '', ''],
    ['  sync + issuing the draw (ms)', result.syncAndDrawMs.median, result.syncAndDrawMs.p95, ''],
    ['  estimate for a 60 Hz frame, 2 steps (ms)', result.estimatedJsMsAt60Hz, '', ''],
    [
      'JS per 60 Hz frame (1/60 s, 2 steps), measured (ms)',
      result.frameJsMsAt60Hz.median,
      result.frameJsMsAt60Hz.p95,
      '≤ 4 median',
    ],
    ['  frames per second (SwiftShader)', result.fps, '', ''],
  ];
  printRows(
    ['metric', 'median', 'p95 / other', 'target'],
    rows.map((row) => row.map(String)),
  );
  console.log(
    `(${result.frameJsMs.frames} frames at ${result.viewport.width}×${result.viewport.height})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
