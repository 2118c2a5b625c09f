import './ui/app.css';
import RAPIER from '@dimforge/rapier3d-compat';
import { Sandbox } from './physics/sandbox';
import { AppUi } from './ui/app-ui';
import { APP_MOTION_TOOLKIT } from './ui/app-motion-toolkit';
import { languageForTag, strings } from './ui/i18n';
import { showStartupError } from './ui/startup-error';
import type { RagdollViewOptions } from './view/ragdoll-view';
import { RagdollView } from './view/ragdoll-view';

/** The running app's three parts, as the start-up made them. */
export interface RunningApp {
  readonly sandbox: Sandbox;
  readonly view: RagdollView;
  readonly ui: AppUi;
}

/** How the page is started; the installed app uses none of this (see test-build/test-main.ts). */
export interface BootOptions {
  /** Passed to the view (a fixed frame time for the renderer benchmark). */
  readonly view?: RagdollViewOptions;
  /** Called once the app is whole, before its first frame is drawn. */
  readonly onBooted?: (app: RunningApp) => void;
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
 * Boots the app: Rapier's WASM, a sandbox with one box figure, the three.js view and the
 * interface. Each failure a person can meet here (no WebGL, Rapier not loading) ends in its
 * own message.
 */
async function boot(root: HTMLElement, options: BootOptions): Promise<RunningApp | undefined> {
  const text = strings(languageForTag(navigator.language));
  root.setAttribute('aria-busy', 'true');
  try {
    await RAPIER.init();
  } catch (error) {
    console.error('[main] Rapier failed to initialise:', error);
    showStartupError(root, text.startFailed, text.physicsFailed, error);
    return undefined;
  }
  const sandbox = new Sandbox(RAPIER);
  sandbox.addFigure();
  const viewport = document.createElement('div');
  viewport.className = 'viewport';
  root.replaceChildren(viewport);
  let view: RagdollView;
  try {
    view = new RagdollView(viewport, sandbox, {
      ...options.view,
      // BODIES colours each figure's outline by what it is doing with the motion. Runs every
      // frame while BODIES is on: a plain loop, no closure per call.
      motionStateOf: (figureId) => {
        const figures = sandbox.figures;
        for (let i = 0; i < figures.length; i++) {
          if (figures[i]!.id === figureId) return sandbox.figureMotionState(figures[i]!);
        }
        return 'passive';
      },
    });
  } catch (error) {
    console.error('[main] the view could not be created:', error);
    sandbox.dispose();
    showStartupError(root, text.startFailed, text.webglFailed, error);
    return undefined;
  }
  const ui = new AppUi({
    root,
    sandbox,
    view,
    host: window.host,
    storage: safeLocalStorage(),
    systemLanguage: navigator.language,
    motion: { sandbox, toolkit: APP_MOTION_TOOLKIT },
  });
  options.onBooted?.({ sandbox, view, ui });
  view.start();
  ui.say(ui.strings.ready);
  root.removeAttribute('aria-busy');
  window.addEventListener('pagehide', (event) => {
    // A page kept in the back-forward cache comes back as it was: keep it whole.
    if (event.persisted) return;
    ui.dispose();
    view.dispose();
    sandbox.dispose();
  });
  return { sandbox, view, ui };
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
