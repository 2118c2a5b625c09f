/**
 * `npm run sim -- --export-motion OUT.vrma|OUT.vmd [--export-range START:END]`: records the run
 * with the app's rewind recorder and writes the first doll's motion (30 fps) atomically.
 */
import { basename } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { ExportedFigure } from '../../renderer/src/motion/export/export-figure-motion';
import {
  exportFigureMotion,
  motionExportFormat,
} from '../../renderer/src/motion/export/export-figure-motion';
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import { recordedFigureMotion } from '../../renderer/src/physics/recording/recorded-figure-motion';
import { SceneRecorder } from '../../renderer/src/physics/recording/scene-recorder';
import type { Sandbox } from '../../renderer/src/physics/sandbox';

/** What the simulator's JSON adds. */
export interface ExportedReport {
  readonly path: string;
  readonly frames: number;
  readonly bones: readonly string[];
}

/** A recorder for the whole run (at most 64 MB; a longer run keeps its last part). */
export function recordWholeRun(sandbox: Sandbox, seconds: number): SceneRecorder {
  const recorder = new SceneRecorder(sandbox, { seconds: seconds + 1 });
  sandbox.setStepObserver(recorder.afterStep);
  return recorder;
}

/** The recorded frames from `start` to `end` simulated seconds (all when no range is given). */
function frameRange(recorder: SceneRecorder, range?: readonly [number, number]): [number, number] {
  const first = recorder.firstFrame;
  const last = recorder.lastFrame;
  if (!range) return [first, last];
  let from = first;
  while (from < last && recorder.timeAt(from) < range[0] - 1e-9) from++;
  let to = last;
  while (to > from && recorder.timeAt(to) > range[1] + 1e-9) to--;
  return [from, to];
}

/** Writes the first figure's recorded motion to `path`; returns what was written. */
export async function exportRecordedMotion(
  recorder: SceneRecorder,
  spec: DollSpec,
  figure: ExportedFigure,
  path: string,
  range?: readonly [number, number],
): Promise<ExportedReport> {
  const format = motionExportFormat(path);
  if (!format) throw new Error(`${path}: a motion is written as .vrma or .vmd`);
  const [first, last] = frameRange(recorder, range);
  const id = recorder.layoutAt(last).figures[0]!.id;
  const motion = recordedFigureMotion(recorder, id, spec, first, last);
  const name = basename(path).replace(/\.(vrma|vmd)$/i, '');
  const exported = exportFigureMotion(motion, figure, format, name);
  await writeFileAtomic(
    path,
    Buffer.from(exported.bytes.buffer, exported.bytes.byteOffset, exported.bytes.byteLength),
    { fsync: true },
  );
  return { path, frames: exported.frames, bones: exported.bones };
}
