/**
 * Measures what a figure's face allocates per drawn frame on the JavaScript heap: blinking,
 * reactions (a grab, hits, a knock-down and getting up, cycled), a motion's face tracks and the
 * MMD morphs moving a mesh's vertices, over 10,000 frames. As in `spring-history-allocations.ts`,
 * V8's sampling heap profiler counts allocations including those already collected; a sample
 * counts when its stack frame is the face's code (or a built-in it called).
 *
 *   node --no-turbo-inlining --import tsx tools/face-allocations.ts   (prints JSON)
 *
 * Run both with and without `--no-turbo-inlining`: without inlining every helper that returns a
 * fractional number (the blink's lid curve, the easing, a track's sample) hands back a boxed
 * number (see BENCHMARKS.md).
 */
import { Session } from 'node:inspector/promises';
import { BufferAttribute } from 'three';
import type { MmdMorph } from '../renderer/src/formats/mmd/mmd-model';
import type { DollMotion } from '../renderer/src/physics/motion/doll-motion';
import type { BodyMotionState } from '../renderer/src/view/body-meshes';
import type { FaceCues } from '../renderer/src/view/face/face-cues';
import { MMD_FACE_NAMES } from '../renderer/src/view/face/face-roles';
import { FigureFace } from '../renderer/src/view/face/figure-face';
import { MmdFaceTarget } from '../renderer/src/view/face/mmd-face-target';
import { MotionFaceTracks } from '../renderer/src/view/face/motion-face-tracks';
import type { ProfileNode } from './heap-sampling';
import { isBuiltinFrame, ownCodeBytes, sampleAllocations } from './heap-sampling';

const FRAMES = 10_000;
const VERTICES = 3000;

export interface FaceAllocations {
  readonly frames: number;
  /** Allocated per drawn frame by the face (and what it calls of ours), bytes. */
  readonly bytesPerFrame: number;
  /** With `--by-function`: the frames that allocated, `function file:line < caller`, bytes per frame. */
  readonly topFrames?: readonly { frame: string; bytesPerFrame: number }[];
}

const isOurs = (url: string) =>
  url.includes('/renderer/src/view/face/') || url.includes('/renderer/src/motion/face-tracks');

const frameName = (frame: ProfileNode['callFrame']) =>
  `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/(renderer|tools|node_modules)\//, '$1/')}:${frame.lineNumber + 1}`;

/** Adds the bytes of our frames (and the built-ins they call) under `node` to `frames`. */
function byFunction(
  node: ProfileNode,
  frames: Map<string, number>,
  callerIsOurs = false,
  caller = '',
): void {
  const url = node.callFrame.url;
  const frameIsOurs = isOurs(url) || (isBuiltinFrame(url) && callerIsOurs);
  const name = frameName(node.callFrame);
  if (frameIsOurs && node.selfSize > 0) {
    const key = `${name} < ${caller}`;
    frames.set(key, (frames.get(key) ?? 0) + node.selfSize);
  }
  for (const child of node.children) byFunction(child, frames, frameIsOurs, name);
}

/** A vertex morph moving `count` vertices from `first`. */
function morph(name: string, first: number, count: number): MmdMorph {
  const vertices = Int32Array.from({ length: count }, (_, i) => first + i);
  return { name, kind: 'vertex', vertices, offsets: new Float32Array(3 * count).fill(0.01) };
}

/** Runs the measurement in this process. */
export async function measureFaceAllocations(
  options: { byFunction?: boolean } = {},
): Promise<FaceAllocations> {
  const position = new BufferAttribute(new Float32Array(3 * VERTICES), 3);
  const morphs: MmdMorph[] = [
    morph('まばたき', 0, 400),
    morph('びっくり', 300, 400),
    morph('困る', 600, 400),
    morph('あ', 900, 300),
    {
      name: 'はぅ',
      kind: 'group',
      morphs: new Int32Array([0, 2]),
      weights: new Float32Array([1, 0.5]),
    },
  ];
  const target = new MmdFaceTarget(morphs, position, 0.08);
  let frame = 0;
  let state: BodyMotionState = 'following';
  const cues: FaceCues = {
    // Held for a second in every five; a hit every three seconds; a knock-down and get-up cycle.
    readHeld: (out) => {
      out.x = 0;
      out.y = 1;
      out.z = 0;
      return frame % 300 < 60;
    },
    takeJolt: () => (frame % 180 === 100 ? 6 : 0),
    motionState: () => state,
    reactionsOn: () => true,
    readViewer: () => false,
  };
  const motion = {
    name: 'faced',
    duration: 2,
    face: [{ name: 'あ', times: new Float64Array([0, 1, 2]), values: new Float32Array([0, 1, 0]) }],
  } as unknown as DollMotion;
  const face = new FigureFace(target, MMD_FACE_NAMES, cues, 1);
  face.setMotionFace(
    new MotionFaceTracks(target, { current: () => motion, time: () => (frame / 60) % 2 }, cues),
  );
  const step = (): void => {
    frame++;
    const phase = frame % 600;
    state = phase < 200 ? 'following' : phase < 400 ? 'limp' : 'gettingUp';
    face.update(1 / 60);
  };
  // Warm up: every path taken, every function compiled.
  for (let i = 0; i < 30_000; i++) step();
  const session = new Session();
  session.connect();
  try {
    const head = await sampleAllocations(session, FRAMES, step);
    const bytes = ownCodeBytes(head, isOurs);
    const result = { frames: FRAMES, bytesPerFrame: bytes / FRAMES };
    if (!options.byFunction) return result;
    const frames = new Map<string, number>();
    byFunction(head, frames);
    const topFrames = [...frames]
      .sort((a, b) => b[1] - a[1])
      .map(([frame, total]) => ({ frame, bytesPerFrame: total / FRAMES }));
    return { ...result, topFrames };
  } finally {
    session.disconnect();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const byFunctionWanted = process.argv.includes('--by-function');
  const result = await measureFaceAllocations({ byFunction: byFunctionWanted });
  console.log(JSON.stringify(result, null, byFunctionWanted ? 2 : undefined));
}
