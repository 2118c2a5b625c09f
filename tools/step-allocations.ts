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
 *   npx tsx tools/step-allocations.ts      (prints one JSON object)
 */
import { Session } from 'node:inspector/promises';
import RAPIER from '@dimforge/rapier3d-compat';
import { Sandbox } from '../renderer/src/physics/sandbox';

const STEPS = 10_000;
/** Bytes between samples: small enough that a few bytes per step over 10,000 steps show up as hundreds of samples. */
const SAMPLING_INTERVAL = 128;

interface ProfileNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  children: ProfileNode[];
}

export interface StepAllocations {
  steps: number;
  /** Everything allocated per step while stepping the sandbox, Rapier included (bytes). */
  sandboxBytesPerStep: number;
  /** Everything allocated per step by Rapier's bare `world.step()` on the same scene (bytes). */
  bareRapierBytesPerStep: number;
  /** Allocated per step by the sandbox's own code outside Rapier's step (bytes). */
  sandboxOwnBytesPerStep: number;
}

function scene(): Sandbox {
  const sandbox = new Sandbox(RAPIER, { stiffness: 50, seed: 3 });
  for (let i = 0; i < 6; i++) sandbox.addFigure();
  for (let i = 0; i < 12; i++) sandbox.addProp(i % 2 ? 'box' : 'ball');
  sandbox.drop();
  sandbox.run(1); // warm up the JIT and Rapier
  const pelvis = sandbox.figures[0]!.ragdoll.root.body;
  sandbox.grab(pelvis.handle, pelvis.translation());
  sandbox.moveGrab({ x: 0, y: 1.5, z: 0 });
  return sandbox;
}

const isOurs = (url: string) => url.includes('/renderer/src/physics/');
const isRapierStep = (frame: ProfileNode['callFrame']) =>
  frame.functionName === 'step' && frame.url.includes('rapier');

function sum(
  node: ProfileNode,
  underOurs: boolean,
  underRapierStep: boolean,
  totals: { all: number; own: number },
): void {
  const ours = underOurs || isOurs(node.callFrame.url);
  const inStep = underRapierStep || (ours && isRapierStep(node.callFrame));
  totals.all += node.selfSize;
  if (ours && !inStep) totals.own += node.selfSize;
  for (const child of node.children) sum(child, ours, inStep, totals);
}

async function profile(session: Session, step: () => void): Promise<{ all: number; own: number }> {
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: SAMPLING_INTERVAL,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  } as never);
  for (let i = 0; i < STEPS; i++) step();
  const { profile: result } = await session.post('HeapProfiler.stopSampling');
  const totals = { all: 0, own: 0 };
  sum(result.head as unknown as ProfileNode, false, false, totals);
  return { all: totals.all / STEPS, own: totals.own / STEPS };
}

/** Runs the measurement in this process. */
export async function measureStepAllocations(): Promise<StepAllocations> {
  await RAPIER.init();
  const session = new Session();
  session.connect();
  const ours = scene();
  const bare = scene();
  try {
    const sandboxResult = await profile(session, () => ours.step());
    const bareResult = await profile(session, () => bare.world.step());
    return {
      steps: STEPS,
      sandboxBytesPerStep: sandboxResult.all,
      bareRapierBytesPerStep: bareResult.all,
      sandboxOwnBytesPerStep: sandboxResult.own,
    };
  } finally {
    session.disconnect();
    ours.dispose();
    bare.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measureStepAllocations()));
}
