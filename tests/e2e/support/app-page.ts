import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { heldTimeUrl } from '../../../tools/browser/renderer-snapshot';
import { WELCOME_STORAGE_KEY } from '../../../renderer/src/ui/release/first-run';
import type {
  FrameAfterStep,
  HookFrameStats,
  HookScreenPoint,
  HookVec3,
} from '../../../renderer/src/test-build/test-hook';

/** Viewport for the tests: small enough that SwiftShader draws a few frames a second. */
export const TEST_VIEWPORT = { width: 760, height: 460 } as const;

/**
 * Long waits: SwiftShader on a busy two-core machine draws 0-10 frames a second, and
 * Playwright's click waits for two drawn frames to see a button stand still (at load 20 that
 * once took over 60 s).
 */
export const SLOW_TIMEOUT_MS = 120_000;

/** A page running the app, and what went wrong in it. */
export interface AppPage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Uncaught errors and console errors seen so far. */
  readonly errors: string[];
  /**
   * Empties the page's storage (what the app saved: language, welcome, settings) and closes
   * it. Resolves false when the storage could not be emptied (the page had crashed): its
   * context must not open another test's page then.
   */
  close(): Promise<boolean>;
}

/** What a browser context is made with: pages asking for the same can share one. */
export interface ContextOptions {
  /** The browser's language, which the app follows (default en-US). */
  readonly locale?: string;
  /** Device pixels per CSS pixel: 1.5 with a viewport 1/1.5 of a window's is that window at 150% zoom. */
  readonly deviceScaleFactor?: number;
}

export interface OpenOptions extends ContextOptions {
  /** The window's size in CSS pixels (default {@link TEST_VIEWPORT}). */
  readonly viewport?: { readonly width: number; readonly height: number };
  /** Runs before navigation, e.g. to expose a host bridge. */
  readonly beforeLoad?: (page: Page) => Promise<unknown>;
  /**
   * Start as a first run: the welcome shows when the library and presets are empty. Default
   * false: the page's storage says the welcome was dismissed before, as after any first day.
   */
  readonly firstRun?: boolean;
}

/** The key under which {@link ContextOptions} equal for a context share it. */
export function contextKey(options: ContextOptions): string {
  return JSON.stringify([options.locale ?? null, options.deviceScaleFactor ?? null]);
}

/**
 * A browser context for app pages. Pages opened one after another in the same context start
 * in about half the time and CPU of a fresh context's first page (V8 keeps the compiled
 * scripts and Rapier's WebAssembly); {@link AppPage.close} empties the storage between them.
 */
export function newAppContext(browser: Browser, options: ContextOptions): Promise<BrowserContext> {
  return browser.newContext({
    viewport: TEST_VIEWPORT,
    deviceScaleFactor: options.deviceScaleFactor ?? 1,
    locale: options.locale ?? 'en-US',
  });
}

/**
 * Opens the app in a new page of `context` (made by {@link newAppContext} with the same
 * {@link ContextOptions}) with time held from the start (the test hook's `holdTime`), and waits
 * until it has started. A held page draws nothing until the test steps time or asks for a
 * frame: the frames an app drew while it started cost several seconds of CPU per page.
 */
export async function openApp(
  context: BrowserContext,
  url: string,
  options: OpenOptions = {},
): Promise<AppPage> {
  const page = await context.newPage();
  // The size is the page's own, so pages of every size share a context.
  if (options.viewport) await page.setViewportSize(options.viewport);
  if (options.firstRun !== true) {
    await page.addInitScript((key) => window.localStorage.setItem(key, '1'), WELCOME_STORAGE_KEY);
  }
  page.setDefaultTimeout(SLOW_TIMEOUT_MS);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  await options.beforeLoad?.(page);
  // A test about live running would give time back with the hook's holdTime(false).
  await page.goto(heldTimeUrl(url));
  await waitForApp(page);
  return { context, page, errors, close: () => closeForgetting(page) };
}

/** Empties the page's storage, then closes it; false when the storage could not be emptied. */
async function closeForgetting(page: Page): Promise<boolean> {
  const forgotten = await page
    .evaluate(() => {
      window.localStorage.clear();
      window.sessionStorage.clear();
    })
    .then(
      () => true,
      () => false,
    );
  await page.close();
  return forgotten;
}

