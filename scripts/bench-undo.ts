/**
 * `npm run bench:undo`: what undo costs with the app's largest scene: six figures of an MMD
 * model (mokou_B.pmd from the real-model fixtures when present, else the generated model of
 * its size) and twelve props. Prints the bytes one scene snapshot holds, the history's bytes
 * after 50 and after 100 (its limit) BLAST steps, and the median time to capture a snapshot and
 * to restore one in place (no figure made again). `--json` prints one JSON object.
 */
import RAPIER from '@dimforge/rapier3d-simd-compat';
import { Sandbox } from '../renderer/src/physics/sandbox';
import type { SceneSnapshot } from '../renderer/src/physics/scene-snapshot';
import {
  SnapshotIds,
  restoreSceneSnapshot,
  sceneSnapshotBytes,
  takeSceneSnapshot,
} from '../renderer/src/physics/scene-snapshot';
import { MAX_UNDO_STEPS } from '../renderer/src/ui/undo/scene-undo';
import { UndoHistory } from '../renderer/src/ui/undo/undo-history';
import { benchMmdModel } from './lib/bench-mmd-model';
import { median } from './lib/bench-stats';
import { mmdDollFromModel } from '../tools/loaders/load-mmd-doll';

const FIGURES = 6;
const PROPS = 12;
const TIMED_RUNS = 30;

function timeMs(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

async function main(): Promise<void> {
  await RAPIER.init();
  const { model, source, fileBytes } = benchMmdModel('bench:undo');
  const doll = mmdDollFromModel(model, source);
  const sandbox = new Sandbox(RAPIER);
  for (let i = 0; i < FIGURES; i++) sandbox.addFigure(doll.spec, { mmd: doll.rig.physics });
  for (let i = 0; i < PROPS; i++) sandbox.addProp(i % 2 === 0 ? 'ball' : 'box');
  sandbox.run(1);
  const bodies =
    sandbox.figures.reduce(
      (sum, figure) => sum + figure.ragdoll.parts.length + (figure.mmd?.rigidBodies().length ?? 0),
      0,
    ) + sandbox.props.length;

  // As the app keeps it, with the model's data shared by every step (weighed at its file size).
  const sharedModel = { key: model, bytes: fileBytes };
  const history = new UndoHistory<SceneSnapshot, string>({
    maxSteps: MAX_UNDO_STEPS,
    maxBytes: Number.POSITIVE_INFINITY,
    groupWindowMs: 1000,
    sizeOf: sceneSnapshotBytes,
    sharedOf: () => [sharedModel],
  });
  const bytesAfter: Record<number, number> = {};
  for (let step = 1; step <= MAX_UNDO_STEPS; step++) {
    history.record(() => takeSceneSnapshot(sandbox), { label: 'blast' });
    sandbox.blast(6);
    sandbox.run(0.05);
    if (step === 50 || step === MAX_UNDO_STEPS) bytesAfter[step] = history.bytes;
  }

  const captures: number[] = [];
  const restores: number[] = [];
  const ids = new SnapshotIds();
  for (let run = 0; run < TIMED_RUNS; run++) {
    let snapshot: SceneSnapshot | undefined;
    captures.push(timeMs(() => (snapshot = takeSceneSnapshot(sandbox))));
    sandbox.blast(6);
    sandbox.run(0.05);
    restores.push(timeMs(() => restoreSceneSnapshot(sandbox, snapshot!, ids)));
  }
  const snapshotBytes = sceneSnapshotBytes(takeSceneSnapshot(sandbox));
  const result = {
    model: source,
    figures: FIGURES,
    props: PROPS,
    bodies,
    snapshotBytes,
    modelFileBytes: fileBytes,
    historyBytesAt50: bytesAfter[50]!,
    historyBytesAt100: bytesAfter[MAX_UNDO_STEPS]!,
    captureMsMedian: median(captures),
    restoreMsMedian: median(restores),
  };
  sandbox.dispose();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(result));
    return;
  }
  const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(2)} MB`;
  console.log(`undo with ${FIGURES} × ${source} and ${PROPS} props (${bodies} moving bodies)`);
  console.log(`  one snapshot:           ${(snapshotBytes / 1e3).toFixed(1)} kB`);
  console.log(
    `  history, 50 steps:      ${mb(result.historyBytesAt50)} (model ${mb(fileBytes)} once)`,
  );
  console.log(`  history, 100 steps:     ${mb(result.historyBytesAt100)}`);
  console.log(`  capture (median):       ${result.captureMsMedian.toFixed(2)} ms`);
  console.log(`  restore in place (med): ${result.restoreMsMedian.toFixed(2)} ms`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
