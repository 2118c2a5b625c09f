import './ui/app.css';
import RAPIER from '@dimforge/rapier3d-compat';
import { createAppTestHook } from './app-test-hook';
import { Sandbox } from './physics/sandbox';
import { installTestHook } from './test-hook';
import { AppUi } from './ui/app-ui';
import { APP_MOTION_TOOLKIT } from './ui/app-motion-toolkit';
import { languageForTag, strings } from './ui/i18n';
import { showStartupError } from './ui/startup-error';
import { RagdollView } from './view/ragdoll-view';
import { installVrmLoadBench, vrmLoadBenchRequested } from './view/vrm/vrm-load-bench';

/**
 * Boots the app: Rapier's WASM, a sandbox with one box figure, the three.js view, the
 * interface, and the read-only test hook. Each failure a person can meet here (no WebGL,
 * Rapier not loading) ends in a readable message in the page instead of a blank window.
 */
async function boot(root: HTMLElement): Promise<void> {
  const text = strings(languageForTag(navigator.language));
  root.setAttribute('aria-busy', 'true');
  try {
    await RAPIER.init();
  } catch (error) {
    console.error('[main] Rapier failed to initialise:', error);
    showStartupError(root, text.startFailed, text.physicsFailed, error);
    return;
  }
  if (vrmLoadBenchRequested(location.search)) {
    // `?bench-vrm-load`: the page of `npm run bench:vrm:browser`, a timing hook and no scene.
    installVrmLoadBench(window, RAPIER);
    root.removeAttribute('aria-busy');
    return;
  }
  const sandbox = new Sandbox(RAPIER);
  sandbox.addFigure();
  const viewport = document.createElement('div');
  viewport.className = 'viewport';
  root.replaceChildren(viewport);
  let view: RagdollView;
  try {
    view = new RagdollView(viewport, sandbox, {
      ...benchmarkOptions(location.search),
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
    return;
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
  installTestHook(window, createAppTestHook(sandbox, view, ui));
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
}

/**
 * `?frame-seconds=0.0166667` makes every frame advance by that fixed time (0 < s ≤ 0.1), so
 * `npm run bench:renderer` can measure a 60 Hz frame's work under a slow software renderer.
 * Anything else is ignored.
 */
function benchmarkOptions(search: string): { fixedFrameSeconds?: number } {
  const raw = new URLSearchParams(search).get('frame-seconds');
  const seconds = raw === null ? Number.NaN : Number(raw);
  return seconds > 0 && seconds <= 0.1 ? { fixedFrameSeconds: seconds } : {};
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

const root = document.getElementById('app');
if (root) {
  boot(root).catch((error: unknown) => {
    console.error('[main] start-up failed:', error);
    const text = strings(languageForTag(navigator.language));
    showStartupError(root, text.startFailed, String(error), error);
  });
}