/**
 * Waits until the app has started (the test hook is there), e.g. after a reload. A page
 * opened by {@link openApp} starts again held, drawing nothing.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__ragdoll !== undefined, undefined, {
    timeout: SLOW_TIMEOUT_MS,
  });
}

export function figureCount(page: Page): Promise<number> {
  return page.evaluate(() => window.__ragdoll!.figures());
}

export function propCount(page: Page): Promise<number> {
  return page.evaluate(() => window.__ragdoll!.props());
}

export function propKinds(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__ragdoll!.propKinds());
}

export function rootPosition(page: Page, index = 0): Promise<HookVec3 | null> {
  return page.evaluate((i) => window.__ragdoll!.rootPosition(i), index);
}

export function settings(
  page: Page,
): Promise<ReturnType<NonNullable<Window['__ragdoll']>['settings']>> {
  return page.evaluate(() => window.__ragdoll!.settings());
}

/**
 * The panel's slider named `name`, once checked: it names `keys` as its keyboard shortcuts,
 * and filling in `value` sets the setting `setting` to it and says `status`.
 */
export async function checkedSlider(
  page: Page,
  name: string,
  keys: string,
  setting: keyof Awaited<ReturnType<typeof settings>>,
  value: number,
  status: string,
): Promise<Locator> {
  const slider = page.getByRole('slider', { name });
  expect(await slider.getAttribute('aria-keyshortcuts')).toBe(keys);
  await slider.fill(String(value));
  expect((await settings(page))[setting]).toBe(value);
  expect(await statusText(page)).toBe(status);
  return slider;
}

export function maxSpeed(page: Page): Promise<number> {
  return page.evaluate(() => Number(window.__ragdoll!.measure()['maxSpeed']));
}

export function frameStats(page: Page): Promise<HookFrameStats> {
  return page.evaluate(() => window.__ragdoll!.frameStats());
}

/** The text of the status line (`role=status`). */
export function statusText(page: Page): Promise<string> {
  return page.getByRole('status').innerText();
}

/** The text of the alert line (`role=alert`). */
export function alertText(page: Page): Promise<string> {
  return page.getByRole('alert').innerText();
}

/**
 * Clicks `button` and returns every figure's root height, metres, read in the click's own
 * task right after the button's handler ran. Read afterwards, one figure at a time, a loaded
 * machine can draw several frames (up to 8 physics steps each) in between and the figures
 * have moved: use this to check where a command put them.
 */
export async function rootHeightsOnClick(page: Page, button: Locator): Promise<number[]> {
  await page.evaluate(() => {
    const hook = window.__ragdoll!;
    const read = (): number[] =>
      Array.from({ length: hook.figures() }, (_, index) => hook.rootPosition(index)!.y);
    // The window hears the click after the button's own handler (it bubbles up last).
    (window as RootsOnClick).rootsOnClick = new Promise((resolve) =>
      window.addEventListener('click', () => resolve(read()), { once: true }),
    );
  });
  await button.click();
  return page.evaluate(() => (window as RootsOnClick).rootsOnClick!);
}

interface RootsOnClick {
  rootsOnClick?: Promise<number[]>;
}

/** Simulated seconds stepped between two checks of an {@link advanceUntil} wait. */
const CHECK_EVERY_SECONDS = 0.25;

/** The longest an {@link advanceUntil} wait lets simulated time run by default, seconds. */
export const SETTLE_SECONDS = 20;

/**
 * Steps the app's simulated time by `seconds` (whole 1/120 s physics steps, through the
 * timeline, then one frame drawn; `draw: false` none, `'unseen'` one run but not drawn; see the
 * hook's `advance`) and returns the steps taken.
 */
export function advance(
  page: Page,
  seconds: number,
  { draw = true }: { readonly draw?: FrameAfterStep } = {},
): Promise<number> {
  return page.evaluate(([s, d]) => window.__ragdoll!.advance(s, d), [seconds, draw] as const);
}

/**
 * Draws the scene as it is now, no time passing: while time is held the picture changes only
 * when a test steps time or asks for this (before reading BODIES colours, pixels, picking).
 */
export async function redraw(page: Page): Promise<void> {
  await page.evaluate(() => window.__ragdoll!.redraw());
}

/**
 * Draws a frame now, in the page's own task (one 1/120 s physics step, then the draw; see
 * {@link advance}), instead of waiting for the browser's next frames: under SwiftShader on a
 * loaded machine the frame loop can go seconds without drawing. For checks of what a draw
 * does (GPU memory, draw calls), not of the physics.
 */
export async function drawFrameNow(page: Page): Promise<void> {
  await advance(page, PHYSICS_STEP_SECONDS);
}

