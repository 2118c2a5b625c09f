/**
 * Measures what sampling a retargeted motion allocates on the JavaScript heap: 20,000 samples
 * each of a built-in motion on the box dummy and of an MMD clip with Bézier curves and
 * in-between bones on a 15-part humanoid. V8's sampling heap profiler records allocations
 * including those already collected; a sample counts as the motion code's when its stack
 * passes through `renderer/src/motion/`. A control run that allocates one small array per call
 * (counted whole) proves the profile sees allocations of that size.
 *
 *   npx tsx tools/allocations/motion-sample-allocations.ts      (prints one JSON object)
 */
import type { Session } from 'node:inspector/promises';
import { builtinMotion } from '../../renderer/src/motion/builtin-motions';
import { retargetMotion } from '../../renderer/src/motion/retarget-motion';
import { vmdToClip } from '../../renderer/src/motion/vmd-clip';
import { parseVmd } from '../../renderer/src/formats/vmd/parse-vmd';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import type { DollMotion } from '../../renderer/src/physics/motion/doll-motion';
import { createDollPose } from '../../renderer/src/physics/motion/doll-motion';
import { specFromHumanoidBones } from '../../renderer/src/rig/spec-from-humanoid-bones';
import { HUMAN_T } from '../fixtures/fixture-skeletons';
import { stepVmdKeys } from '../fixtures/motion/motion-fixtures';
import { writeVmd } from '../fixtures/motion/vmd-writer';
import type { ProfileNode } from './heap-sampling';
import { bytesUnder, sampleAllocations, withHeapProfiler } from './heap-sampling';
import { printWhenRunAsScript } from './allocation-process';

const SAMPLES = 20_000;

export interface MotionSampleAllocations {
  samples: number;
  /** Bytes per sample allocated under renderer/src/motion/, built-in motion on the box dummy. */
  builtinBytesPerSample: number;
  /** The same for a curved MMD clip on a 15-part humanoid. */
  mmdBytesPerSample: number;
  /** A deliberately allocating stand-in (one 4-number array per call), to show the profile works. */
  controlBytesPerSample: number;
}

const isMotionCode = (url: string) => url.includes('/renderer/src/motion/');

const ownBytes = (node: ProfileNode): number => bytesUnder(node, isMotionCode);

function allBytes(node: ProfileNode): number {
  return node.children.reduce((sum, child) => sum + allBytes(child), node.selfSize);
}

/**
 * Profiled rounds per measurement. V8 optimises a function on a background thread, and code
 * the warm-up ran inlined into its own loop gets its standalone optimised version only once it
 * is hot again: on a busy machine one round can run partly in the interpreter, where every
 * intermediate double is a heap number. Code that allocates in its steady state does so in
 * every round, so the least of a few rounds is the settled figure.
 */
const ROUNDS = 3;

async function profile(
  session: Session,
  run: (i: number) => void,
  count: (head: ProfileNode) => number = ownBytes,
): Promise<number> {
  let least = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    least = Math.min(least, count(await sampleAllocations(session, SAMPLES, run)) / SAMPLES);
  }
  return least;
}

/** Step times of the measured run: 1/120 s apart, as the physics samples, looping several times. */
const TIMES = Float64Array.from({ length: SAMPLES }, (_, i) => i / 120);

function sampler(motion: DollMotion): (i: number) => void {
  const pose = createDollPose(motion.spec.parts.length);
  // Warm up on the very times measured: V8 optimises, meets a branch it has not seen (a key
  // hit exactly, the loop's wrap), deoptimises and optimises again; a running app settles the
  // same way within its first seconds.
  for (let pass = 0; pass < 5; pass++) for (const time of TIMES) motion.sample(time, pose);
  return (i) => motion.sample(TIMES[i]!, pose);
}

/** Runs the measurement in this process. */
export async function measureMotionSampleAllocations(): Promise<MotionSampleAllocations> {
  return withHeapProfiler(async (session) => {
    const builtin = retargetMotion(builtinMotion('march'), BOX_DOLL, { figureKind: 'box' });
    const humanoid = specFromHumanoidBones(HUMAN_T).spec;
    const mmdClip = vmdToClip(parseVmd(writeVmd({ keys: stepVmdKeys() })), 'step.vmd');
    const mmd = retargetMotion(mmdClip, humanoid, { figureKind: 'vrm' });
    const builtinBytes = await profile(session, sampler(builtin));
    const mmdBytes = await profile(session, sampler(mmd));
    const sink: number[][] = [];
    const control = await profile(session, (i) => (sink[i % 8] = [i, i, i, i]), allBytes);
    return {
      samples: SAMPLES,
      builtinBytesPerSample: builtinBytes,
      mmdBytesPerSample: mmdBytes,
      controlBytesPerSample: control,
    };
  });
}

await printWhenRunAsScript(import.meta.url, measureMotionSampleAllocations);
