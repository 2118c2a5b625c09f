/**
 * What the sandbox's per-step MMD work allocates on the JavaScript heap: `limitSpeeds` (the
 * whip cap; `follow` bodies are colliders on their parts and cost nothing per step), run for
 * six box dummies that are all falling (every part awake), each with a 10-link hair chain.
 *
 * Rapier's own step allocates tens of kilobytes per step, so it is left out: the call is
 * repeated on the same world state between forced collections, and the growth of the heap is
 * what it allocated (a control allocating one small object per call reads 34-48 B).
 * Needs `--expose-gc`:
 *
 *   node --expose-gc --import tsx tests/support/mmd-step-allocations.ts   (prints JSON)
 */
import RAPIER from '@dimforge/rapier3d-compat';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { bigFollowersSpec, hairChainSpec } from './mmd-physics-specs';

const CALLS = 20_000;

/** Bytes per call of each per-step MMD method, for all six figures together. */
export interface MmdStepAllocations {
  readonly calls: number;
  readonly dynamicBodies: number;
  readonly limitSpeedsBytesPerStep: number;
  /** One `{ a: 1 }` per call: shows the method can see allocations at all. */
  readonly controlBytesPerCall: number;
}

function bytesPerCall(gc: () => void, call: () => void): number {
  for (let i = 0; i < 3000; i++) call(); // let the JIT settle first
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < CALLS; i++) call();
  return (process.memoryUsage().heapUsed - before) / CALLS;
}

export async function measureMmdStepAllocations(): Promise<MmdStepAllocations> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('mmd-step-allocations: run node with --expose-gc');
  await RAPIER.init();
  const sandbox = new Sandbox(RAPIER, { seed: 3 });
  const hair = hairChainSpec();
  const spec = {
    bodies: [...hair.bodies, ...bigFollowersSpec(BOX_DOLL.parts).bodies],
    joints: hair.joints,
  };
  for (let i = 0; i < 6; i++) sandbox.addFigure(BOX_DOLL, { mmd: spec });
  sandbox.drop();
  sandbox.run(0.3); // mid-fall: every part awake, so every follow body is updated
  const figures = sandbox.figures;
  let sink: unknown;
  try {
    return {
      calls: CALLS,
      dynamicBodies: 6 * spec.bodies.filter((body) => body.motion !== 'follow').length,
      limitSpeedsBytesPerStep: bytesPerCall(gc, () => {
        for (let i = 0; i < figures.length; i++) figures[i]!.mmd!.limitSpeeds();
      }),
      controlBytesPerCall: bytesPerCall(gc, () => {
        sink = { a: 1 };
      }),
    };
  } finally {
    void sink;
    sandbox.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measureMmdStepAllocations()));
}
