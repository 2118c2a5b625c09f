import RAPIER from '@dimforge/rapier3d-simd-compat';
import { installVrmLoadBench } from './vrm-load-bench';

/**
 * The page of `npm run bench:vrm:browser` (bench-vrm-load.html, test build only): Rapier and
 * the timing hook, no scene. A failure is printed for the benchmark script, which reports
 * page errors.
 */
async function startBench(): Promise<void> {
  await RAPIER.init();
  installVrmLoadBench(window, RAPIER);
}

startBench().catch((error: unknown) => {
  console.error('[bench] the VRM load benchmark page could not start:', error);
});
