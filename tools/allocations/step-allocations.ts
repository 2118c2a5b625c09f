/**
 * Measures what one physics step allocates on the JavaScript heap: the sandbox's step
 * (stiffness, world step, fall guard) against Rapier's bare `world.step()` on an identical
 * scene, over 10,000 steps each.
 *
 * Rapier's own step allocates tens of kilobytes of short-lived JS objects per step in its
 * wasm-bindgen glue, so the heap is collected many times during a run and "heap used before
 * and after" says nothing. Instead V8's sampling heap profiler records allocations including
 * those already collected, with their call stacks; a sample counts as the sandbox's own when
 * its stack passes through our physics files but not through Rapier's `world.step()`.
 *
 * With `--motion`, the scene is six box dummies following the built-in Stand motion instead
 * (motors re-aimed, pins moved, knock-down watched every step). With `--recording`, the app's
 * timeline (`ui/timeline/scene-timeline.ts`) records the scene as in the app: its rewind
 * recorder, attached to the sandbox, records every second step. With `--mmd`, six figures of
 * mokou_B.pmd (from the real-model fixtures; the generated humanoid with a 10-link hair chain
 * when they are absent) are measured over the 10 s after a drop, while they fall, land and
 * settle: the whip cap, the settling iterations and the still-scene sleep all run then (after
 * the same 10 s on a throwaway scene, so that V8 has optimised them). With `--sounds`, the first
 * scene with impact sounds on (`physics/sound/impact-sounds.ts`), blasted every simulated
 * second so that hits keep being reported and chosen.
 *
 * Run it without inlining, or V8 may fold Rapier's `world.step()` into `Sandbox.step` and the
 * stacks can no longer tell the two apart:
 *
 *   node --no-turbo-inlining --import tsx tools/allocations/step-allocations.ts [--motion | --mmd | --sounds] [--by-function]
 *
 * It prints JSON; `--by-function` adds `topFrames`: the functions that allocated most on the
 * sandbox's own path (outside Rapier's step), with where they are and who called them, bytes
 * per step, to find what to fix.
 */
import type { Session } from 'node:inspector/promises';
import RAPIER from '@dimforge/rapier3d-simd-compat';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { soundRequest } from '../../renderer/src/physics/sound/sound-requests';
import type { DollMotion } from '../../renderer/src/physics/motion/doll-motion';
import { SceneTimeline } from '../../renderer/src/ui/timeline/scene-timeline';
import { existsSync, readFileSync } from 'node:fs';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import { humanoidMmdModel } from '../fixtures/mmd/mmd-fixture-models';
import { realFixture } from '../fixtures/real-fixtures';
import type { ProfileNode } from './heap-sampling';
import { frameName, isBuiltinFrame, sampleAllocations, withHeapProfiler } from './heap-sampling';
import { printWhenRunAsScript } from './allocation-process';

const STEPS = 10_000;
/** The MMD scene is measured from its drop until it has settled (10 s), not for 10,000 steps. */
const MMD_STEPS = 1200;

export interface StepAllocations {
  steps: number;
  /** Everything allocated per step while stepping the sandbox, Rapier included (bytes). */
  sandboxBytesPerStep: number;
  /** Everything allocated per step by Rapier's bare `world.step()` on the same scene (bytes). */
  bareRapierBytesPerStep: number;
  /** Allocated per step by the sandbox's own code outside Rapier's step (bytes). */
  sandboxOwnBytesPerStep: number;
  /**
   * Allocated per step by our functions themselves (objects, arrays, closures our code makes,
   * including through built-ins like `Math.hypot`), leaving out what Rapier's own functions
   * allocate when we call them (bytes). Rapier's getters (`rotation(out)`, `linvel(out)`)
   * allocate a typed-array view in their wasm-bindgen glue on every call, and the motion path
   * must read the parts every step; this separates that from our own code.
   */
  ownCodeBytesPerStep: number;
  /** With `--by-function`: the largest allocators on the sandbox's own path (see the file's note). */
  topFrames?: FrameAllocation[];
}

