/**
 * VRM benchmark: `npm run bench:vrm [-- --repeats N]`. For each VRM fixture (the generated
 * ones, plus the real-model fixtures when present), times "ready to simulate" (our load: checks,
 * three-vrm parse, skeleton read, ragdoll spec, Rapier bodies and joints) against the bare
 * three-vrm parse of the same bytes, alternating the two in one run, and prints medians.
 * Ready is what the app does when a person opens a model (`loadVrm`, as `loadAvatarModel`
 * calls it, then the spec, then `Sandbox.addFigure`); the ready column's stages (load = checks
 * + parse + skeleton, spec, bodies) are medians of their own, so they need not add up exactly.
 * Freeing the model and the bodies afterwards is left out of both timings (Node's own loader,
 * `loadVrmBones`, frees the model at once; the app keeps it).
 * The rounds are timed by the browser benchmark's own `timeVrmLoads` (it runs in Node too),
 * so both benchmarks time the same calls, with a macrotask's pause between timings.
 * Besides the medians it prints the fastest run of each and their ratio: on a machine shared
 * with other work, a process that loses the CPU stalls for milliseconds, more often during
 * the longer timing, which drifts the medians; the fastest runs are the work itself. It
 * ends with the load average, to tell the two situations apart.
 * three.js's own warnings (e.g. textures Node cannot decode) go to stderr; the table to stdout.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

import RAPIER from '@dimforge/rapier3d-simd-compat';
import { Sandbox } from '../renderer/src/physics/sandbox';
import { timeVrmLoads } from '../renderer/src/test-build/vrm-load-bench';
// Gives three-vrm the `self` global it reads on import in Node.
import '../tools/loaders/load-vrm-bones';
import { benchVrmFiles, repeatsArgument, vrmBenchFiles } from './lib/vrm-bench';

async function main(): Promise<void> {
  const repeats = repeatsArgument(41);
  await RAPIER.init();
  const dir = await mkdtemp(join(tmpdir(), 'bench-vrm-'));
  const sandbox = new Sandbox(RAPIER, { maxFigures: 1 });
  try {
    await benchVrmFiles(
      await vrmBenchFiles(dir),
      repeats,
      (path, bytes, rounds, warmUp) => timeVrmLoads(sandbox, bytes, basename(path), rounds, warmUp),
      `VRM ready-to-simulate vs bare three-vrm parse (median of ${repeats}, ms)`,
    );
  } finally {
    sandbox.dispose();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
