/**
 * What the sandbox's per-step MMD work allocates on the JavaScript heap: `limitSpeeds` (the
 * whip cap; `follow` bodies are colliders on their parts and cost nothing per step), run for
 * six box dummies that are all falling (every part awake), each with a 10-link hair chain.
 *
 * Rapier's own step is left out: the call is repeated on the same world state under V8's
 * sampling heap profiler, which records allocations even when they were collected at once (a
 * "heap used before and after" reading misses them whenever a collection runs in between).
 * The profile splits what our functions allocate from what Rapier's getters allocate when we
 * call them. Run it without inlining, so V8 keeps the two apart in the stacks:
 *
 *   node --no-turbo-inlining --import tsx tests/support/mmd-step-allocations.ts   (prints JSON)
 */
import RAPIER from '@dimforge/rapier3d-simd-compat';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import {
  ownCodeBytes,
  sampleAllocations,
  withHeapProfiler,
} from '../../tools/allocations/heap-sampling';
import { bigFollowersSpec, hairChainSpec } from './mmd-physics-specs';
import { printWhenRunAsScript } from '../../tools/allocations/allocation-process';

const CALLS = 10_000;
/** Calls before the measured ones, so V8 has optimised the code measured. */
const WARM_UP_CALLS = 3000;

/** Bytes per call of the whip cap, for all six figures together, and of a control. */
export interface MmdStepAllocations {
  readonly calls: number;
  readonly dynamicBodies: number;
  /** Everything the whip cap allocates per step, Rapier's getter glue included. */
  readonly limitSpeedsBytesPerStep: number;
  /** Of that, what our own functions allocate (objects, arrays, boxed numbers). */
  readonly limitSpeedsOwnBytesPerStep: number;
  /** One `{ a: 1 }` per call, measured the same way: shows the profile sees small objects. */
  readonly controlBytesPerCall: number;
}

const isPhysics = (url: string) => url.includes('/renderer/src/physics/');

export async function measureMmdStepAllocations(): Promise<MmdStepAllocations> {
  await RAPIER.init();
  const sandbox = new Sandbox(RAPIER, { seed: 3 });
  const hair = hairChainSpec();
  const spec = {
    bodies: [...hair.bodies, ...bigFollowersSpec(BOX_DOLL.parts).bodies],
    joints: hair.joints,
  };
  for (let i = 0; i < 6; i++) sandbox.addFigure(BOX_DOLL, { mmd: spec });
  sandbox.drop();
  sandbox.run(0.3); // mid-fall: every part awake, so every body's speed is read
  const figures = sandbox.figures;
  const limitSpeeds = () => {
    for (let i = 0; i < figures.length; i++) figures[i]!.mmd!.limitSpeeds();
  };
  let sink: unknown;
  const control = () => {
    sink = { a: 1 };
  };
  try {
    return await withHeapProfiler(async (session) => {
      for (let i = 0; i < WARM_UP_CALLS; i++) {
        limitSpeeds();
        control();
      }
      const capped = await sampleAllocations(session, CALLS, limitSpeeds);
      const controlled = await sampleAllocations(session, CALLS, control);
      return {
        calls: CALLS,
        dynamicBodies: 6 * spec.bodies.filter((body) => body.motion !== 'follow').length,
        limitSpeedsBytesPerStep: ownCodeBytes(capped, () => true) / CALLS,
        limitSpeedsOwnBytesPerStep: ownCodeBytes(capped, isPhysics) / CALLS,
        controlBytesPerCall: ownCodeBytes(controlled, () => true) / CALLS,
      };
    });
  } finally {
    void sink;
    sandbox.dispose();
  }
}

await printWhenRunAsScript(import.meta.url, measureMmdStepAllocations);