/** One function's allocation on the sandbox's own path. */
export interface FrameAllocation {
  /** `name url:line` of the allocating function, then `< caller`. */
  frame: string;
  bytesPerStep: number;
}

/**
 * Both upper arms of the box dummy swinging about X, written without allocation: the physics
 * path is measured here, not a motion file's sampler (which has its own allocation budget).
 */
function armSwing(): DollMotion {
  const arms = ['armL_up', 'armR_up', 'armL_lo', 'armR_lo'].map((name) =>
    BOX_DOLL.parts.findIndex((part) => part.name === name),
  );
  return {
    name: 'arm swing',
    duration: 2,
    spec: BOX_DOLL,
    sample(time, out) {
      out.rotations.fill(0);
      for (let i = 3; i < out.rotations.length; i += 4) out.rotations[i] = 1;
      out.rootOffset.fill(0);
      const half = -0.3 * Math.sin(Math.PI * time);
      for (const i of arms) {
        out.rotations[4 * i] = Math.sin(half);
        out.rotations[4 * i + 3] = Math.cos(half);
      }
    },
  };
}

/** Six box dummies standing on the floor, following a motion (every step runs the motion code). */
function motionScene(): Sandbox {
  const sandbox = new Sandbox(RAPIER, { stiffness: 50, seed: 3 });
  for (let i = 0; i < 6; i++) sandbox.addFigure();
  sandbox.reset();
  const motion = armSwing();
  for (const figure of sandbox.figures) sandbox.motion.set(figure, motion);
  sandbox.run(1.5); // up and following, and the JIT warm
  return sandbox;
}

/** Six MMD figures just dropped (see the file's note on `--mmd`). */
function mmdScene(): Sandbox {
  const mokou = realFixture('pmd/mokou/mokou_B.pmd');
  const model = existsSync(mokou)
    ? parseMmdModel(readFileSync(mokou))
    : humanoidMmdModel({ hairSegments: 10 });
  const rig = mmdRig(model);
  const sandbox = new Sandbox(RAPIER, { stiffness: 50, seed: 3 });
  for (let i = 0; i < 6; i++) sandbox.addFigure(rig.rig.spec, { mmd: rig.physics });
  sandbox.drop();
  return sandbox;
}

/**
 * Runs a throwaway MMD scene through the same 10 s first, so the measured one starts on
 * optimised code: measured from a cold start, the interpreter's boxed arithmetic in the whip cap,
 * the settling switch and the still-scene sleep (while V8 had not yet optimised them) read as
 * about 1.5 kB per step of our own.
 */
function warmUpMmd(): void {
  const warm = mmdScene();
  for (let i = 0; i < MMD_STEPS; i++) warm.step();
  warm.dispose();
}

function scene(impactSounds = false): Sandbox {
  const sandbox = new Sandbox(RAPIER, { stiffness: 50, seed: 3, impactSounds });
  for (let i = 0; i < 6; i++) sandbox.addFigure();
  for (let i = 0; i < 12; i++) sandbox.addProp(i % 2 ? 'box' : 'ball');
  sandbox.drop();
  sandbox.run(1); // warm up the JIT and Rapier
  const pelvis = sandbox.figures[0]!.ragdoll.root.body;
  sandbox.grab.start(pelvis.handle, pelvis.translation());
  sandbox.grab.moveTo({ x: 0, y: 1.5, z: 0 });
  return sandbox;
}

/**
 * The scene with its `step` replaced by one that blasts at the start of each simulated second
 * and empties the sound requests (as the page's player does), so hits keep coming.
 */
function blastedEverySecond(sandbox: Sandbox): Sandbox {
  const step = sandbox.step.bind(sandbox);
  const ring = sandbox.soundRequests;
  const out = soundRequest();
  sandbox.grab.release();
  sandbox.step = () => {
    if (sandbox.steps % 120 === 0) sandbox.blast(14);
    step();
    while (ring?.shift(out));
  };
  return sandbox;
}

