import './ui/shell/app.css';
import type { Sandbox } from './physics/sandbox';
import { stageLayout } from './physics/stage';
import type { AppUi } from './ui/app-ui';
import { languageForTag, strings } from './ui/i18n';
import { showStartupError } from './ui/shell/startup-error';
import { StartupShell } from './ui/shell/startup-shell';
import type { RagdollView, RagdollViewOptions } from './view/ragdoll-view';
import { SandboxSlot } from './view/sandbox-slot';

/**
 * Marks on the page's own clock (`performance.getEntriesByName`), for `npm run
 * bench:renderer`: the interface shown, Rapier's start and end (its WebAssembly's fetch
 * and compile lie between), and the app whole (physics running, panel live).
 */
export const START_MARKS = {
  shell: 'ragdoll:shell',
  physicsStart: 'ragdoll:physics-start',
  physicsReady: 'ragdoll:physics-ready',
  ready: 'ragdoll:ready',
} as const;

/** The running app's three parts, as the start-up made them. */
export interface RunningApp {
  readonly sandbox: Sandbox;
  readonly view: RagdollView;
  readonly ui: AppUi;
  /** What the view's frame loop advances: the sandbox, driven by the timeline. */
  readonly slot: SandboxSlot<Sandbox>;
}

/** How the page is started; the installed app uses none of this (see test-build/test-main.ts). */
export interface BootOptions {
  /** Passed to the view (a fixed frame time for the renderer benchmark). */
  readonly view?: RagdollViewOptions;
  /** Called once the app is whole. */
  readonly onBooted?: (app: RunningApp) => void;
  /**
   * Leave the frame loop stopped: `onBooted` starts it (`view.start()`). The test build's
   * pages that open with time held draw nothing until a test asks: under SwiftShader the
   * frames drawn while the app started cost each test page seconds of CPU.
   */
  readonly deferFrames?: boolean;
}

/**
 * Starts the app in `root`. Every failure, foreseen or not, ends in a readable message in
 * the page instead of a blank window.
 * @returns the running app, or undefined when it could not start.
 */
export async function startApp(
  root: HTMLElement,
  options: BootOptions = {},
): Promise<RunningApp | undefined> {
  try {
    return await boot(root, options);
  } catch (error) {
    console.error('[main] start-up failed:', error);
    const text = strings(languageForTag(navigator.language));
    showStartupError(root, text.startFailed, String(error), error);
    return undefined;
  }
}

/**
 * Boots the app so that the page shows something at once and the costly parts come up
 * behind it: the startup shell paints first; three.js and the view (its own chunk) draw the
 * stage; only then is Rapier's WebAssembly decoded and compiled (its chunk downloads
 * meanwhile); then the box figure appears and the interface (its chunk) replaces the shell.
 * MMD, VRM, motion files and presets load on first use (ui/lazy/, models/avatar-kits.ts).
 * Each failure a person can meet here (no WebGL, Rapier not loading) ends in its own message.
 */
async function boot(root: HTMLElement, options: BootOptions): Promise<RunningApp | undefined> {
  const text = strings(languageForTag(navigator.language));
  root.setAttribute('aria-busy', 'true');
  const shell = new StartupShell(root.ownerDocument, text.appTitle, text.starting);
  const viewport = document.createElement('div');
  viewport.className = 'viewport';
  root.replaceChildren(viewport, shell.element);
  performance.mark(START_MARKS.shell);
  // Every chunk starts downloading now; each is evaluated as it arrives.
  const viewModule = import('./view/ragdoll-view');
  const physicsModule = import('./start-physics');
  const uiModules = Promise.all([import('./ui/app-ui'), import('./ui/motion/app-motion-toolkit')]);
  // Let the shell be painted before the WebGL context and shaders take the main thread.
  await afterNextPaint();
  const slot = new SandboxSlot<Sandbox>(stageLayout());
  let view: RagdollView;
  try {
    const { RagdollView } = await viewModule;
    view = new RagdollView(viewport, slot, {
      ...options.view,
      // BODIES colours each figure's outline by what it is doing with the motion. Runs every
      // frame while BODIES is on: a lookup by id, allocating nothing ('passive' for none).
      motionStateOf: (figureId) => slot.current?.motion.state(figureId) ?? 'passive',
    });
  } catch (error) {
    console.error('[main] the view could not be created:', error);
    showStartupError(root, text.startFailed, text.webglFailed, error);
    return undefined;
  }
  if (options.deferFrames !== true) view.start();
  // The first frame is drawn and shown before the main thread turns to Rapier.
  await afterNextPaint();
  let sandbox: Sandbox;
  try {
    const { startPhysics } = await physicsModule;
    performance.mark(START_MARKS.physicsStart);
    sandbox = await startPhysics();
    performance.mark(START_MARKS.physicsReady);
  } catch (error) {
    console.error('[main] Rapier failed to initialise:', error);
    view.dispose();
    showStartupError(root, text.startFailed, text.physicsFailed, error);
    return undefined;
  }
  slot.fill(sandbox);
  const [{ AppUi }, { APP_MOTION_TOOLKIT }] = await uiModules;
  const ui: AppUi = new AppUi({
    root,
    sandbox,
    view,
    host: window.host,
    storage: safeLocalStorage(),
    systemLanguage: navigator.language,
    motion: { sandbox, toolkit: APP_MOTION_TOOLKIT },
  });
  // Time runs through the timeline from now on: live, paused or playing the recording back.
  slot.driveWith(ui.timeline);
  shell.dispose();
  options.onBooted?.({ sandbox, view, ui, slot });
  ui.say(ui.strings.ready);
  root.removeAttribute('aria-busy');
  performance.mark(START_MARKS.ready);
  window.addEventListener('pagehide', (event) => {
    // A page kept in the back-forward cache comes back as it was: keep it whole.
    if (event.persisted) return;
    slot.driveWith(null);
    ui.dispose();
    view.dispose();
    sandbox.dispose();
  });
  return { sandbox, view, ui, slot };
}

/** Longest wait for a paint before going on anyway (a hidden window paints nothing). */
const PAINT_WAIT_MS = 250;

/**
 * Resolves once the frame after the next one has begun, so whatever the page holds now has
 * been drawn and shown, or after {@link PAINT_WAIT_MS}.
 */
function afterNextPaint(): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(done, PAINT_WAIT_MS);
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        clearTimeout(timer);
        done();
      }),
    );
  });
}

/** localStorage, or undefined where reading it throws (some privacy settings do). */
function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch (error) {
    console.warn(
      '[main] localStorage is unavailable; the language choice will not be kept:',
      error,
    );
    return undefined;
  }
}
