import { startApp } from '../boot';
import { FrameSectionTimes } from './frame-section-times';
import { installTestHook } from './test-hook';
import { saveFaceReactions } from '../ui/face/face-reactions-preference';

/**
 * The test build's page (`npm run build:test`, out-test/renderer/index.html): the app as
 * users get it, plus the `window.__ragdoll` hook the end-to-end tests and
 * `npm run bench:renderer` read (and drive time through), the renderer benchmark's fixed frame time, and
 * (`?frame-sections`) its timing of each frame section by section. `?held` opens the page
 * with time held (see the hook's `holdTime`): the end-to-end tests' pages draw nothing, from
 * the start, until a test steps time or asks for a frame.
 */
const root = document.getElementById('app');
// `?face-reactions=on|off` sets FACE REACTIONS before the start, for the benchmark to time
// the faces' reactions side by side.
const faceReactions = new URLSearchParams(location.search).get('face-reactions');
if (faceReactions === 'on' || faceReactions === 'off') {
  saveFaceReactions(window.localStorage, faceReactions === 'on');
}
if (root) {
  const sections = new URLSearchParams(location.search).has('frame-sections')
    ? new FrameSectionTimes()
    : undefined;
  const held = new URLSearchParams(location.search).has('held');
  void startApp(root, {
    deferFrames: held,
    view: {
      ...fixedFrameOptions(location.search),
      // `?outlines=off`: MMD edges and MToon outlines not drawn, for the benchmark to time them.
      ...(new URLSearchParams(location.search).get('outlines') === 'off'
        ? { outlines: false }
        : {}),
      ...(sections ? { frameSections: sections } : {}),
    },
    // The hook's module (it knows the avatar classes) loads after the start, so the test
    // build starts with the same chunks as the installed app; tests wait for the hook.
    onBooted: (app) =>
      void import('./app-test-hook').then(({ createAppTestHook }) => {
        installTestHook(window, createAppTestHook(app, sections, held));
        // A held page's frame loop starts only now that the clock holds it.
        if (held) app.view.start();
      }),
  });
}

/**
 * `?frame-seconds=0.0166667` makes every frame advance by that fixed time (0 < s ≤ 0.1), so
 * `npm run bench:renderer` can measure a 60 Hz frame's work under a slow software renderer.
 * Anything else is ignored.
 */
function fixedFrameOptions(search: string): { fixedFrameSeconds?: number } {
  const raw = new URLSearchParams(search).get('frame-seconds');
  const seconds = raw === null ? Number.NaN : Number(raw);
  return seconds > 0 && seconds <= 0.1 ? { fixedFrameSeconds: seconds } : {};
}