const isOurs = (url: string) =>
  url.includes('/renderer/src/physics/') || url.includes('/renderer/src/ui/timeline/');
const isRapierStep = (frame: ProfileNode['callFrame']) =>
  frame.functionName === 'step' && frame.url.includes('rapier');

interface Totals {
  all: number;
  own: number;
  ownCode: number;
  /** Own-path bytes by `frame < caller`. */
  frames: Map<string, number>;
}

function sum(
  node: ProfileNode,
  underOurs: boolean,
  underRapierStep: boolean,
  totals: Totals,
  callerIsOurs = false,
  caller = '',
): void {
  const url = node.callFrame.url;
  const ours = underOurs || isOurs(url);
  const inStep = underRapierStep || (ours && isRapierStep(node.callFrame));
  // Whose code this frame is: ours, a built-in called by ours, or someone else's.
  const frameIsOurs = isOurs(url) || (isBuiltinFrame(url) && callerIsOurs);
  totals.all += node.selfSize;
  const name = frameName(node.callFrame);
  if (ours && !inStep && node.selfSize > 0) {
    totals.own += node.selfSize;
    const key = `${name} < ${caller}`;
    totals.frames.set(key, (totals.frames.get(key) ?? 0) + node.selfSize);
  }
  if (frameIsOurs && !inStep) totals.ownCode += node.selfSize;
  for (const child of node.children) sum(child, ours, inStep, totals, frameIsOurs, name);
}

async function profile(
  session: Session,
  step: () => void,
  steps = STEPS,
): Promise<{ all: number; own: number; ownCode: number; frames: FrameAllocation[] }> {
  const totals: Totals = { all: 0, own: 0, ownCode: 0, frames: new Map() };
  sum(await sampleAllocations(session, steps, step), false, false, totals);
  const frames = [...totals.frames]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([frame, bytes]) => ({ frame, bytesPerStep: bytes / steps }));
  return {
    all: totals.all / steps,
    own: totals.own / steps,
    ownCode: totals.ownCode / steps,
    frames,
  };
}

/** Runs the measurement in this process. */
export async function measureStepAllocations(
  options: {
    motion?: boolean;
    recording?: boolean;
    mmd?: boolean;
    sounds?: boolean;
    byFunction?: boolean;
  } = {},
): Promise<StepAllocations> {
  await RAPIER.init();
  const build = options.mmd
    ? mmdScene
    : options.motion
      ? motionScene
      : options.sounds
        ? () => blastedEverySecond(scene(true))
        : scene;
  const steps = options.mmd ? MMD_STEPS : STEPS;
  if (options.mmd) warmUpMmd();
  const ours = build();
  const bare = build();
  const timeline = options.recording ? new SceneTimeline(ours) : null;
  if (timeline) ours.run(0.1); // the first frames allocate the ring
  try {
    return await withHeapProfiler(async (session) => {
      const sandboxResult = await profile(session, () => ours.step(), steps);
      const bareResult = await profile(session, () => bare.world.step(), steps);
      return {
        steps,
        sandboxBytesPerStep: sandboxResult.all,
        bareRapierBytesPerStep: bareResult.all,
        sandboxOwnBytesPerStep: sandboxResult.own,
        ownCodeBytesPerStep: sandboxResult.ownCode,
        ...(options.byFunction ? { topFrames: sandboxResult.frames } : {}),
      };
    });
  } finally {
    timeline?.dispose();
    ours.dispose();
    bare.dispose();
  }
}

await printWhenRunAsScript(
  import.meta.url,
  () =>
    measureStepAllocations({
      motion: process.argv.includes('--motion'),
      recording: process.argv.includes('--recording'),
      mmd: process.argv.includes('--mmd'),
      sounds: process.argv.includes('--sounds'),
      byFunction: process.argv.includes('--by-function'),
    }),
  process.argv.includes('--by-function'),
);
