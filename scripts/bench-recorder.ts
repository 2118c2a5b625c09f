/**
 * `npm run bench:recorder`: what the always-on rewind recorder costs. Two identical scenes, six
 * MMD figures (mokou_B.pmd from the real-model fixtures, else the generated 125-body model)
 * and 12 props, dropped and blasted every simulated second; one records, one does not. Blocks
 * of steps alternate between them (medians quoted), then the recorder's own work per recorded
 * frame is timed on its own, and its memory read off. Last the six figures' faces beside the
 * recording (`FaceHistory`: every morph weight and the eyes' turn per recorded frame): their
 * memory, and their work per recorded frame.
 *
 *   npm run bench:recorder [-- --json]
 */
import os from 'node:os';
import RAPIER from '@dimforge/rapier3d-simd-compat';
import { BufferAttribute } from 'three';
import { SceneRecorder } from '../renderer/src/physics/recording/scene-recorder';
import { FaceHistory } from '../renderer/src/view/face/face-history';
import { MmdFaceTarget } from '../renderer/src/view/face/mmd-face-target';
import type { RecordedFrames } from '../renderer/src/view/recorded-frames';
import { Sandbox } from '../renderer/src/physics/sandbox';
import { benchMmdModel } from './lib/bench-mmd-model';
import { median } from './lib/bench-stats';
import { mmdDollFromModel } from '../tools/loaders/load-mmd-doll';
import { timeStepsPaired } from './lib/step-bench';

const RECORD_CALLS = 600;

await RAPIER.init();
const { model, source } = benchMmdModel('bench:recorder');
const doll = mmdDollFromModel(model, source);

function scene(): Sandbox {
  const sandbox = new Sandbox(RAPIER, { seed: 5 });
  for (let i = 0; i < 6; i++) sandbox.addFigure(doll.spec, { mmd: doll.rig.physics });
  for (let i = 0; i < 12; i++) sandbox.addProp(i % 2 ? 'ball' : 'box');
  sandbox.drop();
  return sandbox;
}

const recorded = scene();
const plain = scene();
const recorder = new SceneRecorder(recorded);
recorded.setStepObserver(recorder.afterStep);
recorded.run(0.5);
plain.run(0.5);
const paired = timeStepsPaired(
  () => recorded.step(),
  () => plain.step(),
  {
    everySecond: () => {
      recorded.blast(6);
      plain.blast(6);
    },
  },
);
const recordMs: number[] = [];
for (let i = 0; i < RECORD_CALLS; i++) {
  const start = performance.now();
  recorder.recordNow();
  recordMs.push(performance.now() - start);
}
// Six faces beside the recording, as six drawn MMD figures keep them: each with its model's
// morphs, and the eyes' two angles.
const eyes = {
  readAngles(out: Float64Array, slot: number) {
    out[slot] = 0;
    out[slot + 1] = 0;
  },
  showAngles() {},
};
const faces = Array.from({ length: 6 }, () => {
  const position = new BufferAttribute(new Float32Array(3 * model.mesh.vertexCount), 3);
  return new FaceHistory(new MmdFaceTarget(model.morphs, position, doll.rig.unitMetres), eyes);
});
const frames: RecordedFrames = {
  shownFrame: null,
  get firstRecordedFrame() {
    return recorder.firstFrame;
  },
  get lastRecordedFrame() {
    return recorder.lastFrame;
  },
  serialAt: (frame) => recorder.serialAt(frame),
  get truncations() {
    return recorder.truncations;
  },
};
const faceMs: number[] = [];
for (let i = 0; i < RECORD_CALLS; i++) {
  recorder.recordNow();
  const start = performance.now();
  for (const face of faces) face.capture(frames);
  faceMs.push(performance.now() - start);
}
const result = {
  model: doll.fileName,
  bodiesRecorded: recorder.layoutAt(recorder.lastFrame).bodyCount,
  recorderBytes: recorder.byteLength,
  recorderSeconds: recorder.capacityFrames / 60,
  msPerStepRecording: paired.sandboxMs,
  msPerStepNotRecording: paired.bareMs,
  ratio: paired.ratio,
  msPerRecordedFrame: median(recordMs),
  faceWeightsPerFigure: faces[0]!.names.length,
  faceHistoryBytesSixFigures: faces.reduce((sum, face) => sum + face.byteLength, 0),
  faceHistorySeconds: faces[0]!.frameCapacity / 60,
  msPerRecordedFrameSixFaces: median(faceMs),
  cpus: os.cpus().length,
  loadAverage: os.loadavg()[0],
};
recorded.dispose();
plain.dispose();
if (process.argv.includes('--json')) console.log(JSON.stringify(result));
else
  for (const [name, value] of Object.entries(result))
    console.log(`${name.padEnd(24)}${typeof value === 'number' ? value.toFixed(4) : value}`);