/** Waits for the page's next `count` animation frames, whether or not the app draws in them. */
export async function animationFrames(page: Page, count: number): Promise<void> {
  await page.evaluate(async (n) => {
    for (let i = 0; i < n; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, count);
}

/**
 * Moves the mouse to (`x`, `y`) CSS pixels and waits for the page's next animation frame.
 * Chromium hands pointer moves to the page aligned to its frames, so an {@link advance} right
 * after a bare move can step the physics before the page has seen the move; on a loaded
 * machine several moves then arrive at once, a yank instead of a drag.
 */
export async function moveMouse(page: Page, x: number, y: number): Promise<void> {
  await page.mouse.move(x, y);
  await animationFrames(page, 1);
}

/** One physics step, seconds (the sandbox's fixed step). */
const PHYSICS_STEP_SECONDS = 1 / 120;

/** What an {@link advanceUntil} wait may spend. */
export interface AdvanceLimits {
  /** Longest simulated time to run before giving up, seconds (default {@link SETTLE_SECONDS}). */
  readonly maxSeconds?: number;
}

/**
 * Steps simulated time a quarter second at a time until `check` holds, and returns the
 * simulated seconds that took. Checks once before stepping. Fails, naming `what`, when
 * `maxSeconds` of simulated time pass without it, or when time does not pass at all (the
 * timeline paused or playing back): the wait is the test's simulated time, never the frame
 * rate or the wall clock.
 */
export async function advanceUntil(
  page: Page,
  what: string,
  check: () => Promise<boolean>,
  { maxSeconds = SETTLE_SECONDS }: AdvanceLimits = {},
): Promise<number> {
  let seconds = 0;
  while (!(await check())) {
    if (seconds >= maxSeconds) {
      throw new Error(`e2e: ${what} did not happen within ${maxSeconds} simulated seconds`);
    }
    if ((await advance(page, CHECK_EVERY_SECONDS, { draw: false })) === 0) {
      throw new Error(`e2e: waiting until ${what}, but simulated time is not passing`);
    }
    seconds += CHECK_EVERY_SECONDS;
  }
  // The checks read the physics; what comes next may read the drawing (picking, pixels).
  if (seconds > 0) await redraw(page);
  return seconds;
}

/** Steps simulated time until figure `index` has fallen and lies low: its root below `belowY` metres. */
export async function waitForLanding(
  page: Page,
  index = 0,
  belowY = 0.5,
  limits?: AdvanceLimits,
): Promise<void> {
  await advanceUntil(
    page,
    `figure ${index} lands (root below ${belowY} m)`,
    async () => ((await rootPosition(page, index))?.y ?? Number.POSITIVE_INFINITY) < belowY,
    limits,
  );
}

/**
 * Where to press to hit the body `read` locates (a `partOnScreen`/`propOnScreen` call): a
 * point where the view picks that body now, read again until it holds still between two
 * reads, so a press lands on it even while the body or the camera is still settling.
 */
export async function aimAt(
  page: Page,
  read: () => Promise<HookScreenPoint | null>,
): Promise<HookScreenPoint> {
  let previous: HookScreenPoint | null = null;
  let aimed: HookScreenPoint | null = null;
  await expect
    .poll(
      async () => {
        const target = await read();
        const point = target
          ? await page.evaluate((t) => window.__ragdoll!.pickablePoint(t), target)
          : null;
        const still =
          point !== null &&
          previous !== null &&
          Math.hypot(point.x - previous.x, point.y - previous.y) < AIM_STILL_PX;
        previous = point;
        if (still) aimed = point;
        return still;
      },
      { timeout: SLOW_TIMEOUT_MS, interval: 100, message: 'the body to aim at never showed still' },
    )
    .toBe(true);
  return aimed!;
}

/** How far an aimed point may move between two reads and still count as still, CSS px. */
const AIM_STILL_PX = 2;

/** Distance between two points, metres. */
export function distance(a: HookVec3, b: HookVec3): number {
  return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
}

/**
 * Steps time (see {@link advanceUntil}) until the first figure's root is more than `metres`
 * from `from`: a blast or a throw moved it.
 */
export async function advanceUntilRootMoved(
  page: Page,
  from: HookVec3,
  metres: number,
  limits?: AdvanceLimits,
): Promise<number> {
  return advanceUntil(
    page,
    `the figure's root moves ${metres} m`,
    async () => distance(from, (await rootPosition(page))!) > metres,
    limits,
  );
}
